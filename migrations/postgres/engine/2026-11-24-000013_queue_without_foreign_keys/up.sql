-- The queue's rows reference their event, endpoint and delivery by construction (D37): no
-- statement deletes an event or an endpoint (a deleted endpoint keeps its row), and every
-- delivery and attempt is inserted from rows the same statement read. PostgreSQL checks a
-- foreign key with a trigger per inserted row that key-share-locks the referenced row; with
-- many concurrent enqueues to one endpoint each lock makes a new MultiXact, and the check
-- alone cost 10-20 % of an enqueue (docs/benchmarks.md).
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_fkey;
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_id_fkey;
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_fkey;
