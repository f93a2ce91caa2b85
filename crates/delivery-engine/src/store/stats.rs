//! A tenant's activity, read for the consoles' overview.

use super::stats_model::{EndpointActivity, TenantOverview};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use chrono::{DateTime, Utc};

/// The tenant's waiting deliveries now, and its deliveries and attempts since `since`.
/// Several statements, not one snapshot: the figures may be a few milliseconds apart.
pub(crate) async fn tenant_overview(
    conn: &mut DbConn<'_>,
    tenant: &str,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> EngineResult<TenantOverview> {
    match conn.backend() {
        Backend::Pg(c) => pg::stats::tenant_overview(c, tenant, since, now).await,
        Backend::Sqlite(c) => sqlite::stats::tenant_overview(c, tenant, since, now),
    }
}

/// Per endpoint of the tenant with deliveries created since `since`: the latest one's time,
/// and how many were delivered and how many are failing or dead.
pub(crate) async fn endpoint_activity(
    conn: &mut DbConn<'_>,
    tenant: &str,
    since: DateTime<Utc>,
) -> EngineResult<Vec<EndpointActivity>> {
    match conn.backend() {
        Backend::Pg(c) => pg::stats::endpoint_activity(c, tenant, since).await,
        Backend::Sqlite(c) => sqlite::stats::endpoint_activity(c, tenant, since),
    }
}
