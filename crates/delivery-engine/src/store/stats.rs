//! A tenant's activity, read for the consoles' overview.

use super::stats_model::TenantOverview;
use super::{pg, sqlite, DbConn};
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
    match conn {
        DbConn::Pg(c) => pg::stats::tenant_overview(c, tenant, since, now).await,
        DbConn::Sqlite(c) => sqlite::stats::tenant_overview(c, tenant, since, now),
    }
}
