ALTER TABLE webhook_attempts DROP COLUMN via_proxy;
