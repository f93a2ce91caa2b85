ALTER TABLE webhook_endpoint_backlogs DROP COLUMN content_filter;
ALTER TABLE webhook_endpoints DROP COLUMN content_filter;
