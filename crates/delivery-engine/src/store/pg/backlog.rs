//! PostgreSQL: backlogged endpoints (see `store/backlog.rs` for each operation's contract).
//!
//! Why no event is lost or doubled. Enqueue locks its tenant's routes row `FOR KEY SHARE`,
//! checks that the routes it went by are still current (`pg/routes.rs`), and only then draws
//! the event's `seq`; it holds the lock until it commits. Every change below draws a new
//! version of the routes; all but the switch lock the row `FOR UPDATE` first, which waits for
//! every enqueue holding it (PostgreSQL carries key-share locks onto the version a switch
//! wrote, so also for enqueues that locked the row before the switch).
//! - **Switch** (share-locks the endpoint, inserts the row with `backlog_after` = the highest
//!   `seq` in its snapshot, then draws a new version without waiting, D44): an enqueue routed
//!   by the old version, in flight or not, treats the endpoint as eager and writes its row
//!   (whatever its `seq`; one whose snapshot predates the switch's commit may even lock the
//!   row after it and still see the old version, as key-share locks do not re-read a row after
//!   a non-key update); one routed by the new version read it after the switch committed and
//!   draws its `seq` later still, so above `backlog_after`, and is owed. An event routed by the
//!   old version that has a `seq` (it is owed to another endpoint) may be above
//!   `backlog_after`: the fill waits for it and skips it, as it has a row.
//! - **Fill** (locks the routes row, which waits for every enqueue in flight and holds off the
//!   next ones, then inserts in a statement of its own): it sees every owed event committed, and
//!   an enqueue that waited for it draws its `seq` after it, above anything it filled. It skips
//!   events that already have a row (an enqueue routed by the version before a switch has one,
//!   committed by then).
//! - **End of a backlog** (the fill that takes the last owed event deletes the row and draws a
//!   new version): an enqueue that waited for it finds its version gone and routes again, by
//!   routes in which the endpoint is eager.
//! - **Close** (a change of filter, or disabling, in a transaction that has drawn a new version
//!   first: `backlog_until` = the highest `seq` committed): every event owed under the old
//!   routes is committed by then, so at or below it; later events are routed by the new
//!   version, in which the endpoint is eager (or, disabled, no target).

use super::rows::{BacklogFillRow, EndpointFilterRow, EndpointTenantRow, IdRow, OpenRow, OwedBodyRow};
use crate::error::EngineResult;
use crate::filter::Filter;
use crate::sql::prepared;
use crate::store::model::{BacklogFill, EndpointRef};
use crate::store::routes::compiled_filter;
use diesel::sql_types::{Array, BigInt, Nullable, Text};
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
    conn.transaction(async |conn| {
        // Share-locked (never waiting for an enqueue, which locks no endpoint), so a delete or
        // disable in progress finishes first and the endpoint is read as it then is.
        let switched: Vec<EndpointTenantRow> = prepared(concat!(
            "WITH live AS ( \
                 SELECT ep.id, ep.tenant_id FROM webhook_endpoints ep \
                 WHERE ep.id = ANY ($1) AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL \
                   AND NOT EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id) \
                   AND ",
            open_count!(),
            " >= $2 \
                 ORDER BY ep.id \
                 FOR SHARE OF ep \
             ), switched AS ( \
                 INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) \
                 SELECT live.id, \
                        (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                         WHERE e.tenant_id = live.tenant_id AND e.seq IS NOT NULL) \
                 FROM live \
                 ON CONFLICT (endpoint_id) DO NOTHING \
                 RETURNING endpoint_id \
             ) \
             SELECT live.id, live.tenant_id FROM live JOIN switched ON switched.endpoint_id = live.id"
        ))
        .bind::<Array<SqlUuid>, _>(ids)
        .bind::<BigInt, _>(min_open)
        .load(conn)
        .await?;
        let switched: Vec<EndpointRef> = switched.into_iter().map(EndpointRef::from).collect();
        let tenants: Vec<&str> = switched.iter().map(|e| e.tenant_id.as_str()).collect();
        if !tenants.is_empty() {
            super::routes::change_without_waiting(conn, &tenants).await?;
        }
        Ok(switched.into_iter().map(|e| e.id).collect())
    })
    .await
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
    match BacklogFill::worth_locking(open.map(|r| r.open), max_open) {
        Err(answer) => Ok(answer),
        Ok(()) => conn.transaction(async |conn| fill(conn, id, max_open).await).await,
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

/// In the caller's transaction, which has drawn a new version of these endpoints' routes (so
/// every event enqueued under the old ones is committed): closes their open backlogs at the
/// last event accepted so far, under the filter they have now. Later events get their rows as
/// accepted (or, for a disabled endpoint, none); the owed ones are filled in batches as
/// before. Called before a change of an endpoint's filter, and when it is disabled.
pub(super) async fn close(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_endpoint_backlogs b \
         SET backlog_until = (SELECT coalesce(max(e.seq), 0) FROM webhook_events e \
                              WHERE e.tenant_id = ep.tenant_id AND e.seq IS NOT NULL), \
             event_types = ep.event_types, content_filter = ep.content_filter \
         FROM webhook_endpoints ep \
         WHERE ep.id = b.endpoint_id AND b.endpoint_id = ANY ($1) AND b.backlog_until IS NULL",
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

/// The CTEs `backlog` (what the endpoint is owed under: `$1`) and `picked` (the next `$3`
/// events it is owed of tenant `$2`, by type), for the fill and for [`passing_events`].
macro_rules! owed_events {
    () => {
        r#"
            backlog AS (
            -- A closed backlog owes events up to `backlog_until`, under the filters it had then.
            -- Nothing is filled for an endpoint disabled (its backlog is then closed) or
            -- deleted (its backlog dropped) while the fill waited for the lock.
            SELECT b.backlog_after, b.backlog_until, coalesce(b.event_types, ep.event_types) AS event_types
            FROM webhook_endpoint_backlogs b JOIN webhook_endpoints ep ON ep.id = b.endpoint_id
            WHERE b.endpoint_id = $1 AND ep.deleted_at IS NULL AND ep.disabled_at IS NULL
        ), picked AS (
            SELECT e.id, e.tenant_id, e.seq, e.created_at, e.event_type FROM webhook_events e, backlog
            WHERE e.tenant_id = $2 AND e.seq > backlog.backlog_after
              AND (backlog.backlog_until IS NULL OR e.seq <= backlog.backlog_until)
              AND (cardinality(backlog.event_types) = 0 OR e.event_type = ANY (backlog.event_types))
            ORDER BY e.seq LIMIT $3
        )"#
    };
}

/// Of the events the fill is about to pick (under the same lock, so the same ones), those whose
/// body `filter` passes: each body read and parsed here, once per fill.
async fn passing_events(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    tenant: &str,
    room: i64,
    filter: &Filter,
) -> EngineResult<Vec<Uuid>> {
    let picked: Vec<OwedBodyRow> = prepared(concat!(
        "WITH",
        owed_events!(),
        " SELECT p.id, e.body FROM picked p JOIN webhook_events e ON e.id = p.id"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(room)
    .load(conn)
    .await?;
    Ok(picked.into_iter().filter(|e| filter.matches_body(&e.body)).map(|e| e.id).collect())
}

/// In the caller's transaction: locks a backlogged endpoint's routes, and inserts its owed
/// deliveries in `seq` order, up to `max_open` open deliveries in all.
async fn fill(conn: &mut AsyncPgConnection, id: Uuid, max_open: i64) -> EngineResult<BacklogFill> {
    // `FOR UPDATE`, not `FOR NO KEY UPDATE`: it must wait for key-share holders, and make the
    // version update that ends a backlog a key update, which later enqueues re-read (routes.rs).
    let locked: Option<EndpointFilterRow> = prepared(concat!(
        "WITH routes AS ( \
             SELECT r.tenant_id FROM webhook_tenant_routes r \
             WHERE r.tenant_id = (SELECT tenant_id FROM webhook_endpoints WHERE id = $1) \
             FOR UPDATE \
         ) \
         SELECT ep.tenant_id, ",
        open_count!(),
        " AS open, \
                (SELECT CASE WHEN b.backlog_until IS NULL THEN ep.content_filter ELSE b.content_filter END \
                 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id) AS content_filter \
         FROM webhook_endpoints ep, routes \
         WHERE ep.id = $1 AND EXISTS (SELECT 1 FROM webhook_endpoint_backlogs b WHERE b.endpoint_id = ep.id)"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<BigInt, _>(max_open)
    .get_result(conn)
    .await
    .optional()?;
    let Some(locked) = locked else { return Ok(BacklogFill::NOT_BACKLOGGED) };
    let room = match BacklogFill::room(locked.open, max_open) {
        Ok(room) => room,
        Err(answer) => return Ok(answer),
    };
    let passing = match compiled_filter(&id, locked.content_filter.as_deref())? {
        Some(filter) => Some(passing_events(conn, id, &locked.tenant_id, room, &filter).await?),
        None => None,
    };
    // A statement of its own, after the lock: its snapshot holds every event committed for
    // this tenant and the endpoint and its backlog row as they now are, and no enqueue to the
    // tenant can be on its way.
    let filled: BacklogFillRow = prepared(concat!(
        r#"
        WITH"#,
        owed_events!(),
        r#", ins AS (
            INSERT INTO webhook_deliveries
                (id, tenant_id, event_id, endpoint_id, status, next_attempt_at, available_at, created_at, updated_at,
                 event_type)
            SELECT "#,
        delivery_id_of_event!("p.id"),
        r#", p.tenant_id, p.id, $1, 'pending', now(), now(), p.created_at, now(), p.event_type
            FROM picked p
            WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = p.id AND d.endpoint_id = $1)
              -- Those its content filter passes, when it has one (the cursor moves past all).
              AND ($4::uuid[] IS NULL OR p.id = ANY ($4))
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
            -- Only a backlog just read to its end: a disabled endpoint keeps its owed events.
            DELETE FROM webhook_endpoint_backlogs
            WHERE endpoint_id = $1 AND EXISTS (SELECT 1 FROM backlog) AND NOT (SELECT more FROM more)
            RETURNING 1
        ), new_routes AS (
            -- The endpoint is eager again: its tenant's routes change (the row is locked).
            UPDATE webhook_tenant_routes SET version = floor(random() * 9.0e18)::bigint
            WHERE tenant_id = $2 AND EXISTS (SELECT 1 FROM ended)
            RETURNING 1
        )
        -- (Every data-modifying part runs to completion whether or not it is read here.)
        SELECT (SELECT count(*) FROM ins) AS added,
               EXISTS (SELECT 1 FROM webhook_endpoint_backlogs WHERE endpoint_id = $1)
               AND NOT EXISTS (SELECT 1 FROM ended) AS backlogged
        "#
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(&locked.tenant_id)
    .bind::<BigInt, _>(room)
    .bind::<Nullable<Array<SqlUuid>>, _>(passing)
    .get_result(conn)
    .await?;
    Ok(BacklogFill { added: filled.added, backlogged: filled.backlogged })
}
