ALTER TABLE webhook_deliveries RESET (fillfactor);
DROP INDEX webhook_deliveries_unsent_by_endpoint;
DROP INDEX webhook_deliveries_dead_log;
ALTER TABLE webhook_deliveries DROP COLUMN unsent_status;
ALTER TABLE webhook_deliveries
    ADD COLUMN available_at timestamptz,
    ADD COLUMN leased_until timestamptz,
    ADD COLUMN fence bigint NOT NULL DEFAULT 0;
UPDATE webhook_deliveries d SET available_at = q.available_at, leased_until = q.leased_until, fence = q.fence
FROM webhook_queue q WHERE q.delivery_id = d.id;
DROP TABLE webhook_queue;
CREATE INDEX webhook_deliveries_open_by_endpoint ON webhook_deliveries (endpoint_id, available_at)
    WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_dead_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status = 'dead';
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    INCLUDE (event_id) WHERE status IN ('failed', 'dead');
