-- Bulk recovery: re-send an endpoint's failed and dead deliveries of a time window, as a job
-- that lives here so it resumes after a restart (docs/decisions.md D33). Timestamps are
-- microseconds since the epoch, as everywhere in this store.
CREATE TABLE webhook_recovery_jobs (
    id                TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL,
    endpoint_id       TEXT NOT NULL REFERENCES webhook_endpoints (id),
    since             INTEGER NOT NULL,
    until             INTEGER NOT NULL,
    include_delivered INTEGER NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'cancelled', 'failed')),
    total             INTEGER NOT NULL,
    processed         INTEGER NOT NULL DEFAULT 0,
    resent            INTEGER NOT NULL DEFAULT 0,
    cursor_created_at INTEGER,
    cursor_id         TEXT,
    fence             INTEGER NOT NULL DEFAULT 0,
    leased_until      INTEGER,
    error             TEXT,
    created_at        INTEGER NOT NULL,
    started_at        INTEGER,
    finished_at       INTEGER,
    updated_at        INTEGER NOT NULL,
    CHECK (since < until)
);
CREATE UNIQUE INDEX webhook_recovery_jobs_one_active ON webhook_recovery_jobs (endpoint_id)
    WHERE status IN ('queued', 'running');
CREATE INDEX webhook_recovery_jobs_by_endpoint ON webhook_recovery_jobs (endpoint_id, created_at DESC);
