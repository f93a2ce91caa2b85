//! Endpoints: registration, changes, secrets, deletion. Every operation is scoped by tenant
//! inside its query; another tenant's id is [`EngineError::NotFound`](crate::EngineError::NotFound).

use super::model::{AccessChange, Endpoint, EndpointChanges, EndpointPage, EndpointUpdate, NewEndpointRow};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Inserts a new endpoint with its sealed secret.
pub(crate) async fn insert_endpoint(
    conn: &mut DbConn<'_>,
    row: NewEndpointRow<'_>,
) -> EngineResult<Endpoint> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::insert_endpoint(c, row).await,
        Backend::Sqlite(c) => sqlite::endpoints::insert_endpoint(c, row),
    }
}

/// The tenant's endpoints that are not deleted and not listen sessions', oldest first by
/// (`created_at`, `id`): those after `page`'s position, at most its count of rows; every one
/// without a page.
pub(crate) async fn list_endpoints(
    conn: &mut DbConn<'_>,
    tenant: &str,
    page: Option<EndpointPage>,
) -> EngineResult<Vec<Endpoint>> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::list_endpoints(c, tenant, page).await,
        Backend::Sqlite(c) => sqlite::endpoints::list_endpoints(c, tenant, page),
    }
}

/// One endpoint of the tenant's, unless deleted.
pub(crate) async fn get_endpoint(conn: &mut DbConn<'_>, tenant: &str, id: Uuid) -> EngineResult<Endpoint> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::get_endpoint(c, tenant, id).await,
        Backend::Sqlite(c) => sqlite::endpoints::get_endpoint(c, tenant, id),
    }
}

/// The endpoint's credential and client certificate, sealed together; `None` without either.
pub(crate) async fn sealed_secrets(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
) -> EngineResult<Option<SealedSecret>> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::sealed_secrets(c, tenant, id).await,
        Backend::Sqlite(c) => sqlite::endpoints::sealed_secrets(c, tenant, id),
    }
}

/// Applies `changes` atomically; disabling parks the endpoint's open deliveries (they leave the
/// queue until it is enabled again), enabling puts them back, due at once if overdue, oldest
/// first. A change of the disabled state also clears the probe schedule, and enabling clears
/// the failing warning level. Answers whether the endpoint was disabled before, read under
/// the update's lock; enabling a disabled one makes its parked deliveries due (the receipt).
pub(crate) async fn update_endpoint(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<EndpointUpdate> {
    let enables = changes.disabling() == Some(false);
    let update = match conn.backend() {
        Backend::Pg(c) => pg::endpoints::update_endpoint(c, tenant, id, changes, now).await?,
        Backend::Sqlite(c) => sqlite::endpoints::update_endpoint(c, tenant, id, changes, now)?,
    };
    if enables && update.was_disabled {
        conn.receipt().made_due();
    }
    Ok(update)
}

/// Replaces the endpoint's sealed signing secret.
pub(crate) async fn store_secret(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::store_secret(c, tenant, id, sealed, now).await,
        Backend::Sqlite(c) => sqlite::endpoints::store_secret(c, tenant, id, sealed, now),
    }
}

/// Replaces the endpoint's custom headers or credential (D120).
pub(crate) async fn store_access(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    change: &AccessChange,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::store_access(c, tenant, id, change, now).await,
        Backend::Sqlite(c) => sqlite::endpoints::store_access(c, tenant, id, change, now),
    }
}

/// Soft-deletes the endpoint (its delivery log stays readable) and, atomically, ends its open
/// deliveries as dead with "endpoint deleted". An attempt in flight is recorded only if it
/// arrived (then the delivery is `delivered`: one that arrived is never logged dead).
pub(crate) async fn delete_endpoint(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::endpoints::delete_endpoint(c, tenant, id, now).await,
        Backend::Sqlite(c) => sqlite::endpoints::delete_endpoint(c, tenant, id, now),
    }
}
