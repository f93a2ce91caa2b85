-- A recovery's dry run counts the failed and dead deliveries of its window whose payload
-- retention erased (they cannot be sent again). Reading each one's event for that took 3.5 s
-- for 100,000 of them among 10 million deliveries (docs/benchmarks.md, "A year of history"):
-- * the endpoint's failed and dead deliveries carry their event id in their index, so the
--   window is read from the index alone;
-- * erased events have an index of their own, which stays empty until retention erases a
--   payload, so asking whether each event is erased reads no event row.
-- Building them reads both tables once (a minute or two for 10 million deliveries).
CREATE INDEX webhook_events_payload_erased ON webhook_events (id) WHERE payload_erased_at IS NOT NULL;
DROP INDEX webhook_deliveries_unsent_by_endpoint;
CREATE INDEX webhook_deliveries_unsent_by_endpoint ON webhook_deliveries (endpoint_id, created_at)
    INCLUDE (event_id) WHERE status IN ('failed', 'dead');
