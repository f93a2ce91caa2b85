-- The claim has gone endpoint by endpoint since 2026-11-23-000004 (webhook_deliveries_open_by_endpoint,
-- the same rows); this index only served the queue gauges' global counts, and cost an index
-- entry on every enqueue, claim and retry.
DROP INDEX webhook_deliveries_due;
