//! PostgreSQL: endpoints (see `store/endpoints.rs` for each operation's contract).

use super::queue::{end_open_deliveries, park_endpoints, unpark_endpoint};
use super::rows::{AccessChangeset, EndpointChangeset, EndpointRow, NewEndpointValues};
use super::schema::webhook_endpoints;
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::store::listen_model::LISTEN_SCHEME;
use crate::store::model::{
    sealed_auth, AccessChange, Endpoint, EndpointChanges, EndpointPage, EndpointUpdate, LogPosition,
    NewEndpointRow,
};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The tenant's endpoint `id`, unless deleted.
#[diesel::dsl::auto_type]
fn open_endpoint<'a>(tenant: &'a str, id: Uuid) -> _ {
    webhook_endpoints::table
        .filter(webhook_endpoints::id.eq(id))
        .filter(webhook_endpoints::tenant_id.eq(tenant))
        .filter(webhook_endpoints::deleted_at.is_null())
}

pub(crate) async fn insert_endpoint(
    conn: &mut AsyncPgConnection,
    row: NewEndpointRow<'_>,
) -> EngineResult<Endpoint> {
    let values = NewEndpointValues {
        id: row.id,
        tenant_id: row.tenant_id,
        url: row.url,
        event_types: row.event_types,
        content_filter: row.content_filter,
        secret_key_id: &row.sealed.key_id,
        secret_nonce: &row.sealed.nonce,
        secret_ciphertext: &row.sealed.ciphertext,
        rate_limit_per_s: row.rate_limit_per_s,
        created_at: row.created_at,
        updated_at: row.created_at,
    };
    conn.transaction(async |conn| {
        let inserted: EndpointRow = diesel::insert_into(webhook_endpoints::table)
            .values(&values)
            .returning(EndpointRow::as_returning())
            .get_result(conn)
            .await?;
        super::routes::change(conn, &[row.tenant_id]).await?;
        inserted.try_into()
    })
    .await
}

pub(crate) async fn list_endpoints(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    page: Option<EndpointPage>,
) -> EngineResult<Vec<Endpoint>> {
    let mut query = webhook_endpoints::table
        .filter(webhook_endpoints::tenant_id.eq(tenant))
        .filter(webhook_endpoints::deleted_at.is_null())
        .filter(webhook_endpoints::url.not_like(format!("{LISTEN_SCHEME}%")))
        .order((webhook_endpoints::created_at.asc(), webhook_endpoints::id.asc()))
        .select(EndpointRow::as_select())
        .into_boxed();
    if let Some(page) = page {
        if let Some(LogPosition { created_at, id }) = page.after {
            query = query.filter(
                webhook_endpoints::created_at
                    .gt(created_at)
                    .or(webhook_endpoints::created_at.eq(created_at).and(webhook_endpoints::id.gt(id))),
            );
        }
        query = query.limit(page.rows);
    }
    let rows: Vec<EndpointRow> = query.load(conn).await?;
    rows.into_iter().map(Endpoint::try_from).collect()
}

pub(crate) async fn get_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<Endpoint> {
    let row: Option<EndpointRow> =
        open_endpoint(tenant, id).select(EndpointRow::as_select()).first(conn).await.optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}

/// The endpoint's credential and client certificate, sealed together; `None` without either.
pub(crate) async fn sealed_secrets(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<Option<SealedSecret>> {
    type Row = (Option<String>, Option<Vec<u8>>, Option<Vec<u8>>);
    let row: Option<Row> = open_endpoint(tenant, id)
        .select((
            webhook_endpoints::auth_key_id,
            webhook_endpoints::auth_nonce,
            webhook_endpoints::auth_ciphertext,
        ))
        .first(conn)
        .await
        .optional()?;
    let (key_id, nonce, ciphertext) = row.ok_or(EngineError::NotFound)?;
    Ok(sealed_auth(key_id, nonce, ciphertext))
}

pub(crate) async fn update_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<EndpointUpdate> {
    let disabling = changes.disabling();
    // What enqueue routes by: the filters, and whether the endpoint is live.
    let route_changes =
        changes.event_types.is_some() || changes.content_filter.is_some() || disabling.is_some();
    // A change of the disabled state starts probes and failing warnings afresh.
    let restart = disabling.is_some();
    let changeset = EndpointChangeset {
        url: changes.url,
        event_types: changes.event_types,
        content_filter: changes.content_filter,
        disabled_at: changes.disabled_at,
        disabled_reason: changes.disabled_reason,
        disabled_cause: changes.disabled_cause.map(|c| c.map(|c| c.as_str())),
        failing_since: changes.failing_since,
        failing_warned: (disabling == Some(false)).then_some(0),
        next_probe_at: restart.then_some(None),
        probes: restart.then_some(0),
        rate_limit_per_s: changes.rate_limit_per_s,
        updated_at: changes.updated_at,
    };
    conn.transaction(async |conn| {
        // Locked, so of two concurrent changes of the state only one sees the old one.
        let before: Option<Option<DateTime<Utc>>> = open_endpoint(tenant, id)
            .select(webhook_endpoints::disabled_at)
            .for_update()
            .first(conn)
            .await
            .optional()?;
        let was_disabled = before.ok_or(EngineError::NotFound)?.is_some();
        // What may touch many rows runs before the routes row is locked (pg/routes.rs).
        match disabling {
            Some(true) => park_endpoints(conn, &[id]).await?,
            Some(false) => unpark_endpoint(conn, id, now).await?,
            None => {}
        }
        if route_changes {
            // From here every event enqueued under the old routes is committed (so the close
            // and the second park below see them) and later ones wait for this transaction.
            super::routes::change(conn, &[tenant]).await?;
            // Events owed so far stay owed under the filter they were accepted under (read
            // before the update below).
            super::backlog::close(conn, &[id]).await?;
        }
        let row: EndpointRow = diesel::update(open_endpoint(tenant, id))
            .set(&changeset)
            .returning(EndpointRow::as_returning())
            .get_result(conn)
            .await?;
        let endpoint = Endpoint::try_from(row)?;
        if disabling == Some(true) {
            // The rows of events enqueued while the first park ran.
            park_endpoints(conn, &[id]).await?;
        }
        Ok(EndpointUpdate { endpoint, was_disabled })
    })
    .await
}

pub(crate) async fn store_secret(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let n = diesel::update(open_endpoint(tenant, id))
        .set((
            webhook_endpoints::secret_key_id.eq(&sealed.key_id),
            webhook_endpoints::secret_nonce.eq(&sealed.nonce),
            webhook_endpoints::secret_ciphertext.eq(&sealed.ciphertext),
            webhook_endpoints::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    if n == 0 {
        return Err(EngineError::NotFound);
    }
    Ok(())
}

pub(crate) async fn store_access(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    change: &AccessChange,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let secrets = change.secrets.as_ref();
    let sealed = secrets.map(|s| s.sealed.as_ref());
    let cert = secrets.map(|s| s.client_cert.as_ref());
    let n = diesel::update(open_endpoint(tenant, id))
        .set(AccessChangeset {
            headers: change.headers.as_ref().map(Option::as_deref),
            auth_summary: secrets.map(|s| s.auth_summary.as_deref()),
            auth_key_id: sealed.map(|s| s.map(|s| s.key_id.as_str())),
            auth_nonce: sealed.map(|s| s.map(|s| s.nonce.as_slice())),
            auth_ciphertext: sealed.map(|s| s.map(|s| s.ciphertext.as_slice())),
            client_cert_summary: cert.map(|c| c.map(|(summary, _)| summary.as_str())),
            client_cert_not_after: cert.map(|c| c.map(|(_, not_after)| *not_after)),
            updated_at: now,
        })
        .execute(conn)
        .await?;
    if n == 0 {
        return Err(EngineError::NotFound);
    }
    Ok(())
}

pub(crate) async fn delete_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    conn.transaction(async |conn| {
        let n = diesel::update(open_endpoint(tenant, id))
            .set((webhook_endpoints::deleted_at.eq(now), webhook_endpoints::updated_at.eq(now)))
            .execute(conn)
            .await?;
        if n == 0 {
            return Err(EngineError::NotFound);
        }
        end_open_deliveries(conn, id, "endpoint deleted", now).await?;
        // Every event enqueued to it so far is committed from here: ending again takes the
        // rows added meanwhile.
        super::routes::change(conn, &[tenant]).await?;
        // Events it was owed never become deliveries.
        super::backlog::drop_backlog(conn, id).await?;
        end_open_deliveries(conn, id, "endpoint deleted", now).await
    })
    .await
}
