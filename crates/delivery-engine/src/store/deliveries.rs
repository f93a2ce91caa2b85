//! The delivery log and events, read by tenant.

use super::model::{Attempt, Delivery, DeliveryQuery, RequestParts};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use uuid::Uuid;

/// The delivery log, newest first (`created_at`, then id, descending), filtered by `q`.
pub(crate) async fn list_deliveries(
    conn: &mut DbConn<'_>,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    match conn.backend() {
        Backend::Pg(c) => pg::deliveries::list_deliveries(c, tenant, q).await,
        Backend::Sqlite(c) => sqlite::deliveries::list_deliveries(c, tenant, q),
    }
}

/// One delivery and its attempts in order, read in one statement (one snapshot).
pub(crate) async fn get_delivery(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    match conn.backend() {
        Backend::Pg(c) => pg::deliveries::get_delivery(c, tenant, id).await,
        Backend::Sqlite(c) => sqlite::deliveries::get_delivery(c, tenant, id),
    }
}

/// The id of the tenant's event stored under `dedupe_key`, if any.
pub(crate) async fn find_event_id(
    conn: &mut DbConn<'_>,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::deliveries::find_event_id(c, tenant, dedupe_key).await,
        Backend::Sqlite(c) => sqlite::deliveries::find_event_id(c, tenant, dedupe_key),
    }
}

/// The tenant's delivery's endpoint URL, sealed secret and event body (deleted endpoints
/// included: their log stays readable).
pub(crate) async fn request_parts(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
) -> EngineResult<RequestParts> {
    match conn.backend() {
        Backend::Pg(c) => pg::deliveries::request_parts(c, tenant, id).await,
        Backend::Sqlite(c) => sqlite::deliveries::request_parts(c, tenant, id),
    }
}
