//! workflow-api's own table (`workflow_runs`): one function per operation, each dispatching to
//! the backend's file (`pg.rs`: diesel's DSL; `sqlite.rs`: bound SQL). The engine's tables are
//! reached only through the engine's API. Every query is scoped by account.

mod model;
mod pg;
mod sqlite;

pub use model::{Run, RunSettle, RUNNING};

use chrono::{DateTime, Utc};
use delivery_engine::db::{Backend, DbConn, MigrationSet};
use delivery_engine::deliveries::LogPosition;
use diesel::QueryResult;
use uuid::Uuid;

pub const MIGRATIONS: MigrationSet = MigrationSet {
    postgres: diesel_migrations::embed_migrations!("../../migrations/postgres/workflow-api"),
    sqlite: diesel_migrations::embed_migrations!("../../migrations/sqlite/workflow-api"),
};

/// Stores new runs.
pub async fn insert_runs(conn: &mut DbConn<'_>, runs: &[Run]) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::insert_runs(c, runs).await,
        Backend::Sqlite(c) => sqlite::insert_runs(c, runs),
    }
}

/// The account's run with this id.
pub async fn get_run(conn: &mut DbConn<'_>, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    match conn.backend() {
        Backend::Pg(c) => pg::get_run(c, account, id, false).await,
        Backend::Sqlite(c) => sqlite::get_run(c, account, id),
    }
}

/// The account's runs, newest first (by `created_at`, then `id`), at most `limit`; with
/// `after`, only those after that position in this order (a keyset page).
pub async fn list_runs(
    conn: &mut DbConn<'_>,
    account: &str,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Run>> {
    match conn.backend() {
        Backend::Pg(c) => pg::list_runs(c, account, after, limit).await,
        Backend::Sqlite(c) => sqlite::list_runs(c, account, after, limit),
    }
}

/// Reads the run and locks it until the end of the caller's transaction (on SQLite the
/// transaction already holds the write lock).
pub async fn lock_run(conn: &mut DbConn<'_>, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    match conn.backend() {
        Backend::Pg(c) => pg::get_run(c, account, id, true).await,
        Backend::Sqlite(c) => sqlite::get_run(c, account, id),
    }
}

/// Applies each settle whose run is still running: records its status and when it settled.
/// Returns the runs it settled, as settled; a settle of a run not running (settled already, or
/// not the account's) changes nothing and returns nothing.
pub async fn settle_if_running(
    conn: &mut DbConn<'_>,
    settles: &[RunSettle<'_>],
    completed_at: DateTime<Utc>,
) -> QueryResult<Vec<Run>> {
    match conn.backend() {
        Backend::Pg(c) => pg::settle_if_running(c, settles, completed_at).await,
        Backend::Sqlite(c) => sqlite::settle_if_running(c, settles, completed_at),
    }
}
