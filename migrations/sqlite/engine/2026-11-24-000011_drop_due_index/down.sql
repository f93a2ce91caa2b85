CREATE INDEX webhook_deliveries_due ON webhook_deliveries (available_at) WHERE status IN ('pending', 'failed');
