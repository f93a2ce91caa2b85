-- The open deliveries' log index goes (as on SQLite): once ANALYZE had seen a large settled
-- history, the planner took it for the claim (same predicate, estimated one row) and scanned
-- every open row of the tenant twice a claim, a third of the burst's rate at 10 M stored
-- (docs/benchmarks.md). The log's `pending` and `failed` filters and the overview's waiting
-- count read the claim's own per-endpoint index of open deliveries instead.
DROP INDEX webhook_deliveries_open_log;
