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
pub(crate) enum AfterFailure {
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
    pub(crate) fn after_failure(&self, attempt: u32, now: DateTime<Utc>, unit: f64) -> AfterFailure {
        let Some(delay) = attempt.checked_sub(1).and_then(|i| self.delays.get(i as usize)) else {
            return AfterFailure::Dead;
        };
        let scale = 1.0 + self.jitter * (2.0 * unit.clamp(0.0, 1.0) - 1.0);
        let delay = delay.mul_f64(scale);
        let delay = chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::MAX);
        AfterFailure::RetryAt(now.checked_add_signed(delay).unwrap_or(DateTime::<Utc>::MAX_UTC))
    }
}

/// How long history is kept (`RETENTION`, `PAYLOAD_RETENTION`; docs/engine.md, "Retention"):
/// a settled delivery is removed with its attempts once it settled longer ago than `history`,
/// and an event once nothing refers to it; its payload and response excerpts may be erased
/// sooner, after `payload`. Open deliveries are never removed, however old.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    history: Duration,
    payload: Duration,
}

impl Retention {
    /// `RETENTION` unless configured: 30 days.
    pub const DEFAULT: Duration = Duration::from_secs(30 * 24 * 60 * 60);

    /// `payload` defaults to `history`, and may not be longer.
    pub fn new(history: Duration, payload: Option<Duration>) -> Result<Self, String> {
        let payload = payload.unwrap_or(history);
        if payload > history {
            return Err("PAYLOAD_RETENTION cannot be longer than RETENTION".into());
        }
        if history.is_zero() || payload.is_zero() {
            return Err("RETENTION and PAYLOAD_RETENTION must be longer than zero".into());
        }
        Ok(Self { history, payload })
    }

    pub fn history(&self) -> Duration {
        self.history
    }

    pub fn payload(&self) -> Duration {
        self.payload
    }

    /// How often the sweeper makes a pass: a twentieth of the shorter of the two (`payload`),
    /// from 100 ms to 5 minutes, so nothing is kept more than about 5 % longer than asked (and 5
    /// minutes at the most).
    pub(crate) fn every(&self) -> Duration {
        (self.payload / 20).clamp(Duration::from_millis(100), Duration::from_secs(5 * 60))
    }
}

impl Default for Retention {
    fn default() -> Self {
        Self { history: Self::DEFAULT, payload: Self::DEFAULT }
    }
}

/// When an endpoint the engine disabled for failing is probed: the first probe `delays[0]` after
/// the disable, each next one `delays[n]` after the previous (the last delay repeating), and
/// none once `give_up_after` has passed since the disable (docs/operational-webhooks.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeSchedule {
    delays: Vec<Duration>,
    give_up_after: Duration,
}

impl Default for ProbeSchedule {
    /// 1 min, 5 min, 30 min, then every 2 h, for 7 days after the disable.
    fn default() -> Self {
        let minutes = |m: u64| Duration::from_secs(m * 60);
        Self {
            delays: vec![minutes(1), minutes(5), minutes(30), minutes(120)],
            give_up_after: Self::DEFAULT_GIVE_UP_AFTER,
        }
    }
}

impl ProbeSchedule {
    /// The probes of the default schedule end this long after the disable.
    pub const DEFAULT_GIVE_UP_AFTER: Duration = Duration::from_secs(7 * 24 * 60 * 60);

    /// `None` when `delays` is empty (there would be no first probe).
    pub fn new(delays: Vec<Duration>, give_up_after: Duration) -> Option<Self> {
        (!delays.is_empty()).then_some(Self { delays, give_up_after })
    }

    pub fn delays(&self) -> &[Duration] {
        &self.delays
    }

    /// When the probe after `made` probes is due, counted from `from` (the disable, or the
    /// probe that just failed); `None` if that is more than `give_up_after` after `disabled_at`.
    pub fn next(&self, disabled_at: DateTime<Utc>, made: u32, from: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let delay = self.delays.get(made as usize).or(self.delays.last())?;
        let at = from.checked_add_signed(chrono::Duration::from_std(*delay).ok()?)?;
        let end = disabled_at.checked_add_signed(chrono::Duration::from_std(self.give_up_after).ok()?)?;
        (at <= end).then_some(at)
    }
}

/// Parses `RETRY_SCHEDULE` syntax: comma-separated durations such as `1m,5m,30m,2h`.
pub fn parse_schedule(text: &str) -> Result<Vec<Duration>, ParseDurationError> {
    text.split(',').map(|part| parse_duration(part.trim())).collect()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a duration: use a whole number followed by ms, s, m, h or d (e.g. 250ms, 10s, 5m)")]
// tidy: in the signature of parse_duration
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

    /// PAYLOAD_RETENTION defaults to RETENTION and may not exceed it or be zero; passes come
    /// every twentieth of the shorter, between 100 ms and 5 minutes.
    #[test]
    fn retention_checks_its_two_settings_and_paces_passes_by_the_shorter() {
        let secs = Duration::from_secs;
        let both = Retention::new(secs(40), None).expect("valid");
        assert_eq!((both.history(), both.payload()), (secs(40), secs(40)));
        assert_eq!(both.every(), secs(2));
        assert_eq!(Retention::new(secs(3600), Some(secs(20))).expect("valid").every(), secs(1));
        assert_eq!(Retention::new(secs(1), None).expect("valid").every(), Duration::from_millis(100));
        assert_eq!(Retention::default().every(), secs(300));
        assert!(Retention::new(secs(10), Some(secs(11))).expect_err("too long").contains("cannot be longer"));
        assert!(Retention::new(secs(10), Some(Duration::ZERO)).is_err());
        assert!(Retention::new(Duration::ZERO, None).is_err());
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
    fn probes_follow_the_schedule_then_repeat_the_last_delay_until_they_give_up() {
        let s = ProbeSchedule::default();
        let at = |m: i64| t0() + chrono::Duration::minutes(m);
        assert_eq!(s.next(t0(), 0, t0()), Some(at(1)));
        assert_eq!(s.next(t0(), 1, at(1)), Some(at(6)));
        assert_eq!(s.next(t0(), 2, at(6)), Some(at(36)));
        assert_eq!(s.next(t0(), 3, at(36)), Some(at(156)));
        assert_eq!(s.next(t0(), 4, at(156)), Some(at(276)), "every 2 h from then on");
        assert_eq!(s.next(t0(), 90, at(7 * 24 * 60 - 120)), Some(at(7 * 24 * 60)), "the last one on the day");
        assert_eq!(s.next(t0(), 91, at(7 * 24 * 60 - 119)), None, "then it gives up");
        assert_eq!(ProbeSchedule::new(vec![], Duration::from_secs(1)), None);
        let short =
            ProbeSchedule::new(vec![Duration::from_millis(100)], Duration::from_secs(1)).expect("a delay");
        assert_eq!(short.next(t0(), 7, t0()), Some(t0() + chrono::Duration::milliseconds(100)));
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
