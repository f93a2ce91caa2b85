DROP TABLE webhook_stats_hourly;
DROP INDEX webhook_deliveries_unsent_by_endpoint;
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries (created_at) WHERE status = 'dead';
DROP INDEX webhook_deliveries_dead_log;
DROP INDEX webhook_deliveries_open_log;
DROP INDEX webhook_deliveries_by_type;
ALTER TABLE webhook_deliveries DROP COLUMN event_type;
DROP INDEX webhook_deliveries_by_endpoint;
