//! A tenant's routes: the endpoints its events are delivered to, as enqueue needs them, and a
//! process's cache of them (see `pg/routes.rs`, `sqlite/routes.rs` and docs/decisions.md D38,
//! D48).
//!
//! Every change of a tenant's routes (an endpoint created, deleted, disabled or enabled, its
//! filter changed, its backlog switched on, closed or ended) draws a new version of the tenant's
//! routes in the transaction that makes it. Enqueue routes an event by a cached table only if
//! the table's version is still the tenant's current one. On PostgreSQL it writes on that
//! condition, checked under a key-share lock that every change but a switch to a backlog waits
//! for (D44), and otherwise reads the table again and retries. On SQLite it reads the version
//! first, under the write lock, and reads the table again if it moved. So a cached table is
//! never trusted: at worst it costs one more read.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// A live endpoint (neither deleted nor disabled) as enqueue routes to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Route {
    pub endpoint_id: Uuid,
    /// Its filter; empty takes every event type.
    pub event_types: Vec<String>,
    /// Backlogged with its backlog open: an event for it waits in the event log, no row yet.
    pub owed: bool,
}

/// A tenant's routes as of one version. `version` is `None` for a tenant that has never had an
/// endpoint (no routes row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RouteTable {
    pub version: Option<i64>,
    pub routes: Vec<Route>,
}

/// Where one event goes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Targets {
    /// Endpoints that get a delivery row now.
    pub eager: Vec<Uuid>,
    /// Backlogged endpoints the event is owed to.
    pub owed: usize,
}

impl Targets {
    /// Deliveries the event makes, now or when its backlogs are filled.
    pub fn deliveries(&self) -> i64 {
        (self.eager.len() + self.owed) as i64
    }
}

impl RouteTable {
    /// The endpoints an event of `event_type` goes to: those whose filter takes it, or only
    /// `only` (a test event: regardless of its filter, never owed) if it is live.
    pub fn targets(&self, event_type: &str, only: Option<Uuid>) -> Targets {
        if let Some(only) = only {
            let live = self.routes.iter().any(|r| r.endpoint_id == only);
            return Targets { eager: if live { vec![only] } else { Vec::new() }, owed: 0 };
        }
        let mut targets = Targets::default();
        for route in &self.routes {
            if !route.event_types.is_empty() && !route.event_types.iter().any(|t| t == event_type) {
                continue;
            }
            if route.owed {
                targets.owed += 1;
            } else {
                targets.eager.push(route.endpoint_id);
            }
        }
        targets
    }
}

/// The route tables this process read last, by tenant: at most `capacity` tenants; a full
/// cache starts over empty. A table is kept until an enqueue finds its version gone.
#[derive(Debug)]
pub(crate) struct RouteCache {
    capacity: usize,
    tables: Mutex<HashMap<String, Arc<RouteTable>>>,
}

impl Default for RouteCache {
    fn default() -> Self {
        Self::new(4096)
    }
}

impl RouteCache {
    pub fn new(capacity: usize) -> Self {
        Self { capacity: capacity.max(1), tables: Mutex::new(HashMap::new()) }
    }

    pub fn get(&self, tenant: &str) -> Option<Arc<RouteTable>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).get(tenant).cloned()
    }

    pub fn put(&self, tenant: &str, table: Arc<RouteTable>) {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if tables.len() >= self.capacity && !tables.contains_key(tenant) {
            tables.clear();
        }
        tables.insert(tenant.to_owned(), table);
    }
}

/// The order a transaction locks several tenants' routes rows in: by tenant id, the ops tenant
/// last. A transaction that changes routes and reports the change enqueues an operational event
/// after it (locking the ops tenant's row), so the ops row must come last in every
/// transaction's order, or two could wait for each other.
pub(crate) fn lock_order<'a>(tenants: &[&'a str]) -> Vec<&'a str> {
    let mut tenants = tenants.to_vec();
    tenants.sort_unstable_by_key(|t| lock_key(t));
    tenants.dedup();
    tenants
}

/// A tenant's place in [`lock_order`].
pub(crate) fn lock_key(tenant: &str) -> (bool, &str) {
    (tenant == super::model::OPS_TENANT, tenant)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(n: u128, types: &[&str], owed: bool) -> Route {
        Route {
            endpoint_id: Uuid::from_u128(n),
            event_types: types.iter().map(|t| t.to_string()).collect(),
            owed,
        }
    }

    fn table() -> RouteTable {
        RouteTable {
            version: Some(7),
            routes: vec![
                route(1, &[], false),
                route(2, &["a.created"], false),
                route(3, &["b.created"], false),
                route(4, &[], true),
                route(5, &["a.created", "b.created"], true),
            ],
        }
    }

    #[test]
    fn an_event_goes_to_every_endpoint_whose_filter_takes_it_and_is_owed_to_the_backlogged_ones() {
        let t = table().targets("a.created", None);
        assert_eq!(t.eager, vec![Uuid::from_u128(1), Uuid::from_u128(2)]);
        assert_eq!(t.owed, 2);
        assert_eq!(t.deliveries(), 4);
        let t = table().targets("c.created", None);
        assert_eq!(t.eager, vec![Uuid::from_u128(1)]);
        assert_eq!(t.owed, 1);
    }

    #[test]
    fn a_test_event_goes_to_its_one_live_endpoint_regardless_of_filter_or_backlog() {
        assert_eq!(table().targets("z.created", Some(Uuid::from_u128(3))).eager, vec![Uuid::from_u128(3)]);
        let owed = table().targets("a.created", Some(Uuid::from_u128(4)));
        assert_eq!((owed.eager, owed.owed), (vec![Uuid::from_u128(4)], 0));
        assert_eq!(table().targets("a.created", Some(Uuid::from_u128(9))), Targets::default());
    }

    #[test]
    fn tenants_lock_in_id_order_with_the_ops_tenant_last() {
        let ops = crate::store::model::OPS_TENANT;
        assert_eq!(lock_order(&["zeta", ops, "alpha", "zeta"]), ["alpha", "zeta", ops]);
        assert_eq!(lock_order(&[ops, "_"]), ["_", ops]);
    }

    #[test]
    fn a_full_cache_starts_over_and_a_put_replaces_the_tenants_table() {
        let cache = RouteCache::new(2);
        let t = Arc::new(table());
        cache.put("a", t.clone());
        cache.put("b", t.clone());
        cache.put("a", Arc::new(RouteTable { version: Some(8), routes: vec![] }));
        assert_eq!(cache.get("a").map(|t| t.version), Some(Some(8)));
        assert!(cache.get("b").is_some(), "replacing a tenant's table evicts nothing");
        cache.put("c", t);
        assert!(cache.get("a").is_none() && cache.get("b").is_none() && cache.get("c").is_some());
    }
}
