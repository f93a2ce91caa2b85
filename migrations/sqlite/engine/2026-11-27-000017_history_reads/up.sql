-- Reads that stay fast however long the history: see the PostgreSQL migration of the same name.
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
ALTER TABLE webhook_deliveries ADD COLUMN event_type TEXT NOT NULL DEFAULT '';
UPDATE webhook_deliveries SET event_type = (SELECT e.event_type FROM webhook_events e WHERE e.id = webhook_deliveries.event_id);
CREATE INDEX webhook_deliveries_by_type ON webhook_deliveries (tenant_id, event_type, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_open_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_dead_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status = 'dead';
DROP INDEX webhook_deliveries_dead;
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    WHERE status IN ('failed', 'dead');
CREATE TABLE webhook_stats_hourly (
    tenant_id       TEXT    NOT NULL,
    hour            INTEGER NOT NULL,
    endpoint_id     TEXT    NOT NULL,
    latency_bucket  INTEGER NOT NULL,
    attempts        INTEGER NOT NULL,
    succeeded       INTEGER NOT NULL,
    first_attempts  INTEGER NOT NULL,
    given_up        INTEGER NOT NULL,
    last_attempt_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, hour, endpoint_id, latency_bucket)
) STRICT, WITHOUT ROWID;
