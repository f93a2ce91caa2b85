//! SQLite: SQL with numbered parameters (`?1`, so one value can appear twice), on diesel's
//! synchronous connection on a blocking thread (see [`crate::store::Pool`]). Types as in
//! `migrations/sqlite/engine`: timestamps as µs since the epoch (`i64::MAX` is PostgreSQL's
//! `'infinity'`), UUIDs and JSON arrays as text. Batches travel as JSON arrays (`json_each`).
//! There is no NOTIFY: the engine wakes its own dispatchers, and other processes poll.

pub(crate) mod conn;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod queue;
mod rows;
pub mod values;

use crate::error::EngineResult;
use diesel::{Connection, SqliteConnection};

/// Runs `f` atomically: in a `BEGIN IMMEDIATE` transaction of its own, or as a savepoint of the
/// caller's transaction (which [`crate::store::Pool::transaction`] began `IMMEDIATE`). Taking
/// the write lock first means a transaction that reads and then writes never fails half-way.
fn atomically<T>(
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
