//! The workspace a request or a console session acts for: its id, which keys campaign-api's own
//! tables, and the engine's tenant it is, both made once from the credential's principal and
//! handed on whole (to the campaign rules, the outbox and the engine's calls).

use delivery_engine::Tenant;
use uuid::Uuid;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workspace {
    id: Uuid,
    tenant: Tenant,
}

impl Workspace {
    /// The workspace a tenant stands for; `None` when the tenant is not a workspace id.
    pub fn of(tenant: Tenant) -> Option<Self> {
        let id = Uuid::parse_str(tenant.as_str()).ok()?;
        Some(Self { id, tenant })
    }

    /// Its id, as campaign-api's tables and the event envelope carry it.
    pub fn id(&self) -> Uuid {
        self.id
    }

    /// The engine's tenant for this workspace.
    pub fn tenant(&self) -> &Tenant {
        &self.tenant
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workspace_is_a_tenant_named_by_a_uuid() {
        let id = Uuid::now_v7();
        let ws = Workspace::of(Tenant::new(id.to_string()).expect("a tenant")).expect("a workspace");
        assert_eq!((ws.id(), ws.tenant().as_str()), (id, id.to_string().as_str()));
        assert_eq!(Workspace::of(Tenant::new("acme").expect("a tenant")), None);
    }
}
