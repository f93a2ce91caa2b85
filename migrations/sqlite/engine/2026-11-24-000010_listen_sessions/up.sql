-- Listen sessions: see migrations/postgres/engine (same rows, SQLite's types: timestamps in
-- microseconds since the epoch, ids as text).
CREATE TABLE webhook_listen_sessions (
    endpoint_id     TEXT PRIMARY KEY NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    tenant_id       TEXT NOT NULL,
    expires_at      INTEGER NOT NULL,
    connected_until INTEGER,
    connection_id   TEXT,
    created_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_listen_sessions_by_tenant ON webhook_listen_sessions (tenant_id);
CREATE INDEX webhook_listen_sessions_by_expiry ON webhook_listen_sessions (expires_at);
