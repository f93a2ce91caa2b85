-- Content filters (issue 48, D123; docs/engine.md "Content filters"): the match object an
-- endpoint's events must match, as compact JSON; NULL takes every event of its types. A closed
-- backlog keeps the filter it was closed under, as it keeps its event types.
ALTER TABLE webhook_endpoints ADD COLUMN content_filter text;
ALTER TABLE webhook_endpoint_backlogs ADD COLUMN content_filter text;
