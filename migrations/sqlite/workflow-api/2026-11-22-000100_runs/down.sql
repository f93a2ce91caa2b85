DROP TABLE workflow_runs;
