//! How many attempts each endpoint may have in flight in this process.
//!
//! An endpoint starts at `initial` attempts at once (1 by default); every answer (any status,
//! or a quick network error) raises its cap by one up to `max`, and every attempt that runs
//! out of time halves it, down to one. An endpoint that never answers therefore holds
//! `initial` attempt slots, not `max`: the rest of the process's capacity keeps serving
//! everyone else. The claim takes no more
//! rows of an endpoint than its room (`cap - in_flight`), so a claimed delivery never waits
//! for its endpoint while holding anything shared.
//!
//! An endpoint with a rate limit is also paced (burst 1): after an attempt to it starts, it
//! has no room at all until `1 / rate` seconds later ([`next_start`]), and then room for one.
//! Its deliveries stay unclaimed meanwhile, so pacing holds no slot and no claim; the claim
//! loop sleeps until the earliest such time ([`EndpointLimits::next_release`]). The pace is
//! this process's: W worker processes may send W times an endpoint's rate.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// An endpoint with nothing in flight is forgotten this long after its last attempt ended
/// (and starts from `initial` again), so the map holds only recently active endpoints.
const FORGET_AFTER: Duration = Duration::from_secs(30);

/// How an attempt ended, as far as the endpoint's pace is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pace {
    /// It answered 2xx: delivered.
    Delivered,
    /// It answered otherwise, or failed at once.
    Answered,
    /// It ran out of time: the endpoint may be hanging.
    TimedOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Limit {
    in_flight: usize,
    cap: usize,
    /// When its last attempt ended, or its first started after nothing was in flight.
    last_ended: Instant,
    /// The endpoint's rate limit as its latest claimed row carried it.
    rate_per_s: Option<u32>,
    /// Under a rate limit: no attempt to the endpoint may start before this.
    paced_until: Option<Instant>,
    /// Known to be backlogged (store/backlog.rs): its owed events wait in the event log.
    backlogged: bool,
    /// When it was last found stalled and asked to switch to backlogged.
    stall_checked: Option<Instant>,
    /// How its latest finished attempt ended (`None`: none has yet).
    last_pace: Option<Pace>,
}

impl Limit {
    fn paced(&self, now: Instant) -> bool {
        self.paced_until.is_some_and(|t| t > now)
    }

    fn room(&self, now: Instant) -> i64 {
        if self.paced(now) {
            return 0;
        }
        let room = self.cap as i64 - self.in_flight as i64;
        // Burst 1: one attempt per pacing interval, however high the cap.
        if self.rate_per_s.is_some() {
            room.min(1)
        } else {
            room
        }
    }
}

/// When the next attempt to an endpoint limited to `rate_per_s` deliveries per second may
/// start, after one started at `now`.
pub(super) fn next_start(rate_per_s: u32, now: Instant) -> Instant {
    now + Duration::from_secs(1) / rate_per_s.max(1)
}

/// How long a delivery that became due at `due_since` was held back by its endpoint's rate
/// limit: until the endpoint's pace let an attempt start (`paced_until`), if that was later.
pub(super) fn held_back(paced_until: Option<Instant>, due_since: Instant) -> Option<Duration> {
    paced_until?.checked_duration_since(due_since).filter(|d| !d.is_zero())
}

/// Locks the limits the claim loop, the send tasks and the backlog tender share. A panic while
/// they were held leaves them usable: every update is one step.
pub(super) fn lock(limits: &Mutex<EndpointLimits>) -> MutexGuard<'_, EndpointLimits> {
    limits.lock().unwrap_or_else(|e| e.into_inner())
}

/// In-flight attempts and caps per endpoint, for the endpoints active lately.
#[derive(Debug)]
pub(super) struct EndpointLimits {
    limits: HashMap<Uuid, Limit>,
    initial: usize,
    max: usize,
    /// Backlogged endpoints that have room again: their owed events should become deliveries.
    to_fill: Vec<Uuid>,
}

impl EndpointLimits {
    pub(super) fn new(initial: usize, max: usize) -> Self {
        let max = max.max(1);
        Self { limits: HashMap::new(), initial: initial.clamp(1, max), max, to_fill: Vec::new() }
    }

    /// The room of an endpoint this process has not seen lately.
    pub(super) fn initial(&self) -> usize {
        self.initial
    }

    /// Every endpoint active lately, with its room; any other endpoint has [`Self::initial`].
    /// Forgets the endpoints idle for longer than [`FORGET_AFTER`] (a pace lasts at most 1 s,
    /// so a forgotten endpoint is never one still paced).
    pub(super) fn rooms(&mut self, now: Instant) -> Vec<(Uuid, i64)> {
        self.limits
            .retain(|_, l| l.in_flight > 0 || now.saturating_duration_since(l.last_ended) < FORGET_AFTER);
        self.limits.iter().map(|(id, l)| (*id, l.room(now))).collect()
    }

    /// What the claim loop's linger weighs (`worker::nearly_idle`): the attempts in flight to
    /// endpoints that are moving, and whether one of those has no room. An endpoint is still
    /// when it has attempts in flight and none ended (nor began after a quiet spell) within
    /// `still_after`: a hanging endpoint's attempts are neither work whose end the loop awaits
    /// nor room it could fill, so they do not keep the loop from batching everyone else's.
    pub(super) fn moving(&self, now: Instant, still_after: Duration) -> (usize, bool) {
        let (mut in_flight, mut at_cap) = (0, false);
        for l in self.limits.values() {
            if l.in_flight > 0 && now.saturating_duration_since(l.last_ended) >= still_after {
                continue;
            }
            in_flight += l.in_flight;
            at_cap |= l.room(now) <= 0;
        }
        (in_flight, at_cap)
    }

    /// The earliest time a paced endpoint may start an attempt again, if any is paced now:
    /// when claiming is worth trying again for it.
    pub(super) fn next_release(&self, now: Instant) -> Option<Instant> {
        self.limits.values().filter_map(|l| l.paced_until).filter(|t| *t > now).min()
    }

    /// An attempt to `endpoint` starts, for a delivery due since `due_since`, under the rate
    /// limit the claimed row carried. Returns how long the rate limit held that delivery back.
    pub(super) fn start(
        &mut self,
        endpoint: Uuid,
        rate_per_s: Option<u32>,
        due_since: Option<Instant>,
        now: Instant,
    ) -> Option<Duration> {
        let initial = self.initial;
        let limit = self.limits.entry(endpoint).or_insert(Limit {
            in_flight: 0,
            cap: initial,
            last_ended: now,
            rate_per_s: None,
            paced_until: None,
            backlogged: false,
            stall_checked: None,
            last_pace: None,
        });
        if limit.in_flight == 0 {
            // Progress is measured from here: an attempt after a quiet spell is not a stall.
            limit.last_ended = now;
        }
        limit.in_flight += 1;
        let held = match (rate_per_s, due_since) {
            (Some(_), Some(due_since)) => held_back(limit.paced_until, due_since),
            _ => None,
        };
        limit.rate_per_s = rate_per_s;
        limit.paced_until = rate_per_s.map(|r| next_start(r, now));
        held
    }

    /// An attempt to `endpoint` ended. Returns whether the endpoint now has room for at least
    /// half its cap, which is when claiming for it again is worth a database round trip.
    pub(super) fn finish(&mut self, endpoint: Uuid, pace: Pace, now: Instant) -> bool {
        let Some(limit) = self.limits.get_mut(&endpoint) else { return true };
        limit.in_flight = limit.in_flight.saturating_sub(1);
        limit.last_ended = now;
        limit.cap = match pace {
            Pace::Delivered | Pace::Answered => (limit.cap + 1).min(self.max),
            Pace::TimedOut => (limit.cap / 2).max(1),
        };
        limit.last_pace = Some(pace);
        let worth_claiming = limit.in_flight <= limit.cap / 2;
        // A backlogged endpoint that takes deliveries has room for its owed events; one that
        // fails or times out keeps retrying what it has.
        let fill = pace == Pace::Delivered && limit.backlogged;
        if worth_claiming && fill && !self.to_fill.contains(&endpoint) {
            self.to_fill.push(endpoint);
        }
        worth_claiming
    }

    /// Endpoints stalled for `stall` (every slot taken, and no attempt ended for that long)
    /// that are not known to be backlogged and were not asked about within the last `stall`:
    /// candidates for the backlog. Each is marked asked.
    pub(super) fn stalled(&mut self, now: Instant, stall: Duration) -> Vec<Uuid> {
        let mut stalled = Vec::new();
        for (id, l) in &mut self.limits {
            let quiet = now.saturating_duration_since(l.last_ended) >= stall;
            let asked_lately = l.stall_checked.is_some_and(|at| now.saturating_duration_since(at) < stall);
            if l.in_flight > 0 && l.in_flight >= l.cap && quiet && !l.backlogged && !asked_lately {
                l.stall_checked = Some(now);
                stalled.push(*id);
            }
        }
        stalled
    }

    /// Whether `endpoint`'s owed events may become deliveries now: unless this process has sent
    /// to it lately and its latest attempt did not deliver (or none has ended: it hangs). An
    /// endpoint this process does not know may be served by another one.
    pub(super) fn may_fill(&self, endpoint: Uuid) -> bool {
        self.limits.get(&endpoint).is_none_or(|l| l.last_pace == Some(Pace::Delivered))
    }

    /// Whether `endpoint`'s due rows wait for the dispatcher rather than for the endpoint, as
    /// far as the ingest gate's claim lag is concerned: its latest attempt here delivered (or
    /// none has ended yet), and it is neither rate-limited (a pace holds its rows) nor
    /// backlogged (a fill makes up to `backlog_fill` rows due at once).
    pub(super) fn delivering(&self, endpoint: Uuid) -> bool {
        self.limits.get(&endpoint).is_none_or(|l| {
            l.last_pace.is_none_or(|p| p == Pace::Delivered) && l.rate_per_s.is_none() && !l.backlogged
        })
    }

    /// Notes whether `endpoint` is backlogged, as the store last said.
    pub(super) fn set_backlogged(&mut self, endpoint: Uuid, backlogged: bool) {
        if let Some(limit) = self.limits.get_mut(&endpoint) {
            limit.backlogged = backlogged;
        }
    }

    /// Whether a backlogged endpoint has room again (see [`Self::take_to_fill`]).
    pub(super) fn wants_fill(&self) -> bool {
        !self.to_fill.is_empty()
    }

    /// Backlogged endpoints that had room again since the last call.
    pub(super) fn take_to_fill(&mut self) -> Vec<Uuid> {
        std::mem::take(&mut self.to_fill)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(limits: &mut EndpointLimits, endpoint: Uuid, now: Instant) -> i64 {
        let initial = limits.initial() as i64;
        limits.rooms(now).into_iter().find(|r| r.0 == endpoint).map_or(initial, |r| r.1)
    }

    #[test]
    fn answers_raise_the_cap_to_the_maximum_and_it_is_remembered() {
        let (mut limits, ep, now) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, None, None, now);
        assert_eq!(room(&mut limits, ep, now), 0);
        limits.finish(ep, Pace::Answered, now);
        assert_eq!(room(&mut limits, ep, now), 2);
        for _ in 0..40 {
            limits.start(ep, None, None, now);
            limits.finish(ep, Pace::Answered, now);
        }
        assert_eq!(room(&mut limits, ep, now), 16);
        // Idle for long enough, it is forgotten and starts from the initial cap again.
        assert_eq!(room(&mut limits, ep, now + FORGET_AFTER), 1);
    }

    #[test]
    fn timeouts_halve_the_cap_down_to_one() {
        let (mut limits, ep, now) = (EndpointLimits::new(4, 16), Uuid::now_v7(), Instant::now());
        for _ in 0..4 {
            limits.start(ep, None, None, now);
        }
        for _ in 0..4 {
            limits.finish(ep, Pace::TimedOut, now);
        }
        assert_eq!(room(&mut limits, ep, now), 1);
        limits.start(ep, None, None, now);
        assert_eq!(room(&mut limits, ep, now), 0);
        limits.finish(ep, Pace::Answered, now);
        assert_eq!(room(&mut limits, ep, now), 2);
    }

    #[test]
    fn an_endpoint_that_never_answers_keeps_its_slot_however_long_it_hangs() {
        let (mut limits, ep, now) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, None, None, now);
        assert_eq!(room(&mut limits, ep, now + FORGET_AFTER * 10), 0);
    }

    #[test]
    fn a_claim_is_worth_it_once_half_the_cap_is_free() {
        let (mut limits, ep, now) = (EndpointLimits::new(8, 8), Uuid::now_v7(), Instant::now());
        for _ in 0..8 {
            limits.start(ep, None, None, now);
        }
        let wakes: Vec<bool> = (0..8).map(|_| limits.finish(ep, Pace::Answered, now)).collect();
        assert_eq!(wakes, [false, false, false, true, true, true, true, true]);
    }

    #[test]
    fn an_endpoint_at_its_cap_with_no_attempt_ending_is_stalled_and_named_once_per_stall() {
        let stall = Duration::from_millis(50);
        let (mut limits, ep, t0) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, None, None, t0);
        assert!(limits.stalled(t0 + stall / 2, stall).is_empty(), "not yet");
        assert_eq!(limits.stalled(t0 + stall, stall), [ep]);
        assert!(limits.stalled(t0 + stall + stall / 2, stall).is_empty(), "asked lately");
        assert_eq!(limits.stalled(t0 + stall * 2, stall), [ep], "asked again a stall later");
        // Known to be backlogged: never named again.
        limits.set_backlogged(ep, true);
        assert!(limits.stalled(t0 + stall * 10, stall).is_empty());
    }

    #[test]
    fn attempts_that_end_or_free_slots_are_no_stall() {
        let stall = Duration::from_millis(50);
        let (mut limits, ep, t0) = (EndpointLimits::new(2, 16), Uuid::now_v7(), Instant::now());
        // Idle for long, then one attempt: its slot is not full, and the quiet spell before
        // it does not count.
        limits.start(ep, None, None, t0);
        limits.finish(ep, Pace::Delivered, t0);
        let later = t0 + stall * 20;
        limits.start(ep, None, None, later);
        limits.start(ep, None, None, later);
        limits.start(ep, None, None, later);
        assert!(limits.stalled(later + stall / 2, stall).is_empty());
        // Every slot taken, but attempts keep ending: no stall.
        limits.finish(ep, Pace::Delivered, later + stall / 2);
        limits.start(ep, None, None, later + stall / 2);
        assert!(limits.stalled(later + stall, stall).is_empty());
    }

    #[test]
    fn only_a_delivery_asks_for_a_backlogged_endpoints_fill() {
        let (mut limits, ep, now) = (EndpointLimits::new(4, 16), Uuid::now_v7(), Instant::now());
        let unknown = Uuid::now_v7();
        assert!(limits.may_fill(unknown), "another process may be sending to it");
        limits.start(ep, None, None, now);
        assert!(!limits.may_fill(ep), "no attempt has ended: it may hang");
        limits.set_backlogged(ep, true);
        limits.finish(ep, Pace::TimedOut, now);
        assert!(!limits.wants_fill() && !limits.may_fill(ep));
        limits.start(ep, None, None, now);
        limits.finish(ep, Pace::Answered, now);
        assert!(!limits.wants_fill() && !limits.may_fill(ep), "a failure keeps retrying what it has");
        limits.start(ep, None, None, now);
        limits.finish(ep, Pace::Delivered, now);
        assert!(limits.wants_fill() && limits.may_fill(ep));
        assert_eq!(limits.take_to_fill(), [ep]);
        assert!(!limits.wants_fill());
        // Not backlogged: a delivery asks for nothing.
        limits.set_backlogged(ep, false);
        limits.start(ep, None, None, now);
        limits.finish(ep, Pace::Delivered, now);
        assert!(!limits.wants_fill());
    }

    #[test]
    fn a_still_endpoint_is_left_out_of_what_the_linger_weighs() {
        let still_after = Duration::from_millis(50);
        let (mut limits, t0) = (EndpointLimits::new(1, 16), Instant::now());
        let (hung, busy) = (Uuid::now_v7(), Uuid::now_v7());
        limits.start(hung, None, None, t0);
        assert_eq!(limits.moving(t0, still_after), (1, true), "just started: moving, at its cap");
        let later = t0 + still_after;
        assert_eq!(limits.moving(later, still_after), (0, false), "nothing ended since: still");
        // Another endpoint whose attempts end is moving, and at its cap while its one slot is taken.
        limits.start(busy, None, None, later);
        assert_eq!(limits.moving(later, still_after), (1, true));
        limits.finish(busy, Pace::Delivered, later);
        assert_eq!(limits.moving(later, still_after), (0, false), "room for two, none in flight");
        limits.start(busy, None, None, later);
        assert_eq!(limits.moving(later + still_after, still_after), (0, false), "still again");
        // The hung one ends at last (a timeout): moving again, with room.
        limits.finish(hung, Pace::TimedOut, later + still_after);
        assert_eq!(limits.moving(later + still_after, still_after), (0, false));
        limits.start(hung, None, None, later + still_after);
        assert_eq!(limits.moving(later + still_after, still_after), (1, true));
    }

    #[test]
    fn only_endpoints_that_deliver_unpaced_and_unbacklogged_count_for_the_claim_lag() {
        let (mut limits, now) = (EndpointLimits::new(4, 16), Instant::now());
        let [fresh, delivered, failing, paced, backlogged] = [(); 5].map(|_| Uuid::now_v7());
        assert!(limits.delivering(fresh), "never sent to here");
        for (ep, pace) in
            [(delivered, Pace::Delivered), (failing, Pace::Answered), (backlogged, Pace::Delivered)]
        {
            limits.start(ep, None, None, now);
            limits.finish(ep, pace, now);
        }
        limits.start(paced, Some(5), None, now);
        limits.finish(paced, Pace::Delivered, now);
        limits.set_backlogged(backlogged, true);
        assert!(limits.delivering(delivered));
        assert!(!limits.delivering(failing));
        assert!(!limits.delivering(paced));
        assert!(!limits.delivering(backlogged));
    }

    #[test]
    fn the_initial_cap_never_exceeds_the_maximum() {
        assert_eq!(EndpointLimits::new(4, 2).initial(), 2);
        assert_eq!(EndpointLimits::new(0, 0).initial(), 1);
    }

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn the_pace_is_one_start_per_interval() {
        let now = Instant::now();
        assert_eq!(next_start(5, now), now + 200 * MS);
        assert_eq!(next_start(1, now), now + 1000 * MS);
        assert_eq!(next_start(10_000, now), now + Duration::from_micros(100));
        // A zero rate cannot be stored; were it read, it would pace at one a second.
        assert_eq!(next_start(0, now), now + 1000 * MS);
    }

    #[test]
    fn a_rate_limited_endpoint_has_no_room_until_its_next_start_then_room_for_one() {
        let (mut limits, ep, t0) = (EndpointLimits::new(16, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, Some(5), Some(t0), t0);
        assert_eq!(room(&mut limits, ep, t0), 0);
        assert_eq!(room(&mut limits, ep, t0 + 199 * MS), 0);
        assert_eq!(limits.next_release(t0), Some(t0 + 200 * MS));
        // The attempt is still in flight, but the cap leaves room: one, not fifteen (burst 1).
        assert_eq!(room(&mut limits, ep, t0 + 200 * MS), 1);
        assert_eq!(limits.next_release(t0 + 200 * MS), None);
        // A quick answer does not let it start sooner.
        limits.start(ep, Some(5), Some(t0), t0 + 200 * MS);
        limits.finish(ep, Pace::Answered, t0 + 210 * MS);
        assert_eq!(room(&mut limits, ep, t0 + 210 * MS), 0);
        assert_eq!(room(&mut limits, ep, t0 + 400 * MS), 1);
    }

    #[test]
    fn an_unlimited_endpoint_is_not_paced_beside_a_limited_one() {
        let (mut limits, t0) = (EndpointLimits::new(4, 4), Instant::now());
        let (limited, free) = (Uuid::now_v7(), Uuid::now_v7());
        limits.start(limited, Some(1), Some(t0), t0);
        for _ in 0..3 {
            assert_eq!(limits.start(free, None, Some(t0), t0), None);
        }
        assert_eq!(room(&mut limits, limited, t0), 0);
        assert_eq!(room(&mut limits, free, t0), 1);
        assert_eq!(limits.next_release(t0), Some(t0 + 1000 * MS));
    }

    #[test]
    fn a_delivery_due_while_its_endpoint_was_paced_records_the_wait() {
        let (mut limits, ep, t0) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        // The first of a backlog due at t0 goes at once: not held back.
        assert_eq!(limits.start(ep, Some(5), Some(t0), t0), None);
        limits.finish(ep, Pace::Answered, t0 + 10 * MS);
        // The second, due at t0 too, could start at t0 + 200 ms.
        assert_eq!(limits.start(ep, Some(5), Some(t0), t0 + 203 * MS), Some(200 * MS));
        // One due after the pace opened again was not held back by it.
        assert_eq!(limits.start(ep, Some(5), Some(t0 + 450 * MS), t0 + 450 * MS), None);
        // Without a rate limit (cleared meanwhile), nothing is held back and nothing paced.
        assert_eq!(limits.start(ep, None, Some(t0), t0 + 460 * MS), None);
        assert_eq!(limits.next_release(t0 + 460 * MS), None);
        assert_eq!(held_back(None, t0), None);
        assert_eq!(held_back(Some(t0), t0 + MS), None);
    }

    #[test]
    fn a_paced_endpoint_is_forgotten_once_idle_and_its_pace_is_over() {
        let (mut limits, ep, t0) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, Some(1), Some(t0), t0);
        limits.finish(ep, Pace::Answered, t0);
        assert_eq!(room(&mut limits, ep, t0 + 999 * MS), 0);
        // The slowest pace (1/s) is long over when an idle endpoint is forgotten.
        assert!(limits.rooms(t0 + FORGET_AFTER).is_empty());
        assert_eq!(limits.next_release(t0 + FORGET_AFTER), None);
    }
}
