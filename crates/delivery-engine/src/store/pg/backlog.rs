//! PostgreSQL: backlogged endpoints (see `store/backlog.rs` for each operation's contract).
//!
//! Why no event is lost or doubled. Enqueue reads an endpoint's backlog row in its statement's
//! snapshot, without a lock, share-locks the endpoint and only then draws the event's `seq`.
//! - **Switch** (inserts the row, `backlog_after` = the highest `seq` in its snapshot; it
//!   waits for no enqueue): an enqueue whose snapshot predates the switch's commit writes the
//!   endpoint's row; one whose snapshot follows it draws its `seq` later still, so above
//!   `backlog_after`, and is owed.
//! - **Fill** (locks the endpoint row, which waits for every enqueue holding its share lock,
//!   then inserts in a statement of its own): it sees every owed event committed, and an
//!   enqueue that waited for it draws its `seq` after it, above anything it filled. It skips
//!   events that already have a row (an enqueue that missed a switch by a hair has one).
//! - **End of a backlog** (the fill that takes the last owed event deletes the row and moves
//!   the endpoint's `backlog_generation` on): an enqueue that waited for it re-reads the
//!   endpoint row as it is now, finds the generation moved, and writes its row although its
//!   snapshot still holds the deleted backlog row.
//! - **Close** (a change of filter, or disabling, in a transaction that has locked the endpoint
//!   row: `backlog_until` = the highest `seq` committed): every owed event is at or below it;
//!   a later enqueue sees the closed row and writes its row, and one that waited for the change
//!   finds the endpoint's generation moved on (the close moves it too), or the endpoint
//!   disabled.

use super::rows::{BacklogFillRow, EndpointFilterRow, IdRow, OpenRow};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::BacklogFill;
use diesel::sql_types::{Array, BigInt, Text};
use diesel::OptionalExtension;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

/// Open deliveries of endpoint `ep`, counted up to `$2`.
macro_rules! open_count {
    () => {
        "(SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d \
                                WHERE d.endpoint_id = ep.id AND d.status IN ('pending', 'failed') \
                                LIMIT $2) open)"
    };
}

pub(crate) async fn switch_to_backlog(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    min_open: i64,
) -> EngineResult<Vec<Uuid>> {
    // Share-locked like enqueue does (never waiting for it), so a delete, disable or fill in
    // progress finishes first and the endpoint is read as it then is.
    let switched: Vec<IdRow> = prepared(concat!(
        "WITH live AS ( \
             SELECT ep.id, ep.tenant_id, ep.backlog_generation FROM webhook_endpoints ep \
             WHERE ep.id = ANY ($1) AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
               AND NOT EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id) \
               AND ",
        open_count!(),
        " >= $2 \
             ORDER BY ep.id \
             FOR SHARE OF ep \
         ) \
         INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after, generation) \
         SELECT live.id, \
                (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                 WHERE e.tenant_id = live.tenant_id AND e.seq IS NOT NULL), \
                live.backlog_generation \
         FROM live \
         ON CONFLICT (endpoint_id) DO NOTHING \
         RETURNING endpoint_id AS id"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<BigInt, _>(min_open)
    .load(conn)
    .await?;
    Ok(switched.into_iter().map(|r| r.id).collect())
}

pub(crate) async fn fill_backlog(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    max_open: i64,
) -> EngineResult<BacklogFill> {
    // Without a lock first: the lock waits for every enqueue to the endpoint in flight, which
    // is worth it only when there is room (a stalled endpoint has none).
    let open: Option<OpenRow> = prepared(concat!(
        "SELECT ",
        open_count!(),
        " AS open FROM webhook_endpoints ep \
         WHERE ep.id = $1 AND EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id)"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<BigInt, _>(max_open)
    .get_result(conn)
    .await
    .optional()?;
    match open {
        None => Ok(BacklogFill::NOT_BACKLOGGED),
        Some(row) if row.open > max_open / 2 => Ok(BacklogFill { added: 0, backlogged: true }),
        Some(_) => conn.transaction(async |conn| fill(conn, id, max_open).await).await,
    }
}

pub(crate) async fn backlogged_endpoints(
    conn: &mut AsyncPgConnection,
    limit: i64,
) -> EngineResult<Vec<Uuid>> {
    let rows: Vec<IdRow> = prepared(
        "SELECT b.endpoint_id AS id FROM webhook_endpoint_backlogs b \
         JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
         WHERE ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
         ORDER BY b.endpoint_id LIMIT $1",
    )
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// In the caller's transaction, which has locked these endpoints' rows (so no enqueue to
/// them is in flight): closes their open backlogs at the last event accepted so far, under
/// the filter they have now. Later events get their rows as accepted (or, for a disabled
/// endpoint, none); the owed ones are filled in batches as before. Called before a change of
/// an endpoint's filter, and when it is disabled.
pub(super) async fn close(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> EngineResult<()> {
    // The endpoint's generation moves on as when a backlog ends: an enqueue that waited for
    // this transaction still sees the open backlog row in its snapshot, and must write its row.
    prepared(
        "WITH closed AS ( \
             UPDATE webhook_endpoint_backlogs b \
             SET backlog_until = (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                                  WHERE e.tenant_id = ep.tenant_id AND e.seq IS NOT NULL), \
                 event_types = ep.event_types \
             FROM webhook_endpoints ep \
             WHERE ep.id = b.endpoint_id AND b.endpoint_id = ANY ($1) AND b.backlog_until IS NULL \
             RETURNING b.endpoint_id \
         ) \
         UPDATE webhook_endpoints SET backlog_generation = backlog_generation + 1 \
         WHERE id IN (SELECT endpoint_id FROM closed)",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .await?;
    Ok(())
}

/// In the caller's transaction: forgets a deleted endpoint's backlog (its owed events never
/// become deliveries).
pub(super) async fn drop_backlog(conn: &mut AsyncPgConnection, id: Uuid) -> EngineResult<()> {
    prepared("DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = $1")
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// In the caller's transaction: locks a backlogged endpoint, and inserts its owed deliveries
/// in `seq` order, up to `max_open` open deliveries in all.
async fn fill(conn: &mut AsyncPgConnection, id: Uuid, max_open: i64) -> EngineResult<BacklogFill> {
    let locked: Option<EndpointFilterRow> = prepared(concat!(
        "SELECT ep.tenant_id, ",
        open_count!(),
        " AS open FROM webhook_endpoints ep \
         WHERE ep.id = $1 AND EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id) \
         FOR UPDATE OF ep"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<BigInt, _>(max_open)
    .get_result(conn)
    .await
    .optional()?;
    let Some(locked) = locked else { return Ok(BacklogFill::NOT_BACKLOGGED) };
    let room = max_open - locked.open;
    if room <= 0 {
        return Ok(BacklogFill { added: 0, backlogged: true });
    }
    // A statement of its own, after the lock: its snapshot holds every event committed for
    // this endpoint and its backlog row as it now is, and no enqueue to it can be on its way.
    let filled: BacklogFillRow = prepared(concat!(
        r#"
        WITH backlog AS (
            -- A closed backlog owes events up to `backlog_until`, under the filter it had then.
            SELECT b.backlog_after, b.backlog_until, coalesce(b.event_types, ep.event_types) AS event_types
            FROM webhook_endpoint_backlogs b JOIN webhook_endpoints ep ON ep.id = b.endpoint_id
            WHERE b.endpoint_id = $1
        ), picked AS (
            SELECT e.id, e.tenant_id, e.seq, e.created_at FROM webhook_events e, backlog
            WHERE e.tenant_id = $2 AND e.seq > backlog.backlog_after
              AND (backlog.backlog_until IS NULL OR e.seq <= backlog.backlog_until)
              AND (cardinality(backlog.event_types) = 0 OR e.event_type = ANY (backlog.event_types))
            ORDER BY e.seq LIMIT $3
        ), ins AS (
            INSERT INTO webhook_deliveries
                (id, tenant_id, event_id, endpoint_id, status, next_attempt_at, available_at, created_at, updated_at)
            SELECT "#,
        delivery_id_of_event!("p.id"),
        r#", p.tenant_id, p.id, $1, 'pending', now(), now(), p.created_at, now()
            FROM picked p
            WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = p.id AND d.endpoint_id = $1)
            ORDER BY p.seq
            RETURNING 1
        ), more AS (
            -- As many owed events as the room: there may be more.
            SELECT EXISTS (SELECT 1 FROM backlog) AND (SELECT count(*) FROM picked) >= $3 AS more
        ), advanced AS (
            UPDATE webhook_endpoint_backlogs SET backlog_after = (SELECT max(seq) FROM picked)
            WHERE endpoint_id = $1 AND (SELECT more FROM more)
            RETURNING 1
        ), ended AS (
            DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = $1 AND NOT (SELECT more FROM more)
            RETURNING 1
        ), next_generation AS (
            UPDATE webhook_endpoints SET backlog_generation = backlog_generation + 1
            WHERE id = $1 AND EXISTS (SELECT 1 FROM ended)
            RETURNING 1
        )
        -- (Every data-modifying part runs to completion whether or not it is read here.)
        SELECT (SELECT count(*) FROM ins) AS added, (SELECT more FROM more) AS backlogged
        "#
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(&locked.tenant_id)
    .bind::<BigInt, _>(room)
    .get_result(conn)
    .await?;
    Ok(BacklogFill { added: filled.added, backlogged: filled.backlogged })
}
