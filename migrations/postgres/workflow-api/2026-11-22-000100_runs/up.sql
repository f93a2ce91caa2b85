-- workflow-api's own table: the runs whose settling emits run.completed / run.failed.
CREATE TABLE workflow_runs (
    id           uuid PRIMARY KEY,
    account_id   text NOT NULL,
    workflow_id  text NOT NULL,
    status       text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
    created_at   timestamptz NOT NULL,
    completed_at timestamptz,
    CHECK ((status = 'running') = (completed_at IS NULL))
);
CREATE INDEX workflow_runs_by_account ON workflow_runs (account_id, created_at DESC);
