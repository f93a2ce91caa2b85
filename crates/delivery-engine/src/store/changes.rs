//! Announcing changes to what processes may hold in a [`ReadCache`](crate::ReadCache).

use super::{pg, Backend, DbConn};
use crate::error::EngineResult;

/// Announces, inside the caller's transaction, that values other processes may have cached
/// changed: every process's change listener drops its caches when the transaction commits
/// (PostgreSQL NOTIFY). Nothing on SQLite, where caches stay off.
pub async fn announce_change(conn: &mut DbConn<'_>) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => Ok(pg::listen::announce_change(c).await?),
        Backend::Sqlite(_) => Ok(()),
    }
}
