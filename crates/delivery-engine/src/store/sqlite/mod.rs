//! SQLite: endpoints and the delivery log. Synchronous diesel on a blocking thread (see
//! [`super::Pool`]); types as described in `migrations/sqlite/engine`. Parameters are numbered
//! (`?1`), so one value can appear twice.

pub(crate) mod idempotency;
pub(crate) mod queue;

use super::{
    corrupt, Attempt, Delivery, DeliveryQuery, DeliveryStatus, Endpoint, EndpointChanges, EndpointRow,
};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Binary, Bool, Integer, Nullable, Text};
use diesel::{Connection, OptionalExtension, QueryableByName, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

/// PostgreSQL's `'infinity'`: parked rows are never due.
pub(super) const INFINITY: i64 = i64::MAX;

pub(super) fn micros(t: DateTime<Utc>) -> i64 {
    t.timestamp_micros()
}

pub(super) fn time(v: i64) -> EngineResult<DateTime<Utc>> {
    DateTime::from_timestamp_micros(v).ok_or_else(|| corrupt(format!("timestamp {v} out of range")))
}

fn opt_time(v: Option<i64>) -> EngineResult<Option<DateTime<Utc>>> {
    v.map(time).transpose()
}

pub(super) fn uuid(s: &str) -> EngineResult<Uuid> {
    Uuid::parse_str(s).map_err(|_| corrupt(format!("`{s}` is not a UUID")))
}

/// A JSON array of strings, as `event_types` is stored.
fn json_list(items: &[String]) -> String {
    serde_json::Value::from(items.to_vec()).to_string()
}

/// Runs `f` atomically: in a `BEGIN IMMEDIATE` transaction of its own, or as a savepoint of the
/// caller's transaction (which [`super::Pool::transaction`] began `IMMEDIATE`). Taking the
/// write lock first means a transaction that reads and then writes never fails half-way.
pub(super) fn atomically<T>(
    c: &mut SqliteConnection,
    f: impl FnOnce(&mut SqliteConnection) -> EngineResult<T>,
) -> EngineResult<T> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()?;
    if depth.is_some() {
        c.transaction(f)
    } else {
        c.immediate_transaction(f)
    }
}

#[derive(QueryableByName)]
pub(super) struct IdRow {
    #[diesel(sql_type = Text)]
    pub id: String,
}

#[derive(QueryableByName)]
struct EndpointDb {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    event_types: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    disabled_at: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    disabled_reason: Option<String>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = BigInt)]
    updated_at: i64,
}

const ENDPOINT_COLUMNS: &str =
    "id, tenant_id, url, event_types, disabled_at, disabled_reason, created_at, updated_at";

impl TryFrom<EndpointDb> for Endpoint {
    type Error = EngineError;
    fn try_from(r: EndpointDb) -> EngineResult<Endpoint> {
        Ok(Endpoint {
            id: uuid(&r.id)?,
            tenant_id: r.tenant_id,
            url: r.url,
            event_types: serde_json::from_str(&r.event_types)
                .map_err(|e| corrupt(format!("event_types of endpoint {}: {e}", r.id)))?,
            disabled_at: opt_time(r.disabled_at)?,
            disabled_reason: r.disabled_reason,
            created_at: time(r.created_at)?,
            updated_at: time(r.updated_at)?,
        })
    }
}

pub(crate) fn insert_endpoint(c: &mut SqliteConnection, row: EndpointRow<'_>) -> EngineResult<Endpoint> {
    let created = micros(row.created_at);
    let inserted: EndpointDb = diesel::sql_query(format!(
        "INSERT INTO webhook_endpoints (id, tenant_id, url, event_types, secret_key_id, secret_nonce, \
         secret_ciphertext, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8) \
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
    .get_result(c)?;
    inserted.try_into()
}

pub(crate) fn list_endpoints(c: &mut SqliteConnection, tenant: &str) -> EngineResult<Vec<Endpoint>> {
    let rows: Vec<EndpointDb> = diesel::sql_query(format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE tenant_id = ?1 AND deleted_at IS NULL \
         ORDER BY created_at, id"
    ))
    .bind::<Text, _>(tenant)
    .load(c)?;
    rows.into_iter().map(Endpoint::try_from).collect()
}

pub(crate) fn get_endpoint(c: &mut SqliteConnection, tenant: &str, id: Uuid) -> EngineResult<Endpoint> {
    let row: Option<EndpointDb> = diesel::sql_query(format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?1 AND tenant_id = ?2 AND deleted_at IS NULL"
    ))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .get_result(c)
    .optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}

pub(crate) fn update_endpoint(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    let disabling = changes.disabled_at.map(|d| d.is_some());
    atomically(c, |c| {
        let row: Option<EndpointDb> = diesel::sql_query(format!(
            "UPDATE webhook_endpoints SET \
               url = CASE WHEN ?1 THEN ?2 ELSE url END, \
               event_types = CASE WHEN ?3 THEN ?4 ELSE event_types END, \
               disabled_at = CASE WHEN ?5 THEN ?6 ELSE disabled_at END, \
               disabled_reason = CASE WHEN ?7 THEN ?8 ELSE disabled_reason END, \
               failing_since = CASE WHEN ?9 THEN ?10 ELSE failing_since END, \
               updated_at = COALESCE(?11, updated_at) \
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
        .get_result(c)
        .optional()?;
        let endpoint = Endpoint::try_from(row.ok_or(EngineError::NotFound)?)?;
        match disabling {
            // Parked: a disabled endpoint's deliveries leave the queue until it is enabled again.
            Some(true) => queue::park_endpoints(c, &[id])?,
            Some(false) => queue::unpark_endpoint(c, id, now)?,
            None => {}
        }
        Ok(endpoint)
    })
}

#[derive(QueryableByName)]
struct SecretDb {
    #[diesel(sql_type = Text)]
    secret_key_id: String,
    #[diesel(sql_type = Binary)]
    secret_nonce: Vec<u8>,
    #[diesel(sql_type = Binary)]
    secret_ciphertext: Vec<u8>,
}

pub(crate) fn load_sealed_secret(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<SealedSecret> {
    let row: SecretDb = diesel::sql_query(
        "SELECT secret_key_id, secret_nonce, secret_ciphertext FROM webhook_endpoints \
         WHERE id = ?1 AND tenant_id = ?2 AND deleted_at IS NULL",
    )
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .get_result(c)
    .optional()?
    .ok_or(EngineError::NotFound)?;
    Ok(SealedSecret { key_id: row.secret_key_id, nonce: row.secret_nonce, ciphertext: row.secret_ciphertext })
}

pub(crate) fn store_secret(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let n = diesel::sql_query(
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

pub(crate) fn delete_endpoint(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    atomically(c, |c| {
        let n = diesel::sql_query(
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
        queue::end_open_deliveries(c, id, "endpoint deleted", now)
    })
}

#[derive(QueryableByName)]
struct DeliveryDb {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = Text)]
    event_id: String,
    #[diesel(sql_type = Text)]
    event_type: String,
    #[diesel(sql_type = Text)]
    dedupe_key: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Integer)]
    attempt_count: i32,
    #[diesel(sql_type = Nullable<Integer>)]
    last_response_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    last_error: Option<String>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = BigInt)]
    updated_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    next_attempt_at: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    delivered_at: Option<i64>,
}

const DELIVERY_SELECT: &str =
    "SELECT d.id, d.endpoint_id, d.event_id, e.event_type, e.dedupe_key, d.status, \
     d.attempt_count, d.last_response_code, d.last_error, d.created_at, d.updated_at, d.next_attempt_at, \
     d.delivered_at FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id";

impl TryFrom<DeliveryDb> for Delivery {
    type Error = EngineError;
    fn try_from(r: DeliveryDb) -> EngineResult<Delivery> {
        Ok(Delivery {
            id: uuid(&r.id)?,
            endpoint_id: uuid(&r.endpoint_id)?,
            event_id: uuid(&r.event_id)?,
            event_type: r.event_type,
            dedupe_key: r.dedupe_key,
            status: DeliveryStatus::parse_stored(&r.status)?,
            attempt_count: r.attempt_count,
            last_response_code: r.last_response_code,
            last_error: r.last_error,
            created_at: time(r.created_at)?,
            updated_at: time(r.updated_at)?,
            next_attempt_at: opt_time(r.next_attempt_at)?,
            delivered_at: opt_time(r.delivered_at)?,
        })
    }
}

pub(crate) fn list_deliveries(
    c: &mut SqliteConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    let rows: Vec<DeliveryDb> = diesel::sql_query(format!(
        "{DELIVERY_SELECT} WHERE d.tenant_id = ?1 AND (?2 IS NULL OR d.status = ?2) \
         AND (?3 IS NULL OR d.endpoint_id = ?3) AND (?4 IS NULL OR d.event_id = ?4) \
         ORDER BY d.created_at DESC, d.id DESC LIMIT ?5"
    ))
    .bind::<Text, _>(tenant)
    .bind::<Nullable<Text>, _>(q.status.map(DeliveryStatus::as_str))
    .bind::<Nullable<Text>, _>(q.endpoint_id.map(|id| id.to_string()))
    .bind::<Nullable<Text>, _>(q.event_id.map(|id| id.to_string()))
    .bind::<BigInt, _>(q.limit)
    .load(c)?;
    rows.into_iter().map(Delivery::try_from).collect()
}

#[derive(QueryableByName)]
struct AttemptDb {
    #[diesel(sql_type = Integer)]
    attempt_number: i32,
    #[diesel(sql_type = BigInt)]
    started_at: i64,
    #[diesel(sql_type = Integer)]
    duration_ms: i32,
    #[diesel(sql_type = Nullable<Integer>)]
    response_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    error: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_body: Option<Vec<u8>>,
}

pub(crate) fn get_delivery(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    // One read transaction: the delivery and its attempts as of one moment.
    c.transaction(|c| {
        let row: DeliveryDb =
            diesel::sql_query(format!("{DELIVERY_SELECT} WHERE d.tenant_id = ?1 AND d.id = ?2"))
                .bind::<Text, _>(tenant)
                .bind::<Text, _>(id.to_string())
                .get_result(c)
                .optional()?
                .ok_or(EngineError::NotFound)?;
        let attempts: Vec<AttemptDb> = diesel::sql_query(
            "SELECT attempt_number, started_at, duration_ms, response_code, error, response_body \
             FROM webhook_attempts WHERE delivery_id = ?1 ORDER BY id",
        )
        .bind::<Text, _>(id.to_string())
        .load(c)?;
        let attempts = attempts
            .into_iter()
            .map(|a| {
                Ok(Attempt {
                    attempt_number: a.attempt_number,
                    started_at: time(a.started_at)?,
                    duration_ms: a.duration_ms,
                    response_code: a.response_code,
                    error: a.error,
                    response_body: a.response_body,
                })
            })
            .collect::<EngineResult<Vec<_>>>()?;
        Ok((Delivery::try_from(row)?, attempts))
    })
}

pub(crate) fn find_event_id(
    c: &mut SqliteConnection,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    let row: Option<IdRow> =
        diesel::sql_query("SELECT id FROM webhook_events WHERE tenant_id = ?1 AND dedupe_key = ?2")
            .bind::<Text, _>(tenant)
            .bind::<Text, _>(dedupe_key)
            .get_result(c)
            .optional()?;
    row.map(|r| uuid(&r.id)).transpose()
}
