//! The claim loop: the dispatcher's one loop that takes due deliveries from the store and
//! hands each to a send task.
//!
//! - **Owns**: where the scan of endpoints stands ([`ScanProgress`], the place to resume
//!   after), where work is known to wait ([`KnownWork`], D53), and its backoff.
//! - **Woken by**: the wake-up signal (this process's commits, other processes' NOTIFY), a
//!   freed slot, the end of a rate limit's pace, the poll timer; see [`ClaimLoop::wait_for_work`].
//! - **Each turn**: takes the free slots (permits), plans where to look ([`ClaimLoop::plan`]),
//!   claims in one short statement, starts the attempts, and decides whether to claim again at
//!   once or wait ([`next_claim`](super::next_claim)).
//! - **Never**: holds a claimed row waiting for a slot or its endpoint (a claim takes no more
//!   rows than free slots and each endpoint's room), keeps a transaction open, or sends.
//! - **Stops**: when shutdown is signalled; the drain (`drain.rs`) takes over.

use super::config::{millis, DispatcherConfig};
use super::known_work::{KnownWork, Look};
use super::lag::LagReport;
use super::limits::{lock, EndpointLimits};
use super::next_claim::{nearly_idle, Next, ScanProgress, Waiting, NEARLY_IDLE_BELOW};
use super::send::Senders;
use crate::core::Core;
use crate::store::model::{ClaimRequest, ClaimedDelivery};
use crate::store::queue;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Endpoints with open deliveries one claim visits at most; the next claim goes on from there.
const MAX_ENDPOINTS_PER_CLAIM: i64 = 128;

/// The first wait after a failed claim; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

pub(super) struct ClaimLoop {
    core: Arc<Core>,
    config: DispatcherConfig,
    senders: Arc<Senders>,
    /// One permit per attempt in flight in this process.
    slots: Arc<Semaphore>,
    limits: Arc<Mutex<EndpointLimits>>,
    lags: LagReport,
    lease_ms: i64,
    backoff: Duration,
    /// Where the claim's scan of endpoints continues (see `queue::claim_due_deliveries`).
    resume_after: Option<Uuid>,
    scan: ScanProgress,
    known: KnownWork,
}

/// What the loop saw of its endpoints as a turn began.
struct Turn {
    permits: Vec<OwnedSemaphorePermit>,
    rooms: Vec<(Uuid, i64)>,
    room_by_endpoint: HashMap<Uuid, i64>,
    /// The room of an endpoint this process has not sent to lately.
    default_room: i64,
    /// Attempts in flight to endpoints that move (see `EndpointLimits::moving`).
    in_flight: usize,
    /// Whether a moving endpoint has no room left.
    moving_at_cap: bool,
    /// Whether any endpoint has no room left: work may wait behind it.
    busy_any: bool,
}

impl Turn {
    fn room_of(&self, endpoint: &Uuid) -> i64 {
        self.room_by_endpoint.get(endpoint).copied().unwrap_or(self.default_room)
    }
}

/// What a turn does: claim (looking everywhere, or only at the endpoints named), or wait.
enum Plan {
    Claim { turn: Turn, only: Option<Vec<Uuid>> },
    Wait(Waiting),
}

impl ClaimLoop {
    pub(super) fn new(
        core: Arc<Core>,
        config: DispatcherConfig,
        senders: Arc<Senders>,
        slots: Arc<Semaphore>,
        lags: LagReport,
    ) -> Self {
        let lease_ms = millis(config.lease_for(core.profile().timeout));
        let known = KnownWork::new(config.poll_interval, Instant::now());
        let limits = senders.limits.clone();
        Self {
            core,
            config,
            senders,
            slots,
            limits,
            lags,
            lease_ms,
            backoff: FIRST_BACKOFF,
            resume_after: None,
            scan: ScanProgress::default(),
            known,
        }
    }

    /// Claims and starts attempts until `shutdown`.
    pub(super) async fn run(mut self, shutdown: &CancellationToken) {
        loop {
            let Some(permits) = self.free_slots(shutdown).await else { return };
            let waiting = match self.plan(permits) {
                Plan::Wait(waiting) => waiting,
                Plan::Claim { turn, only } => match self.claim(&turn, only.clone()).await {
                    Ok(claimed) => match self.start(turn, only, claimed) {
                        Some(waiting) => waiting,
                        None => continue,
                    },
                    Err(e) => {
                        drop(turn);
                        tracing::warn!(error = %e, "claiming deliveries failed; backing off");
                        if !self.back_off(shutdown).await {
                            return;
                        }
                        continue;
                    }
                },
            };
            if !self.wait_for_work(waiting, shutdown).await {
                return;
            }
            self.scan.waited();
        }
    }

    /// At least one free slot (waiting for it), and as many more as are free, up to a batch.
    async fn free_slots(&self, shutdown: &CancellationToken) -> Option<Vec<OwnedSemaphorePermit>> {
        let first = tokio::select! {
            permit = self.slots.clone().acquire_owned() => permit.ok()?,
            () = shutdown.cancelled() => return None,
        };
        let mut permits = vec![first];
        while permits.len() < self.config.batch_size.max(1) {
            match self.slots.clone().try_acquire_owned() {
                Ok(p) => permits.push(p),
                Err(_) => break,
            }
        }
        Some(permits)
    }

    /// Where to look this turn, from the endpoints' room and the news since the last turn.
    fn plan(&mut self, permits: Vec<OwnedSemaphorePermit>) -> Plan {
        let (rooms, default_room, (in_flight, moving_at_cap)) = {
            let (mut limits, now) = (lock(&self.limits), Instant::now());
            (limits.rooms(now), limits.initial() as i64, limits.moving(now, self.config.still_after))
        };
        let busy_any = rooms.iter().any(|r| r.1 <= 0);
        self.known.heard(self.core.wake().take());
        self.known.freed(self.senders.take_freed());
        let room_by_endpoint = rooms.iter().copied().collect();
        let turn =
            Turn { permits, rooms, room_by_endpoint, default_room, in_flight, moving_at_cap, busy_any };
        match self.known.next(Instant::now(), self.resume_after.is_some(), |e| turn.room_of(e)) {
            Look::Everywhere => Plan::Claim { turn, only: None },
            Look::Only(endpoints) => Plan::Claim { turn, only: Some(endpoints) },
            Look::Nowhere => {
                // Nothing known to be due that has room: wait, as after an empty claim.
                self.lags.nothing_known(turn.moving_at_cap);
                Plan::Wait(Waiting { found_work: turn.busy_any, linger: None })
            }
        }
    }

    /// One claim statement; notes where the next scan resumes.
    async fn claim(&mut self, turn: &Turn, only: Option<Vec<Uuid>>) -> crate::EngineResult<Claimed> {
        let looks_everywhere = only.is_none();
        let request = ClaimRequest {
            lease_ms: self.lease_ms,
            limit: turn.permits.len() as i64,
            default_room: turn.default_room,
            rooms: turn.rooms.clone(),
            after: self.resume_after,
            max_endpoints: MAX_ENDPOINTS_PER_CLAIM,
            only,
        };
        let claim =
            self.core.run(crate::on_conn!(|c| queue::claim_due_deliveries(c, &request).await)).await?;
        self.backoff = FIRST_BACKOFF;
        // A claim that looked only where work was known leaves the scan where it was.
        let started_mid_way =
            looks_everywhere && std::mem::replace(&mut self.resume_after, claim.resume_after).is_some();
        Ok(Claimed { deliveries: claim.deliveries, started_mid_way })
    }

    /// Starts the attempts a claim that looked at `only` (`None`: everywhere) took, and says
    /// how to wait, or `None` to claim again at once.
    fn start(&mut self, mut turn: Turn, only: Option<Vec<Uuid>>, claimed: Claimed) -> Option<Waiting> {
        let rows = claimed.deliveries;
        let expired = rows.iter().filter(|c| c.lease_expired).count();
        self.core.metrics().claimed(rows.len(), expired);
        let full = rows.len() == turn.permits.len();
        let claimed_any = !rows.is_empty();
        let seen = rows.iter().map(|c| (c.endpoint_id, c.rate_limit_per_s.is_some()));
        self.known.claimed(only.as_deref(), seen, turn.permits.len(), |e| turn.room_of(e));
        let linger = self.linger(&turn, &rows, full);
        let lags = self.start_attempts(rows, &mut turn.permits);
        let next = if only.is_some() {
            // Again at once if the claim was cut short, or if more endpoints are known to have
            // work than it could name.
            if full || self.known.more_than_named() {
                Next::ClaimAgain
            } else {
                Next::Wait
            }
        } else {
            self.scan.after_claim(full, claimed_any, claimed.started_mid_way, self.resume_after.is_some())
        };
        self.lags.after_claim(lags, next, claimed_any, turn.moving_at_cap);
        // Work may be waiting behind an endpoint at its cap even when this claim found none.
        (next == Next::Wait).then_some(Waiting { found_work: claimed_any || turn.busy_any, linger })
    }

    /// How long to linger for company after the next wake-up: only when the loop is nearly
    /// idle after this claim (D46).
    fn linger(&self, turn: &Turn, rows: &[ClaimedDelivery], full: bool) -> Option<Duration> {
        let may_be_quiet =
            !self.config.claim_linger.is_zero() && turn.in_flight < NEARLY_IDLE_BELOW && !turn.moving_at_cap;
        let idle = may_be_quiet
            && nearly_idle(
                turn.in_flight + rows.len(),
                full || self.resume_after.is_some(),
                rows.iter().map(|c| c.endpoint_id),
                &turn.rooms,
                turn.default_room,
            );
        idle.then_some(self.config.claim_linger)
    }

    /// Counts each claimed attempt against its endpoint's room and pace and spawns its send
    /// task with one of `permits` (the rest are given back). Returns the lags for the gate.
    fn start_attempts(
        &self,
        rows: Vec<ClaimedDelivery>,
        permits: &mut Vec<OwnedSemaphorePermit>,
    ) -> Option<Vec<(String, Duration)>> {
        let (held, lags): (Vec<Option<Duration>>, _) = {
            let (mut limits, now, wall) = (lock(&self.limits), Instant::now(), self.core.now());
            let lags = self.lags.measure(&rows, &limits, wall);
            let held = rows
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
        for ((claim, held), permit) in rows.into_iter().zip(held).zip(permits.drain(..)) {
            self.senders.spawn(claim, held, permit);
        }
        lags
    }

    /// After a failed claim: waits the backoff (doubling it), looking everywhere next. False on
    /// shutdown.
    async fn back_off(&mut self, shutdown: &CancellationToken) -> bool {
        self.known.look_everywhere();
        tokio::select! {
            () = tokio::time::sleep(self.backoff) => {}
            () = shutdown.cancelled() => return false,
        }
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
        true
    }

    /// Waits for a wake-up (then, if `waiting.linger`, that much longer for company), a freed
    /// slot (if `waiting.found_work`), a pace's end or the poll timer; the last two make the
    /// next claim scan everything. Returns false on shutdown.
    async fn wait_for_work(&mut self, waiting: Waiting, shutdown: &CancellationToken) -> bool {
        // Endpoints held back by their rate limit may send again then.
        let paced = lock(&self.limits).next_release(Instant::now());
        let known = &mut self.known;
        tokio::select! {
            () = self.core.wake().notified() => {
                if let Some(linger) = waiting.linger {
                    tokio::select! {
                        () = tokio::time::sleep(linger) => {}
                        () = shutdown.cancelled() => return false,
                    }
                }
            }
            () = self.senders.freed.notified(), if waiting.found_work => {}
            () = sleep_until(paced), if paced.is_some() => known.look_everywhere(),
            // No longer than until the next scan of everything is due (D53).
            () = tokio::time::sleep(known.until_scan(Instant::now())) => known.look_everywhere(),
            () = shutdown.cancelled() => return false,
        }
        true
    }
}

/// What one claim took, and whether its scan began after some endpoint.
struct Claimed {
    deliveries: Vec<ClaimedDelivery>,
    started_mid_way: bool,
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
    }
}
