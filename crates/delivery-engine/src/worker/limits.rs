//! How many attempts each endpoint may have in flight in this process.
//!
//! An endpoint starts at `initial` attempts at once (1 by default); every answer (any status,
//! or a quick network error) raises its cap by one up to `max`, and every attempt that runs
//! out of time halves it, down to one. An endpoint that never answers therefore holds
//! `initial` attempt slots, not `max`: the rest of the process's capacity keeps serving
//! everyone else. The claim takes no more
//! rows of an endpoint than its room (`cap - in_flight`), so a claimed delivery never waits
//! for its endpoint while holding anything shared.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// An endpoint with nothing in flight is forgotten this long after its last attempt ended
/// (and starts from `initial` again), so the map holds only recently active endpoints.
const FORGET_AFTER: Duration = Duration::from_secs(30);

/// How an attempt ended, as far as the endpoint's pace is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pace {
    /// It answered (whatever the status) or failed at once.
    Answered,
    /// It ran out of time: the endpoint may be hanging.
    TimedOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Limit {
    in_flight: usize,
    cap: usize,
    last_ended: Instant,
}

/// In-flight attempts and caps per endpoint, for the endpoints active lately.
#[derive(Debug)]
pub(super) struct EndpointLimits {
    limits: HashMap<Uuid, Limit>,
    initial: usize,
    max: usize,
}

impl EndpointLimits {
    pub(super) fn new(initial: usize, max: usize) -> Self {
        let max = max.max(1);
        Self { limits: HashMap::new(), initial: initial.clamp(1, max), max }
    }

    /// The room of an endpoint this process has not seen lately.
    pub(super) fn initial(&self) -> usize {
        self.initial
    }

    /// Every endpoint active lately, with its room; any other endpoint has [`Self::initial`].
    /// Forgets the endpoints idle for longer than [`FORGET_AFTER`].
    pub(super) fn rooms(&mut self, now: Instant) -> Vec<(Uuid, i64)> {
        self.limits
            .retain(|_, l| l.in_flight > 0 || now.saturating_duration_since(l.last_ended) < FORGET_AFTER);
        self.limits.iter().map(|(id, l)| (*id, l.cap as i64 - l.in_flight as i64)).collect()
    }

    /// An attempt to `endpoint` starts.
    pub(super) fn start(&mut self, endpoint: Uuid, now: Instant) {
        let initial = self.initial;
        self.limits
            .entry(endpoint)
            .or_insert(Limit { in_flight: 0, cap: initial, last_ended: now })
            .in_flight += 1;
    }

    /// An attempt to `endpoint` ended. Returns whether the endpoint now has room for at least
    /// half its cap, which is when claiming for it again is worth a database round trip.
    pub(super) fn finish(&mut self, endpoint: Uuid, pace: Pace, now: Instant) -> bool {
        let Some(limit) = self.limits.get_mut(&endpoint) else { return true };
        limit.in_flight = limit.in_flight.saturating_sub(1);
        limit.last_ended = now;
        limit.cap = match pace {
            Pace::Answered => (limit.cap + 1).min(self.max),
            Pace::TimedOut => (limit.cap / 2).max(1),
        };
        limit.in_flight <= limit.cap / 2
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
        limits.start(ep, now);
        assert_eq!(room(&mut limits, ep, now), 0);
        limits.finish(ep, Pace::Answered, now);
        assert_eq!(room(&mut limits, ep, now), 2);
        for _ in 0..40 {
            limits.start(ep, now);
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
            limits.start(ep, now);
        }
        for _ in 0..4 {
            limits.finish(ep, Pace::TimedOut, now);
        }
        assert_eq!(room(&mut limits, ep, now), 1);
        limits.start(ep, now);
        assert_eq!(room(&mut limits, ep, now), 0);
        limits.finish(ep, Pace::Answered, now);
        assert_eq!(room(&mut limits, ep, now), 2);
    }

    #[test]
    fn an_endpoint_that_never_answers_keeps_its_slot_however_long_it_hangs() {
        let (mut limits, ep, now) = (EndpointLimits::new(1, 16), Uuid::now_v7(), Instant::now());
        limits.start(ep, now);
        assert_eq!(room(&mut limits, ep, now + FORGET_AFTER * 10), 0);
    }

    #[test]
    fn a_claim_is_worth_it_once_half_the_cap_is_free() {
        let (mut limits, ep, now) = (EndpointLimits::new(8, 8), Uuid::now_v7(), Instant::now());
        for _ in 0..8 {
            limits.start(ep, now);
        }
        let wakes: Vec<bool> = (0..8).map(|_| limits.finish(ep, Pace::Answered, now)).collect();
        assert_eq!(wakes, [false, false, false, true, true, true, true, true]);
    }

    #[test]
    fn the_initial_cap_never_exceeds_the_maximum() {
        assert_eq!(EndpointLimits::new(4, 2).initial(), 2);
        assert_eq!(EndpointLimits::new(0, 0).initial(), 1);
    }
}
