-- One row per tenant with endpoints: the version of its routes, the set of endpoints an event
-- of the tenant is delivered to (live ones, their filters, which are backlogged). Every change
-- of that set draws a new version in the transaction that makes it; enqueue share-locks this
-- one row and writes only if the version it routed by is still current (D38). It replaces a
-- share lock on every target endpoint and the endpoints' backlog generations.
CREATE TABLE webhook_tenant_routes (
    tenant_id text PRIMARY KEY,
    -- Random, like a claim's fence: a version never comes back, even after a restore.
    version   bigint NOT NULL
);
INSERT INTO webhook_tenant_routes (tenant_id, version)
SELECT tenant_id, floor(random() * 9.0e18)::bigint FROM webhook_endpoints GROUP BY tenant_id;

ALTER TABLE webhook_endpoint_backlogs DROP COLUMN generation;
ALTER TABLE webhook_endpoints DROP COLUMN backlog_generation;
