DROP INDEX webhook_events_dedupe;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_dedupe UNIQUE (tenant_id, dedupe_key);
