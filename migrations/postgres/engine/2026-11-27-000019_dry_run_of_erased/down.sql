DROP INDEX webhook_deliveries_unsent_by_endpoint;
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    WHERE status IN ('failed', 'dead');
DROP INDEX webhook_events_payload_erased;
