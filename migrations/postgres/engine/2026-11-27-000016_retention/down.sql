DROP INDEX webhook_recovery_jobs_ended;
DROP INDEX webhook_events_payload_kept;
ALTER TABLE webhook_events DROP COLUMN payload_erased_at;
