-- With one writer at a time nothing ever read the backlog generations on SQLite (an enqueue
-- cannot wait for a fill or a change here); PostgreSQL dropped them for its routes versions (D38).
ALTER TABLE webhook_endpoint_backlogs DROP COLUMN generation;
ALTER TABLE webhook_endpoints DROP COLUMN backlog_generation;
