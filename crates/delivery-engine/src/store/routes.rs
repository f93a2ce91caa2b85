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

use crate::error::EngineResult;
use crate::filter::Filter;
use crate::store::model::corrupt;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// A live endpoint (neither deleted nor disabled) as enqueue routes to it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Route {
    pub endpoint_id: Uuid,
    /// Its filter; empty takes every event type.
    pub event_types: Vec<String>,
    /// Its content filter, compiled once per route table (`None`: every event of its types).
    pub content_filter: Option<Arc<Filter>>,
    /// Backlogged with its backlog open: an event for it waits in the event log, no row yet.
    pub owed: bool,
}

/// A stored content filter (checked when stored), compiled; one that no longer compiles is a
/// corrupt row.
pub(crate) fn compiled_filter(
    endpoint: &dyn std::fmt::Display,
    stored: Option<&str>,
) -> EngineResult<Option<Arc<Filter>>> {
    let Some(stored) = stored else { return Ok(None) };
    let value: Value = serde_json::from_str(stored)
        .map_err(|e| corrupt(format!("content_filter of endpoint {endpoint}: {e}")))?;
    let filter = Filter::compile(&value)
        .map_err(|e| corrupt(format!("content_filter of endpoint {endpoint}: {e}")))?;
    Ok(Some(Arc::new(filter)))
}

/// A tenant's routes as of one version. `version` is `None` for a tenant that has never had an
/// endpoint (no routes row).
#[derive(Debug, Clone, PartialEq)]
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
    /// Endpoints of its type whose content filter it did not match.
    pub filtered: usize,
}

impl Targets {
    /// Deliveries the event makes, now or when its backlogs are filled.
    pub fn deliveries(&self) -> i64 {
        (self.eager.len() + self.owed) as i64
    }
}

impl RouteTable {
    /// The endpoints an event of `event_type` with `body` goes to: those whose type filter
    /// takes it and whose content filter its body matches (the body parsed once, and only if
    /// such a filter is met; a body that is not JSON matches none), or only `only` (a test
    /// event: regardless of its filters, never owed) if it is live.
    pub fn targets(&self, event_type: &str, body: &[u8], only: Option<Uuid>) -> Targets {
        if let Some(only) = only {
            let live = self.routes.iter().any(|r| r.endpoint_id == only);
            return Targets { eager: if live { vec![only] } else { Vec::new() }, ..Targets::default() };
        }
        let mut targets = Targets::default();
        let mut parsed: Option<Option<Value>> = None;
        for route in &self.routes {
            if !route.event_types.is_empty() && !route.event_types.iter().any(|t| t == event_type) {
                continue;
            }
            if let Some(filter) = &route.content_filter {
                let body = parsed.get_or_insert_with(|| serde_json::from_slice(body).ok());
                if !body.as_ref().is_some_and(|b| filter.matches(b)) {
                    targets.filtered += 1;
                    continue;
                }
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
            content_filter: None,
            owed,
        }
    }

    fn filtered(n: u128, filter: &str, owed: bool) -> Route {
        Route { content_filter: compiled_filter(&n, Some(filter)).unwrap(), ..route(n, &[], owed) }
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
        let t = table().targets("a.created", b"{}", None);
        assert_eq!(t.eager, vec![Uuid::from_u128(1), Uuid::from_u128(2)]);
        assert_eq!(t.owed, 2);
        assert_eq!(t.deliveries(), 4);
        let t = table().targets("c.created", b"{}", None);
        assert_eq!(t.eager, vec![Uuid::from_u128(1)]);
        assert_eq!(t.owed, 1);
    }

    #[test]
    fn a_test_event_goes_to_its_one_live_endpoint_regardless_of_filter_or_backlog() {
        assert_eq!(
            table().targets("z.created", b"{}", Some(Uuid::from_u128(3))).eager,
            vec![Uuid::from_u128(3)]
        );
        let owed = table().targets("a.created", b"{}", Some(Uuid::from_u128(4)));
        assert_eq!((owed.eager, owed.owed), (vec![Uuid::from_u128(4)], 0));
        assert_eq!(table().targets("a.created", b"{}", Some(Uuid::from_u128(9))), Targets::default());
    }

    #[test]
    fn an_endpoint_with_a_content_filter_gets_the_events_whose_body_matches_and_counts_the_others() {
        let table = RouteTable {
            version: Some(1),
            routes: vec![
                route(1, &[], false),
                filtered(2, r#"{"payload.to": "paused"}"#, false),
                filtered(3, r#"{"payload.to": "paused"}"#, true),
                filtered(4, r#"{"payload.amount": {"$gte": 100}}"#, false),
            ],
        };
        let paused = table.targets("a.created", br#"{"payload": {"to": "paused", "amount": 5}}"#, None);
        assert_eq!(
            (paused.eager, paused.owed, paused.filtered),
            (vec![Uuid::from_u128(1), Uuid::from_u128(2)], 1, 1)
        );
        let large = table.targets("a.created", br#"{"payload": {"to": "active", "amount": 500}}"#, None);
        assert_eq!(
            (large.eager, large.owed, large.filtered),
            (vec![Uuid::from_u128(1), Uuid::from_u128(4)], 0, 2)
        );
        // A body that is not JSON matches no content filter; the test event ignores them.
        let garbled = table.targets("a.created", b"not json", None);
        assert_eq!((garbled.eager, garbled.filtered), (vec![Uuid::from_u128(1)], 3));
        assert_eq!(
            table.targets("a.created", b"not json", Some(Uuid::from_u128(4))).eager,
            vec![Uuid::from_u128(4)]
        );
    }

    #[test]
    fn a_stored_filter_that_does_not_compile_is_a_corrupt_row() {
        assert!(compiled_filter(&1, None).unwrap().is_none());
        assert!(compiled_filter(&1, Some(r#"{"a": {"$nope": 1}}"#)).is_err());
        assert!(compiled_filter(&1, Some("{")).is_err());
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
