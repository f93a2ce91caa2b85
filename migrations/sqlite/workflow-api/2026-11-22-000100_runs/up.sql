-- workflow-api's own table on SQLite (types as in migrations/sqlite/engine).
CREATE TABLE workflow_runs (
    id           TEXT PRIMARY KEY NOT NULL,
    account_id   TEXT NOT NULL,
    workflow_id  TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
    created_at   INTEGER NOT NULL,
    completed_at INTEGER,
    CHECK ((status = 'running') = (completed_at IS NULL))
) STRICT;
CREATE INDEX workflow_runs_by_account ON workflow_runs (account_id, created_at DESC);
