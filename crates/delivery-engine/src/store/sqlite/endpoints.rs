//! SQLite: endpoints (see `store/endpoints.rs` for each operation's contract).

use super::atomically;
use super::queue::{end_open_deliveries, park_endpoints, unpark_endpoint};
use super::rows::{DisabledAtRow, EndpointRow, SealedRow, ENDPOINT_COLUMNS};
use super::values::{json_list, micros};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::sql::prepared;
use crate::store::listen_model::LISTEN_SCHEME;
use crate::store::model::{
    sealed_auth, AccessChange, Endpoint, EndpointChanges, EndpointPage, EndpointUpdate, NewEndpointRow,
};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Binary, Bool, Integer, Nullable, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

pub(crate) fn insert_endpoint(c: &mut SqliteConnection, row: NewEndpointRow<'_>) -> EngineResult<Endpoint> {
    let created = micros(row.created_at);
    let inserted: EndpointRow = diesel::sql_query(format!(
        "INSERT INTO webhook_endpoints (id, tenant_id, url, event_types, secret_key_id, secret_nonce, \
         secret_ciphertext, created_at, updated_at, rate_limit_per_s, content_filter) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10) \
         RETURNING {ENDPOINT_COLUMNS}"
    ))
    .bind::<Text, _>(row.id.to_string())
    .bind::<Text, _>(row.tenant_id)
    .bind::<Text, _>(row.url)
    .bind::<Text, _>(json_list(row.event_types))
    .bind::<Text, _>(&row.sealed.key_id)
    .bind::<Binary, _>(&row.sealed.nonce)
    .bind::<Binary, _>(&row.sealed.ciphertext)
    .bind::<BigInt, _>(created)
    .bind::<Nullable<Integer>, _>(row.rate_limit_per_s)
    .bind::<Nullable<Text>, _>(row.content_filter)
    .get_result(c)?;
    inserted.try_into()
}

pub(crate) fn list_endpoints(
    c: &mut SqliteConnection,
    tenant: &str,
    page: Option<EndpointPage>,
) -> EngineResult<Vec<Endpoint>> {
    // Without a page: after the smallest position, and every row (`LIMIT -1`).
    let after = page.and_then(|p| p.after);
    let rows: Vec<EndpointRow> = diesel::sql_query(format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE tenant_id = ?1 AND deleted_at IS NULL \
         AND url NOT LIKE '{LISTEN_SCHEME}%' AND (created_at > ?2 OR (created_at = ?2 AND id > ?3)) \
         ORDER BY created_at, id LIMIT ?4"
    ))
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(after.map_or(i64::MIN, |p| micros(p.created_at)))
    .bind::<Text, _>(after.map(|p| p.id.to_string()).unwrap_or_default())
    .bind::<BigInt, _>(page.map_or(-1, |p| p.rows))
    .load(c)?;
    rows.into_iter().map(Endpoint::try_from).collect()
}

pub(crate) fn get_endpoint(c: &mut SqliteConnection, tenant: &str, id: Uuid) -> EngineResult<Endpoint> {
    let row: Option<EndpointRow> = diesel::sql_query(format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?1 AND tenant_id = ?2 AND deleted_at IS NULL"
    ))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .get_result(c)
    .optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}

/// The endpoint's credential and client certificate, sealed together; `None` without either.
pub(crate) fn sealed_secrets(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<Option<SealedSecret>> {
    let row: Option<SealedRow> = diesel::sql_query(
        "SELECT auth_key_id, auth_nonce, auth_ciphertext FROM webhook_endpoints \
         WHERE id = ?1 AND tenant_id = ?2 AND deleted_at IS NULL",
    )
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .get_result(c)
    .optional()?;
    let r = row.ok_or(EngineError::NotFound)?;
    Ok(sealed_auth(r.auth_key_id, r.auth_nonce, r.auth_ciphertext))
}

pub(crate) fn update_endpoint(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<EndpointUpdate> {
    let disabling = changes.disabling();
    atomically(c, |c| {
        // Under the write lock, so of two changes of the state only one sees the old one.
        let before: Option<DisabledAtRow> = prepared(
            "SELECT disabled_at FROM webhook_endpoints WHERE id = ?1 AND tenant_id = ?2 AND deleted_at IS NULL",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .get_result(c)
        .optional()?;
        let was_disabled = before.ok_or(EngineError::NotFound)?.disabled_at.is_some();
        if changes.event_types.is_some() || changes.content_filter.is_some() || disabling == Some(true) {
            // Events owed so far stay owed under the filter they were accepted under.
            super::backlog::close(c, &[id])?;
        }
        // A change of the disabled state (?5) starts probes afresh; enabling also the warnings.
        let row: EndpointRow = diesel::sql_query(format!(
            "UPDATE webhook_endpoints SET \
               url = CASE WHEN ?1 THEN ?2 ELSE url END, \
               event_types = CASE WHEN ?3 THEN ?4 ELSE event_types END, \
               disabled_at = CASE WHEN ?5 THEN ?6 ELSE disabled_at END, \
               disabled_reason = CASE WHEN ?7 THEN ?8 ELSE disabled_reason END, \
               disabled_cause = CASE WHEN ?16 THEN ?17 ELSE disabled_cause END, \
               next_probe_at = CASE WHEN ?5 THEN NULL ELSE next_probe_at END, \
               probes = CASE WHEN ?5 THEN 0 ELSE probes END, \
               failing_warned = CASE WHEN ?5 AND ?6 IS NULL THEN 0 ELSE failing_warned END, \
               failing_since = CASE WHEN ?9 THEN ?10 ELSE failing_since END, \
               updated_at = COALESCE(?11, updated_at), \
               rate_limit_per_s = CASE WHEN ?14 THEN ?15 ELSE rate_limit_per_s END, \
               content_filter = CASE WHEN ?18 THEN ?19 ELSE content_filter END \
             WHERE id = ?12 AND tenant_id = ?13 AND deleted_at IS NULL \
             RETURNING {ENDPOINT_COLUMNS}"
        ))
        .bind::<Bool, _>(changes.url.is_some())
        .bind::<Nullable<Text>, _>(changes.url.as_deref())
        .bind::<Bool, _>(changes.event_types.is_some())
        .bind::<Nullable<Text>, _>(changes.event_types.as_deref().map(json_list))
        .bind::<Bool, _>(changes.disabled_at.is_some())
        .bind::<Nullable<BigInt>, _>(changes.disabled_at.flatten().map(micros))
        .bind::<Bool, _>(changes.disabled_reason.is_some())
        .bind::<Nullable<Text>, _>(changes.disabled_reason.clone().flatten())
        .bind::<Bool, _>(changes.failing_since.is_some())
        .bind::<Nullable<BigInt>, _>(changes.failing_since.flatten().map(micros))
        .bind::<Nullable<BigInt>, _>(changes.updated_at.map(micros))
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .bind::<Bool, _>(changes.rate_limit_per_s.is_some())
        .bind::<Nullable<Integer>, _>(changes.rate_limit_per_s.flatten())
        .bind::<Bool, _>(changes.disabled_cause.is_some())
        .bind::<Nullable<Text>, _>(changes.disabled_cause.flatten().map(|c| c.as_str()))
        .bind::<Bool, _>(changes.content_filter.is_some())
        .bind::<Nullable<Text>, _>(changes.content_filter.as_ref().and_then(|f| f.as_deref()))
        .get_result(c)?;
        let endpoint = Endpoint::try_from(row)?;
        match disabling {
            Some(true) => park_endpoints(c, &[id])?,
            Some(false) => unpark_endpoint(c, id, now)?,
            None => {}
        }
        Ok(EndpointUpdate { endpoint, was_disabled })
    })
}

pub(crate) fn store_secret(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let n = prepared(
        "UPDATE webhook_endpoints SET secret_key_id = ?1, secret_nonce = ?2, secret_ciphertext = ?3, \
         updated_at = ?4 WHERE id = ?5 AND tenant_id = ?6 AND deleted_at IS NULL",
    )
    .bind::<Text, _>(&sealed.key_id)
    .bind::<Binary, _>(&sealed.nonce)
    .bind::<Binary, _>(&sealed.ciphertext)
    .bind::<BigInt, _>(micros(now))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .execute(c)?;
    if n == 0 {
        return Err(EngineError::NotFound);
    }
    Ok(())
}

pub(crate) fn store_access(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    change: &AccessChange,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let secrets = change.secrets.as_ref();
    let sealed = secrets.and_then(|s| s.sealed.as_ref());
    let cert = secrets.and_then(|s| s.client_cert.as_ref());
    let n = prepared(
        "UPDATE webhook_endpoints SET headers = CASE WHEN ?1 THEN ?2 ELSE headers END, \
         auth_summary = CASE WHEN ?3 THEN ?4 ELSE auth_summary END, \
         auth_key_id = CASE WHEN ?3 THEN ?5 ELSE auth_key_id END, \
         auth_nonce = CASE WHEN ?3 THEN ?6 ELSE auth_nonce END, \
         auth_ciphertext = CASE WHEN ?3 THEN ?7 ELSE auth_ciphertext END, \
         client_cert_summary = CASE WHEN ?3 THEN ?11 ELSE client_cert_summary END, \
         client_cert_not_after = CASE WHEN ?3 THEN ?12 ELSE client_cert_not_after END, updated_at = ?8 \
         WHERE id = ?9 AND tenant_id = ?10 AND deleted_at IS NULL",
    )
    .bind::<Bool, _>(change.headers.is_some())
    .bind::<Nullable<Text>, _>(change.headers.as_ref().and_then(Option::as_deref))
    .bind::<Bool, _>(secrets.is_some())
    .bind::<Nullable<Text>, _>(secrets.and_then(|s| s.auth_summary.as_deref()))
    .bind::<Nullable<Text>, _>(sealed.map(|s| s.key_id.as_str()))
    .bind::<Nullable<Binary>, _>(sealed.map(|s| s.nonce.as_slice()))
    .bind::<Nullable<Binary>, _>(sealed.map(|s| s.ciphertext.as_slice()))
    .bind::<BigInt, _>(micros(now))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .bind::<Nullable<Text>, _>(cert.map(|(summary, _)| summary.as_str()))
    .bind::<Nullable<BigInt>, _>(cert.map(|(_, not_after)| micros(*not_after)))
    .execute(c)?;
    if n == 0 {
        return Err(EngineError::NotFound);
    }
    Ok(())
}

pub(crate) fn delete_endpoint(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    atomically(c, |c| {
        let n = prepared(
            "UPDATE webhook_endpoints SET deleted_at = ?1, updated_at = ?1 \
             WHERE id = ?2 AND tenant_id = ?3 AND deleted_at IS NULL",
        )
        .bind::<BigInt, _>(micros(now))
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .execute(c)?;
        if n == 0 {
            return Err(EngineError::NotFound);
        }
        // Events it was owed never become deliveries.
        super::backlog::drop_backlog(c, id)?;
        end_open_deliveries(c, id, "endpoint deleted", now)
    })
}
