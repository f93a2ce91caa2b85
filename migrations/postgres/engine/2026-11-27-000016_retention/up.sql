-- Retention (docs/engine.md, "Retention"): an event's payload can be erased before the event
-- itself is removed (PAYLOAD_RETENTION shorter than RETENTION). The partial index lists the
-- events whose payload is kept, so the pass that erases payloads visits only those.
ALTER TABLE webhook_events ADD COLUMN payload_erased_at timestamptz;
CREATE INDEX webhook_events_payload_kept ON webhook_events (id) WHERE payload_erased_at IS NULL;
-- Ended recovery jobs are removed RETENTION after they ended.
CREATE INDEX webhook_recovery_jobs_ended ON webhook_recovery_jobs (finished_at)
    WHERE status IN ('finished', 'cancelled', 'failed');
