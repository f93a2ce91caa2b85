-- Listen sessions (`<service> listen`, docs/receiving.md): a developer's CLI holds a stream to
-- an API process, and the session's deliveries go down that stream instead of over HTTP. Each
-- session is an endpoint of its own (url `listen:<id>`, so deliveries, attempts, the log, retries
-- and dedupe work unchanged); this row says how long it lives and whether a stream holds it.
CREATE TABLE webhook_listen_sessions (
    endpoint_id     uuid PRIMARY KEY REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    tenant_id       text NOT NULL,
    -- The session ends (its endpoint is deleted) once this has passed with no stream connected;
    -- every heartbeat of a connected stream pushes it to now + LISTEN_SESSION_TTL.
    expires_at      timestamptz NOT NULL,
    -- Set while an API process holds the session's stream (renewed by its heartbeat): only that
    -- process sends the session's deliveries; the claim of every dispatcher skips them meanwhile.
    connected_until timestamptz,
    -- Which stream holds it (a fresh id per connection): the newest connection wins, and an
    -- older one that has not noticed its client left yet cannot renew or release it.
    connection_id   uuid,
    created_at      timestamptz NOT NULL
);
CREATE INDEX webhook_listen_sessions_by_tenant ON webhook_listen_sessions (tenant_id);
CREATE INDEX webhook_listen_sessions_by_expiry ON webhook_listen_sessions (expires_at);
