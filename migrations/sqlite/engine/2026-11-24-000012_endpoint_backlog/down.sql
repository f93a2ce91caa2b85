DROP TABLE webhook_endpoint_backlogs;
ALTER TABLE webhook_endpoints DROP COLUMN backlog_generation;
DROP INDEX webhook_events_by_seq;
ALTER TABLE webhook_events DROP COLUMN seq;
