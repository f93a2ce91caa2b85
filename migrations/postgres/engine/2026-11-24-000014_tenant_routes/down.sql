ALTER TABLE webhook_endpoints ADD COLUMN backlog_generation integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoint_backlogs ADD COLUMN generation integer NOT NULL DEFAULT 0;
DROP TABLE webhook_tenant_routes;
