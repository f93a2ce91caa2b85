//! SQLite: tenants' routes (see `store/routes.rs`): a tenant's route table and its version.
//! Triggers draw a new version at every change of a tenant's routes (the migration
//! `2026-11-25-000015_tenant_routes`), so no statement here or elsewhere has to; with one
//! writer at a time, a version read under the write lock holds until the transaction ends
//! (D48).

use super::rows::{RouteRow, VersionRow};
use super::values::uuid;
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::corrupt;
use crate::store::routes::{compiled_filter, Route, RouteTable};
use diesel::sql_types::Text;
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};

/// The tenant's routes and their version, in one statement.
pub(super) fn load(c: &mut SqliteConnection, tenant: &str) -> EngineResult<RouteTable> {
    let rows: Vec<RouteRow> = prepared(
        "SELECT r.version, ep.id AS endpoint_id, ep.event_types, ep.content_filter, \
                b.endpoint_id IS NOT NULL AND b.backlog_until IS NULL AS owed \
         FROM (SELECT ?1 AS tenant_id) t \
         LEFT JOIN webhook_tenant_routes r ON r.tenant_id = t.tenant_id \
         LEFT JOIN webhook_endpoints ep \
                ON ep.tenant_id = t.tenant_id AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
         LEFT JOIN webhook_endpoint_backlogs b ON b.endpoint_id = ep.id \
         ORDER BY ep.id",
    )
    .bind::<Text, _>(tenant)
    .load(c)?;
    let version = rows.first().and_then(|r| r.version);
    let mut routes = Vec::with_capacity(rows.len());
    for row in rows {
        let (Some(id), Some(types)) = (row.endpoint_id, row.event_types) else { continue };
        routes.push(Route {
            endpoint_id: uuid(&id)?,
            event_types: serde_json::from_str(&types)
                .map_err(|e| corrupt(format!("event_types of endpoint {id}: {e}")))?,
            content_filter: compiled_filter(&id, row.content_filter.as_deref())?,
            owed: row.owed.unwrap_or(false),
        });
    }
    Ok(RouteTable { version, routes })
}

/// The tenant's routes version now (`None` for a tenant that has never had an endpoint).
pub(super) fn version(c: &mut SqliteConnection, tenant: &str) -> EngineResult<Option<i64>> {
    let row: Option<VersionRow> = prepared("SELECT version FROM webhook_tenant_routes WHERE tenant_id = ?1")
        .bind::<Text, _>(tenant)
        .get_result(c)
        .optional()?;
    Ok(row.map(|r| r.version))
}
