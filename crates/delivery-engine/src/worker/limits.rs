//! How many attempts each endpoint may have in flight in this process.
//!
//! An endpoint starts at `initial` attempts at once; every answer (any status, or a quick
//! network error) raises its cap by one up to `max`, and every attempt that runs out of time
//! halves it, down to one. A hanging endpoint therefore holds one attempt slot, not `max`:
//! the rest of the process's capacity keeps serving everyone else. The claim takes no more
//! rows of an endpoint than its room (`cap - in_flight`), so a claimed delivery never waits
//! for its endpoint while holding anything shared.

use std::collections::HashMap;
use uuid::Uuid;

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
}

/// In-flight attempts and caps per endpoint. Endpoints with nothing in flight and an unreduced
/// cap are forgotten, so the map holds only the endpoints that are busy or were slow.
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

    /// Every endpoint whose room differs from [`Self::initial`], with its room.
    pub(super) fn rooms(&self) -> Vec<(Uuid, i64)> {
        self.limits.iter().map(|(id, l)| (*id, l.cap as i64 - l.in_flight as i64)).collect()
    }

    /// An attempt to `endpoint` starts.
    pub(super) fn start(&mut self, endpoint: Uuid) {
        let initial = self.initial;
        self.limits.entry(endpoint).or_insert(Limit { in_flight: 0, cap: initial }).in_flight += 1;
    }

    /// An attempt to `endpoint` ended. Returns whether the endpoint now has room for at least
    /// half its cap, which is when claiming for it again is worth a database round trip.
    pub(super) fn finish(&mut self, endpoint: Uuid, pace: Pace) -> bool {
        let Some(limit) = self.limits.get_mut(&endpoint) else { return true };
        limit.in_flight = limit.in_flight.saturating_sub(1);
        limit.cap = match pace {
            Pace::Answered => (limit.cap + 1).min(self.max),
            Pace::TimedOut => (limit.cap / 2).max(1),
        };
        let worth_claiming = limit.in_flight <= limit.cap / 2;
        if limit.in_flight == 0 && limit.cap >= self.initial {
            self.limits.remove(&endpoint);
        }
        worth_claiming
    }

    #[cfg(test)]
    fn cap(&self, endpoint: Uuid) -> Option<usize> {
        self.limits.get(&endpoint).map(|l| l.cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(limits: &EndpointLimits, endpoint: Uuid) -> i64 {
        limits.rooms().into_iter().find(|r| r.0 == endpoint).map_or(limits.initial() as i64, |r| r.1)
    }

    #[test]
    fn answers_raise_the_cap_to_the_maximum() {
        let mut limits = EndpointLimits::new(4, 16);
        let ep = Uuid::now_v7();
        for _ in 0..4 {
            limits.start(ep);
        }
        assert_eq!(room(&limits, ep), 0);
        limits.finish(ep, Pace::Answered);
        assert_eq!(limits.cap(ep), Some(5));
        assert_eq!(room(&limits, ep), 2);
        for _ in 0..40 {
            limits.start(ep);
            limits.finish(ep, Pace::Answered);
        }
        assert_eq!(limits.cap(ep), Some(16));
    }

    #[test]
    fn timeouts_halve_the_cap_down_to_one_and_it_is_remembered() {
        let mut limits = EndpointLimits::new(4, 16);
        let ep = Uuid::now_v7();
        for _ in 0..4 {
            limits.start(ep);
        }
        for _ in 0..4 {
            limits.finish(ep, Pace::TimedOut);
        }
        // Nothing in flight, but the cut cap is kept: the next claim takes one row, not four.
        assert_eq!(limits.cap(ep), Some(1));
        assert_eq!(room(&limits, ep), 1);
        limits.start(ep);
        assert_eq!(room(&limits, ep), 0);
        // One answer and it climbs again; back at the initial cap and idle, it is forgotten.
        limits.finish(ep, Pace::Answered);
        assert_eq!(limits.cap(ep), Some(2));
        for _ in 0..2 {
            limits.start(ep);
            limits.finish(ep, Pace::Answered);
        }
        assert_eq!(limits.cap(ep), None);
        assert_eq!(room(&limits, ep), 4);
    }

    #[test]
    fn a_claim_is_worth_it_once_half_the_cap_is_free() {
        let mut limits = EndpointLimits::new(8, 8);
        let ep = Uuid::now_v7();
        for _ in 0..8 {
            limits.start(ep);
        }
        let wakes: Vec<bool> = (0..8).map(|_| limits.finish(ep, Pace::Answered)).collect();
        assert_eq!(wakes, [false, false, false, true, true, true, true, true]);
    }

    #[test]
    fn the_initial_cap_never_exceeds_the_maximum() {
        let limits = EndpointLimits::new(4, 2);
        assert_eq!(limits.initial(), 2);
        assert_eq!(EndpointLimits::new(0, 0).initial(), 1);
    }
}
