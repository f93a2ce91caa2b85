-- Content filters: see the PostgreSQL migration of the same name.
ALTER TABLE webhook_endpoints ADD COLUMN content_filter TEXT;
ALTER TABLE webhook_endpoint_backlogs ADD COLUMN content_filter TEXT;

-- The content filter is part of the routes (D38): its change draws a new version, as a change
-- of the event types does (the trigger of 000015, made again with the new column).
DROP TRIGGER webhook_routes_endpoint_update;
CREATE TRIGGER webhook_routes_endpoint_update
AFTER UPDATE OF tenant_id, event_types, content_filter, disabled_at, deleted_at ON webhook_endpoints BEGIN
    INSERT INTO webhook_tenant_routes (tenant_id, version)
    SELECT NEW.tenant_id, random()
    WHERE NOT EXISTS (SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = NEW.tenant_id);
    UPDATE webhook_tenant_routes SET version = random() WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;
