ALTER TABLE webhook_attempts DROP COLUMN rate_limited_ms;
ALTER TABLE webhook_endpoints DROP COLUMN rate_limit_per_s;
