//! [`DispatcherConfig`]: every setting of a dispatcher, with the defaults the services start
//! from (each documented in docs/engine.md under the mechanism it tunes).

use std::time::Duration;

#[derive(Debug, Clone)]
pub struct DispatcherConfig {
    /// Attempts in flight at once in this process.
    pub concurrency: usize,
    /// Rows claimed per claim transaction at most.
    pub batch_size: usize,
    /// Attempts in flight at once to one endpoint in this process, at most.
    pub per_endpoint: usize,
    /// Attempts in flight at once to an endpoint this process has not sent to lately. Each
    /// answer raises an endpoint's cap by one up to `per_endpoint`; each timeout halves it,
    /// down to one. At 1, an endpoint that never answers holds one slot, not `per_endpoint`,
    /// while a healthy one reaches its full cap within its first answers.
    pub per_endpoint_initial: usize,
    /// Fallback polling when no wake-up arrives (retries coming due, lost notifications).
    pub poll_interval: Duration,
    /// How long a claim is held before another worker may take the row; `None` derives it from
    /// the attempt timeout (3 × timeout + 10 s).
    pub lease: Option<Duration>,
    /// Listen for wake-ups from other processes (PostgreSQL's NOTIFY) on a connection of its own.
    pub listen: bool,
    /// Outcomes written per recording transaction at most.
    pub record_batch: usize,
    /// How long the recorder waits for more outcomes before writing a batch, so that a steady
    /// flow is written in few transactions (the receiver already has the delivery).
    pub record_linger: Duration,

    /// Disable an endpoint whose attempts have all failed for this long (`None`: never). A run
    /// of failures reaching 50, 75 and 90 % of it is warned about (operational webhooks).
    pub disable_after: Option<Duration>,
    /// Probe endpoints disabled for failing on this schedule, and enable each again when a
    /// probe is answered 2xx (`None`: never probe).
    pub probe: Option<crate::policy::ProbeSchedule>,
    /// The longest `Retry-After` (on 429 and 503) that is honoured; longer ones are cut to it.
    pub retry_after_cap: Duration,
    /// Switch an endpoint to backlogged (`store/backlog.rs`) once it has been stalled this long
    /// (every slot it may use here taken, and no attempt to it ended) with at least
    /// `2 × per_endpoint` open deliveries; its later events then wait in the event log and
    /// become deliveries as it has room (`None`: never).
    pub backlog_stall: Option<Duration>,
    /// A backlogged endpoint's owed events become deliveries in batches, up to this many open
    /// deliveries, once it has no more than half of it open.
    pub backlog_fill: usize,
    /// Woken by the wake-up signal (new events in this process or another, or a backlog
    /// fill) while nearly idle (`nearly_idle`: fewer than 4 attempts in flight, no endpoint at
    /// its cap, every due row taken by the last claim), the claim loop waits this long before
    /// claiming, so that events published together are claimed in one transaction rather than
    /// one each (zero: never). A busy loop never waits: its claims gather rows by themselves
    /// while its attempts run.
    pub claim_linger: Duration,
    /// An endpoint with attempts in flight none of which ended for this long is *still* (a
    /// hanging one soon is): the linger leaves its attempts and its cap out, and so does the
    /// ingest gate's test of whether the loop has caught up (`EndpointLimits::moving`).
    pub still_after: Duration,
    /// Arms this process's ingest gate (`crate::gate`): while the CPU is short and a tenant's
    /// fresh deliveries wait longer than its target to be claimed, that tenant's API writes
    /// wait for the claims to catch up (`None`: never).
    pub ingest_gate: Option<crate::gate::GateConfig>,
    /// Removes settled history older than this (`None`: history is kept forever); see
    /// [`Retention`](crate::policy::Retention).
    pub retention: Option<crate::policy::Retention>,
    /// After shutdown, how long attempts in flight may run on. Those still running then are
    /// stopped and their claims released (due at once, no attempt recorded), so another
    /// worker sends them without waiting for the lease.
    pub shutdown_grace: Duration,
}

impl Default for DispatcherConfig {
    fn default() -> Self {
        Self {
            concurrency: 256,
            batch_size: 64,
            per_endpoint: 16,
            per_endpoint_initial: 1,
            poll_interval: Duration::from_secs(1),
            lease: None,
            listen: true,
            record_batch: 256,
            record_linger: Duration::from_millis(10),
            disable_after: Some(Duration::from_secs(5 * 24 * 60 * 60)),
            probe: Some(crate::policy::ProbeSchedule::default()),
            retry_after_cap: Duration::from_secs(60 * 60),
            backlog_stall: Some(Duration::from_millis(50)),
            backlog_fill: 512,
            claim_linger: Duration::from_millis(3),
            still_after: Duration::from_millis(50),
            ingest_gate: crate::gate::GateConfig::with_target(crate::gate::GateConfig::DEFAULT_TARGET),
            shutdown_grace: Duration::from_secs(30),
            retention: Some(crate::policy::Retention::default()),
        }
    }
}

impl DispatcherConfig {
    /// How long a claim is held: [`DispatcherConfig::lease`], or 3 × the attempt `timeout` +
    /// 10 s; at most a day, since a lease only needs to outlast one attempt.
    pub(crate) fn lease_for(&self, timeout: Duration) -> Duration {
        self.lease
            .unwrap_or_else(|| timeout.saturating_mul(3) + Duration::from_secs(10))
            .min(Duration::from_secs(24 * 60 * 60))
    }
}

/// A duration in whole milliseconds, as the store takes leases.
pub(crate) fn millis(d: Duration) -> i64 {
    d.as_millis().min(i64::MAX as u128) as i64
}
