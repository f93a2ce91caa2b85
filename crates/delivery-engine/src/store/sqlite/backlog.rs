//! SQLite: backlogged endpoints (see `store/backlog.rs` for each operation's contract). One
//! writer at a time: enqueue, switch and fill never interleave, and `seq` is drawn under the
//! write lock, so it is the order of commits.

use super::rows::{EndpointFilterRow, IdRow, OpenRow, OwedEventRow};
use super::values::{json_ids, micros, uuid};
use super::{atomically_as, Writer};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::BacklogFill;
use crate::store::routes::compiled_filter;
use chrono::Utc;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

/// Open deliveries of endpoint `?1`, counted up to `?2`.
macro_rules! open_count {
    () => {
        "(SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d \
                                WHERE d.endpoint_id = ?1 AND d.status IN ('pending', 'failed') \
                                LIMIT ?2))"
    };
}

pub(crate) fn switch_to_backlog(
    c: &mut SqliteConnection,
    ids: &[Uuid],
    min_open: i64,
) -> EngineResult<Vec<Uuid>> {
    atomically_as(c, Writer::Dispatcher, |c| {
        let mut switched = Vec::new();
        for id in ids {
            let row: Option<IdRow> = prepared(concat!(
                "INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) \
                 SELECT ep.id, \
                        (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                         WHERE e.tenant_id = ep.tenant_id AND e.seq IS NOT NULL) \
                 FROM webhook_endpoints ep \
                 WHERE ep.id = ?1 AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL AND ",
                open_count!(),
                " >= ?2 \
                 ON CONFLICT (endpoint_id) DO NOTHING \
                 RETURNING endpoint_id AS id"
            ))
            .bind::<Text, _>(id.to_string())
            .bind::<BigInt, _>(min_open)
            .get_result(c)
            .optional()?;
            if row.is_some() {
                switched.push(*id);
            }
        }
        Ok(switched)
    })
}

pub(crate) fn fill_backlog(c: &mut SqliteConnection, id: Uuid, max_open: i64) -> EngineResult<BacklogFill> {
    // Read first, without the write lock: a stalled endpoint has no room, and taking the lock
    // for nothing would hold up every writer.
    let open: Option<OpenRow> = prepared(concat!(
        "SELECT ",
        open_count!(),
        " AS open FROM webhook_endpoint_backlogs WHERE endpoint_id = ?1"
    ))
    .bind::<Text, _>(id.to_string())
    .bind::<BigInt, _>(max_open)
    .get_result(c)
    .optional()?;
    match BacklogFill::worth_locking(open.map(|r| r.open), max_open) {
        Err(answer) => Ok(answer),
        Ok(()) => atomically_as(c, Writer::Dispatcher, |c| fill(c, id, max_open)),
    }
}

pub(crate) fn backlogged_endpoints(c: &mut SqliteConnection, limit: i64) -> EngineResult<Vec<Uuid>> {
    let rows: Vec<IdRow> = prepared(
        "SELECT b.endpoint_id AS id FROM webhook_endpoint_backlogs b \
         JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
         WHERE ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
         ORDER BY b.endpoint_id LIMIT ?1",
    )
    .bind::<BigInt, _>(limit)
    .load(c)?;
    Ok(rows.iter().map(|r| uuid(&r.id)).collect::<Result<_, _>>()?)
}

/// In the caller's transaction: closes these endpoints' open backlogs at the last event
/// accepted so far, under the filter they have now (see the PostgreSQL twin).
pub(super) fn close(c: &mut SqliteConnection, ids: &[Uuid]) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_endpoint_backlogs \
         SET backlog_until = (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                              JOIN webhook_endpoints ep ON e.tenant_id = ep.tenant_id \
                              WHERE ep.id = webhook_endpoint_backlogs.endpoint_id AND e.seq IS NOT NULL), \
             event_types = (SELECT event_types FROM webhook_endpoints ep \
                            WHERE ep.id = webhook_endpoint_backlogs.endpoint_id), \
             content_filter = (SELECT content_filter FROM webhook_endpoints ep \
                               WHERE ep.id = webhook_endpoint_backlogs.endpoint_id) \
         WHERE endpoint_id IN (SELECT value FROM json_each(?1)) AND backlog_until IS NULL",
    )
    .bind::<Text, _>(json_ids(ids))
    .execute(c)?;
    Ok(())
}

/// In the caller's transaction: forgets a deleted endpoint's backlog (its owed events never
/// become deliveries).
pub(super) fn drop_backlog(c: &mut SqliteConnection, id: Uuid) -> EngineResult<()> {
    prepared("DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = ?1")
        .bind::<Text, _>(id.to_string())
        .execute(c)?;
    Ok(())
}

/// In the caller's transaction: inserts a backlogged endpoint's owed deliveries in `seq`
/// order, up to `max_open` open deliveries in all.
fn fill(c: &mut SqliteConnection, id: Uuid, max_open: i64) -> EngineResult<BacklogFill> {
    let endpoint = id.to_string();
    // A closed backlog owes events up to `backlog_until`, under the filter it had then.
    let locked: Option<EndpointFilterRow> = prepared(concat!(
        "SELECT ep.tenant_id, coalesce(b.event_types, ep.event_types) AS event_types, b.backlog_after, \
                b.backlog_until, \
                CASE WHEN b.backlog_until IS NULL THEN ep.content_filter ELSE b.content_filter END AS content_filter, ",
        open_count!(),
        " AS open FROM webhook_endpoints ep JOIN webhook_endpoint_backlogs b ON b.endpoint_id = ep.id \
         WHERE ep.id = ?1"
    ))
    .bind::<Text, _>(&endpoint)
    .bind::<BigInt, _>(max_open)
    .get_result(c)
    .optional()?;
    let Some(locked) = locked else { return Ok(BacklogFill::NOT_BACKLOGGED) };
    let room = match BacklogFill::room(locked.open, max_open) {
        Ok(room) => room,
        Err(answer) => return Ok(answer),
    };
    let filter = compiled_filter(&id, locked.content_filter.as_deref())?;
    let owed: Vec<OwedEventRow> = prepared(
        "SELECT id, seq, created_at, event_type, CASE WHEN ?6 THEN body END AS body FROM webhook_events \
         WHERE tenant_id = ?1 AND seq > ?2 AND (?5 IS NULL OR seq <= ?5) \
           AND (json_array_length(?3) = 0 OR event_type IN (SELECT value FROM json_each(?3))) \
         ORDER BY seq LIMIT ?4",
    )
    .bind::<Text, _>(&locked.tenant_id)
    .bind::<BigInt, _>(locked.backlog_after)
    .bind::<Text, _>(&locked.event_types)
    .bind::<BigInt, _>(room)
    .bind::<Nullable<BigInt>, _>(locked.backlog_until)
    .bind::<Bool, _>(filter.is_some())
    .load(c)?;
    let mut added = 0;
    // The content filter it is owed under: the events it passes (the cursor moves past all).
    let matching = |e: &&OwedEventRow| {
        filter.as_ref().is_none_or(|f| f.matches_body(e.body.as_deref().unwrap_or_default()))
    };
    if owed.iter().any(|e| matching(&e)) {
        // Time-ordered ids (UUIDv7), as enqueue gives them; each delivery keeps its event's time.
        let rows = serde_json::Value::from(
            owed.iter()
                .filter(matching)
                .map(|e| serde_json::json!([Uuid::now_v7().to_string(), e.id, e.created_at, e.event_type]))
                .collect::<Vec<_>>(),
        )
        .to_string();
        added = prepared(
            "INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, \
             next_attempt_at, available_at, created_at, updated_at, event_type) \
             SELECT t.value ->> 0, ?2, t.value ->> 1, ?3, 'pending', ?4, ?4, t.value ->> 2, ?4, t.value ->> 3 \
             FROM json_each(?1) t \
             WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d \
                               WHERE d.event_id = t.value ->> 1 AND d.endpoint_id = ?3)",
        )
        .bind::<Text, _>(&rows)
        .bind::<Text, _>(&locked.tenant_id)
        .bind::<Text, _>(&endpoint)
        .bind::<BigInt, _>(micros(Utc::now()))
        .execute(c)? as i64;
    }
    // As many owed events as the room: there may be more. Fewer: that was the last of them.
    if let Some(last) = owed.last().filter(|_| owed.len() as i64 >= room) {
        prepared("UPDATE webhook_endpoint_backlogs SET backlog_after = ?2 WHERE endpoint_id = ?1")
            .bind::<Text, _>(&endpoint)
            .bind::<BigInt, _>(last.seq)
            .execute(c)?;
        return Ok(BacklogFill { added, backlogged: true });
    }
    prepared("DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = ?1")
        .bind::<Text, _>(&endpoint)
        .execute(c)?;
    Ok(BacklogFill { added, backlogged: false })
}
