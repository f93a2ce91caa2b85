-- The log of open deliveries reads the claim's per-endpoint index instead (sqlite/deliveries.rs
-- `OPEN_BY_ENDPOINT`): this one cost every delivery an index entry made and removed.
DROP INDEX webhook_deliveries_open_log;
