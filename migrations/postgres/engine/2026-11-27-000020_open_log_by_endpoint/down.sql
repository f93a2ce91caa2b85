CREATE INDEX webhook_deliveries_open_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status IN ('pending', 'failed');
