-- Claims go endpoint by endpoint (a skip scan over open deliveries in endpoint order, then
-- each endpoint's oldest due rows), so one endpoint's backlog cannot hide another's first
-- attempt. This index serves both steps, and the park, unpark and end-of-endpoint updates
-- that the plain endpoint index served before.
CREATE INDEX webhook_deliveries_open_by_endpoint ON webhook_deliveries (endpoint_id, available_at)
    WHERE status IN ('pending', 'failed');
DROP INDEX webhook_deliveries_by_endpoint;
