//! A tenant's activity as the consoles' overview shows it, and the rules that need no
//! database (percentiles from a sorted sample's ranks).

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A tenant's deliveries now and over a recent window (`since`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TenantOverview {
    pub since: DateTime<Utc>,
    /// Deliveries created since `since`, and how many of them were delivered or are dead.
    pub created: i64,
    pub delivered: i64,
    pub dead: i64,
    /// Attempts since `since` (of those deliveries), and how many got a 2xx.
    pub attempts: i64,
    pub attempts_ok: i64,
    pub latency_p50_ms: Option<i32>,
    pub latency_p95_ms: Option<i32>,
    /// Waiting now, whenever created: due (and not leased), scheduled for a retry, in flight
    /// (leased by a dispatcher), dead (awaiting a replay).
    pub due: i64,
    pub scheduled: i64,
    pub in_flight: i64,
    pub dead_total: i64,
    pub oldest_due_at: Option<DateTime<Utc>>,
    /// Attempts per hour since `since`, oldest first, one entry per hour that had any.
    pub hourly: Vec<HourlyAttempts>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HourlyAttempts {
    pub hour: DateTime<Utc>,
    pub ok: i64,
    pub failed: i64,
}

/// One endpoint's deliveries since a time (see `stats::endpoint_activity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointActivity {
    pub endpoint_id: Uuid,
    pub last_created_at: DateTime<Utc>,
    pub delivered: i64,
    /// Failed (awaiting a retry) or dead.
    pub failing: i64,
}

impl EndpointActivity {
    /// Delivered among those that finished or failed at least once, in percent.
    pub fn success_percent(&self) -> Option<f64> {
        let settled = self.delivered + self.failing;
        (settled > 0).then(|| self.delivered as f64 * 100.0 / settled as f64)
    }
}

/// The 0-based rank of the `q`-quantile (nearest rank) in a sorted sample of `n`.
pub(crate) fn quantile_rank(n: i64, q: f64) -> Option<i64> {
    (n > 0).then(|| ((q * n as f64).ceil() as i64 - 1).clamp(0, n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantile_ranks_are_nearest_rank() {
        assert_eq!(quantile_rank(0, 0.5), None);
        assert_eq!(quantile_rank(1, 0.5), Some(0));
        assert_eq!(quantile_rank(1, 0.95), Some(0));
        assert_eq!(quantile_rank(4, 0.5), Some(1));
        assert_eq!(quantile_rank(100, 0.95), Some(94));
        assert_eq!(quantile_rank(100, 0.5), Some(49));
        assert_eq!(quantile_rank(3, 1.0), Some(2));
    }

    #[test]
    fn success_percent_counts_finished_and_failing_only() {
        let a = |delivered, failing| EndpointActivity {
            endpoint_id: Uuid::nil(),
            last_created_at: DateTime::UNIX_EPOCH,
            delivered,
            failing,
        };
        assert_eq!(a(0, 0).success_percent(), None);
        assert_eq!(a(3, 1).success_percent(), Some(75.0));
    }
}
