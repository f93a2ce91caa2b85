DROP TRIGGER webhook_routes_endpoint_update;
CREATE TRIGGER webhook_routes_endpoint_update
AFTER UPDATE OF tenant_id, event_types, disabled_at, deleted_at ON webhook_endpoints BEGIN
    INSERT INTO webhook_tenant_routes (tenant_id, version)
    SELECT NEW.tenant_id, random()
    WHERE NOT EXISTS (SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = NEW.tenant_id);
    UPDATE webhook_tenant_routes SET version = random() WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;
ALTER TABLE webhook_endpoint_backlogs DROP COLUMN content_filter;
ALTER TABLE webhook_endpoints DROP COLUMN content_filter;
