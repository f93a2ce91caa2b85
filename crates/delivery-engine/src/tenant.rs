//! [`Tenant`]: whose data a call reads or writes. Every tenant-scoped call of the engine takes
//! one, and none can be made for the reserved tenant of operational webhooks, so no route,
//! console or CLI reaches that tenant's endpoint or log, whatever it forgets to check.

use crate::error::{EngineError, EngineResult};
use crate::store::model::OPS_TENANT;

/// A tenant a caller may name: any id but `__ops`, the reserved tenant of operational webhooks
/// (an account id, a workspace id; the engine gives it no other meaning).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tenant(String);

impl Tenant {
    /// `NotFound` for the reserved tenant, as for any tenant with nothing in it: a caller
    /// cannot tell it exists.
    pub fn new(id: impl Into<String>) -> EngineResult<Self> {
        let id = id.into();
        if id == OPS_TENANT {
            return Err(EngineError::NotFound);
        }
        Ok(Self(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Tenant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Tenant {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserved_tenant_cannot_be_named_and_any_other_can() {
        assert!(matches!(Tenant::new(OPS_TENANT), Err(EngineError::NotFound)));
        assert_eq!(Tenant::new("acct_1").map(|t| t.to_string()).ok().as_deref(), Some("acct_1"));
        // Only the exact id is reserved.
        assert!(Tenant::new("__ops2").is_ok());
    }
}
