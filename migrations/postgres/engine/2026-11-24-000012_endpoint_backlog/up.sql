-- Backlogged endpoints (docs/engine.md, "A stalled endpoint's backlog"): an endpoint that
-- stopped answering while its deliveries pile up no longer gets a delivery row per accepted
-- event; its events wait in the event log, in `seq` order, and become deliveries as it has room.

-- The order fan-out events were accepted in, drawn after enqueue has read and share-locked its
-- targets. NULL for an event sent to one endpoint only (a test event): never fanned out.
CREATE SEQUENCE webhook_events_seq;
ALTER TABLE webhook_events ADD COLUMN seq bigint;
CREATE INDEX webhook_events_by_seq ON webhook_events (tenant_id, seq) WHERE seq IS NOT NULL;

-- A row per backlogged endpoint: matching events with a higher `seq` are owed and have no
-- delivery row yet. A table of its own, read by enqueue without a lock, so that switching an
-- endpoint to backlogged never waits for the enqueues holding the endpoint's share lock.
-- `generation` is the endpoint's `backlog_generation` when the row was made: the fill that
-- ends a backlog deletes the row and moves the endpoint's generation on, so an enqueue that
-- waited for that fill and still sees the old row in its snapshot knows it is gone.
ALTER TABLE webhook_endpoints ADD COLUMN backlog_generation integer NOT NULL DEFAULT 0;
CREATE TABLE webhook_endpoint_backlogs (
    endpoint_id   uuid PRIMARY KEY REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    backlog_after bigint NOT NULL,
    generation    integer NOT NULL,
    -- Closed (the endpoint's filter changed, or it was disabled): only events up to this
    -- `seq`, under the filter it had then (`event_types`), are owed; later ones get rows as
    -- accepted. Owed events then become deliveries in batches, never all at once.
    backlog_until bigint,
    event_types   text[]
);
