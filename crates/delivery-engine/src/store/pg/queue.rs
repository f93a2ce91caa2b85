//! PostgreSQL: the queue (see `store/queue.rs` for each operation's contract). Claims use
//! `FOR UPDATE SKIP LOCKED`; batches travel as arrays (`unnest`). No statement here sends
//! NOTIFY: a transaction that did would take PostgreSQL's global notify lock at its commit
//! (see `listen.rs` for how other processes are woken).

use super::rows::{
    ClaimPart, ClaimedRow, EndpointTenantRow, EnqueueOutcome, HealthRow, IdRow, ResendRow, SnapshotRow,
};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::QueueSnapshot;
use crate::store::model::{
    resume_after, AttemptRecord, Claim, ClaimRequest, DisableCause, EndpointRef, HealthBefore, NewEventRow,
    ResendPlan, ResendRule, ResendTarget,
};
use crate::store::routes::{RouteCache, Targets};
use crate::store::stats_model::{hour_of, latency_bucket};
use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Integer, Nullable, SmallInt, Text, Timestamptz};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use std::sync::Arc;
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

/// Routes each of `evs` (one tenant's events) by the tenant's cached route table (read if none
/// is cached) and writes them all in one statement if that table's version is still current;
/// otherwise reads the table again and retries. One answer per event, in order: where it went,
/// or `None` if its dedupe key was already used.
pub(crate) async fn enqueue(
    conn: &mut AsyncPgConnection,
    evs: &[NewEventRow<'_>],
    cache: Option<&RouteCache>,
) -> EngineResult<Vec<Option<Targets>>> {
    let Some(tenant_id) = evs.first().map(|ev| ev.tenant_id) else {
        return Ok(Vec::new());
    };
    debug_assert!(evs.iter().all(|ev| ev.tenant_id == tenant_id), "one tenant's events");
    let mut table = cache.and_then(|c| c.get(tenant_id));
    loop {
        let routes = match table.take() {
            Some(t) => t,
            None => {
                let t = Arc::new(super::routes::load(conn, tenant_id).await?);
                if let Some(cache) = cache {
                    cache.put(tenant_id, t.clone());
                }
                t
            }
        };
        let targets: Vec<Targets> =
            evs.iter().map(|ev| routes.targets(ev.event_type, ev.body, ev.only_endpoint)).collect();
        let outcome = write_events(conn, tenant_id, evs, routes.version, &targets).await?;
        if !outcome.current {
            // The routes changed since they were read: read them again (the change committed
            // before this statement locked the row, so the next read sees it).
            continue;
        }
        let written = |ev: &NewEventRow<'_>| outcome.inserted.contains(&ev.id);
        return Ok(evs.iter().zip(targets).map(|(ev, t)| written(ev).then_some(t)).collect());
    }
}

/// One statement: if the tenant's routes are still at `version` (locked `FOR KEY SHARE`, so no
/// change of them but a switch to a backlog can commit before this transaction does, and an
/// event routed by the version before a switch writes the switched endpoint's row), inserts the
/// events (each unless its dedupe key exists) and a delivery per eager target of each. The
/// events travel as arrays, the targets as (event, endpoint) pairs.
async fn write_events(
    conn: &mut AsyncPgConnection,
    tenant_id: &str,
    evs: &[NewEventRow<'_>],
    version: Option<i64>,
    targets: &[Targets],
) -> EngineResult<EnqueueOutcome> {
    let pairs =
        targets.iter().zip(evs).flat_map(|(t, ev)| t.eager.iter().map(move |&endpoint| (ev.id, endpoint)));
    let (pair_events, pair_endpoints): (Vec<Uuid>, Vec<Uuid>) = pairs.unzip();
    let outcome: EnqueueOutcome = prepared(concat!(
        r#"
        WITH routes AS (
            SELECT r.version FROM webhook_tenant_routes r WHERE r.tenant_id = $2 FOR KEY SHARE
        ), current AS (
            SELECT (SELECT version FROM routes) IS NOT DISTINCT FROM $7 AS current
        ), ev AS (
            -- `seq` is drawn under the key-share lock (pg/backlog.rs says why), and only for an
            -- event some backlogged endpoint is owed: the others need none.
            INSERT INTO webhook_events (id, tenant_id, event_type, dedupe_key, body, created_at, seq)
            SELECT e.id, $2, e.event_type, e.dedupe_key, e.body, e.created_at,
                   CASE WHEN e.owed THEN nextval('webhook_events_seq') END
            FROM unnest($1::uuid[], $3::text[], $4::text[], $5::bytea[], $6::timestamptz[], $8::bool[])
                 AS e(id, event_type, dedupe_key, body, created_at, owed)
            WHERE (SELECT current FROM current)
            -- The key's unique index, or the id's for an event stored without a key.
            ON CONFLICT DO NOTHING
            RETURNING id, tenant_id, event_type, created_at
        ), ins AS (
            -- A backlogged endpoint's deliveries wait in the event log instead.
            INSERT INTO webhook_deliveries
                (id, tenant_id, event_id, endpoint_id, status, next_attempt_at, available_at, created_at, updated_at,
                 event_type)
            SELECT "#,
        delivery_id_of_event!("ev.id"),
        r#",
                   ev.tenant_id, ev.id, t.endpoint_id, 'pending',
                   ev.created_at, ev.created_at, ev.created_at, ev.created_at, ev.event_type
            FROM ev JOIN unnest($9::uuid[], $10::uuid[]) AS t(event_id, endpoint_id) ON t.event_id = ev.id
            RETURNING 1
        )
        SELECT (SELECT current FROM current) AS current, ARRAY(SELECT id FROM ev) AS inserted
        "#,
    ))
    .bind::<Array<SqlUuid>, _>(evs.iter().map(|ev| ev.id).collect::<Vec<_>>())
    .bind::<Text, _>(tenant_id)
    .bind::<Array<Text>, _>(evs.iter().map(|ev| ev.event_type).collect::<Vec<_>>())
    .bind::<Array<Nullable<Text>>, _>(evs.iter().map(NewEventRow::stored_key).collect::<Vec<_>>())
    .bind::<Array<Bytea>, _>(evs.iter().map(|ev| ev.body).collect::<Vec<_>>())
    .bind::<Array<Timestamptz>, _>(evs.iter().map(|ev| ev.created_at).collect::<Vec<_>>())
    .bind::<Nullable<BigInt>, _>(version)
    .bind::<Array<Bool>, _>(targets.iter().map(|t| t.owed > 0).collect::<Vec<_>>())
    .bind::<Array<SqlUuid>, _>(pair_events)
    .bind::<Array<SqlUuid>, _>(pair_endpoints)
    .get_result(conn)
    .await?;
    Ok(outcome)
}

/// The claim statement, visiting the endpoints `open_endpoints` lists: a CTE body giving
/// `(endpoint_id, earliest, n)`, each endpoint with its earliest open row and its place `n` in
/// the visit. `$6` and `$7` are the visit's own.
macro_rules! claim_statement {
    ($open_endpoints:literal) => {
        concat!(
            r#"
        WITH RECURSIVE rooms AS (
            SELECT * FROM unnest($2::uuid[], $5::int8[]) AS r(endpoint_id, room)
        ), open_endpoints(endpoint_id, earliest, n) AS ("#,
            $open_endpoints,
            r#"
        ), picked AS (
                -- A rate-limited endpoint gets one row per claim at most: its pace between claims
                -- is the dispatcher's (worker/limits.rs), which gives it no room until it may send.
                SELECT o.endpoint_id, o.n,
                       CASE WHEN ep.rate_limit_per_s IS NULL THEN COALESCE(r.room, $4)
                            ELSE LEAST(COALESCE(r.room, $4), 1) END AS room
                FROM open_endpoints o JOIN webhook_endpoints ep ON ep.id = o.endpoint_id
                LEFT JOIN rooms r ON r.endpoint_id = o.endpoint_id
                WHERE o.earliest <= now() AND COALESCE(r.room, $4) > 0
                  -- A listen session held by a stream is sent by the process holding it
                  -- (worker/listen.rs), never by this claim.
                  AND NOT EXISTS (SELECT 1 FROM webhook_listen_sessions ls
                                  WHERE ls.endpoint_id = o.endpoint_id AND ls.connected_until > now())
            ), candidates AS (
                -- Rows of deleted or disabled endpoints are never due: delete ends them, disable
                -- parks them ('infinity'), enqueue holds its tenant's routes row, whose version
                -- every delete and disable changes first (D38), and resend locks the endpoint row,
                -- so none can race a delete or disable (see docs/decisions.md D18).
                SELECT c.id, c.lease_expired, p.n,
                       row_number() OVER (PARTITION BY p.endpoint_id ORDER BY c.available_at) AS rank
                FROM picked p, LATERAL (
                    -- A due row that still has a lease was claimed before and never recorded.
                    SELECT d.id, d.available_at, d.leased_until IS NOT NULL AS lease_expired
                    FROM webhook_deliveries d
                    WHERE d.endpoint_id = p.endpoint_id AND d.status IN ('pending', 'failed')
                      AND d.available_at <= now()
                    ORDER BY d.available_at LIMIT p.room
                    FOR UPDATE SKIP LOCKED
                ) c
            ), chosen AS (
                SELECT id, lease_expired FROM candidates ORDER BY rank, n LIMIT $3
            ), claimed AS (
                UPDATE webhook_deliveries d
                -- The lease runs on the database's clock, so workers' clocks need not agree. The
                -- fence is a fresh random token (not a counter): a claim lost in a crash cannot be
                -- issued again.
                SET fence = floor(random() * 9.0e18)::bigint,
                    available_at = now() + $1 * interval '1 millisecond',
                    leased_until = now() + $1 * interval '1 millisecond',
                    updated_at = now()
                FROM chosen, webhook_events e, webhook_endpoints ep
                WHERE d.id = chosen.id AND e.id = d.event_id AND ep.id = d.endpoint_id
                RETURNING "#,
            claimed_columns!(),
            r#", chosen.lease_expired
            )
            SELECT claimed.*, NULL::uuid AS scan_stopped_at FROM claimed
            UNION ALL
            -- One more row, without a delivery, when the scan stopped at $7 endpoints: where the
            -- next claim should go on. A NULL for each claimed column and lease_expired (a
            -- column added to claimed_columns! needs one more here).
            SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   (SELECT endpoint_id FROM open_endpoints WHERE n = $7)
            WHERE EXISTS (SELECT 1 FROM open_endpoints WHERE n = $7)
            "#
        )
    };
}

pub(crate) async fn claim_due_deliveries(
    conn: &mut AsyncPgConnection,
    req: &ClaimRequest,
) -> EngineResult<Claim> {
    let room_ids: Vec<Uuid> = req.rooms.iter().map(|b| b.0).collect();
    let room_sizes: Vec<i64> = req.rooms.iter().map(|b| b.1).collect();
    // One statement is one transaction: the row locks taken by FOR UPDATE last only as long as it.
    let rows: Vec<ClaimedRow> = match &req.only {
        None => {
            prepared(claim_statement!(
                r#"
            -- A skip scan: one index probe per endpoint with open deliveries, in id order,
            -- each giving the endpoint's earliest row (due, scheduled or parked).
            (SELECT d.endpoint_id, d.available_at, 1 FROM webhook_deliveries d
             WHERE d.status IN ('pending', 'failed') AND d.endpoint_id > $6
             ORDER BY d.endpoint_id, d.available_at LIMIT 1)
            UNION ALL
            SELECT next.endpoint_id, next.available_at, o.n + 1
            FROM open_endpoints o, LATERAL (
                SELECT d.endpoint_id, d.available_at FROM webhook_deliveries d
                WHERE d.status IN ('pending', 'failed') AND d.endpoint_id > o.endpoint_id
                ORDER BY d.endpoint_id, d.available_at LIMIT 1
            ) next
            WHERE o.n < $7
            "#
            ))
            .bind::<BigInt, _>(req.lease_ms)
            .bind::<Array<SqlUuid>, _>(&room_ids)
            .bind::<BigInt, _>(req.limit)
            .bind::<BigInt, _>(req.default_room)
            .bind::<Array<BigInt>, _>(&room_sizes)
            .bind::<SqlUuid, _>(req.after.unwrap_or(Uuid::nil()))
            .bind::<BigInt, _>(req.max_endpoints)
            .load(conn)
            .await?
        }
        // Only the endpoints named (D53): one index probe each, in the order given; `$7` = 0
        // never matches `n`, so no place to go on from is returned. The ids come as a JSON
        // array, whose length the planner does not look into: with a uuid[] it planned each
        // claim anew for its exact count (1.2 ms a claim, measured) instead of reusing one plan.
        Some(only) => {
            prepared(claim_statement!(
                r#"
            SELECT t.endpoint_id::uuid, next.available_at, t.n::int
            FROM jsonb_array_elements_text($6::jsonb) WITH ORDINALITY AS t(endpoint_id, n), LATERAL (
                SELECT d.available_at FROM webhook_deliveries d
                WHERE d.endpoint_id = t.endpoint_id::uuid AND d.status IN ('pending', 'failed')
                ORDER BY d.available_at LIMIT 1
            ) next
            "#
            ))
            .bind::<BigInt, _>(req.lease_ms)
            .bind::<Array<SqlUuid>, _>(&room_ids)
            .bind::<BigInt, _>(req.limit)
            .bind::<BigInt, _>(req.default_room)
            .bind::<Array<BigInt>, _>(&room_sizes)
            .bind::<Text, _>(serde_json::to_string(only).unwrap_or_else(|_| "[]".to_owned()))
            .bind::<BigInt, _>(0i64)
            .load(conn)
            .await?
        }
    };
    let mut scan_stopped_at = None;
    let mut deliveries = Vec::with_capacity(rows.len());
    for row in rows {
        match ClaimPart::from(row) {
            ClaimPart::Delivery(delivery) => deliveries.push(*delivery),
            ClaimPart::ScanStoppedAt(stopped_at) => scan_stopped_at = stopped_at,
        }
    }
    let resume_after = resume_after(&deliveries, req.limit, scan_stopped_at);
    Ok(Claim { deliveries, resume_after })
}

// Statements that find a batch's rows by id (`unnest`) check the state as what it is not,
// `status NOT IN ('delivered', 'dead')`, so that no partial index of open deliveries can answer
// them and the plan stays on the primary key whatever the statistics say (docs/engine.md,
// "Recording outcomes in batches"; the test below).

/// Records a batch of attempts: each delivery's new state under its claim's fence, the hourly
/// figures, the attempts. `$1` is now; `$2`-`$14` the batch's columns.
const RECORD_ATTEMPTS: &str = r#"
        WITH v AS (
            SELECT * FROM unnest($2::uuid[], $3::int8[], $4::text[], $5::int4[], $6::timestamptz[],
                                 $7::timestamptz[], $8::int4[], $9::int4[], $10::text[], $11::bytea[],
                                 $12::int4[], $13::timestamptz[], $14::int2[], $15::bool[])
                AS v(id, fence, status, attempt_number, next_attempt_at, started_at, duration_ms,
                     response_code, error, response_body, rate_limited_ms, hour, latency_bucket,
                     via_proxy)
        ), upd AS (
            UPDATE webhook_deliveries d
            SET status = v.status, attempt_count = v.attempt_number,
                next_attempt_at = v.next_attempt_at,
                -- A row parked (its endpoint disabled) while in flight stays parked.
                available_at = CASE WHEN d.available_at = 'infinity' AND v.next_attempt_at IS NOT NULL
                                    THEN d.available_at ELSE v.next_attempt_at END,
                leased_until = NULL, manual = false,
                last_response_code = v.response_code, last_error = v.error, updated_at = $1,
                delivered_at = CASE WHEN v.status = 'delivered' THEN $1 ELSE d.delivered_at END
            FROM v
            -- Only under the claim's token, only once (a retried write after a lost
            -- acknowledgement matches nothing). A row ended while this attempt was in flight
            -- (its endpoint deleted) kept the token, and takes the outcome only if it arrived.
            -- The state as what it is not: see above.
            WHERE d.id = v.id AND d.fence = v.fence AND d.status <> 'delivered'
              AND (d.status <> 'dead' OR v.status = 'delivered')
              AND d.attempt_count = v.attempt_number - 1
            RETURNING d.id, d.fence, d.tenant_id, d.endpoint_id
        ), counted AS (
            -- The consoles' hourly figures (migration 000017), in key order so that two
            -- batches lock shared rows in the same order.
            INSERT INTO webhook_stats_hourly AS s (tenant_id, hour, endpoint_id, latency_bucket, attempts,
                                                   succeeded, first_attempts, given_up, last_attempt_at)
            SELECT upd.tenant_id, v.hour, upd.endpoint_id, v.latency_bucket, count(*),
                   count(*) FILTER (WHERE v.status = 'delivered'), count(*) FILTER (WHERE v.attempt_number = 1),
                   count(*) FILTER (WHERE v.status = 'dead'), max(v.started_at)
            FROM v JOIN upd ON upd.id = v.id AND upd.fence = v.fence
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
            ON CONFLICT (tenant_id, hour, endpoint_id, latency_bucket) DO UPDATE SET
                attempts = s.attempts + excluded.attempts, succeeded = s.succeeded + excluded.succeeded,
                first_attempts = s.first_attempts + excluded.first_attempts,
                given_up = s.given_up + excluded.given_up,
                last_attempt_at = greatest(s.last_attempt_at, excluded.last_attempt_at)
        )
        INSERT INTO webhook_attempts
            (delivery_id, attempt_number, started_at, duration_ms, response_code, error, response_body,
             rate_limited_ms, via_proxy)
        SELECT v.id, v.attempt_number, v.started_at, v.duration_ms, v.response_code, v.error,
               NULLIF(v.response_body, ''::bytea), v.rate_limited_ms, v.via_proxy
        -- On id and fence: a delivery re-claimed after its lease ran out can be in one batch
        -- twice, and only the record under the current fence was written.
        FROM v JOIN upd ON upd.id = v.id AND upd.fence = v.fence
        RETURNING delivery_id AS id
        "#;

pub(crate) async fn record_attempts(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    records: &[AttemptRecord],
) -> EngineResult<Vec<Uuid>> {
    let ids: Vec<Uuid> = records.iter().map(|r| r.delivery_id).collect();
    let fences: Vec<i64> = records.iter().map(|r| r.fence).collect();
    let statuses: Vec<&str> = records.iter().map(|r| r.status.as_str()).collect();
    let numbers: Vec<i32> = records.iter().map(|r| r.attempt_number).collect();
    let next: Vec<Option<DateTime<Utc>>> = records.iter().map(|r| r.next_attempt_at).collect();
    let started: Vec<DateTime<Utc>> = records.iter().map(|r| r.started_at).collect();
    let durations: Vec<i32> = records.iter().map(|r| r.duration_ms).collect();
    let codes: Vec<Option<i32>> = records.iter().map(|r| r.response_code).collect();
    let errors: Vec<Option<&str>> = records.iter().map(|r| r.error.as_deref()).collect();
    let bodies: Vec<&[u8]> = records.iter().map(|r| r.response_body.as_slice()).collect();
    let held: Vec<Option<i32>> = records.iter().map(|r| r.rate_limited_ms).collect();
    let hours: Vec<DateTime<Utc>> = records.iter().map(|r| hour_of(r.started_at)).collect();
    let buckets: Vec<i16> = records.iter().map(|r| latency_bucket(r.duration_ms)).collect();
    let proxied: Vec<bool> = records.iter().map(|r| r.via_proxy).collect();
    let rows: Vec<IdRow> = prepared(RECORD_ATTEMPTS)
        .bind::<Timestamptz, _>(now)
        .bind::<Array<SqlUuid>, _>(ids)
        .bind::<Array<BigInt>, _>(fences)
        .bind::<Array<Text>, _>(statuses)
        .bind::<Array<Integer>, _>(numbers)
        .bind::<Array<Nullable<Timestamptz>>, _>(next)
        .bind::<Array<Timestamptz>, _>(started)
        .bind::<Array<Integer>, _>(durations)
        .bind::<Array<Nullable<Integer>>, _>(codes)
        .bind::<Array<Nullable<Text>>, _>(errors)
        .bind::<Array<Bytea>, _>(bodies)
        .bind::<Array<Nullable<Integer>>, _>(held)
        .bind::<Array<Timestamptz>, _>(hours)
        .bind::<Array<SmallInt>, _>(buckets)
        .bind::<Array<Bool>, _>(proxied)
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

pub(crate) async fn snapshot(conn: &mut AsyncPgConnection) -> EngineResult<QueueSnapshot> {
    let row: SnapshotRow = prepared(
        "SELECT \
           (SELECT count(*) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND available_at <= now()) AS due, \
           (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'failed') \
             AND available_at > now() AND (leased_until IS NULL OR leased_until <= now())) AS scheduled, \
           (SELECT count(*) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND leased_until > now()) AS in_flight, \
           (SELECT count(*) FROM webhook_deliveries WHERE status = 'dead') AS dead, \
           (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(available_at))::int8, 0) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND available_at <= now()) AS oldest_due_age_s, \
           (SELECT count(*) FROM webhook_endpoints \
             WHERE deleted_at IS NULL AND disabled_at IS NULL) AS endpoints_active, \
           (SELECT count(*) FROM webhook_endpoints \
             WHERE deleted_at IS NULL AND disabled_at IS NOT NULL) AS endpoints_disabled, \
           (SELECT count(*) FROM webhook_endpoint_backlogs b JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
             WHERE ep.deleted_at IS NULL AND ep.disabled_at IS NULL) AS endpoints_backlogged, \
           (SELECT count(*) FROM webhook_endpoints WHERE deleted_at IS NULL \
             AND client_cert_not_after < now() + interval '30 days') AS certificates_expiring",
    )
    .get_result(conn)
    .await?;
    Ok(row.into())
}

/// Gives claimed deliveries back (`$1` ids, `$2` their fences), due again after `$3`
/// milliseconds; the state as what it is not (see above `RECORD_ATTEMPTS`).
const RELEASE_CLAIMS: &str = "UPDATE webhook_deliveries d \
     SET available_at = CASE WHEN d.available_at = 'infinity' THEN d.available_at \
                             ELSE now() + $3 * interval '1 millisecond' END, \
         leased_until = NULL, updated_at = now() \
     FROM unnest($1::uuid[], $2::int8[]) AS v(id, fence) \
     WHERE d.id = v.id AND d.fence = v.fence AND d.status NOT IN ('delivered', 'dead')";

pub(crate) async fn release_claims(
    conn: &mut AsyncPgConnection,
    claims: &[(Uuid, i64)],
    after: std::time::Duration,
) -> EngineResult<usize> {
    let ids: Vec<Uuid> = claims.iter().map(|c| c.0).collect();
    let fences: Vec<i64> = claims.iter().map(|c| c.1).collect();
    let released = prepared(RELEASE_CLAIMS)
        .bind::<Array<SqlUuid>, _>(ids)
        .bind::<Array<BigInt>, _>(fences)
        .bind::<BigInt, _>(i64::try_from(after.as_millis()).unwrap_or(i64::MAX))
        .execute(conn)
        .await?;
    Ok(released)
}

pub(crate) async fn resend(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    rule: ResendRule,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    conn.transaction(async |conn| {
        let row: ResendRow = prepared(
            r#"
            SELECT d.status, d.leased_until > statement_timestamp() AS in_flight,
                   ep.deleted_at IS NOT NULL AS endpoint_deleted,
                   ep.disabled_at IS NOT NULL AS endpoint_disabled
            FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
            WHERE d.id = $1 AND d.tenant_id = $2
            FOR UPDATE OF d FOR SHARE OF ep
            "#,
        )
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(tenant)
        .get_result(conn)
        .await
        .map_err(not_found)?;
        let mut target = ResendTarget::try_from(row)?;
        target.payload_erased = !super::retention::erased_payloads(conn, &[id]).await?.is_empty();
        let terminal = match target.plan(rule)? {
            ResendPlan::LeaveInFlight => return Ok(()),
            ResendPlan::BringForward => false,
            ResendPlan::OneMoreAttempt => true,
        };
        resend_now(conn, id, terminal, now).await
    })
    .await
}

/// Makes a delivery due now: `terminal` (delivered, dead, or its endpoint disabled) gives it
/// exactly one more attempt; otherwise its schedule goes on, brought forward. The caller has
/// locked the row and checked the rule ([`ResendTarget::plan`]).
pub(super) async fn resend_now(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    terminal: bool,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        r#"
        UPDATE webhook_deliveries
        SET status = CASE WHEN $2 THEN 'pending' ELSE status END,
            manual = manual OR $2,
            next_attempt_at = $3, available_at = $3, leased_until = NULL, updated_at = $3
        WHERE id = $1
        "#,
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Bool, _>(terminal)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await?;
    Ok(())
}

fn not_found(e: diesel::result::Error) -> EngineError {
    match e {
        diesel::result::Error::NotFound => EngineError::NotFound,
        other => EngineError::from(other),
    }
}

/// Puts a re-enabled endpoint's open deliveries back in the queue: those overdue are due at
/// once, oldest first (one microsecond apart, in the order they were created, so the claim,
/// which takes an endpoint's rows by `available_at`, sends them in that order); the others at
/// their scheduled time; one still in flight when its lease ends. The outer `WHERE` repeats the
/// state (as what it is not, like `RECORD_ATTEMPTS`): a row whose outcome a worker records
/// meanwhile (delivered: no `available_at`) is read again once that commits (READ COMMITTED
/// re-checks the outer conditions only) and skipped.
pub(super) async fn unpark_endpoint(
    conn: &mut AsyncPgConnection,
    endpoint: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries d SET available_at = CASE WHEN d.leased_until > $2 THEN d.leased_until \
         ELSE GREATEST(d.next_attempt_at, $2 + o.n * interval '1 microsecond') END \
         FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM webhook_deliveries \
               WHERE endpoint_id = $1 AND status IN ('pending', 'failed') AND available_at = 'infinity') o \
         WHERE d.id = o.id AND d.status NOT IN ('delivered', 'dead') AND d.available_at = 'infinity'",
    )
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends every open delivery of an endpoint as dead with `reason`. A row in flight (its lease
/// running) keeps its fence, so its attempt's outcome is still recorded if it arrived (a
/// delivery that arrived is never logged dead; `RECORD_ATTEMPTS`); any other outcome is
/// dropped. The other rows get a new fence.
pub(super) async fn end_open_deliveries(
    conn: &mut AsyncPgConnection,
    endpoint: Uuid,
    reason: &str,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL, available_at = NULL, \
         leased_until = NULL, last_error = $2, updated_at = $3, \
         fence = CASE WHEN leased_until > now() THEN fence ELSE floor(random() * 9.0e18)::bigint END \
         WHERE endpoint_id = $1 AND status IN ('pending', 'failed')",
    )
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Text, _>(reason)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub(crate) async fn note_endpoint_health(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    latest: &[(Uuid, bool)],
) -> EngineResult<Vec<HealthBefore>> {
    let ids: Vec<Uuid> = latest.iter().map(|l| l.0).collect();
    let oks: Vec<bool> = latest.iter().map(|l| l.1).collect();
    let rows: Vec<HealthRow> = prepared(
        r#"
        WITH v AS (SELECT * FROM unnest($1::uuid[], $2::bool[]) AS v(id, ok)),
        upd AS (
            -- Only rows whose value changes: a healthy endpoint is not rewritten on every batch.
            UPDATE webhook_endpoints e
            SET failing_since = CASE WHEN v.ok THEN NULL ELSE COALESCE(e.failing_since, $3) END,
                failing_warned = CASE WHEN v.ok THEN 0 ELSE e.failing_warned END
            FROM v
            WHERE e.id = v.id
              AND e.failing_since IS DISTINCT FROM (CASE WHEN v.ok THEN NULL ELSE COALESCE(e.failing_since, $3) END)
            RETURNING e.id
        )
        -- The statement's snapshot: the health as it was before this batch, so a run of failures
        -- that starts now is not judged by it. (`upd` runs regardless: data-modifying CTEs
        -- always execute exactly once.)
        SELECT e.id, e.tenant_id, e.failing_since, e.failing_warned,
               e.disabled_at IS NULL AND e.deleted_at IS NULL AS open
        FROM webhook_endpoints e JOIN v ON v.id = e.id
        "#,
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Array<Bool>, _>(oks)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(HealthBefore::from).collect())
}

pub(crate) async fn raise_failing_warned(
    conn: &mut AsyncPgConnection,
    levels: &[(Uuid, i16)],
) -> EngineResult<()> {
    let ids: Vec<Uuid> = levels.iter().map(|l| l.0).collect();
    let values: Vec<i16> = levels.iter().map(|l| l.1).collect();
    prepared(
        "UPDATE webhook_endpoints e SET failing_warned = v.level \
         FROM unnest($1::uuid[], $2::int2[]) AS v(id, level) \
         WHERE e.id = v.id AND e.failing_warned < v.level",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Array<SmallInt>, _>(values)
    .execute(conn)
    .await?;
    Ok(())
}

pub(crate) async fn disable_endpoints(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    reason: &str,
    cause: DisableCause,
    next_probe_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> EngineResult<Vec<EndpointRef>> {
    conn.transaction(async |conn| {
        let disabled: Vec<EndpointTenantRow> = prepared(
            "UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3, disabled_cause = $4, \
             next_probe_at = $5, probes = 0, updated_at = $2 \
             WHERE id = ANY ($1) AND disabled_at IS NULL AND deleted_at IS NULL \
             RETURNING id, tenant_id",
        )
        .bind::<Array<SqlUuid>, _>(ids)
        .bind::<Timestamptz, _>(now)
        .bind::<Text, _>(reason)
        .bind::<Text, _>(cause.as_str())
        .bind::<Nullable<Timestamptz>, _>(next_probe_at)
        .load(conn)
        .await?;
        let disabled: Vec<EndpointRef> = disabled.into_iter().map(EndpointRef::from).collect();
        let ids: Vec<Uuid> = disabled.iter().map(|d| d.id).collect();
        let tenants: Vec<&str> = disabled.iter().map(|d| d.tenant_id.as_str()).collect();
        park_endpoints(conn, &ids).await?;
        // Every event enqueued to them so far is committed from here: parking again takes the
        // rows added meanwhile.
        super::routes::change(conn, &tenants).await?;
        park_endpoints(conn, &ids).await?;
        // Events owed so far stay owed (filled once it is enabled and delivers), later ones
        // do not target it.
        super::backlog::close(conn, &ids).await?;
        Ok(disabled)
    })
    .await
}

/// Takes disabled endpoints' open deliveries out of the queue (they keep their state); rows
/// parked already are left alone, so parking again touches only rows added since.
pub(super) async fn park_endpoints(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries SET available_at = 'infinity' \
         WHERE endpoint_id = ANY ($1) AND status IN ('pending', 'failed') AND available_at < 'infinity'",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{RECORD_ATTEMPTS, RELEASE_CLAIMS};
    use diesel::sql_types::Text;
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
    use test_support::TestDb;

    #[derive(diesel::QueryableByName)]
    struct PlanLine {
        #[diesel(sql_type = Text)]
        line: String,
    }

    /// The generic plan of `sql` with `args` (what a pooled connection's cached statement comes
    /// to use), as `EXPLAIN` prints it.
    async fn generic_plan(conn: &mut AsyncPgConnection, sql: &str, args: &str) -> String {
        conn.batch_execute(&format!("DEALLOCATE ALL; PREPARE s AS {sql}")).await.unwrap();
        let lines: Vec<PlanLine> = diesel::sql_query(format!("SELECT plan_of('EXECUTE s({args})') AS line"))
            .load(conn)
            .await
            .unwrap();
        lines.into_iter().map(|l| l.line).collect::<Vec<_>>().join("\n")
    }

    /// Statistics taken over a settled history say the partial index of open deliveries is
    /// empty; then an endpoint's retries fill it. A batch's rows are still looked up by key.
    #[tokio::test]
    async fn a_batch_finds_its_rows_by_key_when_the_statistics_saw_only_settled_history() {
        let db = TestDb::create("engine", |url| async move {
            crate::db::run_migrations(&url, vec![crate::db::ENGINE_MIGRATIONS]).await?;
            Ok(())
        })
        .await
        .unwrap();
        let row = |status: &str, available: &str| {
            format!(
                "INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, attempt_count, \
                 created_at, updated_at, next_attempt_at, available_at, event_type) \
                 SELECT gen_random_uuid(), 't', gen_random_uuid(), gen_random_uuid(), '{status}', 1, now(), now(), \
                 {available}, {available}, 'thing.created' FROM generate_series(1, 20000);"
            )
        };
        let setup = [
            row("delivered", "NULL"),
            "ANALYZE webhook_deliveries;".to_owned(),
            row("failed", "now() + interval '1 day'"),
            "CREATE FUNCTION plan_of(q text) RETURNS SETOF text LANGUAGE plpgsql AS \
             $$ BEGIN RETURN QUERY EXECUTE 'EXPLAIN ' || q; END $$;"
                .to_owned(),
        ];
        TestDb::execute(&db, &setup.concat()).await.unwrap();
        let mut conn = AsyncPgConnection::establish(db.url()).await.unwrap();
        conn.batch_execute("SET plan_cache_mode = force_generic_plan").await.unwrap();
        let arrays = vec!["''{}''"; 14].join(", ");
        for (name, sql, args) in [
            ("record", RECORD_ATTEMPTS, format!("now(), {arrays}")),
            ("release", RELEASE_CLAIMS, "''{}'', ''{}'', 0".into()),
        ] {
            let plan = generic_plan(&mut conn, sql, &args).await;
            assert!(plan.contains("webhook_deliveries_pkey"), "{name}:\n{plan}");
            assert!(!plan.contains("open_by_endpoint"), "{name}:\n{plan}");
        }
    }
}
