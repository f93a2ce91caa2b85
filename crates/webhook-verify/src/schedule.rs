//! The services' default retry schedules, and how long a receiver must remember a delivery id
//! so that every automatic retry of it is recognised.
//!
//! These mirror `workflow-api`'s `DEFAULT_RETRY_SCHEDULE` and `campaign-api`'s
//! `default_retry_policy()`; a test in each service fails if they drift apart.

use std::time::Duration;

/// A retry schedule as the receiver sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetrySchedule {
    /// Delays before attempts 2..N.
    pub delays: &'static [Duration],
    /// Each delay may be up to this many percent longer (the campaign service jitters ±10 %).
    pub jitter_percent: u32,
    /// The time an attempt may take before it counts as failed and its delay starts.
    pub attempt_timeout: Duration,
}

/// Kept on top of the schedule: attempts wait in a queue when the sender is busy, and the
/// receiver's clock is not the sender's.
pub const DEDUPE_MARGIN: Duration = Duration::from_secs(60 * 60);

const fn minutes(m: u64) -> Duration {
    Duration::from_secs(m * 60)
}

/// workflow-api: 5 attempts, 1 min, 5 min, 30 min and 2 h apart, no jitter, 10 s per attempt.
pub const WORKFLOW_DEFAULT_RETRY: RetrySchedule = RetrySchedule {
    delays: &[minutes(1), minutes(5), minutes(30), minutes(120)],
    jitter_percent: 0,
    attempt_timeout: Duration::from_secs(10),
};

/// campaign-api: 8 attempts, 30 s × 3^k apart capped at 6 h, ±10 % jitter, 10 s per attempt.
pub const CAMPAIGN_DEFAULT_RETRY: RetrySchedule = RetrySchedule {
    delays: &[
        Duration::from_secs(30),
        Duration::from_secs(90),
        Duration::from_secs(270),
        Duration::from_secs(810),
        Duration::from_secs(2430),
        Duration::from_secs(7290),
        Duration::from_secs(6 * 60 * 60),
    ],
    jitter_percent: 10,
    attempt_timeout: Duration::from_secs(10),
};

impl RetrySchedule {
    pub fn max_attempts(&self) -> usize {
        self.delays.len() + 1
    }

    /// The longest time from the start of the first attempt to the start of the last: every
    /// delay at its longest jitter, plus every failed attempt running to its timeout.
    pub fn last_attempt_at_most(&self) -> Duration {
        let delays: Duration = self.delays.iter().map(|d| *d * (100 + self.jitter_percent) / 100).sum();
        delays + self.attempt_timeout * self.delays.len() as u32
    }

    /// How long to remember an id: the whole schedule plus [`DEDUPE_MARGIN`]. A `Retry-After`
    /// answer can stretch a delay to one hour; a receiver that sends one should remember longer.
    pub fn dedupe_window(&self) -> Duration {
        self.last_attempt_at_most() + DEDUPE_MARGIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_window_covers_two_hours_thirty_six_minutes_of_retries() {
        // 1 + 5 + 30 + 120 min, plus 4 attempts of 10 s that timed out.
        assert_eq!(WORKFLOW_DEFAULT_RETRY.max_attempts(), 5);
        assert_eq!(WORKFLOW_DEFAULT_RETRY.last_attempt_at_most(), Duration::from_secs(156 * 60 + 40));
        assert_eq!(WORKFLOW_DEFAULT_RETRY.dedupe_window(), Duration::from_secs(216 * 60 + 40));
    }

    #[test]
    fn campaign_window_covers_the_jittered_schedule() {
        // 30 + 90 + 270 + 810 + 2430 + 7290 + 21600 = 32520 s, +10 % = 35772 s, + 7 × 10 s.
        assert_eq!(CAMPAIGN_DEFAULT_RETRY.max_attempts(), 8);
        assert_eq!(CAMPAIGN_DEFAULT_RETRY.last_attempt_at_most(), Duration::from_secs(35_842));
        assert_eq!(CAMPAIGN_DEFAULT_RETRY.dedupe_window(), Duration::from_secs(35_842 + 3600));
    }
}
