//! SQLite: retention (see `store/retention.rs` for each operation's contract). Each batch is
//! one write transaction that takes its turn with the API's writers (`atomically`), so a sweep
//! never jumps ahead of the dispatcher or of a request; there is one process per file, so no
//! lock is needed to keep sweepers apart.

use super::atomically;
use super::rows::{CountRow, IdRow};
use super::values::{json_ids, micros, opt_time, uuid};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::{id_floor, HistorySize, SweepBatch, SweepCursor, TableSize, HISTORY_TABLES};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{QueryableByName, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

/// An event a backlogged endpoint of its tenant is still owed (D36): its `seq` is above the
/// backlog's start. `s` is the scanned event.
macro_rules! owed {
    () => {
        "s.seq IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b \
         JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
         WHERE ep.tenant_id = s.tenant_id AND s.seq > b.backlog_after)"
    };
}

/// The ids after `?1` and before `?2` of a table, at most `?3`, in order.
fn scan(
    c: &mut SqliteConnection,
    sql: &'static str,
    cursor: SweepCursor,
    cutoff: DateTime<Utc>,
    n: i64,
) -> EngineResult<Vec<String>> {
    let rows: Vec<IdRow> = prepared(sql)
        .bind::<Text, _>(cursor.after().to_string())
        .bind::<Text, _>(id_floor(cutoff).to_string())
        .bind::<BigInt, _>(n)
        .load(c)?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

fn last_id(ids: &[String]) -> EngineResult<Option<Uuid>> {
    Ok(ids.last().map(|id| uuid(id)).transpose()?)
}

pub(crate) fn sweep_deliveries(
    c: &mut SqliteConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    n: i64,
) -> EngineResult<SweepBatch> {
    atomically(c, |c| {
        let ids = scan(
            c,
            "SELECT id FROM webhook_deliveries WHERE id > ?1 AND id < ?2 ORDER BY id LIMIT ?3",
            cursor,
            cutoff,
            n,
        )?;
        let gone: Vec<IdRow> = prepared(
            "DELETE FROM webhook_deliveries WHERE id IN (SELECT value FROM json_each(?1)) \
             AND status IN ('delivered', 'dead') AND updated_at < ?2 RETURNING id",
        )
        .bind::<Text, _>(serde_json::Value::from(ids.clone()).to_string())
        .bind::<BigInt, _>(micros(cutoff))
        .load(c)?;
        let gone: Vec<String> = gone.into_iter().map(|r| r.id).collect();
        let attempts =
            prepared("DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?1))")
                .bind::<Text, _>(serde_json::Value::from(gone.clone()).to_string())
                .execute(c)?;
        Ok(SweepBatch::new(true, gone.len() as i64, attempts as i64, ids.len() as i64, n, last_id(&ids)?))
    })
}

const SWEEP_EVENTS: &str = concat!(
    "DELETE FROM webhook_events WHERE id IN ( \
         SELECT s.id FROM webhook_events s WHERE s.id IN (SELECT value FROM json_each(?1)) \
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = s.id) AND NOT (",
    owed!(),
    "))"
);

pub(crate) fn sweep_events(
    c: &mut SqliteConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    n: i64,
) -> EngineResult<SweepBatch> {
    atomically(c, |c| {
        let ids = scan(
            c,
            "SELECT id FROM webhook_events WHERE id > ?1 AND id < ?2 ORDER BY id LIMIT ?3",
            cursor,
            cutoff,
            n,
        )?;
        let removed = prepared(SWEEP_EVENTS)
            .bind::<Text, _>(serde_json::Value::from(ids.clone()).to_string())
            .execute(c)?;
        Ok(SweepBatch::new(true, removed as i64, 0, ids.len() as i64, n, last_id(&ids)?))
    })
}

/// Of the events `?1`, those whose every delivery settled before `?2` and that no backlog is
/// owed, as a JSON list for the two statements that erase.
const READY: &str = concat!(
    "SELECT s.id FROM webhook_events s WHERE s.id IN (SELECT value FROM json_each(?1)) \
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = s.id \
         AND (d.status IN ('pending', 'failed') OR d.updated_at >= ?2)) \
     AND NOT (",
    owed!(),
    ")"
);

pub(crate) fn erase_payloads(
    c: &mut SqliteConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    n: i64,
    now: DateTime<Utc>,
) -> EngineResult<SweepBatch> {
    atomically(c, |c| {
        let ids = scan(
            c,
            "SELECT id FROM webhook_events WHERE payload_erased_at IS NULL AND id > ?1 AND id < ?2 ORDER BY id LIMIT ?3",
            cursor,
            cutoff,
            n,
        )?;
        let ready: Vec<IdRow> = prepared(READY)
            .bind::<Text, _>(serde_json::Value::from(ids.clone()).to_string())
            .bind::<BigInt, _>(micros(cutoff))
            .load(c)?;
        let ready = json_ids(&ready.iter().map(|r| uuid(&r.id)).collect::<Result<Vec<_>, _>>()?);
        let erased = prepared(
            "UPDATE webhook_events SET body = X'', payload_erased_at = ?2 \
             WHERE id IN (SELECT value FROM json_each(?1)) AND payload_erased_at IS NULL",
        )
        .bind::<Text, _>(&ready)
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
        let attempts = prepared(
            "UPDATE webhook_attempts SET response_body = NULL WHERE response_body IS NOT NULL AND delivery_id IN \
             (SELECT d.id FROM webhook_deliveries d WHERE d.event_id IN (SELECT value FROM json_each(?1)))",
        )
        .bind::<Text, _>(&ready)
        .execute(c)?;
        Ok(SweepBatch::new(true, erased as i64, attempts as i64, ids.len() as i64, n, last_id(&ids)?))
    })
}

const SWEEP_JOBS: &str =
    "DELETE FROM webhook_recovery_jobs WHERE id IN (SELECT id FROM webhook_recovery_jobs \
     WHERE status IN ('finished', 'cancelled', 'failed') AND finished_at < ?1 LIMIT ?2)";
const SWEEP_KEYS: &str =
    "DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ?1 LIMIT ?2)";
/// The consoles' hourly figures older than the history.
const SWEEP_HOURS: &str = "DELETE FROM webhook_stats_hourly WHERE (tenant_id, hour, endpoint_id, latency_bucket) IN \
     (SELECT tenant_id, hour, endpoint_id, latency_bucket FROM webhook_stats_hourly WHERE hour < ?1 LIMIT ?2)";
/// Deleted endpoints whose deliveries were ended at their deletion and removed a day ago.
const DEAD_ENDPOINTS: &str = "SELECT id FROM webhook_endpoints ep WHERE ep.deleted_at < ?1 \
     AND NOT EXISTS (SELECT 1 FROM webhook_recovery_jobs j WHERE j.endpoint_id = ep.id) \
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = ep.id) LIMIT ?2";

pub(crate) fn sweep_housekeeping(
    c: &mut SqliteConnection,
    cutoff: DateTime<Utc>,
    keys_cutoff: DateTime<Utc>,
    limit: i64,
) -> EngineResult<i64> {
    atomically(c, |c| {
        let jobs =
            prepared(SWEEP_JOBS).bind::<BigInt, _>(micros(cutoff)).bind::<BigInt, _>(limit).execute(c)?;
        let keys = prepared(SWEEP_KEYS)
            .bind::<BigInt, _>(micros(keys_cutoff))
            .bind::<BigInt, _>(limit)
            .execute(c)?;
        let endpoints: Vec<IdRow> = prepared(DEAD_ENDPOINTS)
            .bind::<BigInt, _>(micros(cutoff - chrono::Duration::days(1)))
            .bind::<BigInt, _>(limit)
            .load(c)?;
        let ids =
            serde_json::Value::from(endpoints.into_iter().map(|r| r.id).collect::<Vec<_>>()).to_string();
        let hours =
            prepared(SWEEP_HOURS).bind::<BigInt, _>(micros(cutoff)).bind::<BigInt, _>(limit).execute(c)?;
        let mut removed = jobs + keys + hours;
        for sql in [
            "DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id IN (SELECT value FROM json_each(?1))",
            "DELETE FROM webhook_listen_sessions WHERE endpoint_id IN (SELECT value FROM json_each(?1))",
            "DELETE FROM webhook_endpoints WHERE id IN (SELECT value FROM json_each(?1))",
        ] {
            removed += prepared(sql).bind::<Text, _>(&ids).execute(c)?;
        }
        Ok(removed as i64)
    })
}

#[derive(QueryableByName)]
struct SizeRow {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    bytes: i64,
}

#[derive(QueryableByName)]
struct OldestRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    settled: Option<i64>,
}

/// Each table's rows (a count: SQLite keeps no estimate) and its pages with its indexes'.
pub(crate) fn history_size(c: &mut SqliteConnection) -> EngineResult<HistorySize> {
    let pages: Vec<SizeRow> = prepared(
        "SELECT coalesce(i.tbl_name, s.name) AS name, sum(s.pgsize) AS bytes \
         FROM dbstat s LEFT JOIN sqlite_schema i ON i.name = s.name AND i.type = 'index' \
         WHERE s.aggregate = TRUE GROUP BY 1",
    )
    .load(c)?;
    let mut tables = Vec::new();
    for table in HISTORY_TABLES {
        let rows: CountRow = diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")).get_result(c)?;
        let bytes = pages.iter().filter(|p| p.name == table).map(|p| p.bytes).sum();
        tables.push(TableSize { table, rows: rows.n, bytes });
    }
    let oldest: OldestRow = prepared(
        "SELECT (SELECT updated_at FROM webhook_deliveries WHERE status IN ('delivered', 'dead') \
         ORDER BY id LIMIT 1) AS settled",
    )
    .get_result(c)?;
    Ok(HistorySize { tables, oldest_settled: opt_time(oldest.settled)? })
}

/// Pages given back per call at most (4 MiB of 4 KiB pages).
const RETURNED_PAGES: i64 = 1_024;

pub(crate) fn return_space(c: &mut SqliteConnection) -> EngineResult<()> {
    use diesel::connection::SimpleConnection;
    c.batch_execute(&format!("PRAGMA incremental_vacuum({RETURNED_PAGES})"))?;
    Ok(())
}

/// Which of `deliveries` have their event's payload erased.
pub(crate) fn erased_payloads(c: &mut SqliteConnection, deliveries: &[Uuid]) -> EngineResult<Vec<Uuid>> {
    let rows: Vec<IdRow> = prepared(
        "SELECT d.id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
         WHERE d.id IN (SELECT value FROM json_each(?1)) AND e.payload_erased_at IS NOT NULL",
    )
    .bind::<Text, _>(json_ids(deliveries))
    .load(c)?;
    Ok(rows.iter().map(|r| uuid(&r.id)).collect::<Result<_, _>>()?)
}
