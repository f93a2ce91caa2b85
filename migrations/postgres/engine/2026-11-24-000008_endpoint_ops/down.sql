DROP INDEX webhook_endpoints_probe_due;
ALTER TABLE webhook_endpoints DROP COLUMN probes;
ALTER TABLE webhook_endpoints DROP COLUMN next_probe_at;
ALTER TABLE webhook_endpoints DROP COLUMN failing_warned;
ALTER TABLE webhook_endpoints DROP COLUMN disabled_cause;
