-- When the endpoint's current run of failed attempts began (NULL after any success).
-- An endpoint failing continuously for longer than the configured window is disabled.
ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz;
