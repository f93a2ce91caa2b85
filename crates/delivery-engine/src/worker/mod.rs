//! The dispatcher: claims due deliveries in batches, sends each outside any transaction, and
//! records outcomes in batches.
//!
//! ```text
//!  claim loop ──(claimed rows)──> send tasks (≤ concurrency; ≤ each endpoint's cap) ──> recorder
//!      ^                                                                                   │
//!      └──── woken by another process (NOTIFY), this process, a freed slot, or the poll ───┘
//! ```
//!
//! A claimed delivery is sent at once: the claim takes no more rows of an endpoint than the
//! endpoint has room for ([`limits`]), and no more rows than there are free slots, so nothing
//! claimed waits while holding a slot another endpoint could use. An endpoint with a rate
//! limit has no room until its pace allows the next attempt, and the loop also wakes when the
//! earliest such pace ends.

mod backlog;
mod known_work;
mod limits;
pub(crate) mod listen;
mod probe;
mod recorder;
mod recovery;

use crate::engine::Engine;
use crate::http::{AttemptOutcome, OutboundClient};
use crate::profile::AttemptContext;
use crate::store::model::{ClaimRequest, ClaimedDelivery};
use crate::store::queue;
use bytes::Bytes;
use known_work::{KnownWork, Look};
use limits::{EndpointLimits, Pace};
use recorder::Completed;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;
use uuid::Uuid;

/// Endpoints with open deliveries one claim visits at most; the next claim goes on from there.
const MAX_ENDPOINTS_PER_CLAIM: i64 = 128;

#[derive(Debug, Clone)]
pub struct DispatcherConfig {
    /// Attempts in flight at once in this process.
    pub concurrency: usize,
    /// Rows claimed per claim transaction at most.
    pub batch_size: usize,
    /// Attempts in flight at once to one endpoint in this process, at most.
    pub per_endpoint: usize,
    /// Attempts in flight at once to an endpoint this process has not sent to lately. Each
    /// answer raises an endpoint's cap by one up to `per_endpoint`; each timeout halves it,
    /// down to one. At 1, an endpoint that never answers holds one slot, not `per_endpoint`,
    /// while a healthy one reaches its full cap within its first answers.
    pub per_endpoint_initial: usize,
    /// Fallback polling when no wake-up arrives (retries coming due, lost notifications).
    pub poll_interval: Duration,
    /// How long a claim is held before another worker may take the row; `None` derives it from
    /// the attempt timeout (3 × timeout + 10 s).
    pub lease: Option<Duration>,
    /// Listen for wake-ups from other processes (PostgreSQL's NOTIFY) on a connection of its own.
    pub listen: bool,
    /// Outcomes written per recording transaction at most.
    pub record_batch: usize,
    /// How long the recorder waits for more outcomes before writing a batch, so that a steady
    /// flow is written in few transactions (the receiver already has the delivery).
    pub record_linger: Duration,

    /// Disable an endpoint whose attempts have all failed for this long (`None`: never). A run
    /// of failures reaching 50, 75 and 90 % of it is warned about (operational webhooks).
    pub disable_after: Option<Duration>,
    /// Probe endpoints disabled for failing on this schedule, and enable each again when a
    /// probe is answered 2xx (`None`: never probe).
    pub probe: Option<crate::policy::ProbeSchedule>,
    /// The longest `Retry-After` (on 429 and 503) that is honoured; longer ones are cut to it.
    pub retry_after_cap: Duration,
    /// Switch an endpoint to backlogged (`store/backlog.rs`) once it has been stalled this long
    /// (every slot it may use here taken, and no attempt to it ended) with at least
    /// `2 × per_endpoint` open deliveries; its later events then wait in the event log and
    /// become deliveries as it has room (`None`: never).
    pub backlog_stall: Option<Duration>,
    /// A backlogged endpoint's owed events become deliveries in batches, up to this many open
    /// deliveries, once it has no more than half of it open.
    pub backlog_fill: usize,
    /// Woken by the wake-up signal (new events in this process or another, or a backlog
    /// fill) while nearly idle (`nearly_idle`: fewer than 4 attempts in flight, no endpoint at
    /// its cap, every due row taken by the last claim), the claim loop waits this long before
    /// claiming, so that events published together are claimed in one transaction rather than
    /// one each (zero: never). A busy loop never waits: its claims gather rows by themselves
    /// while its attempts run.
    pub claim_linger: Duration,
    /// An endpoint with attempts in flight none of which ended for this long is *still* (a
    /// hanging one soon is): the linger leaves its attempts and its cap out, and so does the
    /// ingest gate's test of whether the loop has caught up (`EndpointLimits::moving`).
    pub still_after: Duration,
    /// Arms this process's ingest gate (`crate::gate`): while the CPU is short and a tenant's
    /// fresh deliveries wait longer than its target to be claimed, that tenant's API writes
    /// wait for the claims to catch up (`None`: never).
    pub ingest_gate: Option<crate::gate::GateConfig>,
    /// After shutdown, how long attempts in flight may run on. Those still running then are
    /// stopped and their claims released (due at once, no attempt recorded), so another
    /// worker sends them without waiting for the lease.
    pub shutdown_grace: Duration,
}

impl Default for DispatcherConfig {
    fn default() -> Self {
        Self {
            concurrency: 256,
            batch_size: 64,
            per_endpoint: 16,
            per_endpoint_initial: 1,
            poll_interval: Duration::from_secs(1),
            lease: None,
            listen: true,
            record_batch: 256,
            record_linger: Duration::from_millis(10),
            disable_after: Some(Duration::from_secs(5 * 24 * 60 * 60)),
            probe: Some(crate::policy::ProbeSchedule::default()),
            retry_after_cap: Duration::from_secs(60 * 60),
            backlog_stall: Some(Duration::from_millis(50)),
            backlog_fill: 512,
            claim_linger: Duration::from_millis(3),
            still_after: Duration::from_millis(50),
            ingest_gate: crate::gate::GateConfig::with_target(crate::gate::DEFAULT_TARGET),
            shutdown_grace: Duration::from_secs(30),
        }
    }
}

#[derive(Debug)]
pub struct Dispatcher {
    engine: Engine,
    client: OutboundClient,
    config: DispatcherConfig,
    database_url: Option<String>,
}

impl Dispatcher {
    /// `database_url` enables cross-process wake-ups (when `config.listen`); without it only
    /// in-process wake-ups and polling wake the dispatcher.
    pub fn new(
        engine: Engine,
        client: OutboundClient,
        config: DispatcherConfig,
        database_url: Option<String>,
    ) -> Self {
        Self { engine, client, config, database_url }
    }

    /// The claim loop waits for a wake-up (then, if `waiting.linger`, that much longer for
    /// company), a freed slot (if `waiting.found_work`), a pace's end or the poll timer; the last
    /// two make the next claim scan everything. Returns false on shutdown.
    async fn wait_for_work(
        &self,
        freed: &Notify,
        limits: &Mutex<EndpointLimits>,
        waiting: Waiting,
        known: &mut KnownWork,
        shutdown: &CancellationToken,
    ) -> bool {
        // Endpoints held back by their rate limit may send again then.
        let paced = lock(limits).next_release(Instant::now());
        tokio::select! {
            () = self.engine.inner.wake.notified() => {
                if let Some(linger) = waiting.linger {
                    tokio::select! {
                        () = tokio::time::sleep(linger) => {}
                        () = shutdown.cancelled() => return false,
                    }
                }
            }
            () = freed.notified(), if waiting.found_work => {}
            () = sleep_until(paced), if paced.is_some() => known.look_everywhere(),
            // No longer than until the next scan of everything is due (D53).
            () = tokio::time::sleep(known.until_scan(Instant::now())) => known.look_everywhere(),
            () = shutdown.cancelled() => return false,
        }
        true
    }

    /// Clamped to a day: a lease only needs to outlast one attempt.
    fn lease(&self) -> Duration {
        self.config
            .lease
            .unwrap_or_else(|| self.engine.profile().timeout.saturating_mul(3) + Duration::from_secs(10))
            .min(Duration::from_secs(24 * 60 * 60))
    }

    /// Runs until `shutdown` is cancelled, then stops claiming, lets in-flight attempts finish
    /// for up to [`DispatcherConfig::shutdown_grace`], releases the claims of those it then
    /// stops, and writes every outcome before returning.
    pub async fn run(self, shutdown: CancellationToken) {
        let inner = &self.engine.inner;
        // Wake-ups from other processes, where the store has them (PostgreSQL's NOTIFY);
        // this process's own come in-process, and the poll timer covers the rest.
        let listener = match (&self.database_url, self.config.listen) {
            (Some(url), true) => inner.pool.spawn_wake_listener(url, inner.wake.clone(), shutdown.clone()),
            _ => None,
        };
        let concurrency = self.config.concurrency.max(1);
        let (tx, rx) = mpsc::channel::<Completed>(concurrency * 2);
        let recorder = tokio::spawn(recorder::run(self.engine.clone(), rx, self.config.clone()));
        // Recovery jobs are worked through beside the claim loop (their re-sends become due
        // deliveries the loop sends like any other).
        let recovery = tokio::spawn(recovery::run(
            self.engine.clone(),
            shutdown.clone(),
            self.config.poll_interval,
            self.lease(),
        ));
        // So are probes of endpoints disabled for failing.
        let prober = self.config.probe.clone().map(|schedule| {
            tokio::spawn(probe::run(
                self.engine.clone(),
                self.client.clone(),
                schedule,
                shutdown.clone(),
                self.config.poll_interval,
                self.lease(),
            ))
        });
        // Listen sessions whose stream is gone for longer than their TTL end.
        let sweeper =
            tokio::spawn(listen::sweep(self.engine.clone(), shutdown.clone(), Duration::from_secs(30)));
        let gate = inner.gate.clone();
        let pressure_sampler = self.config.ingest_gate.and_then(|config| arm_gate(&gate, config, &shutdown));
        let global = Arc::new(Semaphore::new(concurrency));
        let limits = Arc::new(Mutex::new(EndpointLimits::new(
            self.config.per_endpoint_initial,
            self.config.per_endpoint,
        )));
        let lease_ms = self.lease().as_millis().min(i64::MAX as u128) as i64;
        // Signalled when an attempt ends and its endpoint has room for a batch again.
        let freed = Arc::new(Notify::new());
        // Stalled endpoints are switched to backlogged, and backlogged ones filled, beside the loop.
        let backlog_kick = Arc::new(Notify::new());
        let tender = self.config.backlog_stall.map(|stall| {
            tokio::spawn(backlog::run(
                backlog::Tending {
                    engine: self.engine.clone(),
                    limits: limits.clone(),
                    kick: backlog_kick.clone(),
                    stall,
                    switch_at: backlog_switch_at(self.config.per_endpoint),
                    fill_to: self.config.backlog_fill.max(1) as i64,
                    poll_interval: self.config.poll_interval,
                },
                shutdown.clone(),
            ))
        });
        let shared = Arc::new(SendShared {
            engine: self.engine.clone(),
            client: self.client.clone(),
            limits: limits.clone(),
            tx: tx.clone(),
            freed: freed.clone(),
            freed_endpoints: Mutex::new(Vec::new()),
            backlog_kick: backlog_kick.clone(),
            abort: CancellationToken::new(),
            released: Mutex::new(Vec::new()),
        });
        let mut backoff = Duration::from_millis(100);
        // Where the claim's scan of endpoints continues (see `queue::claim_due_deliveries`).
        let mut resume_after = None;
        let mut scan = ScanProgress::default();
        // Where work is known to wait, so that most claims look only there (D53).
        let mut known = KnownWork::new(self.config.poll_interval, Instant::now());

        loop {
            let first = tokio::select! {
                permit = global.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
                () = shutdown.cancelled() => break,
            };
            let mut permits = vec![first];
            while permits.len() < self.config.batch_size.max(1) {
                match global.clone().try_acquire_owned() {
                    Ok(p) => permits.push(p),
                    Err(_) => break,
                }
            }
            let (rooms, default_room, (in_flight, moving_at_cap)) = {
                let (mut limits, now) = (lock(&limits), Instant::now());
                (limits.rooms(now), limits.initial() as i64, limits.moving(now, self.config.still_after))
            };
            let busy_any = rooms.iter().any(|r| r.1 <= 0);
            known.heard(inner.wake.take());
            known.freed(std::mem::take(
                &mut *shared.freed_endpoints.lock().unwrap_or_else(|e| e.into_inner()),
            ));
            let room_by_endpoint: std::collections::HashMap<Uuid, i64> = rooms.iter().copied().collect();
            let room_of = |e: &Uuid| room_by_endpoint.get(e).copied().unwrap_or(default_room);
            let only = match known.next(Instant::now(), resume_after.is_some(), room_of) {
                Look::Everywhere => None,
                Look::Only(endpoints) => Some(endpoints),
                Look::Nowhere => {
                    // Nothing known to be due that has room: wait, as after an empty claim.
                    drop(permits);
                    if gate.is_armed() && !moving_at_cap {
                        gate.caught_up();
                    }
                    let waiting = Waiting { found_work: busy_any, linger: None };
                    if !self.wait_for_work(&freed, &limits, waiting, &mut known, &shutdown).await {
                        break;
                    }
                    scan.waited();
                    continue;
                }
            };
            // What `nearly_idle` needs after the claim, kept only when the loop may be quiet.
            let quiet_rooms =
                (!self.config.claim_linger.is_zero() && in_flight < NEARLY_IDLE_BELOW && !moving_at_cap)
                    .then(|| rooms.clone());
            let request = ClaimRequest {
                lease_ms,
                limit: permits.len() as i64,
                default_room,
                rooms,
                after: resume_after,
                max_endpoints: MAX_ENDPOINTS_PER_CLAIM,
                only: only.clone(),
            };
            let claim = inner
                .pool
                .run(move |mut c| {
                    Box::pin(async move { queue::claim_due_deliveries(&mut c, &request).await })
                })
                .await;
            let (claimed, started_mid_way) = match claim {
                Ok(claim) => {
                    backoff = Duration::from_millis(100);
                    // A claim that looked only where work was known leaves the scan where it was.
                    let started_mid_way =
                        only.is_none() && std::mem::replace(&mut resume_after, claim.resume_after).is_some();
                    (claim.deliveries, started_mid_way)
                }
                Err(e) => {
                    tracing::warn!(error = %e, "claiming deliveries failed; backing off");
                    drop(permits);
                    known.look_everywhere();
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        () = shutdown.cancelled() => break,
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    continue;
                }
            };
            let expired = claimed.iter().filter(|c| c.lease_expired).count();
            inner.metrics.claimed(claimed.len(), expired);
            let full = claimed.len() == permits.len();
            let claimed_any = !claimed.is_empty();
            let rows = claimed.iter().map(|c| (c.endpoint_id, c.rate_limit_per_s.is_some()));
            known.claimed(only.as_deref(), rows, permits.len(), room_of);
            // Work may be waiting behind an endpoint at its cap even when this claim found none.
            let found_work = claimed_any || busy_any;
            let linger = quiet_rooms
                .filter(|rooms| {
                    nearly_idle(
                        in_flight + claimed.len(),
                        full || resume_after.is_some(),
                        claimed.iter().map(|c| c.endpoint_id),
                        rooms,
                        default_room,
                    )
                })
                .map(|_| self.config.claim_linger);
            let (held, lags): (Vec<Option<Duration>>, _) = {
                let (mut limits, now, wall) = (lock(&limits), Instant::now(), self.engine.now());
                let lags = gate.is_armed().then(|| claim_lags(&claimed, |e| limits.delivering(e), wall));
                let held = claimed
                    .iter()
                    .map(|claim| {
                        let rate = claim.rate_limit_per_s.and_then(|r| u32::try_from(r).ok());
                        // A re-claim after a lease ran out waited for the lease, not the rate.
                        let due_since = match (claim.lease_expired, claim.due_at) {
                            (false, Some(at)) => Some(
                                (wall - at).to_std().ok().and_then(|ago| now.checked_sub(ago)).unwrap_or(now),
                            ),
                            _ => None,
                        };
                        limits.start(claim.endpoint_id, rate, due_since, now)
                    })
                    .collect();
                (held, lags)
            };

            for ((claim, held), permit) in claimed.into_iter().zip(held).zip(permits.drain(..)) {
                tokio::spawn(send_one(shared.clone(), claim, held, permit));
            }
            drop(permits);
            let next = if only.is_some() {
                // Again at once if the claim was cut short, or if more endpoints are known to
                // have work than it could name.
                if full || known.more_than_named() {
                    Next::ClaimAgain
                } else {
                    Next::Wait
                }
            } else {
                scan.after_claim(full, claimed_any, started_mid_way, resume_after.is_some())
            };
            if let Some(lags) = lags {
                if next == Next::Wait && !claimed_any && !moving_at_cap {
                    // Every endpoint visited, nothing due that one had room for, and none that
                    // moves is at its cap (a hanging one does not count): nobody is behind.
                    gate.caught_up();
                } else {
                    gate.observe(&lags, Instant::now());
                }
            }
            if next == Next::Wait {
                let waiting = Waiting { found_work, linger };
                if !self.wait_for_work(&freed, &limits, waiting, &mut known, &shutdown).await {
                    break;
                }
                scan.waited();
            }
        }

        // Draining: nothing is claimed any more, so no write waits for claims.
        gate.disarm();
        if let Some(sampler) = pressure_sampler {
            // It stops on the same shutdown signal.
            let _ = sampler.await;
        }

        // Graceful stop: every in-flight attempt holds a permit until its outcome is queued.
        let all = concurrency as u32;
        if tokio::time::timeout(self.config.shutdown_grace, global.acquire_many(all)).await.is_err() {
            shared.abort.cancel();
            let _all = global.acquire_many(all).await;
            let released = std::mem::take(&mut *shared.released.lock().unwrap_or_else(|e| e.into_inner()));
            let count = released.len();
            let result = inner
                .pool
                .run(move |mut c| Box::pin(async move { queue::release_claims(&mut c, &released).await }))
                .await;
            match result {
                Ok(n) => {
                    // Workers in other processes may take them at once (and any other dispatcher
                    // of this process's signal).
                    inner.wake.anything();
                    inner.pool.signal_other_processes(&inner.wake.token);
                    tracing::info!(stopped = count, released = n, "shutdown grace over: claims released");
                }
                Err(e) => tracing::warn!(error = %e, "releasing claims failed; their leases will run out"),
            }
        }
        drop(shared);
        drop(tx);
        if let Err(e) = recorder.await {
            tracing::error!(error = %e, "the outcome recorder failed");
        }
        if let Err(e) = recovery.await {
            tracing::error!(error = %e, "the recovery runner failed");
        }
        if let Some(prober) = prober {
            if let Err(e) = prober.await {
                tracing::error!(error = %e, "the prober failed");
            }
        }
        if let Some(tender) = tender {
            if let Err(e) = tender.await {
                tracing::error!(error = %e, "the backlog tender failed");
            }
        }
        sweeper.abort();
        if let Some(listener) = listener {
            listener.abort();
        }
    }
}

/// Arms the ingest gate with `config`, sampling CPU pressure beside the loop when the config
/// needs it. Where it needs pressure and PSI cannot be read, the gate stays unarmed.
fn arm_gate(
    gate: &Arc<crate::gate::IngestGate>,
    config: crate::gate::GateConfig,
    shutdown: &CancellationToken,
) -> Option<tokio::task::JoinHandle<()>> {
    if config.min_pressure <= 0.0 {
        gate.arm(config);
        return None;
    }
    let Some(source) = crate::gate::pressure_source() else {
        tracing::info!("the ingest gate is off: this kernel's CPU pressure (PSI) cannot be read");
        return None;
    };
    gate.arm(config);
    Some(tokio::spawn(crate::gate::sample_pressure(gate.clone(), source, shutdown.clone())))
}

/// Per tenant, how long the oldest first attempt of a claim had been due when claimed: the
/// ingest gate's claim lag (`crate::gate`). Only first attempts count (no retries, manual
/// re-sends or re-claims after a lease), and only those of endpoints that `counts`
/// (`EndpointLimits::delivering`): a failing, paced or backlogged endpoint's rows wait for it,
/// not for the dispatcher.
fn claim_lags(
    claimed: &[ClaimedDelivery],
    counts: impl Fn(Uuid) -> bool,
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<(String, Duration)> {
    let mut lags: Vec<(String, Duration)> = Vec::new();
    for claim in claimed {
        let Some(due_at) = claim.due_at else { continue };
        let paced = claim.rate_limit_per_s.is_some();
        if claim.attempt_count > 0
            || claim.manual
            || claim.lease_expired
            || paced
            || !counts(claim.endpoint_id)
        {
            continue;
        }
        let lag = (now - due_at).to_std().unwrap_or_default();
        match lags.iter_mut().find(|l| l.0 == claim.tenant_id) {
            Some(l) => l.1 = l.1.max(lag),
            None => lags.push((claim.tenant_id.clone(), lag)),
        }
    }
    lags
}

/// Open deliveries a stalled endpoint needs to be switched to backlogged: two full rounds of
/// its cap.
fn backlog_switch_at(per_endpoint: usize) -> i64 {
    (per_endpoint.max(1) as i64).saturating_mul(2)
}

/// What the claim loop does after a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Claim again at once: there are free permits and endpoints that may have due work.
    ClaimAgain,
    /// Wait for a wake-up, a freed slot, a pace's end or the poll timer.
    Wait,
}

/// Where the claim loop's scan over endpoints stands since the loop last waited.
#[derive(Debug, Default)]
struct ScanProgress {
    /// Claims in a row that reached the last endpoint without claiming anything: two mean every
    /// endpoint was visited since the last row was claimed, so there is nothing due to chase.
    empty_ends: usize,
}

impl ScanProgress {
    /// After a claim that took every free permit (`full`) or not, claimed rows or not, began
    /// after some endpoint (`started_mid_way`) or at the first, and left a place for the next
    /// scan to continue from (`resumes`) or reached the end.
    fn after_claim(&mut self, full: bool, claimed_any: bool, started_mid_way: bool, resumes: bool) -> Next {
        if claimed_any {
            // Rows were claimed: the endpoints before this scan's start may have more by now.
            self.empty_ends = 0;
        } else if !resumes {
            self.empty_ends += 1;
        }
        // Endpoints not visited yet (the scan stopped early, or began mid-way and reached the
        // end) may have due work: claim again at once rather than wait.
        let unvisited = (resumes || started_mid_way) && self.empty_ends < 2;
        if full || unvisited {
            Next::ClaimAgain
        } else {
            Next::Wait
        }
    }

    /// The loop waited: whatever woke it may have made any endpoint due.
    fn waited(&mut self) {
        self.empty_ends = 0;
    }
}

/// How the claim loop waits (`Dispatcher::wait_for_work`).
struct Waiting {
    /// Work may be waiting behind an endpoint at its cap: a freed slot ends the wait.
    found_work: bool,
    /// After a wake-up, wait this much longer for more events (the loop is nearly idle).
    linger: Option<Duration>,
}

/// Attempts in flight below which the claim loop counts as nearly idle.
const NEARLY_IDLE_BELOW: usize = 4;

/// Whether the claim loop is nearly idle after a claim, so that waiting for more events before
/// the next claim costs them latency only: fewer than [`NEARLY_IDLE_BELOW`] attempts are in
/// flight with the ones just claimed (`in_flight`, not counting still endpoints': see
/// [`DispatcherConfig::still_after`]), and the claim took every due row it could — it was not
/// cut short (`cut_short`: it took every free permit, or stopped before the last endpoint) and
/// took fewer rows of each endpoint than that endpoint's room (`rooms`, else `default_room`).
/// The caller also rules out a loop with a moving endpoint at its cap.
fn nearly_idle(
    in_flight: usize,
    cut_short: bool,
    claimed: impl Iterator<Item = Uuid>,
    rooms: &[(Uuid, i64)],
    default_room: i64,
) -> bool {
    if in_flight >= NEARLY_IDLE_BELOW || cut_short {
        return false;
    }
    let mut taken: Vec<(Uuid, i64)> = Vec::new();
    for endpoint in claimed {
        match taken.iter_mut().find(|t| t.0 == endpoint) {
            Some(t) => t.1 += 1,
            None => taken.push((endpoint, 1)),
        }
    }
    let room = |endpoint: &Uuid| rooms.iter().find(|r| r.0 == *endpoint).map_or(default_room, |r| r.1);
    taken.iter().all(|(endpoint, n)| *n < room(endpoint))
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
    }
}

fn lock(limits: &Mutex<EndpointLimits>) -> std::sync::MutexGuard<'_, EndpointLimits> {
    limits.lock().unwrap_or_else(|e| e.into_inner())
}

/// What every send task of one dispatcher shares.
struct SendShared {
    engine: Engine,
    client: OutboundClient,
    limits: Arc<Mutex<EndpointLimits>>,
    tx: mpsc::Sender<Completed>,
    freed: Arc<Notify>,
    /// The endpoints whose attempts ended leaving them room, since the claim loop last looked.
    freed_endpoints: Mutex<Vec<Uuid>>,
    /// Wakes the backlog tender: a backlogged endpoint has room again.
    backlog_kick: Arc<Notify>,
    /// Cancelled when the shutdown grace is over: attempts still running stop.
    abort: CancellationToken,
    /// The claims of attempts stopped that way, to be released.
    released: Mutex<Vec<(Uuid, i64)>>,
}

/// Every line logged during an attempt carries the delivery id, through this span (exported
/// as a client span when traces are). It names the endpoint by id, never by URL: a URL may
/// hold a receiver's token.
fn attempt_span(claim: &ClaimedDelivery) -> tracing::Span {
    tracing::info_span!(
        "delivery_attempt",
        otel.name = %format_args!("deliver {}", claim.event_type),
        otel.kind = "client",
        otel.status_code = tracing::field::Empty,
        delivery_id = %claim.id,
        event_id = %claim.event_id,
        event_type = %claim.event_type,
        endpoint_id = %claim.endpoint_id,
        attempt = claim.attempt_count + 1,
        http.request.method = "POST",
        http.response.status_code = tracing::field::Empty,
        outcome = tracing::field::Empty,
    )
}

/// `rate_limited`: how long the delivery's endpoint's rate limit held it back after it was due.
async fn send_one(
    shared: Arc<SendShared>,
    claim: ClaimedDelivery,
    rate_limited: Option<Duration>,
    permit: OwnedSemaphorePermit,
) {
    let span = attempt_span(&claim);
    send_one_in_span(shared, claim, rate_limited, permit, span.clone()).instrument(span).await
}

async fn send_one_in_span(
    shared: Arc<SendShared>,
    claim: ClaimedDelivery,
    rate_limited: Option<Duration>,
    permit: OwnedSemaphorePermit,
    span: tracing::Span,
) {
    let SendShared { engine, client, limits, tx, freed, freed_endpoints, backlog_kick, abort, released } =
        &*shared;
    if claim.lease_expired {
        tracing::info!("sending again: an earlier claim's lease ran out before its outcome was recorded");
    }
    let started_at = engine.now();
    let outcome = tokio::select! {
        outcome = attempt(engine, client, &claim, started_at) => outcome,
        () = abort.cancelled() => {
            released.lock().unwrap_or_else(|e| e.into_inner()).push((claim.id, claim.fence));
            tracing::info!("stopped by shutdown; the claim is released for another worker");
            drop(permit);
            return;
        }
    };
    engine.inner.metrics.attempt(&outcome);
    log_outcome(&span, &outcome);
    let pace = if outcome.timed_out {
        Pace::TimedOut
    } else if outcome.is_success() {
        Pace::Delivered
    } else {
        Pace::Answered
    };
    let (worth_claiming, wants_fill) = {
        let mut limits = lock(limits);
        (limits.finish(claim.endpoint_id, pace, Instant::now()), limits.wants_fill())
    };
    if worth_claiming {
        freed_endpoints.lock().unwrap_or_else(|e| e.into_inner()).push(claim.endpoint_id);
        freed.notify_one();
    }
    if wants_fill {
        backlog_kick.notify_one();
    }
    if tx.send(Completed { claim, started_at, outcome, rate_limited }).await.is_err() {
        tracing::error!("outcome recorder is gone; the lease will expire and the delivery be re-sent");
    }
    drop(permit);
}

/// Records the outcome on the attempt's span and logs it: failures at `info`, successes at
/// `debug` (a busy service sends thousands a second).
fn log_outcome(span: &tracing::Span, outcome: &AttemptOutcome) {
    let class = crate::metrics::Outcome::of(outcome);
    span.record("outcome", tracing::field::debug(class));
    if let Some(status) = outcome.status {
        span.record("http.response.status_code", status);
    }
    let ms = outcome.duration.as_millis().min(u128::from(u64::MAX)) as u64;
    if outcome.is_success() {
        tracing::debug!(status = outcome.status, duration_ms = ms, "delivered");
    } else {
        span.record("otel.status_code", "ERROR");
        tracing::info!(
            outcome = ?class,
            status = outcome.status,
            error = outcome.error.as_deref().unwrap_or_default(),
            duration_ms = ms,
            "attempt failed"
        );
    }
}

/// Signs the claimed delivery with its endpoint's current secret and POSTs it.
async fn attempt(
    engine: &Engine,
    client: &OutboundClient,
    claim: &ClaimedDelivery,
    started_at: chrono::DateTime<chrono::Utc>,
) -> AttemptOutcome {
    // A listen session's deliveries reach this claim only while no stream holds the session.
    if crate::listen::is_listen_url(&claim.url) {
        return listen::not_connected();
    }
    let inner = &engine.inner;
    let profile = engine.profile_for(claim.endpoint_id);
    let secret = match inner.keyring.open(claim.endpoint_id, &claim.sealed_secret) {
        Ok(secret) => secret,
        Err(e) => return AttemptOutcome::not_sent(format!("signing secret unavailable: {e}")),
    };
    let attempt = AttemptContext {
        delivery_id: claim.id,
        event_id: claim.event_id,
        event_type: &claim.event_type,
        dedupe_key: &claim.dedupe_key,
        attempt_number: claim.attempt_count as u32 + 1,
        now: started_at,
    };
    let headers = profile.signed_headers(&attempt, secret.as_hmac_key(), &claim.body);
    client.post(&claim.url, headers, Bytes::from(claim.body.clone()), profile.timeout).await
}

#[cfg(test)]
mod tests {
    use super::{nearly_idle, Next, ScanProgress, NEARLY_IDLE_BELOW};
    use uuid::Uuid;

    #[test]
    fn the_loop_is_nearly_idle_when_it_took_every_due_row_with_little_in_flight() {
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let rooms = [(a, 16), (b, 3)];
        // Nothing claimed, nothing in flight: quiet.
        assert!(nearly_idle(0, false, [].into_iter(), &rooms, 1));
        // Two rows of an endpoint with room for 16, one of another with room for 3.
        assert!(nearly_idle(NEARLY_IDLE_BELOW - 1, false, [a, a, b].into_iter(), &rooms, 1));
        // With one more in flight (the ones just claimed count), it is not.
        assert!(!nearly_idle(NEARLY_IDLE_BELOW, false, [a, a, b].into_iter(), &rooms, 1));
    }

    #[test]
    fn a_loop_that_is_busy_behind_or_at_a_cap_does_not_wait() {
        let (a, b, new) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let rooms = [(a, 16), (b, 3)];
        // Enough attempts in flight: the next claim gathers rows while they run.
        assert!(!nearly_idle(NEARLY_IDLE_BELOW, false, [a].into_iter(), &rooms, 1));
        // The claim took every free permit, or stopped before the last endpoint.
        assert!(!nearly_idle(0, true, [a].into_iter(), &rooms, 1));
        // It took an endpoint's whole room: that endpoint may have more due.
        assert!(!nearly_idle(0, false, [a, b, b, b].into_iter(), &rooms, 1));
        // An endpoint not seen lately has the default room (1), and took it.
        assert!(!nearly_idle(0, false, [new].into_iter(), &rooms, 1));
    }

    /// A backlog spread over several endpoints: every full claim stops at the last endpoint,
    /// and the scan after it (from there) finds nothing. The scan must start over from the
    /// first endpoint rather than wait for the poll timer (it did wait: fan-out backlogs
    /// drained at about 150 deliveries a second).
    #[test]
    fn a_backlog_over_many_endpoints_is_claimed_without_waiting() {
        let mut scan = ScanProgress::default();
        for _ in 0..5 {
            // Full, stopped at the last endpoint that got rows.
            assert_eq!(scan.after_claim(true, true, false, true), Next::ClaimAgain);
            // From there to the end: nothing.
            assert_eq!(scan.after_claim(false, false, true, false), Next::ClaimAgain);
        }
    }

    #[test]
    fn two_empty_scans_to_the_end_mean_nothing_is_due() {
        let mut scan = ScanProgress::default();
        // From mid-way to the end: nothing; from the start to the end: nothing.
        assert_eq!(scan.after_claim(false, false, true, false), Next::ClaimAgain);
        assert_eq!(scan.after_claim(false, false, false, false), Next::Wait);
        scan.waited();
        assert_eq!(scan.after_claim(false, false, true, false), Next::ClaimAgain);
    }

    #[test]
    fn a_scan_cut_short_goes_on_and_a_complete_one_waits() {
        let mut scan = ScanProgress::default();
        // Stopped at the endpoint limit with rows or without: go on from there.
        assert_eq!(scan.after_claim(false, true, false, true), Next::ClaimAgain);
        assert_eq!(scan.after_claim(false, false, true, true), Next::ClaimAgain);
        // Reached the end having claimed something, after starting at the first endpoint.
        assert_eq!(scan.after_claim(false, true, false, false), Next::Wait);
    }
}
