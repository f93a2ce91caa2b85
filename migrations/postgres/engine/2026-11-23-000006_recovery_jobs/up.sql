-- Bulk recovery: re-send an endpoint's failed and dead deliveries of a time window, as a job
-- that lives here so it resumes after a restart (docs/decisions.md D33).
CREATE TABLE webhook_recovery_jobs (
    id                uuid PRIMARY KEY,
    tenant_id         text NOT NULL,
    endpoint_id       uuid NOT NULL REFERENCES webhook_endpoints (id),
    since             timestamptz NOT NULL,
    until             timestamptz NOT NULL,
    include_delivered boolean NOT NULL,
    status            text NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'cancelled', 'failed')),
    total             bigint NOT NULL,
    processed         bigint NOT NULL DEFAULT 0,
    resent            bigint NOT NULL DEFAULT 0,
    -- The last delivery handled, in (created_at, id) order: where a resumed job goes on.
    cursor_created_at timestamptz,
    cursor_id         uuid,
    fence             bigint NOT NULL DEFAULT 0,
    leased_until      timestamptz,
    error             text,
    created_at        timestamptz NOT NULL,
    started_at        timestamptz,
    finished_at       timestamptz,
    updated_at        timestamptz NOT NULL,
    CHECK (since < until)
);
-- One active job per endpoint.
CREATE UNIQUE INDEX webhook_recovery_jobs_one_active ON webhook_recovery_jobs (endpoint_id)
    WHERE status IN ('queued', 'running');
CREATE INDEX webhook_recovery_jobs_by_endpoint ON webhook_recovery_jobs (endpoint_id, created_at DESC);
