//! SQLite: the queue (see `store/queue.rs` for each operation's contract). SQLite has one
//! writer at a time and no `SKIP LOCKED`: a claim chooses and leases its rows inside one
//! `BEGIN IMMEDIATE` transaction, so two claims never see the same row as free (which
//! endpoints to look at is read before it, outside the write lock, D49).

use super::rows::{
    CandidateRow, ClaimedRow, DeliveryOwnerRow, EarliestRow, EndpointTenantRow, HealthRow, ResendRow,
    SnapshotRow,
};
use super::values::{json_ids, micros, uuid, INFINITY};
use super::{atomically, atomically_as, Writer};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::QueueSnapshot;
use crate::store::model::{
    resume_after, AttemptRecord, Claim, ClaimRequest, ClaimedDelivery, DeliveryStatus, DisableCause,
    EndpointRef, HealthBefore, NewEventRow, ResendPlan, ResendRule, ResendTarget,
};
use crate::store::routes::{RouteCache, Targets};
use crate::store::stats_model::{hour_of, latency_bucket};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Binary, Bool, Integer, Nullable, SmallInt, Text};
use diesel::{Connection, OptionalExtension, RunQueryDsl, SqliteConnection};
use std::sync::Arc;
use uuid::Uuid;

/// Routes the event by the tenant's cached route table while its version is current (read
/// under the write lock: nothing can change the routes before this transaction ends), else by
/// the table read afresh, which it caches.
pub(crate) fn enqueue(
    c: &mut SqliteConnection,
    ev: &NewEventRow<'_>,
    cache: Option<&RouteCache>,
) -> EngineResult<Option<Targets>> {
    atomically(c, |c| {
        let created = micros(ev.created_at);
        let version = super::routes::version(c, ev.tenant_id)?;
        // No version (a tenant without a routes row) is never trusted: a trigger that only
        // redraws an existing row could not tell a cached table it went stale.
        let routes = match cache.and_then(|cache| cache.get(ev.tenant_id)) {
            Some(table) if version.is_some() && table.version == version => table,
            _ => {
                let table = Arc::new(super::routes::load(c, ev.tenant_id)?);
                if let Some(cache) = cache {
                    cache.put(ev.tenant_id, table.clone());
                }
                table
            }
        };
        let targets = routes.targets(ev.event_type, ev.body, ev.only_endpoint);
        let inserted = prepared(
            // `seq`: the tenant's next number, under the write lock (so in the order of
            // commits), only for an event some backlogged endpoint is owed.
            "INSERT INTO webhook_events (id, tenant_id, event_type, dedupe_key, body, created_at, seq) \
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, \
                    CASE WHEN ?7 THEN (SELECT coalesce(max(seq), 0) + 1 FROM webhook_events \
                                       WHERE tenant_id = ?2 AND seq IS NOT NULL) END \
             WHERE true ON CONFLICT (tenant_id, dedupe_key) DO NOTHING",
        )
        .bind::<Text, _>(ev.id.to_string())
        .bind::<Text, _>(ev.tenant_id)
        .bind::<Text, _>(ev.event_type)
        .bind::<Text, _>(ev.dedupe_key)
        .bind::<Binary, _>(ev.body)
        .bind::<BigInt, _>(created)
        .bind::<Bool, _>(targets.owed > 0)
        .execute(c)?;
        if inserted == 0 {
            return Ok(None);
        }
        // A backlogged endpoint's deliveries wait in the event log instead (store/backlog.rs).
        if targets.eager.is_empty() {
            return Ok(Some(targets));
        }
        let eager: Vec<Vec<String>> =
            targets.eager.iter().map(|id| vec![Uuid::now_v7().to_string(), id.to_string()]).collect();
        // One statement for every target, each row with a time-ordered id (UUIDv7): the rows
        // land at the right edge of the primary key's index instead of on random pages.
        let rows = serde_json::Value::from(eager).to_string();
        prepared(
            "INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, \
             next_attempt_at, available_at, created_at, updated_at, event_type) \
             SELECT t.value ->> 0, ?2, ?3, t.value ->> 1, 'pending', ?4, ?4, ?4, ?4, ?5 FROM json_each(?1) t",
        )
        .bind::<Text, _>(&rows)
        .bind::<Text, _>(ev.tenant_id)
        .bind::<Text, _>(ev.id.to_string())
        .bind::<BigInt, _>(created)
        .bind::<Text, _>(ev.event_type)
        .execute(c)?;
        Ok(Some(targets))
    })
}

pub(crate) fn claim_due_deliveries(c: &mut SqliteConnection, req: &ClaimRequest) -> EngineResult<Claim> {
    // Which endpoints to claim from is read before the write lock, in a read transaction of its
    // own (in WAL mode it waits for no writer and holds none up): the scan probes every endpoint
    // with open deliveries, stalled ones too, and under the one write lock it held up every API
    // write. Under the lock, the query that takes each endpoint's rows checks again that they
    // are due; an endpoint that became due meanwhile waits for the next claim.
    let (picked, scan_stopped_at) = c.transaction(|c| pick_endpoints(c, req, micros(Utc::now())))?;
    if picked.is_empty() {
        return Ok(Claim { deliveries: Vec::new(), resume_after: scan_stopped_at });
    }
    atomically_as(c, Writer::Dispatcher, |c| {
        // Read once the write lock is held, so the lease is not shortened by the wait. It runs on
        // this host's clock, which is the database's.
        let now = micros(Utc::now());
        let until = now.saturating_add(req.lease_ms.saturating_mul(1000));
        // Each picked endpoint's oldest due rows up to its room; then first rows of every
        // endpoint before second rows, up to the limit.
        let mut candidates: Vec<(usize, usize, CandidateRow)> = Vec::new();
        for (n, (endpoint, room)) in picked.iter().enumerate() {
            // A due row that still has a lease was claimed before and never recorded. A
            // rate-limited endpoint gets one row per claim at most: its pace between claims is
            // the dispatcher's (worker/limits.rs), which gives it no room until it may send. A
            // listen session held by a stream is sent by the process holding it
            // (worker/listen.rs), never by this claim.
            let rows: Vec<CandidateRow> = prepared(
                "SELECT id, leased_until IS NOT NULL AS lease_expired FROM webhook_deliveries \
                 WHERE endpoint_id = ?1 AND status IN ('pending', 'failed') AND available_at <= ?2 \
                   AND NOT EXISTS (SELECT 1 FROM webhook_listen_sessions \
                                   WHERE endpoint_id = ?1 AND connected_until > ?2) \
                 ORDER BY available_at \
                 LIMIT CASE WHEN (SELECT rate_limit_per_s FROM webhook_endpoints WHERE id = ?1) IS NULL \
                            THEN ?3 ELSE min(?3, 1) END",
            )
            .bind::<Text, _>(endpoint)
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(*room)
            .load(c)?;
            candidates.extend(rows.into_iter().enumerate().map(|(rank, row)| (rank, n, row)));
        }
        candidates.sort_unstable_by_key(|c| (c.0, c.1));
        candidates.truncate(usize::try_from(req.limit).unwrap_or(0));
        if candidates.is_empty() {
            return Ok(Claim { deliveries: Vec::new(), resume_after: scan_stopped_at });
        }
        let expired: std::collections::HashSet<String> =
            candidates.iter().filter(|c| c.2.lease_expired).map(|c| c.2.id.clone()).collect();
        let ids =
            serde_json::Value::from(candidates.into_iter().map(|c| c.2.id).collect::<Vec<_>>()).to_string();
        prepared(
            // A fresh random fence: a claim lost in a crash cannot be issued again.
            "UPDATE webhook_deliveries SET fence = random(), available_at = ?2, leased_until = ?2, updated_at = ?3 \
             WHERE id IN (SELECT value FROM json_each(?1))",
        )
        .bind::<Text, _>(&ids)
        .bind::<BigInt, _>(until)
        .bind::<BigInt, _>(now)
        .execute(c)?;
        let rows: Vec<ClaimedRow> = prepared(concat!(
            "SELECT ",
            claimed_columns!(),
            " FROM webhook_deliveries d \
                 JOIN webhook_events e ON e.id = d.event_id \
                 JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
                 WHERE d.id IN (SELECT value FROM json_each(?1))"
        ))
        .bind::<Text, _>(&ids)
        .load(c)?;
        let deliveries = rows
            .into_iter()
            .map(|row| {
                ClaimedDelivery::try_from(row)
                    .map(|d| ClaimedDelivery { lease_expired: expired.contains(&d.id.to_string()), ..d })
            })
            .collect::<EngineResult<Vec<_>>>()?;
        let resume_after = resume_after(&deliveries, req.limit, scan_stopped_at);
        Ok(Claim { deliveries, resume_after })
    })
}

/// Endpoints to claim from (stored id and room), and where the scan stopped early if it did.
type PickedEndpoints = (Vec<(String, i64)>, Option<Uuid>);

/// A skip scan over endpoints with open deliveries, in id order after `req.after`: one index
/// probe each, giving the endpoint's earliest row (due, scheduled or parked). Returns the
/// endpoints with due rows and room, with their room, and the last endpoint visited if the scan
/// stopped at `req.max_endpoints` before the end.
fn pick_endpoints(c: &mut SqliteConnection, req: &ClaimRequest, now: i64) -> EngineResult<PickedEndpoints> {
    if let Some(only) = &req.only {
        return pick_named_endpoints(c, req, only, now);
    }
    let mut after = req.after.map(|id| id.to_string()).unwrap_or_default();
    let mut picked = Vec::new();
    for _ in 0..req.max_endpoints {
        let next: Option<EarliestRow> = prepared(
            "SELECT endpoint_id, available_at FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND endpoint_id > ?1 \
             ORDER BY endpoint_id, available_at LIMIT 1",
        )
        .bind::<Text, _>(&after)
        .get_result(c)
        .optional()?;
        let Some(next) = next else { return Ok((picked, None)) };
        let id = uuid(&next.endpoint_id)?;
        let room = req.rooms.iter().find(|r| r.0 == id).map_or(req.default_room, |r| r.1);
        if next.available_at.is_some_and(|at| at <= now) && room > 0 {
            picked.push((next.endpoint_id.clone(), room));
        }
        after = next.endpoint_id;
    }
    let stopped_at = if after.is_empty() { None } else { Some(uuid(&after)?) };
    Ok((picked, stopped_at))
}

/// [`pick_endpoints`] for the endpoints named (D53): one index probe each, in the order given.
fn pick_named_endpoints(
    c: &mut SqliteConnection,
    req: &ClaimRequest,
    only: &[Uuid],
    now: i64,
) -> EngineResult<PickedEndpoints> {
    let rooms: std::collections::HashMap<Uuid, i64> = req.rooms.iter().copied().collect();
    let mut picked = Vec::new();
    for id in only {
        let room = rooms.get(id).copied().unwrap_or(req.default_room);
        if room <= 0 {
            continue;
        }
        let endpoint = id.to_string();
        let earliest: Option<EarliestRow> = prepared(
            "SELECT endpoint_id, available_at FROM webhook_deliveries \
             WHERE endpoint_id = ?1 AND status IN ('pending', 'failed') \
             ORDER BY available_at LIMIT 1",
        )
        .bind::<Text, _>(&endpoint)
        .get_result(c)
        .optional()?;
        if earliest.and_then(|e| e.available_at).is_some_and(|at| at <= now) {
            picked.push((endpoint, room));
        }
    }
    Ok((picked, None))
}

pub(crate) fn record_attempts(
    c: &mut SqliteConnection,
    now: DateTime<Utc>,
    records: &[AttemptRecord],
) -> EngineResult<Vec<Uuid>> {
    atomically(c, |c| {
        let mut written = Vec::with_capacity(records.len());
        let mut hours = HourTally::default();
        for r in records {
            let next = r.next_attempt_at.map(micros);
            // Only under the claim's token, only once (a retried write after a lost
            // acknowledgement matches nothing). A row parked while in flight stays parked; one
            // ended while in flight (its endpoint deleted) takes the outcome only if it arrived.
            let owner: Option<DeliveryOwnerRow> = prepared(
                "UPDATE webhook_deliveries \
                 SET status = ?1, attempt_count = ?2, next_attempt_at = ?3, \
                     available_at = CASE WHEN available_at = ?4 AND ?3 IS NOT NULL THEN available_at ELSE ?3 END, \
                     leased_until = NULL, manual = 0, last_response_code = ?5, last_error = ?6, updated_at = ?7, \
                     delivered_at = CASE WHEN ?1 = 'delivered' THEN ?7 ELSE delivered_at END \
                 WHERE id = ?8 AND fence = ?9 AND attempt_count = ?2 - 1 \
                   AND (status IN ('pending', 'failed') OR (status = 'dead' AND ?1 = 'delivered')) \
                 RETURNING tenant_id, endpoint_id",
            )
            .bind::<Text, _>(r.status.as_str())
            .bind::<Integer, _>(r.attempt_number)
            .bind::<Nullable<BigInt>, _>(next)
            .bind::<BigInt, _>(INFINITY)
            .bind::<Nullable<Integer>, _>(r.response_code)
            .bind::<Nullable<Text>, _>(r.error.as_deref())
            .bind::<BigInt, _>(micros(now))
            .bind::<Text, _>(r.delivery_id.to_string())
            .bind::<BigInt, _>(r.fence)
            .get_result(c)
            .optional()?;
            let Some(owner) = owner else { continue };
            hours.add(owner, r);
            prepared(
                "INSERT INTO webhook_attempts (delivery_id, attempt_number, started_at, duration_ms, \
                 response_code, error, response_body, rate_limited_ms, via_proxy) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .bind::<Text, _>(r.delivery_id.to_string())
            .bind::<Integer, _>(r.attempt_number)
            .bind::<BigInt, _>(micros(r.started_at))
            .bind::<Integer, _>(r.duration_ms)
            .bind::<Nullable<Integer>, _>(r.response_code)
            .bind::<Nullable<Text>, _>(r.error.as_deref())
            .bind::<Nullable<Binary>, _>((!r.response_body.is_empty()).then_some(r.response_body.as_slice()))
            .bind::<Nullable<Integer>, _>(r.rate_limited_ms)
            .bind::<Bool, _>(r.via_proxy)
            .execute(c)?;
            written.push(r.delivery_id);
        }
        hours.write(c)?;
        Ok(written)
    })
}

/// A batch's written attempts, summed per row of the consoles' hourly figures (migration
/// 000017): one upsert per row touched, not one per attempt, as PostgreSQL's grouped insert.
#[derive(Default)]
struct HourTally(std::collections::BTreeMap<(String, i64, String, i16), HourCounts>);

#[derive(Default)]
struct HourCounts {
    attempts: i64,
    succeeded: i64,
    first_attempts: i64,
    given_up: i64,
    last_attempt_at: i64,
}

impl HourTally {
    fn add(&mut self, owner: DeliveryOwnerRow, r: &AttemptRecord) {
        let key = (
            owner.tenant_id,
            micros(hour_of(r.started_at)),
            owner.endpoint_id,
            latency_bucket(r.duration_ms),
        );
        let counts = self.0.entry(key).or_default();
        counts.attempts += 1;
        counts.succeeded += i64::from(r.status == DeliveryStatus::Delivered);
        counts.first_attempts += i64::from(r.attempt_number == 1);
        counts.given_up += i64::from(r.status == DeliveryStatus::Dead);
        counts.last_attempt_at = counts.last_attempt_at.max(micros(r.started_at));
    }

    fn write(self, c: &mut SqliteConnection) -> EngineResult<()> {
        for ((tenant, hour, endpoint, bucket), n) in self.0 {
            count_attempts(c, (&tenant, hour, &endpoint, bucket), &n)?;
        }
        Ok(())
    }
}

/// Adds attempts to one row of the consoles' hourly figures.
fn count_attempts(
    c: &mut SqliteConnection,
    (tenant, hour, endpoint, bucket): (&str, i64, &str, i16),
    n: &HourCounts,
) -> EngineResult<()> {
    prepared(
        "INSERT INTO webhook_stats_hourly (tenant_id, hour, endpoint_id, latency_bucket, attempts, succeeded, \
                                           first_attempts, given_up, last_attempt_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
         ON CONFLICT (tenant_id, hour, endpoint_id, latency_bucket) DO UPDATE SET \
           attempts = attempts + excluded.attempts, succeeded = succeeded + excluded.succeeded, \
           first_attempts = first_attempts + excluded.first_attempts, given_up = given_up + excluded.given_up, \
           last_attempt_at = max(last_attempt_at, excluded.last_attempt_at)",
    )
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(hour)
    .bind::<Text, _>(endpoint)
    .bind::<SmallInt, _>(bucket)
    .bind::<BigInt, _>(n.attempts)
    .bind::<BigInt, _>(n.succeeded)
    .bind::<BigInt, _>(n.first_attempts)
    .bind::<BigInt, _>(n.given_up)
    .bind::<BigInt, _>(n.last_attempt_at)
    .execute(c)?;
    Ok(())
}

pub(crate) fn snapshot(c: &mut SqliteConnection) -> EngineResult<QueueSnapshot> {
    let row: SnapshotRow = prepared(
        "SELECT \
           (SELECT count(*) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND available_at <= ?1) AS due, \
           (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'failed') \
             AND available_at > ?1 AND (leased_until IS NULL OR leased_until <= ?1)) AS scheduled, \
           (SELECT count(*) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND leased_until > ?1) AS in_flight, \
           (SELECT count(*) FROM webhook_deliveries WHERE status = 'dead') AS dead, \
           (SELECT COALESCE((?1 - min(available_at)) / 1000000, 0) FROM webhook_deliveries \
             WHERE status IN ('pending', 'failed') AND available_at <= ?1) AS oldest_due_age_s, \
           (SELECT count(*) FROM webhook_endpoints \
             WHERE deleted_at IS NULL AND disabled_at IS NULL) AS endpoints_active, \
           (SELECT count(*) FROM webhook_endpoints \
             WHERE deleted_at IS NULL AND disabled_at IS NOT NULL) AS endpoints_disabled, \
           (SELECT count(*) FROM webhook_endpoint_backlogs b JOIN webhook_endpoints ep ON ep.id = b.endpoint_id \
             WHERE ep.deleted_at IS NULL AND ep.disabled_at IS NULL) AS endpoints_backlogged, \
           (SELECT count(*) FROM webhook_endpoints WHERE deleted_at IS NULL \
             AND client_cert_not_after < ?1 + 30 * 86400000000) AS certificates_expiring",
    )
    .bind::<BigInt, _>(micros(Utc::now()))
    .get_result(c)?;
    Ok(row.into())
}

pub(crate) fn release_claims(
    c: &mut SqliteConnection,
    claims: &[(Uuid, i64)],
    after: std::time::Duration,
) -> EngineResult<usize> {
    atomically_as(c, Writer::Dispatcher, |c| {
        let now = micros(Utc::now());
        let due = now.saturating_add(i64::try_from(after.as_micros()).unwrap_or(i64::MAX));
        let mut released = 0;
        for (id, fence) in claims {
            released += prepared(
                "UPDATE webhook_deliveries \
                 SET available_at = CASE WHEN available_at = ?1 THEN available_at ELSE ?5 END, \
                     leased_until = NULL, updated_at = ?2 \
                 WHERE id = ?3 AND fence = ?4 AND status IN ('pending', 'failed')",
            )
            .bind::<BigInt, _>(INFINITY)
            .bind::<BigInt, _>(now)
            .bind::<Text, _>(id.to_string())
            .bind::<BigInt, _>(*fence)
            .bind::<BigInt, _>(due)
            .execute(c)?;
        }
        Ok(released)
    })
}

pub(crate) fn resend(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    rule: ResendRule,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    atomically(c, |c| {
        let row: ResendRow = prepared(
            "SELECT d.status, d.leased_until > ?3 AS in_flight, \
                    ep.deleted_at IS NOT NULL AS endpoint_deleted, ep.disabled_at IS NOT NULL AS endpoint_disabled \
             FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
             WHERE d.id = ?1 AND d.tenant_id = ?2",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .bind::<BigInt, _>(micros(Utc::now()))
        .get_result(c)
        .optional()?
        .ok_or(EngineError::NotFound)?;
        let mut target = ResendTarget::try_from(row)?;
        target.payload_erased = !super::retention::erased_payloads(c, &[id])?.is_empty();
        let terminal = match target.plan(rule)? {
            ResendPlan::LeaveInFlight => return Ok(()),
            ResendPlan::BringForward => false,
            ResendPlan::OneMoreAttempt => true,
        };
        resend_now(c, &id.to_string(), terminal, now)
    })
}

/// Makes a delivery due now: `terminal` (delivered, dead, or its endpoint disabled) gives it
/// exactly one more attempt; otherwise its schedule goes on, brought forward. The caller holds
/// the write lock and has checked the rule ([`ResendTarget::plan`]).
pub(super) fn resend_now(
    c: &mut SqliteConnection,
    id: &str,
    terminal: bool,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries \
         SET status = CASE WHEN ?2 THEN 'pending' ELSE status END, manual = (manual OR ?2), \
             next_attempt_at = ?3, available_at = ?3, leased_until = NULL, updated_at = ?3 \
         WHERE id = ?1",
    )
    .bind::<Text, _>(id)
    .bind::<Bool, _>(terminal)
    .bind::<BigInt, _>(micros(now))
    .execute(c)?;
    Ok(())
}

/// Takes disabled endpoints' open deliveries out of the queue (they keep their state).
pub(super) fn park_endpoints(c: &mut SqliteConnection, ids: &[Uuid]) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries SET available_at = ?1 \
         WHERE endpoint_id IN (SELECT value FROM json_each(?2)) AND status IN ('pending', 'failed')",
    )
    .bind::<BigInt, _>(INFINITY)
    .bind::<Text, _>(json_ids(ids))
    .execute(c)?;
    Ok(())
}

/// Puts a re-enabled endpoint's open deliveries back in the queue: those overdue are due at
/// once, oldest first (one microsecond apart, in the order they were created, so the claim,
/// which takes an endpoint's rows by `available_at`, sends them in that order); the others at
/// their scheduled time; one still in flight when its lease ends.
pub(super) fn unpark_endpoint(
    c: &mut SqliteConnection,
    endpoint: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries SET available_at = CASE WHEN leased_until > ?2 THEN leased_until \
         ELSE max(COALESCE(next_attempt_at, ?2), ?2 + o.n) END \
         FROM (SELECT id AS oid, row_number() OVER (ORDER BY created_at, id) AS n FROM webhook_deliveries \
               WHERE endpoint_id = ?1 AND status IN ('pending', 'failed') AND available_at = ?3) AS o \
         WHERE webhook_deliveries.id = o.oid",
    )
    .bind::<Text, _>(endpoint.to_string())
    .bind::<BigInt, _>(micros(now))
    .bind::<BigInt, _>(INFINITY)
    .execute(c)?;
    Ok(())
}

/// Ends every open delivery of an endpoint as dead with `reason` (a result in flight is fenced off).
pub(super) fn end_open_deliveries(
    c: &mut SqliteConnection,
    endpoint: Uuid,
    reason: &str,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL, available_at = NULL, \
         leased_until = NULL, last_error = ?2, updated_at = ?3, \
         fence = CASE WHEN leased_until > ?3 THEN fence ELSE random() END \
         WHERE endpoint_id = ?1 AND status IN ('pending', 'failed')",
    )
    .bind::<Text, _>(endpoint.to_string())
    .bind::<Text, _>(reason)
    .bind::<BigInt, _>(micros(now))
    .execute(c)?;
    Ok(())
}

pub(crate) fn note_endpoint_health(
    c: &mut SqliteConnection,
    now: DateTime<Utc>,
    latest: &[(Uuid, bool)],
) -> EngineResult<Vec<HealthBefore>> {
    atomically(c, |c| {
        let mut before = Vec::with_capacity(latest.len());
        for &(id, ok) in latest {
            let Some(row): Option<HealthRow> = prepared(
                "SELECT tenant_id, failing_since, failing_warned, \
                        (disabled_at IS NULL AND deleted_at IS NULL) AS open \
                 FROM webhook_endpoints WHERE id = ?1",
            )
            .bind::<Text, _>(id.to_string())
            .get_result(c)
            .optional()?
            else {
                continue;
            };
            let next = if ok { None } else { Some(row.failing_since.unwrap_or(micros(now))) };
            // Only rows whose value changes: a healthy endpoint is not rewritten on every batch.
            if next != row.failing_since {
                prepared(
                    "UPDATE webhook_endpoints SET failing_since = ?1, \
                     failing_warned = CASE WHEN ?1 IS NULL THEN 0 ELSE failing_warned END WHERE id = ?2",
                )
                .bind::<Nullable<BigInt>, _>(next)
                .bind::<Text, _>(id.to_string())
                .execute(c)?;
            }
            // As it was before this batch, as on PostgreSQL.
            before.push(row.before(id)?);
        }
        Ok(before)
    })
}

pub(crate) fn raise_failing_warned(c: &mut SqliteConnection, levels: &[(Uuid, i16)]) -> EngineResult<()> {
    atomically(c, |c| {
        for &(id, level) in levels {
            prepared(
                "UPDATE webhook_endpoints SET failing_warned = ?2 WHERE id = ?1 AND failing_warned < ?2",
            )
            .bind::<Text, _>(id.to_string())
            .bind::<Integer, _>(i32::from(level))
            .execute(c)?;
        }
        Ok(())
    })
}

pub(crate) fn disable_endpoints(
    c: &mut SqliteConnection,
    ids: &[Uuid],
    reason: &str,
    cause: DisableCause,
    next_probe_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> EngineResult<Vec<EndpointRef>> {
    atomically(c, |c| {
        let disabled: Vec<EndpointTenantRow> = prepared(
            "UPDATE webhook_endpoints SET disabled_at = ?2, disabled_reason = ?3, disabled_cause = ?4, \
             next_probe_at = ?5, probes = 0, updated_at = ?2 \
             WHERE id IN (SELECT value FROM json_each(?1)) AND disabled_at IS NULL AND deleted_at IS NULL \
             RETURNING id, tenant_id",
        )
        .bind::<Text, _>(json_ids(ids))
        .bind::<BigInt, _>(micros(now))
        .bind::<Text, _>(reason)
        .bind::<Text, _>(cause.as_str())
        .bind::<Nullable<BigInt>, _>(next_probe_at.map(micros))
        .load(c)?;
        let disabled = disabled.into_iter().map(EndpointRef::try_from).collect::<EngineResult<Vec<_>>>()?;
        let ids: Vec<Uuid> = disabled.iter().map(|d| d.id).collect();
        park_endpoints(c, &ids)?;
        // Events owed so far stay owed (filled once it is enabled and delivers), later ones
        // do not target it.
        super::backlog::close(c, &ids)?;
        Ok(disabled)
    })
}

#[cfg(test)]
mod tests {
    use super::claim_due_deliveries;
    use crate::store::model::{ClaimRequest, Commit};
    use crate::store::sqlite::conn::open;
    use diesel::connection::SimpleConnection;
    use diesel_migrations::MigrationHarness;
    use std::time::Duration;
    use uuid::Uuid;

    const ENDPOINT: &str = "01a20e8c-4123-7550-a200-1a5ba2e8b909";

    /// A database with one endpoint and one due delivery for it.
    fn database(dir: &tempfile::TempDir) -> std::path::PathBuf {
        let path = dir.path().join("queue.db");
        let mut c = open(&path, Commit::Durable, Duration::from_secs(5)).unwrap();
        c.run_pending_migrations(crate::store::migrate::ENGINE_MIGRATIONS.sqlite).unwrap();
        c.batch_execute(&format!(
            "INSERT INTO webhook_endpoints (id, tenant_id, url, secret_key_id, secret_nonce, secret_ciphertext, \
                                            created_at, updated_at) \
             VALUES ('{ENDPOINT}', 't', 'https://example.com/', 'k', x'00', x'00', 0, 0); \
             INSERT INTO webhook_events (id, tenant_id, event_type, dedupe_key, body, created_at) \
             VALUES ('01a20e8c-0000-7000-8000-000000000001', 't', 'a.b', 'e1', x'7b7d', 0); \
             INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, next_attempt_at, \
                                             available_at, created_at, updated_at) \
             VALUES ('01a20e8c-0000-7000-8000-000000000002', 't', '01a20e8c-0000-7000-8000-000000000001', \
                     '{ENDPOINT}', 'pending', 0, 0, 0, 0);"
        ))
        .unwrap();
        path
    }

    fn request(room: i64) -> ClaimRequest {
        ClaimRequest {
            lease_ms: 60_000,
            limit: 8,
            default_room: 16,
            rooms: vec![(Uuid::parse_str(ENDPOINT).unwrap(), room)],
            after: None,
            max_endpoints: 128,
            only: None,
        }
    }

    /// The scan of endpoints runs outside the write lock, and a claim it leaves nothing to take
    /// (here: the one endpoint with a due row has no room) never asks for the lock: with another
    /// connection holding it and no patience for waiting, the claim still returns. One that has
    /// rows to take does need the lock, and gets them once it is free.
    #[test]
    fn a_claim_with_nothing_to_take_does_not_ask_for_the_write_lock() {
        let _alone = crate::store::sqlite::TURN_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let path = database(&dir);
        let mut holder = open(&path, Commit::Durable, Duration::from_secs(5)).unwrap();
        holder.batch_execute("BEGIN IMMEDIATE").unwrap();
        let mut c = open(&path, Commit::Asynchronous, Duration::from_millis(1)).unwrap();

        let claim = claim_due_deliveries(&mut c, &request(0)).unwrap();
        assert!(claim.deliveries.is_empty() && claim.resume_after.is_none());
        let locked = claim_due_deliveries(&mut c, &request(1)).unwrap_err();
        assert!(locked.to_string().contains("database is locked"), "{locked}");

        holder.batch_execute("COMMIT").unwrap();
        let claim = claim_due_deliveries(&mut c, &request(1)).unwrap();
        assert_eq!(claim.deliveries.len(), 1);
    }

    /// A claim that names its endpoints (D53) takes only their due rows, within their room.
    #[test]
    fn a_claim_that_names_endpoints_takes_only_theirs() {
        let _alone = crate::store::sqlite::TURN_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let path = database(&dir);
        let mut c = open(&path, Commit::Asynchronous, Duration::from_secs(5)).unwrap();
        let (endpoint, other) = (Uuid::parse_str(ENDPOINT).unwrap(), Uuid::now_v7());
        let named = |only: Vec<Uuid>, room: i64| ClaimRequest { only: Some(only), ..request(room) };

        assert!(claim_due_deliveries(&mut c, &named(vec![other], 1)).unwrap().deliveries.is_empty());
        assert!(claim_due_deliveries(&mut c, &named(vec![endpoint], 0)).unwrap().deliveries.is_empty());
        let claim = claim_due_deliveries(&mut c, &named(vec![other, endpoint], 1)).unwrap();
        assert_eq!(claim.deliveries.len(), 1);
        assert_eq!(claim.deliveries[0].endpoint_id, endpoint);
        assert!(claim.resume_after.is_none());
    }
}
