-- Retention (docs/engine.md, "Retention"): see the PostgreSQL migration of the same name.
ALTER TABLE webhook_events ADD COLUMN payload_erased_at INTEGER;
CREATE INDEX webhook_events_payload_kept ON webhook_events (id) WHERE payload_erased_at IS NULL;
CREATE INDEX webhook_recovery_jobs_ended ON webhook_recovery_jobs (finished_at)
    WHERE status IN ('finished', 'cancelled', 'failed');
