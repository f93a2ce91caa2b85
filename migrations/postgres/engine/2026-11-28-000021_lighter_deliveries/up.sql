-- Lighter deliveries. Narrower history indexes (docs/engine.md, "What a delivery weighs"; D119). Each delivery log
-- index keyed on the tenant's id (36 characters of text for a campaign-api workspace) now keys
-- on a 64-bit hash of it, and the type index on one hash of tenant and type; a read asks for the
-- hash and for the tenant and type themselves, so a collision costs a few rows read, never a
-- wrong answer. hashtextextended is PostgreSQL's own hash, the one hash partitioning relies on:
-- stable across versions and platforms. The indexes are ascending: a new row goes to the right
-- end, where a full page splits 90/10, where a descending index's new rows went to the left end
-- of a page that then split in halves and stayed half empty (50 % full in a steady flow).
-- Together they cut the log's three indexes from about 470 bytes a delivery to about 160.
DROP INDEX webhook_deliveries_log;
CREATE INDEX webhook_deliveries_log
    ON webhook_deliveries (hashtextextended(tenant_id, 0), created_at, id);
DROP INDEX webhook_deliveries_by_type;
CREATE INDEX webhook_deliveries_by_type
    ON webhook_deliveries (hashtextextended(event_type, hashtextextended(tenant_id, 0)), created_at, id);
DROP INDEX webhook_deliveries_by_endpoint;
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at, id);

-- An event whose dedupe key is its own id as text (campaign-api's) keeps no key of its own: the
-- id is unique already (NewEventRow::stored_key; readers get the id back). The key index holds
-- only the keys stored; the outbox's ON CONFLICT meets either it or the primary key. Existing
-- rows keep their keys; building the index reads the events table once (about a minute for 10
-- million events).
ALTER TABLE webhook_events ALTER COLUMN dedupe_key DROP NOT NULL;
CREATE UNIQUE INDEX webhook_events_dedupe_stored
    ON webhook_events (tenant_id, dedupe_key text_pattern_ops) WHERE dedupe_key IS NOT NULL;
DROP INDEX webhook_events_dedupe;
ALTER INDEX webhook_events_dedupe_stored RENAME TO webhook_events_dedupe;
