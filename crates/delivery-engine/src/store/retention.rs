//! Retention: removing the history that is older than the operator keeps (`RETENTION`), and
//! erasing payloads sooner when asked (`PAYLOAD_RETENTION`). Each operation works through one
//! batch of rows in id order (delivery and event ids are UUIDv7, so id order is the order
//! their events were accepted in) and says where the next batch goes on; the sweeper
//! (`worker/retention.rs`) chains batches into a pass. Nothing here touches an open delivery,
//! an event a delivery or a backlog still needs, or a row accepted after the cutoff.
//!
//! On PostgreSQL each batch first takes a transaction-level advisory lock and does nothing if
//! another process holds it: one sweeper works at a time, whatever the number of workers.

use super::model::{HistorySize, SweepBatch, SweepCursor};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use chrono::{DateTime, Utc};

/// Removes, among the deliveries after `cursor` accepted before `cutoff` (at most `scan` of
/// them), those settled (delivered or dead) before `cutoff`, with their attempts.
pub(crate) async fn sweep_deliveries(
    conn: &mut DbConn<'_>,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
) -> EngineResult<SweepBatch> {
    match conn.backend() {
        Backend::Pg(c) => pg::retention::sweep_deliveries(c, cutoff, cursor, scan).await,
        Backend::Sqlite(c) => sqlite::retention::sweep_deliveries(c, cutoff, cursor, scan),
    }
}

/// Removes, among the events after `cursor` accepted before `cutoff` (at most `scan`), those
/// that no delivery refers to any more and that no backlogged endpoint is owed.
pub(crate) async fn sweep_events(
    conn: &mut DbConn<'_>,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
) -> EngineResult<SweepBatch> {
    match conn.backend() {
        Backend::Pg(c) => pg::retention::sweep_events(c, cutoff, cursor, scan).await,
        Backend::Sqlite(c) => sqlite::retention::sweep_events(c, cutoff, cursor, scan),
    }
}

/// Erases the payload of the events after `cursor` accepted before `cutoff` whose payload is
/// kept (at most `scan`), when every delivery of the event settled before `cutoff` and no
/// backlogged endpoint is owed it: the body, and the response excerpts of the deliveries'
/// attempts. The event and its deliveries stay, marked (`payload_erased_at = now`).
pub(crate) async fn erase_payloads(
    conn: &mut DbConn<'_>,
    cutoff: DateTime<Utc>,
    cursor: SweepCursor,
    scan: i64,
    now: DateTime<Utc>,
) -> EngineResult<SweepBatch> {
    match conn.backend() {
        Backend::Pg(c) => pg::retention::erase_payloads(c, cutoff, cursor, scan, now).await,
        Backend::Sqlite(c) => sqlite::retention::erase_payloads(c, cutoff, cursor, scan, now),
    }
}

/// Removes, at most `limit` of each: recovery jobs that ended before `cutoff`, idempotency keys
/// created before `keys_cutoff`, the consoles' hourly figures of hours before `cutoff`, and
/// deleted endpoints that no delivery refers to any more (their backlog and listen rows with
/// them). Returns how many rows in all.
pub(crate) async fn sweep_housekeeping(
    conn: &mut DbConn<'_>,
    cutoff: DateTime<Utc>,
    keys_cutoff: DateTime<Utc>,
    limit: i64,
) -> EngineResult<i64> {
    match conn.backend() {
        Backend::Pg(c) => pg::retention::sweep_housekeeping(c, cutoff, keys_cutoff, limit).await,
        Backend::Sqlite(c) => sqlite::retention::sweep_housekeeping(c, cutoff, keys_cutoff, limit),
    }
}

/// The size of each of [`HISTORY_TABLES`](super::model::HISTORY_TABLES), and when the oldest
/// settled delivery kept settled: cheap enough to sample every few minutes (PostgreSQL: the
/// planner's row estimates and the relations' sizes; SQLite: counts, and `dbstat`'s page sums).
pub(crate) async fn history_size(conn: &mut DbConn<'_>) -> EngineResult<HistorySize> {
    match conn.backend() {
        Backend::Pg(c) => pg::retention::history_size(c).await,
        Backend::Sqlite(c) => sqlite::retention::history_size(c),
    }
}

/// Why the space the sweeper frees would not be reused, if it would not: on PostgreSQL, the
/// server's autovacuum switched off (it is on by default); never on SQLite, whose freed pages the
/// next rows take.
pub(crate) async fn space_not_reused(conn: &mut DbConn<'_>) -> EngineResult<Option<&'static str>> {
    match conn.backend() {
        Backend::Pg(c) => Ok((!pg::retention::autovacuum_on(c).await?).then_some(
            "PostgreSQL's autovacuum is off: the space of the history the sweeper removes is never \
             reused and the database keeps growing; turn autovacuum on (PostgreSQL's default) or \
             VACUUM the webhook tables regularly",
        )),
        Backend::Sqlite(_) => Ok(None),
    }
}

/// Gives freed pages back to the file system, a bounded number at a time (SQLite's
/// `incremental_vacuum`, where the file was created with `auto_vacuum = INCREMENTAL`); nothing on
/// PostgreSQL, whose autovacuum reuses the space.
pub(crate) async fn return_space(conn: &mut DbConn<'_>) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(_) => Ok(()),
        Backend::Sqlite(c) => sqlite::retention::return_space(c),
    }
}
