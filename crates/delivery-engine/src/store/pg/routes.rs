//! PostgreSQL: tenants' routes (see `store/routes.rs`): reading a tenant's route table, and
//! drawing a new version of it in a transaction that changes it.
//!
//! Locks: enqueue locks the tenant's `webhook_tenant_routes` row `FOR KEY SHARE` and nothing
//! else; a change locks the endpoint rows it changes first, then the routes rows, in
//! `lock_order` (the ops tenant last: an operational event is enqueued after the change it
//! reports), `FOR UPDATE`, which waits for the enqueues in flight, except the switch to a
//! backlog, which only updates the row and so waits for none (D44). What
//! may touch many rows (parking, ending deliveries) runs before the routes rows are locked and
//! once more after, for the few rows enqueued meanwhile, so the tenant's enqueues wait only
//! for the short rest of the transaction.

use super::rows::RouteRow;
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::routes::{compiled_filter, lock_order, Route, RouteTable};
use diesel::sql_types::{Array, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

/// The tenant's routes and their version, read in one snapshot, without a lock.
pub(crate) async fn load(conn: &mut AsyncPgConnection, tenant: &str) -> EngineResult<RouteTable> {
    let rows: Vec<RouteRow> = prepared(
        "SELECT r.version, ep.id AS endpoint_id, ep.event_types, ep.content_filter, \
                b.endpoint_id IS NOT NULL AND b.backlog_until IS NULL AS owed \
         FROM (SELECT $1::text AS tenant_id) t \
         LEFT JOIN webhook_tenant_routes r ON r.tenant_id = t.tenant_id \
         LEFT JOIN webhook_endpoints ep \
                ON ep.tenant_id = t.tenant_id AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
         LEFT JOIN webhook_endpoint_backlogs b ON b.endpoint_id = ep.id \
         ORDER BY ep.id",
    )
    .bind::<Text, _>(tenant)
    .load(conn)
    .await?;
    let version = <[RouteRow]>::first(&rows).and_then(|r| r.version);
    let mut routes = Vec::with_capacity(rows.len());
    for row in rows {
        let (Some(endpoint_id), Some(event_types)) = (row.endpoint_id, row.event_types) else { continue };
        routes.push(Route {
            endpoint_id,
            event_types,
            content_filter: compiled_filter(&endpoint_id, row.content_filter.as_deref())?,
            owed: row.owed.unwrap_or(false),
        });
    }
    Ok(RouteTable { version, routes })
}

/// In the caller's transaction, which has locked the endpoint rows it changes: draws a new
/// version of these tenants' routes (making the row of a tenant that has none), after waiting
/// for every enqueue to them in flight; later ones wait until the caller commits and then find
/// their version gone and route again. A later statement of the transaction therefore sees
/// every event enqueued under the old routes committed. Every change but the switch to a
/// backlog needs that barrier (`pg/backlog.rs` says why).
pub(crate) async fn change(conn: &mut AsyncPgConnection, tenants: &[&str]) -> EngineResult<()> {
    // One order for every transaction that changes several tenants, so none wait in a cycle.
    let tenants = lock_order(tenants);
    // Enqueue holds the row `FOR KEY SHARE`, which a plain UPDATE does not wait for: the
    // barrier is this lock (PostgreSQL carries key-share locks onto a row's new version, so it
    // also waits for enqueues that locked the row before a switch updated it). It is needed
    // twice over, and `FOR NO KEY UPDATE` would do neither: it makes the change wait, and it
    // makes the update below count as a key update, so an enqueue whose snapshot predates the
    // commit re-reads the row when it locks it and finds its version gone. (After a switch's
    // plain update it does not re-read: it routes by the old version, which writes the
    // switched endpoint's row, and that is correct, `pg/backlog.rs`.)
    prepared(
        "SELECT 1 FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) \
         JOIN webhook_tenant_routes r ON r.tenant_id = u.t \
         ORDER BY u.n FOR UPDATE OF r",
    )
    .bind::<Array<Text>, _>(&tenants)
    .execute(conn)
    .await?;
    new_version(conn, &tenants).await
}

/// In the caller's transaction: draws a new version of these tenants' routes without waiting
/// for the enqueues in flight (they hold the row `FOR KEY SHARE`, which this update does not
/// conflict with); they go on by the old version, and later ones route by the new one once
/// the caller commits. Only for the switch to a backlog, which needs no barrier.
pub(crate) async fn change_without_waiting(
    conn: &mut AsyncPgConnection,
    tenants: &[&str],
) -> EngineResult<()> {
    new_version(conn, &lock_order(tenants)).await
}

async fn new_version(conn: &mut AsyncPgConnection, tenants: &[&str]) -> EngineResult<()> {
    prepared(
        "INSERT INTO webhook_tenant_routes AS r (tenant_id, version) \
         SELECT t, floor(random() * 9.0e18)::bigint FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) \
         ORDER BY n \
         ON CONFLICT (tenant_id) DO UPDATE SET version = floor(random() * 9.0e18)::bigint",
    )
    .bind::<Array<Text>, _>(tenants)
    .execute(conn)
    .await?;
    Ok(())
}
