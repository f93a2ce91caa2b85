//! PostgreSQL: retention (see `store/retention.rs` for each operation's contract).

use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::{id_floor, HistorySize, SweepBatch, SweepCursor, TableSize, HISTORY_TABLES};
use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Timestamptz, Uuid as SqlUuid};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The advisory lock that lets one sweeper work at a time (any constant no other code uses).
const SWEEP_LOCK: i64 = 0x7265_7465_6e74;

/// An event a backlogged endpoint of its tenant is still owed (D36): its `seq` is above the
/// backlog's start. `s` is the scanned event.
macro_rules! owed {
    () => {
        "s.seq IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b \
         JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
         WHERE ep.tenant_id = s.tenant_id AND s.seq > b.backlog_after)"
    };
}

#[derive(QueryableByName)]
struct BatchRow {
    #[diesel(sql_type = Bool)]
    held: bool,
    #[diesel(sql_type = BigInt)]
    removed: i64,
    #[diesel(sql_type = BigInt)]
    attempts: i64,
    #[diesel(sql_type = BigInt)]
    scanned: i64,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    last: Option<Uuid>,
}

impl BatchRow {
    fn into_batch(self, scan: i64) -> SweepBatch {
        SweepBatch::new(self.held, self.removed, self.attempts, self.scanned, scan, self.last)
    }
}

const SWEEP_DELIVERIES: &str = r#"
    WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock($5) AS held),
    scanned AS MATERIALIZED (
        SELECT id FROM webhook_deliveries
        WHERE (SELECT held FROM lock) AND id > $2 AND id < $3 ORDER BY id LIMIT $4),
    gone AS (
        DELETE FROM webhook_deliveries d USING scanned s
        WHERE d.id = s.id AND d.status IN ('delivered', 'dead') AND d.updated_at < $1
        RETURNING d.id),
    attempts AS (DELETE FROM webhook_attempts a USING gone WHERE a.delivery_id = gone.id RETURNING 1)
    SELECT (SELECT held FROM lock) AS held, (SELECT count(*) FROM gone) AS removed,
           (SELECT count(*) FROM attempts) AS attempts, (SELECT count(*) FROM scanned) AS scanned,
           (SELECT id FROM scanned ORDER BY id DESC LIMIT 1) AS last
"#;

pub(crate) async fn sweep_deliveries(
    conn: &mut AsyncPgConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
) -> EngineResult<SweepBatch> {
    let row: BatchRow = prepared(SWEEP_DELIVERIES)
        .bind::<Timestamptz, _>(cutoff)
        .bind::<SqlUuid, _>(cursor.after())
        .bind::<SqlUuid, _>(id_floor(cutoff))
        .bind::<BigInt, _>(scan)
        .bind::<BigInt, _>(SWEEP_LOCK)
        .get_result(conn)
        .await?;
    Ok(row.into_batch(scan))
}

const SWEEP_EVENTS: &str = concat!(
    "WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock($4) AS held), \
     scanned AS MATERIALIZED ( \
         SELECT id, tenant_id, seq FROM webhook_events \
         WHERE (SELECT held FROM lock) AND id > $1 AND id < $2 ORDER BY id LIMIT $3), \
     gone AS ( \
         DELETE FROM webhook_events e USING scanned s \
         WHERE e.id = s.id AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = s.id) \
         AND NOT (",
    owed!(),
    ") RETURNING e.id) \
     SELECT (SELECT held FROM lock) AS held, (SELECT count(*) FROM gone) AS removed, \
            0::bigint AS attempts, (SELECT count(*) FROM scanned) AS scanned, \
            (SELECT id FROM scanned ORDER BY id DESC LIMIT 1) AS last"
);

pub(crate) async fn sweep_events(
    conn: &mut AsyncPgConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
) -> EngineResult<SweepBatch> {
    let row: BatchRow = prepared(SWEEP_EVENTS)
        .bind::<SqlUuid, _>(cursor.after())
        .bind::<SqlUuid, _>(id_floor(cutoff))
        .bind::<BigInt, _>(scan)
        .bind::<BigInt, _>(SWEEP_LOCK)
        .get_result(conn)
        .await?;
    Ok(row.into_batch(scan))
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
}

#[derive(QueryableByName)]
struct Counted {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Of the events `$1`, those whose every delivery settled before `$2` and that no backlog is
/// owed.
const READY: &str = concat!(
    "SELECT s.id FROM webhook_events s WHERE s.id = ANY($1) \
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = s.id \
         AND (d.status IN ('pending', 'failed') OR d.updated_at >= $2)) \
     AND NOT (",
    owed!(),
    ") ORDER BY s.id"
);

pub(crate) async fn erase_payloads(
    conn: &mut AsyncPgConnection,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
    now: DateTime<Utc>,
) -> EngineResult<SweepBatch> {
    let after = cursor.after();
    conn.transaction(async |conn| {
        let lock: BoolRow = prepared("SELECT pg_try_advisory_xact_lock($1) AS held")
            .bind::<BigInt, _>(SWEEP_LOCK)
            .get_result(conn)
            .await?;
        if !lock.held {
            return Ok(SweepBatch::new(false, 0, 0, 0, scan, None));
        }
        let scanned: Vec<IdRow> = prepared(
            "SELECT id FROM webhook_events WHERE payload_erased_at IS NULL AND id > $1 AND id < $2 \
             ORDER BY id LIMIT $3",
        )
        .bind::<SqlUuid, _>(after)
        .bind::<SqlUuid, _>(id_floor(cutoff))
        .bind::<BigInt, _>(scan)
        .load(conn)
        .await?;
        let scanned: Vec<Uuid> = scanned.into_iter().map(|r| r.id).collect();
        let ready = ready_events(conn, &scanned, cutoff).await?;
        let (erased, attempts) = erase(conn, &ready, now).await?;
        Ok(SweepBatch::new(true, erased, attempts, scanned.len() as i64, scan, scanned.last().copied()))
    })
    .await
}

#[derive(QueryableByName)]
struct BoolRow {
    #[diesel(sql_type = Bool)]
    held: bool,
}

/// The events of `scanned` ready to lose their payload, read again after locking their
/// deliveries: a re-send that committed meanwhile takes its event out (and one that comes later
/// finds the payload erased and refuses).
async fn ready_events(
    conn: &mut AsyncPgConnection,
    scanned: &[Uuid],
    cutoff: DateTime<Utc>,
) -> EngineResult<Vec<Uuid>> {
    let first: Vec<IdRow> =
        prepared(READY).bind::<Array<SqlUuid>, _>(scanned).bind::<Timestamptz, _>(cutoff).load(conn).await?;
    let first: Vec<Uuid> = first.into_iter().map(|r| r.id).collect();
    if first.is_empty() {
        return Ok(first);
    }
    let _locked: Vec<IdRow> =
        prepared("SELECT id FROM webhook_deliveries WHERE event_id = ANY($1) ORDER BY id FOR UPDATE")
            .bind::<Array<SqlUuid>, _>(&first)
            .load(conn)
            .await?;
    let ready: Vec<IdRow> =
        prepared(READY).bind::<Array<SqlUuid>, _>(&first).bind::<Timestamptz, _>(cutoff).load(conn).await?;
    Ok(ready.into_iter().map(|r| r.id).collect())
}

/// Erases the payload of `events` and the response excerpts of their deliveries' attempts.
async fn erase(
    conn: &mut AsyncPgConnection,
    events: &[Uuid],
    now: DateTime<Utc>,
) -> EngineResult<(i64, i64)> {
    if events.is_empty() {
        return Ok((0, 0));
    }
    let erased = prepared(
        "UPDATE webhook_events SET body = ''::bytea, payload_erased_at = $2 \
         WHERE id = ANY($1) AND payload_erased_at IS NULL",
    )
    .bind::<Array<SqlUuid>, _>(events)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await?;
    let attempts = prepared(
        "UPDATE webhook_attempts a SET response_body = NULL FROM webhook_deliveries d \
         WHERE d.event_id = ANY($1) AND a.delivery_id = d.id AND a.response_body IS NOT NULL",
    )
    .bind::<Array<SqlUuid>, _>(events)
    .execute(conn)
    .await?;
    Ok((erased as i64, attempts as i64))
}

const SWEEP_HOUSEKEEPING: &str = r#"
    WITH jobs AS (
        DELETE FROM webhook_recovery_jobs WHERE id IN (
            SELECT id FROM webhook_recovery_jobs
            WHERE status IN ('finished', 'cancelled', 'failed') AND finished_at < $1 LIMIT $3)
        RETURNING 1),
    keys AS (
        DELETE FROM idempotency_keys WHERE ctid IN (
            SELECT ctid FROM idempotency_keys WHERE created_at < $2 LIMIT $3)
        RETURNING 1),
    hours AS (
        DELETE FROM webhook_stats_hourly WHERE ctid IN (
            SELECT ctid FROM webhook_stats_hourly WHERE hour < $1 LIMIT $3)
        RETURNING 1),
    endpoints AS (
        SELECT id FROM webhook_endpoints ep
        WHERE ep.deleted_at < $1 - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM webhook_recovery_jobs j WHERE j.endpoint_id = ep.id)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = ep.id)
        LIMIT $3),
    backlogs AS (DELETE FROM webhook_endpoint_backlogs b USING endpoints e WHERE b.endpoint_id = e.id RETURNING 1),
    sessions AS (DELETE FROM webhook_listen_sessions l USING endpoints e WHERE l.endpoint_id = e.id RETURNING 1),
    gone AS (DELETE FROM webhook_endpoints ep USING endpoints e WHERE ep.id = e.id RETURNING 1)
    SELECT (SELECT count(*) FROM jobs) + (SELECT count(*) FROM keys) + (SELECT count(*) FROM hours)
         + (SELECT count(*) FROM backlogs)
         + (SELECT count(*) FROM sessions) + (SELECT count(*) FROM gone) AS n
"#;

pub(crate) async fn sweep_housekeeping(
    conn: &mut AsyncPgConnection,
    cutoff: DateTime<Utc>,
    keys_cutoff: DateTime<Utc>,
    limit: i64,
) -> EngineResult<i64> {
    let row: Counted = prepared(SWEEP_HOUSEKEEPING)
        .bind::<Timestamptz, _>(cutoff)
        .bind::<Timestamptz, _>(keys_cutoff)
        .bind::<BigInt, _>(limit)
        .get_result(conn)
        .await?;
    Ok(row.n)
}

#[derive(QueryableByName)]
struct SizeRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    rows: i64,
    #[diesel(sql_type = BigInt)]
    bytes: i64,
}

#[derive(QueryableByName)]
struct FlagRow {
    #[diesel(sql_type = Bool)]
    on: bool,
}

/// Whether the server's autovacuum is on: without it, what the sweeper removes is never reused.
pub(crate) async fn autovacuum_on(conn: &mut AsyncPgConnection) -> EngineResult<bool> {
    let row: FlagRow = prepared("SELECT current_setting('autovacuum')::bool AS on").get_result(conn).await?;
    Ok(row.on)
}

#[derive(QueryableByName)]
struct OldestRow {
    #[diesel(sql_type = Nullable<Timestamptz>)]
    settled: Option<DateTime<Utc>>,
}

pub(crate) async fn history_size(conn: &mut AsyncPgConnection) -> EngineResult<HistorySize> {
    let sizes: Vec<SizeRow> = prepared(
        "SELECT c.relname::text AS name, greatest(c.reltuples, 0)::bigint AS rows, \
                pg_total_relation_size(c.oid) AS bytes \
         FROM pg_class c WHERE c.relkind = 'r' AND c.relname = ANY($1) \
           AND c.relnamespace = 'public'::regnamespace",
    )
    .bind::<Array<diesel::sql_types::Text>, _>(&HISTORY_TABLES[..])
    .load(conn)
    .await?;
    let oldest: OldestRow = prepared(
        "SELECT (SELECT updated_at FROM webhook_deliveries WHERE status IN ('delivered', 'dead') \
         ORDER BY id LIMIT 1) AS settled",
    )
    .get_result(conn)
    .await?;
    let tables = HISTORY_TABLES
        .iter()
        .filter_map(|t| {
            sizes.iter().find(|s| s.name == *t).map(|s| TableSize { table: t, rows: s.rows, bytes: s.bytes })
        })
        .collect();
    Ok(HistorySize { tables, oldest_settled: oldest.settled })
}

/// Which of `deliveries` have their event's payload erased. Read in a statement of its own
/// after the caller locked them, so an erase that committed meanwhile is seen.
pub(crate) async fn erased_payloads(
    conn: &mut AsyncPgConnection,
    deliveries: &[Uuid],
) -> EngineResult<Vec<Uuid>> {
    let rows: Vec<IdRow> = prepared(
        "SELECT d.id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
         WHERE d.id = ANY($1) AND e.payload_erased_at IS NOT NULL",
    )
    .bind::<Array<SqlUuid>, _>(deliveries)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}
