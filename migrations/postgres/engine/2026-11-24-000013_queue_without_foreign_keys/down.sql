ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_fkey
    FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries(id) ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_id_fkey
    FOREIGN KEY (event_id) REFERENCES webhook_events(id) ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey
    FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE;
