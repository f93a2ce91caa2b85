//! A tenant's activity as the consoles' overview shows it, and the rules that need no
//! database (percentiles from a sorted sample's ranks).

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A tenant's deliveries now, and its attempts over a recent window: from the start of the hour
/// `since` falls in, read from the hourly figures (`webhook_stats_hourly`), so the cost does not
/// grow with the traffic or the history.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TenantOverview {
    pub since: DateTime<Utc>,
    /// Deliveries attempted for the first time in the window.
    pub new_deliveries: i64,
    /// Attempts that delivered (a 2xx), and deliveries given up (their last attempt failed).
    pub delivered: i64,
    pub given_up: i64,
    /// Attempts in the window, and how many got a 2xx.
    pub attempts: i64,
    pub attempts_ok: i64,
    /// Attempt latency percentiles, as the upper bound of their bucket (18 buckets, 1 ms to 120 s).
    pub latency_p50_ms: Option<i32>,
    pub latency_p95_ms: Option<i32>,
    /// Waiting now, whenever created: due (and not leased), scheduled for a retry, in flight
    /// (leased by a dispatcher), dead (awaiting a replay).
    pub due: i64,
    pub scheduled: i64,
    pub in_flight: i64,
    pub dead_total: i64,
    pub oldest_due_at: Option<DateTime<Utc>>,
    /// Attempts per hour in the window, oldest first, one entry per hour that had any.
    pub hourly: Vec<HourlyAttempts>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HourlyAttempts {
    pub hour: DateTime<Utc>,
    pub ok: i64,
    pub failed: i64,
}

/// A tenant's deliveries waiting now (read from the open and dead deliveries' indexes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Waiting {
    pub due: i64,
    pub scheduled: i64,
    pub in_flight: i64,
    pub dead_total: i64,
    pub oldest_due_at: Option<DateTime<Utc>>,
}

/// One row of the hourly figures, summed over endpoints: an hour's attempts in one latency
/// bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HourCell {
    pub hour: DateTime<Utc>,
    pub latency_bucket: i16,
    pub attempts: i64,
    pub succeeded: i64,
    pub first_attempts: i64,
    pub given_up: i64,
}

impl TenantOverview {
    /// The overview from the window's hourly cells (in hour order) and what waits now.
    pub(crate) fn from_cells(since: DateTime<Utc>, cells: &[HourCell], waiting: Waiting) -> Self {
        let mut buckets = [0_i64; LATENCY_BOUNDS_MS.len()];
        let mut hourly: Vec<HourlyAttempts> = Vec::new();
        let mut o = TenantOverview { since, ..Default::default() };
        for c in cells {
            if let Some(n) = usize::try_from(c.latency_bucket).ok().and_then(|i| buckets.get_mut(i)) {
                *n += c.attempts;
            }
            o.attempts += c.attempts;
            o.attempts_ok += c.succeeded;
            o.new_deliveries += c.first_attempts;
            o.given_up += c.given_up;
            match hourly.last_mut() {
                Some(h) if h.hour == c.hour => {
                    h.ok += c.succeeded;
                    h.failed += c.attempts - c.succeeded;
                }
                _ => hourly.push(HourlyAttempts {
                    hour: c.hour,
                    ok: c.succeeded,
                    failed: c.attempts - c.succeeded,
                }),
            }
        }
        o.delivered = o.attempts_ok;
        o.latency_p50_ms = bucket_quantile(&buckets, 0.5);
        o.latency_p95_ms = bucket_quantile(&buckets, 0.95);
        let Waiting { due, scheduled, in_flight, dead_total, oldest_due_at } = waiting;
        TenantOverview { due, scheduled, in_flight, dead_total, oldest_due_at, hourly, ..o }
    }
}

/// One endpoint's attempts over a recent window (from the hourly figures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointActivity {
    pub endpoint_id: Uuid,
    pub last_attempt_at: DateTime<Utc>,
    /// Attempts that delivered, and attempts that failed.
    pub delivered: i64,
    pub failed: i64,
}

impl EndpointActivity {
    /// Attempts that delivered, in percent of all.
    pub fn success_percent(&self) -> Option<f64> {
        let all = self.delivered + self.failed;
        (all > 0).then(|| self.delivered as f64 * 100.0 / all as f64)
    }
}

/// Upper bounds, in milliseconds, of the attempt latency buckets the hourly figures count in
/// (`webhook_stats_hourly.latency_bucket` is an index into it): 1-2-5 steps up to 2 minutes,
/// past the longest attempt timeout. Percentiles read from them are "at most" figures.
pub(crate) const LATENCY_BOUNDS_MS: [i32; 18] = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 60_000, 90_000, 120_000,
];

/// The bucket of an attempt that took `ms`: the first whose bound it does not exceed (the last
/// for anything longer).
pub(crate) fn latency_bucket(ms: i32) -> i16 {
    let i = LATENCY_BOUNDS_MS.iter().position(|&bound| ms <= bound).unwrap_or(LATENCY_BOUNDS_MS.len() - 1);
    i16::try_from(i).unwrap_or(i16::MAX)
}

/// The hour (UTC) an attempt that started at `t` is counted in.
pub(crate) fn hour_of(t: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp(t.timestamp() - t.timestamp().rem_euclid(3600), 0).unwrap_or(t)
}

/// The `q`-quantile (nearest rank) of the attempts counted per bucket (`counts[i]` in bucket
/// `i`), as its bucket's upper bound in milliseconds; `None` without attempts.
pub(crate) fn bucket_quantile(counts: &[i64], q: f64) -> Option<i32> {
    let rank = quantile_rank(counts.iter().sum(), q)?;
    let mut seen = 0;
    for (i, n) in counts.iter().enumerate() {
        seen += n;
        if seen > rank {
            return LATENCY_BOUNDS_MS.get(i).copied();
        }
    }
    LATENCY_BOUNDS_MS.last().copied()
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
    fn latencies_fall_in_the_first_bucket_they_do_not_exceed() {
        assert_eq!(latency_bucket(0), 0);
        assert_eq!(latency_bucket(1), 0);
        assert_eq!(latency_bucket(2), 1);
        assert_eq!(latency_bucket(3), 2);
        assert_eq!(latency_bucket(1_000), 9);
        assert_eq!(latency_bucket(1_001), 10);
        assert_eq!(latency_bucket(120_000), 17);
        assert_eq!(latency_bucket(i32::MAX), 17);
    }

    #[test]
    fn attempts_are_counted_in_the_utc_hour_they_started() {
        let t = DateTime::parse_from_rfc3339("2026-11-27T10:59:59.999+02:00").expect("a time").to_utc();
        assert_eq!(hour_of(t).to_rfc3339(), "2026-11-27T08:00:00+00:00");
        let on = DateTime::parse_from_rfc3339("2026-11-27T08:00:00Z").expect("a time").to_utc();
        assert_eq!(hour_of(on), on);
    }

    #[test]
    fn quantiles_are_the_upper_bound_of_the_bucket_holding_the_rank() {
        assert_eq!(bucket_quantile(&[], 0.5), None);
        assert_eq!(bucket_quantile(&[0, 0, 0], 0.5), None);
        // 10 attempts: 6 of at most 1 ms, 3 of at most 5 ms, 1 of at most 100 ms.
        let counts = [6, 0, 3, 0, 0, 0, 1];
        assert_eq!(bucket_quantile(&counts, 0.5), Some(1));
        assert_eq!(bucket_quantile(&counts, 0.6), Some(1));
        assert_eq!(bucket_quantile(&counts, 0.7), Some(5));
        assert_eq!(bucket_quantile(&counts, 0.95), Some(100));
    }

    #[test]
    fn the_overview_sums_the_windows_cells_by_hour_and_reads_latency_from_the_buckets() {
        let at = |h: i64| DateTime::UNIX_EPOCH + chrono::TimeDelta::hours(h);
        let cell = |hour, latency_bucket, attempts, succeeded, first_attempts, given_up| HourCell {
            hour: at(hour),
            latency_bucket,
            attempts,
            succeeded,
            first_attempts,
            given_up,
        };
        let cells = [cell(1, 2, 8, 8, 6, 0), cell(1, 6, 2, 0, 0, 1), cell(3, 2, 10, 9, 10, 0)];
        let waiting = Waiting { due: 4, dead_total: 7, ..Default::default() };
        let o = TenantOverview::from_cells(at(0), &cells, waiting);
        assert_eq!((o.attempts, o.attempts_ok, o.delivered), (20, 17, 17));
        assert_eq!((o.new_deliveries, o.given_up), (16, 1));
        assert_eq!(o.latency_p50_ms, Some(5));
        assert_eq!(o.latency_p95_ms, Some(100));
        assert_eq!((o.due, o.dead_total), (4, 7));
        assert_eq!(
            o.hourly,
            [
                HourlyAttempts { hour: at(1), ok: 8, failed: 2 },
                HourlyAttempts { hour: at(3), ok: 9, failed: 1 }
            ]
        );
        assert_eq!(TenantOverview::from_cells(at(0), &[], Waiting::default()).latency_p50_ms, None);
    }

    #[test]
    fn success_percent_counts_finished_and_failing_only() {
        let a = |delivered, failed| EndpointActivity {
            endpoint_id: Uuid::nil(),
            last_attempt_at: DateTime::UNIX_EPOCH,
            delivered,
            failed,
        };
        assert_eq!(a(0, 0).success_percent(), None);
        assert_eq!(a(3, 1).success_percent(), Some(75.0));
    }
}
