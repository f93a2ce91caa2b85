//! Retry policies and the per-attempt timeout: pure code, unit-tested with known answers.
//!
//! A policy is the list of delays before attempts 2..N (so `N = delays.len() + 1`) plus a jitter
//! ratio. The workflow schedule is a fixed list without jitter; the campaign schedule is generated
//! exponentially and jittered so that a receiver coming back from an outage is not hit by every
//! retry at the same instant.

use chrono::{DateTime, Utc};
use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    delays: Vec<Duration>,
    /// Each delay is scaled by a factor drawn uniformly from `[1 - jitter, 1 + jitter]`.
    jitter: f64,
}

/// What to do after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFailure {
    RetryAt(DateTime<Utc>),
    Dead,
}

impl RetryPolicy {
    /// A fixed schedule: `delays[i]` is the wait before attempt `i + 2`.
    pub fn fixed(delays: Vec<Duration>) -> Self {
        Self { delays, jitter: 0.0 }
    }

    /// `attempts` attempts; the delay before attempt `k + 2` is `base * factor^k`, capped at `cap`.
    pub fn exponential(attempts: u32, base: Duration, factor: f64, cap: Duration) -> Self {
        let delays =
            (0..attempts.saturating_sub(1)).map(|k| base.mul_f64(factor.powi(k as i32)).min(cap)).collect();
        Self { delays, jitter: 0.0 }
    }

    /// Sets the jitter ratio (clamped to `0.0..=0.5`).
    pub fn with_jitter(mut self, ratio: f64) -> Self {
        self.jitter = ratio.clamp(0.0, 0.5);
        self
    }

    pub fn max_attempts(&self) -> u32 {
        self.delays.len() as u32 + 1
    }

    pub fn delays(&self) -> &[Duration] {
        &self.delays
    }

    pub fn jitter(&self) -> f64 {
        self.jitter
    }

    /// Decides after attempt number `attempt` (1-based) failed at `now`. `unit` is a sample from
    /// `[0, 1)` that drives jitter (random in production, fixed in tests).
    pub fn after_failure(&self, attempt: u32, now: DateTime<Utc>, unit: f64) -> AfterFailure {
        let Some(delay) = attempt.checked_sub(1).and_then(|i| self.delays.get(i as usize)) else {
            return AfterFailure::Dead;
        };
        let scale = 1.0 + self.jitter * (2.0 * unit.clamp(0.0, 1.0) - 1.0);
        let delay = delay.mul_f64(scale);
        let delay = chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::MAX);
        AfterFailure::RetryAt(now.checked_add_signed(delay).unwrap_or(DateTime::<Utc>::MAX_UTC))
    }
}

/// Parses `RETRY_SCHEDULE` syntax: comma-separated durations such as `1m,5m,30m,2h`.
pub fn parse_schedule(text: &str) -> Result<Vec<Duration>, ParseDurationError> {
    text.split(',').map(|part| parse_duration(part.trim())).collect()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a duration: use a whole number followed by ms, s, m, h or d (e.g. 250ms, 10s, 5m)")]
pub struct ParseDurationError(pub String);

/// Parses `250ms`, `10s`, `5m`, `2h`, `1d`. A bare number is rejected: units are always explicit.
pub fn parse_duration(text: &str) -> Result<Duration, ParseDurationError> {
    let err = || ParseDurationError(text.to_owned());
    let split = text.find(|c: char| !c.is_ascii_digit()).ok_or_else(err)?;
    let (digits, unit) = text.split_at(split);
    let n: u64 = digits.parse().map_err(|_| err())?;
    let millis = match unit {
        "ms" => Some(n),
        "s" => n.checked_mul(1_000),
        "m" => n.checked_mul(60_000),
        "h" => n.checked_mul(3_600_000),
        "d" => n.checked_mul(86_400_000),
        _ => None,
    }
    .ok_or_else(err)?;
    Ok(Duration::from_millis(millis))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).single().expect("valid time")
    }

    /// A fixed schedule: 1 min, 5 min, 30 min, 2 h (5 attempts).
    fn fixed_schedule() -> RetryPolicy {
        RetryPolicy::fixed([1, 5, 30, 120].iter().map(|m| Duration::from_secs(m * 60)).collect())
    }

    #[test]
    fn a_fixed_schedule_gives_each_delay_then_dead() {
        let p = fixed_schedule();
        assert_eq!(p.max_attempts(), 5);
        let mins = |m: i64| AfterFailure::RetryAt(t0() + chrono::Duration::minutes(m));
        assert_eq!(p.after_failure(1, t0(), 0.9), mins(1));
        assert_eq!(p.after_failure(2, t0(), 0.1), mins(5));
        assert_eq!(p.after_failure(3, t0(), 0.5), mins(30));
        assert_eq!(p.after_failure(4, t0(), 0.5), mins(120));
        assert_eq!(p.after_failure(5, t0(), 0.5), AfterFailure::Dead);
        assert_eq!(p.after_failure(9, t0(), 0.5), AfterFailure::Dead);
    }

    #[test]
    fn an_exponential_schedule_is_capped_with_bounded_jitter() {
        let p = RetryPolicy::exponential(8, Duration::from_secs(30), 3.0, Duration::from_secs(6 * 60 * 60))
            .with_jitter(0.1);
        assert_eq!(p.max_attempts(), 8);
        let secs: Vec<u64> = p.delays().iter().map(Duration::as_secs).collect();
        assert_eq!(secs, [30, 90, 270, 810, 2430, 7290, 21600]);
        // unit 0.5 is the midpoint: no jitter.
        assert_eq!(
            p.after_failure(1, t0(), 0.5),
            AfterFailure::RetryAt(t0() + chrono::Duration::seconds(30))
        );
        // The extremes of the jitter range are ±10 %.
        assert_eq!(
            p.after_failure(2, t0(), 0.0),
            AfterFailure::RetryAt(t0() + chrono::Duration::seconds(81))
        );
        assert_eq!(
            p.after_failure(2, t0(), 1.0),
            AfterFailure::RetryAt(t0() + chrono::Duration::seconds(99))
        );
        assert_eq!(p.after_failure(8, t0(), 0.5), AfterFailure::Dead);
    }

    #[test]
    fn a_single_attempt_policy_dies_at_once() {
        let p = RetryPolicy::fixed(vec![]);
        assert_eq!(p.max_attempts(), 1);
        assert_eq!(p.after_failure(1, t0(), 0.5), AfterFailure::Dead);
    }

    #[test]
    fn parses_schedules_and_rejects_garbage() {
        assert_eq!(parse_schedule("1m,5m, 30m,2h").expect("valid"), fixed_schedule().delays());
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86_400)));
        for bad in ["", "10", "s", "1.5s", "-1s", "10 s", "5w", "99999999999999999999s"] {
            assert!(parse_duration(bad).is_err(), "{bad:?} should not parse");
        }
        assert!(parse_schedule("1m,,2m").is_err());
    }
}
