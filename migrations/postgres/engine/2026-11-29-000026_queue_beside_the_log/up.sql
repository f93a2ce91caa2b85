-- The queue beside the log (issue 45, D125; docs/engine.md "The queue and the log"). A
-- delivery's log row is written when it is made and rewritten only by its outcomes; what a
-- claim changes (when the row is next due, its lease, its claim's token) lives in a narrow
-- table of open deliveries that a row leaves when it settles. No index of the log keys on, or
-- is filtered by, a column an attempt changes, so PostgreSQL rewrites a log row in place (a
-- HOT update: no new index entry) where its page has room, which `fillfactor` keeps for one
-- outcome. Before, each delivery left three row versions and three entries in each of the
-- log's indexes after a burst (docs/benchmarks/throughput.md).
CREATE TABLE webhook_queue (
    delivery_id  uuid PRIMARY KEY,
    endpoint_id  uuid NOT NULL,
    -- When the row may next be claimed; 'infinity' while its endpoint is disabled, or while
    -- an attempt of a delivery ended meanwhile (its endpoint deleted) is still in flight.
    available_at timestamptz NOT NULL,
    leased_until timestamptz,
    fence        bigint NOT NULL DEFAULT 0
);
CREATE INDEX webhook_queue_by_endpoint ON webhook_queue (endpoint_id, available_at);
-- No worker runs while migrations do: every lease has lapsed.
INSERT INTO webhook_queue (delivery_id, endpoint_id, available_at, fence)
SELECT id, endpoint_id, COALESCE(available_at, now()), fence
FROM webhook_deliveries WHERE status IN ('pending', 'failed');

DROP INDEX webhook_deliveries_open_by_endpoint;
DROP INDEX webhook_deliveries_dead_log;
DROP INDEX webhook_deliveries_unsent_by_endpoint;
ALTER TABLE webhook_deliveries DROP COLUMN available_at, DROP COLUMN leased_until, DROP COLUMN fence;
-- The log's dead and failed deliveries are found through a copy of the state that only the
-- rarer moves change (into failed or dead, out of them): a delivered-at-once delivery's
-- outcome leaves it NULL, so that outcome stays an update in place. Adding the column rewrites
-- the table once (about 30 s a million deliveries, docs/operations.md "Upgrading").
ALTER TABLE webhook_deliveries ADD COLUMN unsent_status text
    GENERATED ALWAYS AS (CASE WHEN status IN ('failed', 'dead') THEN status END) STORED;
CREATE INDEX webhook_deliveries_dead_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC)
    WHERE unsent_status = 'dead';
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    INCLUDE (event_id) WHERE unsent_status IS NOT NULL;
-- Room on each page for an outcome's row version beside the row, until the row before it is
-- pruned.
ALTER TABLE webhook_deliveries SET (fillfactor = 90);
