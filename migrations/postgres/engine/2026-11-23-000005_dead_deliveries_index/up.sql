-- Dead deliveries are counted for the metrics gauge (and listed for replay) without reading
-- the delivered ones.
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries (created_at) WHERE status = 'dead';
