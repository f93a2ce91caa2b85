//! The ingest gate: when the CPU is short and a tenant's fresh deliveries wait to be claimed
//! longer than a target, that tenant's writes through the API wait (a bounded time) for the
//! dispatcher to catch up, so that delivery keeps pace with ingest instead of building a
//! backlog that every later event waits behind.
//!
//! Two signals, because either alone is wrong:
//! - **The claim lag** (the dispatcher's, per tenant): how long the oldest *first* attempt of
//!   a claim had been due when it was claimed, over endpoints whose latest attempt here
//!   delivered (or that have not finished one yet) and that are neither rate-limited nor
//!   backlogged. A failing or hanging endpoint's rows, a rate limit's pace and a backlogged
//!   endpoint's fill wait for the endpoint, not for the dispatcher, and slowing the tenant's
//!   ingest would not help them. Retries, manual re-sends and re-claims after a lease ran out
//!   are not counted. A slow endpoint's rows are: they matter only while the CPU is short,
//!   and then its slowness may well be the shortage.
//! - **CPU pressure** (the kernel's PSI, `cpu.pressure` of this process's cgroup v2, else
//!   `/proc/pressure/cpu`): the share of the last window in which some runnable task waited
//!   for a CPU. A lag without pressure means the database or the receivers are slow, not that
//!   ingest takes the CPU delivery needs; holding ingest would not help then either.
//!
//! The claim loop observes the lags (`worker/lag.rs`) and a task beside it samples the
//! pressure (`worker/pressure.rs`); this file holds the rule and the door requests wait at.
//!
//! Only the lagging tenant waits; every other tenant's requests pass. A request waits at most
//! [`GateConfig::max_hold`], then goes on whatever the signals say. The gate holds only in a
//! process whose dispatcher arms it (`IngestGate::arm`): an API-only process has no claim lag
//! to read, and its gate always admits. Where PSI cannot be read, the gate is not armed unless
//! it is configured to need no pressure at all.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A held request looks at the signals again no sooner than this after it last did.
const MIN_WAIT: Duration = Duration::from_millis(1);

/// No pressure sampled yet, or none readable.
const NO_PRESSURE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GateConfig {
    /// A tenant's requests wait while its claim lag is above this.
    pub target: Duration,
    /// A request waits at most this long, then goes on.
    pub max_hold: Duration,
    /// ... and only while CPU pressure (0..=1) is at least this. Zero: pressure is not needed
    /// (and PSI need not be readable).
    pub min_pressure: f64,
    /// A claim lag counts this long after the claim that observed it, unless a later claim of
    /// the same tenant's rows replaces it or the dispatcher catches up on everything.
    pub observation_ttl: Duration,
}

impl GateConfig {
    /// The claim lag target unless configured (`INGEST_GATE_MS`; D118: 50 ms until batched
    /// publishes let ingest outrun delivery, and a burst's latency sat at the target).
    pub const DEFAULT_TARGET: Duration = Duration::from_millis(25);

    /// The gate with `target` (zero: off) and the defaults documented in docs/engine.md.
    pub fn with_target(target: Duration) -> Option<Self> {
        (!target.is_zero()).then_some(Self {
            target,
            max_hold: Duration::from_secs(1),
            min_pressure: 0.5,
            observation_ttl: Duration::from_millis(50),
        })
    }
}

/// A tenant's claim lag, and when a claim observed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Observed {
    pub lag: Duration,
    pub at: Instant,
}

/// The gating rule: whether a request of a tenant whose latest observed claim lag is `lag`
/// waits now, with CPU pressure `pressure` (`None`: unknown).
pub(crate) fn holds(lag: Option<Observed>, pressure: Option<f64>, config: &GateConfig, now: Instant) -> bool {
    let Some(lag) = lag else { return false };
    let pressed = config.min_pressure <= 0.0 || pressure.is_some_and(|p| p >= config.min_pressure);
    pressed && now.saturating_duration_since(lag.at) < config.observation_ttl && lag.lag > config.target
}

#[derive(Debug, Default)]
struct State {
    config: Option<GateConfig>,
    lags: HashMap<String, Observed>,
}

/// One per process (shared by the engine's copies, see `Engine::with_pool`).
#[derive(Debug)]
pub struct IngestGate {
    /// Whether a dispatcher armed it: the fast path of every request.
    armed: AtomicBool,
    state: Mutex<State>,
    /// CPU pressure of the latest window, in thousandths ([`NO_PRESSURE`]: none).
    pressure: AtomicU32,
    /// Bumped whenever an observation may have released someone.
    news: watch::Sender<u64>,
}

impl Default for IngestGate {
    fn default() -> Self {
        Self {
            armed: AtomicBool::new(false),
            state: Mutex::default(),
            pressure: AtomicU32::new(NO_PRESSURE),
            news: watch::Sender::new(0),
        }
    }
}

impl IngestGate {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The dispatcher of this process starts gating with `config`.
    pub(crate) fn arm(&self, config: GateConfig) {
        self.state().config = Some(config);
        self.armed.store(true, Ordering::Release);
    }

    /// The dispatcher stops (shutdown): every request passes again, and any waiting goes on.
    pub(crate) fn disarm(&self) {
        self.armed.store(false, Ordering::Release);
        let mut state = self.state();
        state.config = None;
        state.lags.clear();
        drop(state);
        self.news.send_modify(|n| *n += 1);
    }

    pub(crate) fn is_armed(&self) -> bool {
        self.armed.load(Ordering::Acquire)
    }

    /// A claim saw these tenants' oldest counted first attempts wait this long.
    pub(crate) fn observe(&self, lags: &[(String, Duration)], now: Instant) {
        if lags.is_empty() {
            return;
        }
        let mut state = self.state();
        let ttl = state.config.map_or(Duration::ZERO, |c| c.observation_ttl);
        if state.lags.len() > 1024 {
            state.lags.retain(|_, o| now.saturating_duration_since(o.at) < ttl);
        }
        let target = state.config.map_or(Duration::ZERO, |c| c.target);
        let mut released = false;
        for (tenant, lag) in lags {
            let before = state.lags.insert(tenant.clone(), Observed { lag: *lag, at: now });
            released |= *lag <= target && before.is_some_and(|b| b.lag > target);
        }
        drop(state);
        // Held requests wait for news that may release them, not for every claim.
        if released {
            self.news.send_modify(|n| *n += 1);
        }
    }

    /// The dispatcher claimed everything due that any endpoint had room for: no tenant lags.
    pub(crate) fn caught_up(&self) {
        let mut state = self.state();
        if state.lags.is_empty() {
            return;
        }
        state.lags.clear();
        drop(state);
        self.news.send_modify(|n| *n += 1);
    }

    pub(crate) fn set_pressure(&self, pressure: Option<f64>) {
        let value = pressure.map_or(NO_PRESSURE, |p| (p.clamp(0.0, 1.0) * 1000.0).round() as u32);
        let before = self.pressure.swap(value, Ordering::Relaxed);
        // Pressure falling below the rule's minimum may release held requests.
        let min = self.state().config.map_or(0.0, |c| c.min_pressure);
        let pressed = |v: u32| v != NO_PRESSURE && f64::from(v) / 1000.0 >= min;
        if pressed(before) && !pressed(value) {
            self.news.send_modify(|n| *n += 1);
        }
    }

    /// CPU pressure of the latest window (0..=1), if known.
    pub fn pressure(&self) -> Option<f64> {
        match self.pressure.load(Ordering::Relaxed) {
            NO_PRESSURE => None,
            v => Some(f64::from(v) / 1000.0),
        }
    }

    /// Whether a request of `tenant` would wait now.
    pub fn holds(&self, tenant: &str, now: Instant) -> bool {
        if !self.is_armed() {
            return false;
        }
        let state = self.state();
        match state.config {
            Some(config) => holds(state.lags.get(tenant).copied(), self.pressure(), &config, now),
            None => false,
        }
    }

    /// Waits while a request of `tenant` is held (at most the configured `max_hold`), and
    /// returns how long it waited.
    pub async fn admit(&self, tenant: &str) -> Duration {
        if !self.is_armed() {
            return Duration::ZERO;
        }
        let start = Instant::now();
        if !self.holds(tenant, start) {
            return Duration::ZERO;
        }
        let mut news = self.news.subscribe();
        loop {
            let now = Instant::now();
            // Until the news that may release it, or the observation ages out, or max_hold.
            let until = {
                let state = self.state();
                let Some(config) = state.config else { return now.saturating_duration_since(start) };
                let (lag, deadline) = (state.lags.get(tenant).copied(), start + config.max_hold);
                if now >= deadline || !holds(lag, self.pressure(), &config, now) {
                    return now.saturating_duration_since(start);
                }
                lag.map_or(now, |o| o.at + config.observation_ttl).min(deadline)
            };
            let _ = tokio::time::timeout_at(until.max(now + MIN_WAIT).into(), news.changed()).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn config() -> GateConfig {
        GateConfig { target: 100 * MS, max_hold: 1000 * MS, min_pressure: 0.5, observation_ttl: 50 * MS }
    }

    #[test]
    fn a_lagging_tenant_waits_only_while_the_cpu_is_short_and_the_observation_is_fresh() {
        let (c, t0) = (config(), Instant::now());
        let lagging = Some(Observed { lag: 150 * MS, at: t0 });
        assert!(holds(lagging, Some(0.8), &c, t0 + 10 * MS));
        // No pressure, or unknown pressure: the lag is someone else's doing.
        assert!(!holds(lagging, Some(0.2), &c, t0 + 10 * MS));
        assert!(!holds(lagging, None, &c, t0 + 10 * MS));
        // The observation aged out.
        assert!(!holds(lagging, Some(0.8), &c, t0 + 50 * MS));
        // At or below the target, or never observed: no wait.
        assert!(!holds(Some(Observed { lag: 100 * MS, at: t0 }), Some(0.8), &c, t0));
        assert!(!holds(None, Some(1.0), &c, t0));
    }

    #[test]
    fn a_gate_that_needs_no_pressure_holds_on_the_lag_alone() {
        let (c, t0) = (GateConfig { min_pressure: 0.0, ..config() }, Instant::now());
        assert!(holds(Some(Observed { lag: 150 * MS, at: t0 }), None, &c, t0));
    }

    /// Until a request waits on the gate's news (it subscribed), or fails the test.
    async fn wait_until_held(gate: &IngestGate) {
        let waiting = async {
            while gate.news.receiver_count() < 1 {
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(Duration::from_secs(10), waiting).await.expect("a request waits at the gate");
    }

    #[tokio::test]
    async fn only_the_lagging_tenant_waits_and_catching_up_lets_it_go() {
        let gate = std::sync::Arc::new(IngestGate::default());
        // Not armed: nobody waits, whatever was observed.
        gate.observe(&[("a".into(), 500 * MS)], Instant::now());
        assert_eq!(gate.admit("a").await, Duration::ZERO);
        gate.arm(GateConfig {
            observation_ttl: Duration::from_secs(60),
            max_hold: Duration::from_secs(60),
            ..config()
        });
        gate.set_pressure(Some(0.9));
        gate.observe(&[("a".into(), 500 * MS)], Instant::now());
        assert!(gate.holds("a", Instant::now()));
        assert_eq!(gate.admit("b").await, Duration::ZERO, "another tenant passes");
        let waiting = tokio::spawn({
            let gate = gate.clone();
            async move { gate.admit("a").await }
        });
        // The held request waits on the gate's news; the dispatcher's catching up releases it.
        wait_until_held(&gate).await;
        assert!(!waiting.is_finished());
        let released = Instant::now();
        gate.caught_up();
        let held = waiting.await.expect("the request ends");
        assert!(held > Duration::ZERO && held < Duration::from_secs(60), "{held:?}");
        assert!(released.elapsed() < Duration::from_secs(60));
        assert!(!gate.holds("a", Instant::now()));
    }

    #[tokio::test]
    async fn a_request_waits_at_most_max_hold_and_disarming_releases_everyone() {
        let gate = std::sync::Arc::new(IngestGate::default());
        gate.arm(GateConfig {
            min_pressure: 0.0,
            observation_ttl: Duration::from_secs(60),
            max_hold: 30 * MS,
            ..config()
        });
        gate.observe(&[("a".into(), 500 * MS)], Instant::now());
        let held = gate.admit("a").await;
        assert!(held >= 30 * MS && held < Duration::from_secs(5), "{held:?}");
        gate.arm(GateConfig {
            min_pressure: 0.0,
            observation_ttl: Duration::from_secs(60),
            max_hold: Duration::from_secs(60),
            ..config()
        });
        gate.observe(&[("a".into(), 500 * MS)], Instant::now());
        let waiting = tokio::spawn({
            let gate = gate.clone();
            async move { gate.admit("a").await }
        });
        wait_until_held(&gate).await;
        gate.disarm();
        assert!(waiting.await.expect("the request ends") < Duration::from_secs(60));
        assert!(!gate.holds("a", Instant::now()));
    }
}
