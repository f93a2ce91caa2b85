-- Reads that stay fast however long the history (docs/engine.md, "Retention"; D106). Each
-- filter of the delivery log has an index that gives its rows newest first, so a page never
-- scans rows the filter leaves out:
--   * an endpoint's deliveries;
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
--   * an event type's: the type is copied onto each delivery when it is made (an event's type
--     never changes), here for the deliveries made before;
ALTER TABLE webhook_deliveries ADD COLUMN event_type text;
UPDATE webhook_deliveries d SET event_type = e.event_type FROM webhook_events e WHERE e.id = d.event_id;
ALTER TABLE webhook_deliveries ALTER COLUMN event_type SET NOT NULL;
CREATE INDEX webhook_deliveries_by_type ON webhook_deliveries (tenant_id, event_type, created_at DESC, id DESC);
--   * the few deliveries not delivered: open ones (pending, failed) and dead ones. The dead
--     ones' index replaces webhook_deliveries_dead (which the metrics gauge counted through).
CREATE INDEX webhook_deliveries_open_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_dead_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE status = 'dead';
DROP INDEX webhook_deliveries_dead;
-- A recovery's window: an endpoint's failed and dead deliveries by time.
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    WHERE status IN ('failed', 'dead');

-- The consoles' figures by hour (overview, endpoint activity), kept as attempts are recorded:
-- one row per tenant, hour (UTC, of the attempt's start), endpoint and latency bucket
-- (stats_model.rs), added to by each batch of outcomes in the same statement.
CREATE TABLE webhook_stats_hourly (
    tenant_id       text        NOT NULL,
    hour            timestamptz NOT NULL,
    endpoint_id     uuid        NOT NULL,
    latency_bucket  smallint    NOT NULL,
    attempts        bigint      NOT NULL,
    succeeded       bigint      NOT NULL,
    first_attempts  bigint      NOT NULL,
    given_up        bigint      NOT NULL,
    last_attempt_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, hour, endpoint_id, latency_bucket)
);
