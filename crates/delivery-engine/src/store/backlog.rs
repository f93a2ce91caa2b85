//! Backlogged endpoints. An endpoint that stops answering while deliveries pile up for it
//! would cost every accepted event a delivery row it cannot take for hours; so the dispatcher
//! switches such an endpoint to *backlogged* (`backlog_after` set): enqueue then writes no row
//! for it, and its matching events wait in the event log in `seq` order. As the endpoint has
//! room again, fills turn the owed events into deliveries, oldest first; the fill that takes
//! the last one makes the endpoint eager again. A change of an endpoint's filter, or disabling
//! it, closes its backlog: what was owed stays owed under the old filter (filled in batches
//! once it delivers), later events are handled as for any endpoint; deleting it drops the
//! backlog. See docs/engine.md, "A stalled endpoint's backlog".

use super::model::BacklogFill;
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use uuid::Uuid;

/// Switches those of these endpoints that are eager, live and have at least `min_open` open
/// deliveries to backlogged: events accepted from now on wait in the event log. Returns the
/// endpoints it switched.
pub(crate) async fn switch_to_backlog(
    conn: &mut DbConn<'_>,
    ids: &[Uuid],
    min_open: i64,
) -> EngineResult<Vec<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::backlog::switch_to_backlog(c, ids, min_open).await,
        Backend::Sqlite(c) => sqlite::backlog::switch_to_backlog(c, ids, min_open),
    }
}

/// Turns a backlogged endpoint's owed events into deliveries (due now), oldest first, until it
/// has `max_open` open deliveries; when none are left owed, the endpoint is eager again. Does
/// nothing while it has more than half of `max_open` open (so a fill adds at least half a
/// batch), nor to an endpoint not backlogged. Atomic. The receipt names the endpoint when the
/// fill added rows.
pub(crate) async fn fill_backlog(
    conn: &mut DbConn<'_>,
    id: Uuid,
    max_open: i64,
) -> EngineResult<BacklogFill> {
    let fill = match conn.backend() {
        Backend::Pg(c) => pg::backlog::fill_backlog(c, id, max_open).await?,
        Backend::Sqlite(c) => sqlite::backlog::fill_backlog(c, id, max_open)?,
    };
    if fill.added > 0 {
        conn.receipt().made_due();
    }
    Ok(fill)
}

/// Live backlogged endpoints, in id order, at most `limit`.
pub(crate) async fn backlogged_endpoints(conn: &mut DbConn<'_>, limit: i64) -> EngineResult<Vec<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::backlog::backlogged_endpoints(c, limit).await,
        Backend::Sqlite(c) => sqlite::backlog::backlogged_endpoints(c, limit),
    }
}
