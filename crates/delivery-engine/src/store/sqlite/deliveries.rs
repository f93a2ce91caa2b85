//! SQLite: the delivery log (see `store/deliveries.rs` for each operation's contract).

use super::rows::{
    DeliveryAttemptRow, DeliveryRow, IdRow, RequestPartsRow, DELIVERY_SELECT, JOINED_ATTEMPT_COLUMNS,
};
use super::values::{micros, uuid};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::{Attempt, Delivery, DeliveryQuery, DeliveryStatus, KeyMatch, RequestParts};
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

pub(crate) fn list_deliveries(
    c: &mut SqliteConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    let (exact_key, key_prefix) = match &q.dedupe_key {
        Some(KeyMatch::Exact(k)) => (Some(k.as_str()), None),
        Some(KeyMatch::Prefix(p)) => (None, Some(p.as_str())),
        None => (None, None),
    };
    // Unset filters are NULL and match everything. The keyset is a row-value comparison,
    // which the log index (tenant_id, created_at DESC, id DESC) answers as a range; a key
    // prefix is a range too (keys compare byte by byte, and U+10FFFF sorts after every
    // character), which the events' (tenant_id, dedupe_key) index answers, and the deliveries'
    // event_id index takes it from there.
    let rows: Vec<DeliveryRow> = diesel::sql_query(format!(
        "{DELIVERY_SELECT} WHERE d.tenant_id = ?1 AND (?2 IS NULL OR d.status = ?2) \
         AND (?3 IS NULL OR d.endpoint_id = ?3) AND (?4 IS NULL OR d.event_id = ?4) \
         AND (?6 IS NULL OR d.id = ?6) AND (?7 IS NULL OR e.event_type = ?7) \
         AND (?8 IS NULL OR e.dedupe_key = ?8) \
         AND (?9 IS NULL OR d.event_id IN (SELECT k.id FROM webhook_events k WHERE k.tenant_id = ?1 \
           AND k.dedupe_key >= ?9 AND k.dedupe_key < ?9 || char(1114111))) \
         AND (?10 IS NULL OR d.created_at >= ?10) AND (?11 IS NULL OR d.created_at < ?11) \
         AND (?12 IS NULL OR (d.created_at, d.id) < (?12, ?13)) \
         ORDER BY d.created_at DESC, d.id DESC LIMIT ?5"
    ))
    .bind::<Text, _>(tenant)
    .bind::<Nullable<Text>, _>(q.status.map(DeliveryStatus::as_str))
    .bind::<Nullable<Text>, _>(q.endpoint_id.map(|id| id.to_string()))
    .bind::<Nullable<Text>, _>(q.event_id.map(|id| id.to_string()))
    .bind::<BigInt, _>(q.limit)
    .bind::<Nullable<Text>, _>(q.delivery_id.map(|id| id.to_string()))
    .bind::<Nullable<Text>, _>(q.event_type.as_deref())
    .bind::<Nullable<Text>, _>(exact_key)
    .bind::<Nullable<Text>, _>(key_prefix)
    .bind::<Nullable<BigInt>, _>(q.created_from.map(micros))
    .bind::<Nullable<BigInt>, _>(q.created_before.map(micros))
    .bind::<Nullable<BigInt>, _>(q.after.map(|a| micros(a.created_at)))
    .bind::<Nullable<Text>, _>(q.after.map(|a| a.id.to_string()))
    .load(c)?;
    rows.into_iter().map(Delivery::try_from).collect()
}

pub(crate) fn get_delivery(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    // One statement, so the delivery and its attempts are read as of one moment.
    let rows: Vec<DeliveryAttemptRow> = diesel::sql_query(format!(
        "SELECT * FROM ({DELIVERY_SELECT} WHERE d.tenant_id = ?1 AND d.id = ?2) \
         LEFT JOIN (SELECT {JOINED_ATTEMPT_COLUMNS}, a.id AS attempt_id FROM webhook_attempts a \
                    WHERE a.delivery_id = ?2) ON 1 \
         ORDER BY attempt_id"
    ))
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(id.to_string())
    .load(c)?;
    let mut delivery = None;
    let mut attempts = Vec::with_capacity(rows.len());
    for row in rows {
        attempts.extend(Option::<Attempt>::try_from(row.attempt)?);
        delivery.get_or_insert(row.delivery);
    }
    Ok((Delivery::try_from(delivery.ok_or(EngineError::NotFound)?)?, attempts))
}

pub(crate) fn find_event_id(
    c: &mut SqliteConnection,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    let row: Option<IdRow> =
        prepared("SELECT id FROM webhook_events WHERE tenant_id = ?1 AND dedupe_key = ?2")
            .bind::<Text, _>(tenant)
            .bind::<Text, _>(dedupe_key)
            .get_result(c)
            .optional()?;
    Ok(row.map(|r| uuid(&r.id)).transpose()?)
}

pub(crate) fn request_parts(c: &mut SqliteConnection, tenant: &str, id: Uuid) -> EngineResult<RequestParts> {
    let row: Option<RequestPartsRow> = prepared(
        "SELECT ep.url, ep.secret_key_id, ep.secret_nonce, ep.secret_ciphertext, d.endpoint_id, d.event_id, \
           e.event_type, e.dedupe_key, e.body \
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
           JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
         WHERE d.tenant_id = ?1 AND d.id = ?2",
    )
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(id.to_string())
    .get_result(c)
    .optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}
