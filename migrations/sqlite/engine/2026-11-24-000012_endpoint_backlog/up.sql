-- Backlogged endpoints (docs/engine.md, "A stalled endpoint's backlog"): an endpoint that
-- stopped answering while its deliveries pile up no longer gets a delivery row per accepted
-- event; its events wait in the event log, in `seq` order, and become deliveries as it has room.

-- The order fan-out events were accepted in, per tenant (one writer at a time: the order of
-- commits). NULL for an event sent to one endpoint only (a test event): never fanned out.
ALTER TABLE webhook_events ADD COLUMN seq INTEGER;
CREATE INDEX webhook_events_by_seq ON webhook_events (tenant_id, seq) WHERE seq IS NOT NULL;

-- A row per backlogged endpoint: matching events with a higher `seq` are owed and have no
-- delivery row yet. The same shape as on PostgreSQL (where `generation` matters; here every
-- write is serial).
ALTER TABLE webhook_endpoints ADD COLUMN backlog_generation INTEGER NOT NULL DEFAULT 0;
CREATE TABLE webhook_endpoint_backlogs (
    endpoint_id   TEXT PRIMARY KEY REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    backlog_after INTEGER NOT NULL,
    generation    INTEGER NOT NULL,
    -- Closed (the endpoint's filter changed, or it was disabled): only events up to this
    -- `seq`, under the filter it had then (`event_types`), are owed; later ones get rows as
    -- accepted. Owed events then become deliveries in batches, never all at once.
    backlog_until INTEGER,
    event_types   TEXT
);
