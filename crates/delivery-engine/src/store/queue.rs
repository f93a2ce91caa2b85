//! The durable queue. Rows of `webhook_deliveries` are the queue; `available_at` is when a row
//! may next be claimed. A claim pushes `available_at` to the lease expiry and sets a fresh
//! `fence` in one short transaction; the HTTP attempt runs outside any transaction; the outcome
//! is written in a second short transaction, only if `fence` is still the one claimed. A worker
//! that dies leaves nothing behind but a lease that runs out. Parked rows (a disabled
//! endpoint's) have `available_at` at infinity and are never due.

use super::model::{
    AttemptRecord, Claim, ClaimRequest, DisableCause, EndpointRef, HealthBefore, NewEventRow, ResendRule,
};
use super::routes::{RouteCache, Targets};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use crate::store::model::{QueueSnapshot, OPS_TENANT};
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Inserts the event (unless its dedupe key exists) and one delivery per matching endpoint
/// that is neither deleted nor disabled (none yet for a backlogged one: it is owed the event);
/// the endpoints are routed by the tenant's routes version so that a concurrent delete or
/// disable cannot miss a delivery (key-share-locked on PostgreSQL, read under the write lock on
/// SQLite), with `routes` caching the tables read (see `store/routes.rs`). `evs` are one
/// tenant's events, written in one statement on PostgreSQL and one after another on SQLite (no
/// round trips there). One answer per event, in order: `None` when its dedupe key was already
/// used, else where it went, which the receipt names.
pub(crate) async fn enqueue(
    conn: &mut DbConn<'_>,
    evs: &[NewEventRow<'_>],
    routes: Option<&RouteCache>,
) -> EngineResult<Vec<Option<Targets>>> {
    let written: Vec<Option<Targets>> = match conn.backend() {
        Backend::Pg(c) => pg::queue::enqueue(c, evs, routes).await?,
        Backend::Sqlite(c) => {
            evs.iter().map(|ev| sqlite::queue::enqueue(c, ev, routes)).collect::<Result<_, _>>()?
        }
    };
    for (ev, targets) in evs.iter().zip(&written) {
        if let Some(t) = targets {
            conn.receipt().enqueued(ev.event_type, t, ev.tenant_id != OPS_TENANT);
        }
    }
    Ok(written)
}

/// Claims due deliveries endpoint by endpoint, so that one endpoint's backlog cannot hide
/// another endpoint's first attempt: visits up to `max_endpoints` endpoints with open
/// deliveries in id order after `after`, takes each one's oldest due rows up to its room, and
/// of those at most `limit`, first rows of every endpoint before second rows. Claimed rows get
/// a lease of `lease_ms` on the database's clock and a fresh random fence; rows other workers
/// hold are skipped.
pub(crate) async fn claim_due_deliveries(conn: &mut DbConn<'_>, req: &ClaimRequest) -> EngineResult<Claim> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::claim_due_deliveries(c, req).await,
        Backend::Sqlite(c) => sqlite::queue::claim_due_deliveries(c, req),
    }
}

/// Writes a batch of outcomes and their attempt rows atomically. A record whose fence is stale
/// (the lease ran out and another worker claimed the row), whose delivery was ended meanwhile,
/// or that was already written changes nothing; a row parked while in flight stays parked.
/// Returns the ids that were written.
pub(crate) async fn record_attempts(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    records: &[AttemptRecord],
) -> EngineResult<Vec<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::record_attempts(c, now, records).await,
        Backend::Sqlite(c) => sqlite::queue::record_attempts(c, now, records),
    }
}

/// The queue as the metrics gauges show it: open deliveries by state, dead ones, the age of
/// the oldest due one, and live endpoints by state. Read through the partial indexes on open
/// and dead deliveries; never the delivered rows.
pub(crate) async fn snapshot(conn: &mut DbConn<'_>) -> EngineResult<QueueSnapshot> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::snapshot(c).await,
        Backend::Sqlite(c) => sqlite::queue::snapshot(c),
    }
}

/// Gives back claims whose attempt was never completed (a draining worker stopped it, or the
/// egress proxy failed it): each row under its claim's fence becomes due `after` from now with
/// no attempt recorded, so a worker sends it again without waiting for the lease; a row parked
/// meanwhile stays parked. Returns how many rows were released (the receipt says they are due).
pub(crate) async fn release_claims(
    conn: &mut DbConn<'_>,
    claims: &[(Uuid, i64)],
    after: std::time::Duration,
) -> EngineResult<usize> {
    let released = match conn.backend() {
        Backend::Pg(c) => pg::queue::release_claims(c, claims, after).await?,
        Backend::Sqlite(c) => sqlite::queue::release_claims(c, claims, after)?,
    };
    if released > 0 {
        conn.receipt().made_due();
    }
    Ok(released)
}

/// Makes a delivery due now, atomically, as [`ResendTarget::plan`](super::model::ResendTarget::plan)
/// decides from the delivery and its endpoint (read under lock).
pub(crate) async fn resend(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    rule: ResendRule,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::resend(c, tenant, id, rule, now).await?,
        Backend::Sqlite(c) => sqlite::queue::resend(c, tenant, id, rule, now)?,
    }
    conn.receipt().made_due();
    Ok(())
}

/// Notes each endpoint's latest outcome (`true` = success): a success clears `failing_since`
/// and the failing warning level, a failure starts `failing_since` if unset; only rows whose
/// value changes are written. Returns each endpoint's health as it was before this batch (the
/// caller judges it: `crate::health`).
pub(crate) async fn note_endpoint_health(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    latest: &[(Uuid, bool)],
) -> EngineResult<Vec<HealthBefore>> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::note_endpoint_health(c, now, latest).await,
        Backend::Sqlite(c) => sqlite::queue::note_endpoint_health(c, now, latest),
    }
}

/// Raises endpoints' failing warning level to the level given (never lowers it).
pub(crate) async fn raise_failing_warned(conn: &mut DbConn<'_>, levels: &[(Uuid, i16)]) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::raise_failing_warned(c, levels).await,
        Backend::Sqlite(c) => sqlite::queue::raise_failing_warned(c, levels),
    }
}

/// Disables open endpoints (recording why, by what cause, when, and when to probe them first)
/// and parks their open deliveries, atomically. Returns the endpoints this call disabled (not
/// those already disabled or deleted).
pub(crate) async fn disable_endpoints(
    conn: &mut DbConn<'_>,
    ids: &[Uuid],
    reason: &str,
    cause: DisableCause,
    next_probe_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> EngineResult<Vec<EndpointRef>> {
    match conn.backend() {
        Backend::Pg(c) => pg::queue::disable_endpoints(c, ids, reason, cause, next_probe_at, now).await,
        Backend::Sqlite(c) => sqlite::queue::disable_endpoints(c, ids, reason, cause, next_probe_at, now),
    }
}
