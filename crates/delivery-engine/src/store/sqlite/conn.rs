//! SQLite pools: synchronous connections, opened with the engine's per-connection settings and
//! only ever used on blocking threads.

use crate::error::{EngineError, EngineResult};
use crate::store::model::Commit;
use diesel::{Connection, ConnectionError, SqliteConnection};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub(crate) type SqlitePool = deadpool::managed::Pool<Manager>;

/// SQLite's `synchronous` setting for a commit mode.
fn synchronous(commit: Commit) -> &'static str {
    match commit {
        Commit::Durable => "FULL",
        Commit::Asynchronous => "NORMAL",
    }
}

/// Opens SQLite connections with the engine's per-connection settings.
#[derive(Debug)]
pub(crate) struct Manager {
    path: PathBuf,
    commit: Commit,
    timeout: Duration,
}

/// Opens one connection: WAL, foreign keys, the commit mode, and a lock wait of `timeout`.
pub(crate) fn open(
    path: &Path,
    commit: Commit,
    timeout: Duration,
) -> Result<SqliteConnection, ConnectionError> {
    use diesel::connection::SimpleConnection;
    let new_file = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
    let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
    // One batch: `sql_query` would run only the first statement. busy_timeout comes first so
    // that switching to WAL waits for a lock instead of failing when processes start at once.
    // A page cache of 256 KiB per connection instead of SQLite's 2 MiB: two pools of 16
    // connections would otherwise grow to 64 MiB, most of it copies of the same hot pages
    // that the operating system's page cache holds anyway (measured: hang50 peak RSS 47 MB
    // at 2 MiB, 40-42.5 MB at 512 KiB, 30-31 MB at 256 KiB, throughput unchanged).
    // `auto_vacuum = INCREMENTAL` takes effect only on a file that has no table yet, so it is
    // set on a new file only (on an existing one it would wait for the write lock for nothing):
    // there the sweeper gives freed pages back (docs/engine.md, "Retention"); an older file
    // reuses them for new rows instead.
    let auto_vacuum = if new_file { "PRAGMA auto_vacuum = INCREMENTAL;" } else { "" };
    conn.batch_execute(&format!(
        "PRAGMA busy_timeout = {}; {auto_vacuum} PRAGMA journal_mode = WAL; \
         PRAGMA foreign_keys = ON; PRAGMA synchronous = {}; PRAGMA cache_size = -256;",
        timeout.as_millis(),
        synchronous(commit)
    ))
    .map_err(ConnectionError::CouldntSetupConfiguration)?;
    Ok(conn)
}

/// Creates the database file's directory if it is missing.
pub(crate) fn create_parent_dir(path: &Path) -> EngineResult<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| EngineError::Config(format!("creating {}: {e}", dir.display())))?;
    }
    Ok(())
}

impl deadpool::managed::Manager for Manager {
    type Type = SqliteConnection;
    type Error = ConnectionError;

    async fn create(&self) -> Result<SqliteConnection, ConnectionError> {
        let (path, commit, timeout) = (self.path.clone(), self.commit, self.timeout);
        tokio::task::spawn_blocking(move || open(&path, commit, timeout))
            .await
            .map_err(|e| ConnectionError::BadConnection(e.to_string()))?
    }

    async fn recycle(
        &self,
        conn: &mut SqliteConnection,
        _: &deadpool::managed::Metrics,
    ) -> deadpool::managed::RecycleResult<ConnectionError> {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        // A connection is never handed back mid-transaction (transactions run to the end on a
        // blocking thread); should one be, after a panic, it is discarded.
        let idle = !AnsiTransactionManager::is_broken_transaction_manager(conn)
            && matches!(
                AnsiTransactionManager::transaction_manager_status_mut(conn).transaction_depth(),
                Ok(None)
            );
        if idle {
            Ok(())
        } else {
            Err(deadpool::managed::RecycleError::message("connection left inside a transaction"))
        }
    }
}

/// A pool whose waits (for a connection, a new connection, a lock) end after `timeout`.
pub(crate) fn pool(
    path: &Path,
    max_size: usize,
    commit: Commit,
    timeout: Duration,
) -> EngineResult<SqlitePool> {
    create_parent_dir(path)?;
    let manager = Manager { path: path.to_owned(), commit, timeout };
    deadpool::managed::Pool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(timeout))
        .create_timeout(Some(timeout))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))
}

pub(crate) fn pool_error(e: deadpool::managed::PoolError<ConnectionError>) -> EngineError {
    EngineError::Unavailable(e.to_string())
}
