ALTER TABLE webhook_endpoints ADD COLUMN backlog_generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoint_backlogs ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
