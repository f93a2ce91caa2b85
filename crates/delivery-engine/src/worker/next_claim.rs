//! When the claim loop claims again and how it waits: the rules it follows after each claim,
//! pure and unit-tested. The loop (`claim_loop.rs`) applies them.
//!
//! - After a full scan: claim again at once while endpoints not visited yet may have due work
//!   ([`ScanProgress`]), else wait.
//! - Before waiting: when the loop is nearly idle ([`nearly_idle`]), a wake-up is followed by a
//!   short linger (`DispatcherConfig::claim_linger`, D46) so that events published together
//!   are claimed together.

use std::time::Duration;
use uuid::Uuid;

/// What the claim loop does after a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    /// Claim again at once: there are free permits and endpoints that may have due work.
    ClaimAgain,
    /// Wait for a wake-up, a freed slot, a pace's end or the poll timer.
    Wait,
}

/// Where the claim loop's scan over endpoints stands since the loop last waited.
#[derive(Debug, Default)]
pub(super) struct ScanProgress {
    /// Claims in a row that reached the last endpoint without claiming anything: two mean every
    /// endpoint was visited since the last row was claimed, so there is nothing due to chase.
    empty_ends: usize,
}

impl ScanProgress {
    /// After a claim that took every free permit (`full`) or not, claimed rows or not, began
    /// after some endpoint (`started_mid_way`) or at the first, and left a place for the next
    /// scan to continue from (`resumes`) or reached the end.
    pub(super) fn after_claim(
        &mut self,
        full: bool,
        claimed_any: bool,
        started_mid_way: bool,
        resumes: bool,
    ) -> Next {
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
    pub(super) fn waited(&mut self) {
        self.empty_ends = 0;
    }
}

/// How the claim loop waits (`ClaimLoop::wait_for_work`).
pub(super) struct Waiting {
    /// Work may be waiting behind an endpoint at its cap: a freed slot ends the wait.
    pub found_work: bool,
    /// After a wake-up, wait this much longer for more events (the loop is nearly idle).
    pub linger: Option<Duration>,
}

/// Attempts in flight below which the claim loop counts as nearly idle.
pub(super) const NEARLY_IDLE_BELOW: usize = 4;

/// Whether the claim loop is nearly idle after a claim, so that waiting for more events before
/// the next claim costs them latency only: fewer than [`NEARLY_IDLE_BELOW`] attempts are in
/// flight with the ones just claimed (`in_flight`, not counting still endpoints': see
/// [`DispatcherConfig::still_after`]), and the claim took every due row it could — it was not
/// cut short (`cut_short`: it took every free permit, or stopped before the last endpoint) and
/// took fewer rows of each endpoint than that endpoint's room (`rooms`, else `default_room`).
/// The caller also rules out a loop with a moving endpoint at its cap.
pub(super) fn nearly_idle(
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

#[cfg(test)]
mod tests {
    use super::*;
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
