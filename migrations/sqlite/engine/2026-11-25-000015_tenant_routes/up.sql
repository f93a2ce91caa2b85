-- One row per tenant with endpoints: the version of its routes (which endpoints an event of the
-- tenant is delivered to: live ones, their filters, which are backlogged), as on PostgreSQL
-- (D38). Enqueue reads this one row under the write lock and routes by the engine's cached
-- table while the version is the one it was read at (D48). Here the triggers below draw the
-- new version: with one writer at a time no lock is needed, and a statement written later
-- need not remember to. A migration that rebuilds webhook_endpoints or
-- webhook_endpoint_backlogs drops their triggers and must create them again.
CREATE TABLE webhook_tenant_routes (
    tenant_id TEXT PRIMARY KEY NOT NULL,
    -- Random, like a claim's fence: a version never comes back, even after a restore.
    version   INTEGER NOT NULL
) STRICT;
INSERT INTO webhook_tenant_routes (tenant_id, version)
SELECT tenant_id, random() FROM webhook_endpoints GROUP BY tenant_id;

-- Each trigger makes the tenant's row if it has none, then draws a new version. Plain INSERT
-- and UPDATE only: an `OR` conflict clause in a trigger gives way to the outer statement's.
CREATE TRIGGER webhook_routes_endpoint_insert AFTER INSERT ON webhook_endpoints BEGIN
    INSERT INTO webhook_tenant_routes (tenant_id, version)
    SELECT NEW.tenant_id, random()
    WHERE NOT EXISTS (SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = NEW.tenant_id);
    UPDATE webhook_tenant_routes SET version = random() WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER webhook_routes_endpoint_update
AFTER UPDATE OF tenant_id, event_types, disabled_at, deleted_at ON webhook_endpoints BEGIN
    INSERT INTO webhook_tenant_routes (tenant_id, version)
    SELECT NEW.tenant_id, random()
    WHERE NOT EXISTS (SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = NEW.tenant_id);
    UPDATE webhook_tenant_routes SET version = random() WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;

CREATE TRIGGER webhook_routes_endpoint_delete AFTER DELETE ON webhook_endpoints BEGIN
    UPDATE webhook_tenant_routes SET version = random() WHERE tenant_id = OLD.tenant_id;
END;

-- A backlog's row appearing, closing (`backlog_until`) or going away changes whether events are
-- owed to its endpoint; moving its cursor (`backlog_after`, a fill) does not.
CREATE TRIGGER webhook_routes_backlog_insert AFTER INSERT ON webhook_endpoint_backlogs BEGIN
    UPDATE webhook_tenant_routes SET version = random()
    WHERE tenant_id = (SELECT tenant_id FROM webhook_endpoints WHERE id = NEW.endpoint_id);
END;

CREATE TRIGGER webhook_routes_backlog_update
AFTER UPDATE OF endpoint_id, backlog_until ON webhook_endpoint_backlogs BEGIN
    UPDATE webhook_tenant_routes SET version = random()
    WHERE tenant_id IN (SELECT tenant_id FROM webhook_endpoints WHERE id IN (OLD.endpoint_id, NEW.endpoint_id));
END;

CREATE TRIGGER webhook_routes_backlog_delete AFTER DELETE ON webhook_endpoint_backlogs BEGIN
    UPDATE webhook_tenant_routes SET version = random()
    WHERE tenant_id = (SELECT tenant_id FROM webhook_endpoints WHERE id = OLD.endpoint_id);
END;
