//! SQLite: the delivery log (see `store/deliveries.rs` for each operation's contract).

use super::rows::{
    delivery_select, DeliveryAttemptRow, DeliveryRow, IdRow, RequestPartsRow, JOINED_ATTEMPT_COLUMNS,
};
use super::values::{micros, uuid};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::{Attempt, Delivery, DeliveryQuery, DeliveryStatus, KeyMatch, RequestParts};
use diesel::sql_types::{BigInt, Text};
use diesel::sqlite::Sqlite;
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

pub(crate) fn list_deliveries(
    c: &mut SqliteConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    // Only the filters given are in the statement, and the index that answers them is named
    // (`log_index`): SQLite plans a statement once, without the values, and would otherwise scan
    // the log index past every row a rare filter leaves out. The keyset is a row-value
    // comparison, which each of these indexes (…, created_at DESC, id DESC) answers as a range;
    // a key prefix is a range too (keys compare byte by byte, and U+10FFFF sorts after every
    // character), which the events' (tenant_id, dedupe_key) index answers.
    let mut query = diesel::sql_query(delivery_select(log_index(q))).into_boxed::<Sqlite>();
    query = query.sql(" WHERE d.tenant_id = ?").bind::<Text, _>(tenant.to_owned());
    if let Some(status) = q.status {
        query = query.sql(format!(" AND {}", status.log_condition("d")));
    }
    if log_index(q) == Some(OPEN_BY_ENDPOINT) && q.endpoint_id.is_none() {
        // The open deliveries' index leads with the endpoint: name the tenant's live endpoints.
        query = query
            .sql(concat!(" AND d.endpoint_id IN ", live_endpoints_of!("?")))
            .bind::<Text, _>(tenant.to_owned());
    }
    let ids = [("d.endpoint_id", q.endpoint_id), ("d.event_id", q.event_id), ("d.id", q.delivery_id)];
    for (column, id) in ids {
        if let Some(id) = id {
            query = query.sql(format!(" AND {column} = ?")).bind::<Text, _>(id.to_string());
        }
    }
    if let Some(t) = &q.event_type {
        query = query.sql(" AND d.event_type = ?").bind::<Text, _>(t.clone());
    }
    match &q.dedupe_key {
        Some(KeyMatch::Exact(k)) => {
            query = query
                .sql(" AND d.event_id = (SELECT k.id FROM webhook_events k WHERE k.tenant_id = ?")
                .bind::<Text, _>(tenant.to_owned())
                .sql(" AND k.dedupe_key = ?)")
                .bind::<Text, _>(k.clone());
        }
        Some(KeyMatch::Prefix(p)) => {
            query = query
                .sql(" AND d.event_id IN (SELECT k.id FROM webhook_events k WHERE k.tenant_id = ?")
                .bind::<Text, _>(tenant.to_owned())
                .sql(" AND k.dedupe_key >= ?")
                .bind::<Text, _>(p.clone())
                .sql(" AND k.dedupe_key < ?")
                .bind::<Text, _>(format!("{p}\u{10FFFF}"))
                .sql(")");
        }
        None => {}
    }
    let times = [(" AND d.created_at >= ?", q.created_from), (" AND d.created_at < ?", q.created_before)];
    for (condition, t) in times {
        if let Some(t) = t {
            query = query.sql(condition).bind::<BigInt, _>(micros(t));
        }
    }
    if let Some(after) = q.after {
        query = query
            .sql(" AND (d.created_at, d.id) < (?")
            .bind::<BigInt, _>(micros(after.created_at))
            .sql(", ?")
            .bind::<Text, _>(after.id.to_string())
            .sql(")");
    }
    let rows: Vec<DeliveryRow> =
        query.sql(" ORDER BY d.created_at DESC, d.id DESC LIMIT ?").bind::<BigInt, _>(q.limit).load(c)?;
    rows.into_iter().map(Delivery::try_from).collect()
}

/// The index of the open deliveries, by endpoint: the claim's, and the log's for `pending` and
/// `failed` (few rows: a backlogged endpoint's owed events wait in the event log, D36), sorted
/// after the read. A log index of their own cost every delivery two more index writes (an
/// entry made and removed), a fifth of the fresh burst (docs/benchmarks.md); migration 000020
/// drops it.
const OPEN_BY_ENDPOINT: &str = "webhook_deliveries_open_by_endpoint";

/// The index a log read goes through (migration 000017): a delivery id's own (none named:
/// SQLite takes the primary key), an event's (by id or key, exact or prefix: the events' unique
/// index finds the ids), else the most selective filter's: the endpoint's, the event type's, the
/// open deliveries' (by endpoint) or the dead ones', else the tenant's log.
fn log_index(q: &DeliveryQuery) -> Option<&'static str> {
    if q.delivery_id.is_some() {
        return None;
    }
    if q.event_id.is_some() || q.dedupe_key.is_some() {
        return Some("webhook_deliveries_by_event");
    }
    Some(match (q.endpoint_id, &q.event_type, q.status) {
        (Some(_), _, _) => "webhook_deliveries_by_endpoint",
        (None, Some(_), _) => "webhook_deliveries_by_type",
        (None, None, Some(DeliveryStatus::Pending | DeliveryStatus::Failed)) => OPEN_BY_ENDPOINT,
        (None, None, Some(DeliveryStatus::Dead)) => "webhook_deliveries_dead_log",
        _ => "webhook_deliveries_log",
    })
}

pub(crate) fn get_delivery(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    // One statement, so the delivery and its attempts are read as of one moment.
    let rows: Vec<DeliveryAttemptRow> = diesel::sql_query(format!(
        "SELECT * FROM ({} WHERE d.tenant_id = ?1 AND d.id = ?2) \
         LEFT JOIN (SELECT {JOINED_ATTEMPT_COLUMNS}, a.id AS attempt_id FROM webhook_attempts a \
                    WHERE a.delivery_id = ?2) ON 1 \
         ORDER BY attempt_id",
        delivery_select(None)
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
           e.event_type, e.dedupe_key, e.body, ep.headers, ep.auth_summary \
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
