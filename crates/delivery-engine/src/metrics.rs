//! The engine's metrics, in the Prometheus data model (`prometheus-client`). Labels are
//! bounded by construction: each is an enum or a name from the service's catalog, never an
//! endpoint, URL, tenant or raw status code.
//!
//! Counters and histograms are updated where things happen (the dispatcher, the recorder,
//! enqueue). Gauges of the queue are read from the database when scraped, at most once per
//! [`SNAPSHOT_MAX_AGE`], with statements that use the queue's partial indexes.

use crate::http::AttemptOutcome;
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::time::Duration;

/// How stale the queue gauges may be when scraped.
pub const SNAPSHOT_MAX_AGE: Duration = Duration::from_secs(5);

/// How an attempt ended, in classes an operator can alert on.
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq, EncodeLabelValue)]
#[allow(non_camel_case_types)]
pub enum Outcome {
    success,
    http_4xx,
    http_410,
    http_429,
    http_5xx,
    timeout,
    dns,
    connect,
    tls,
    refused_address,
    other,
}

impl Outcome {
    /// The class of an attempt's outcome.
    pub fn of(o: &AttemptOutcome) -> Self {
        if o.is_success() {
            return Outcome::success;
        }
        if o.timed_out {
            return Outcome::timeout;
        }
        if let (Some(code), None) = (o.status, &o.error) {
            return match code {
                410 => Outcome::http_410,
                429 => Outcome::http_429,
                400..=499 => Outcome::http_4xx,
                500..=599 => Outcome::http_5xx,
                _ => Outcome::other,
            };
        }
        let e = o.error.as_deref().unwrap_or_default().to_ascii_lowercase();
        if e.contains("forbidden address") {
            Outcome::refused_address
        } else if e.contains("dns error") || e.contains("has no address") || e.contains("failed to lookup") {
            Outcome::dns
        } else if e.contains("certificate") || e.contains("tls") || e.contains("handshake") {
            Outcome::tls
        } else if e.contains("connect") {
            Outcome::connect
        } else {
            Outcome::other
        }
    }
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct OutcomeLabels {
    outcome: Outcome,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct EventTypeLabels {
    /// A name the service's catalog accepted (enqueue refuses any other).
    event_type: String,
}

/// Why a delivery was given up.
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq, EncodeLabelValue)]
#[allow(non_camel_case_types)]
pub enum DeadReason {
    /// The retry policy's last attempt failed.
    retries_exhausted,
    /// A manual retry (one attempt, no schedule) of a dead delivery failed.
    manual_retry_failed,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct ReasonLabels {
    reason: DeadReason,
}

/// What a retention pass removed (`retention_removed`).
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq, EncodeLabelValue)]
#[allow(non_camel_case_types)]
pub(crate) enum Removed {
    deliveries,
    attempts,
    events,
    payloads_erased,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct RemovedLabels {
    kind: Removed,
}

/// One of the engine's tables (`history_rows`, `history_bytes`): a fixed set of names.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct TableLabels {
    table: &'static str,
}

/// What the engine counts as it works.
#[derive(Debug)]
pub struct EngineMetrics {
    events_accepted: Family<EventTypeLabels, Counter>,
    filtered_out: Counter,
    attempts: Family<OutcomeLabels, Counter>,
    attempt_duration: Histogram,
    first_success_delay: Histogram,
    dead: Family<ReasonLabels, Counter>,
    claims: Counter,
    claim_batch: Histogram,
    expired_leases: Counter,
    proxy_failures: Counter,
    ingest_held: Counter,
    ingest_held_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
    retention_removed: Family<RemovedLabels, Counter>,
    retention_pass: Histogram,
    retention_seconds: Gauge,
    history_rows: Family<TableLabels, Gauge>,
    history_bytes: Family<TableLabels, Gauge>,
    oldest_settled: Gauge,
}

impl Default for EngineMetrics {
    fn default() -> Self {
        Self {
            events_accepted: Family::default(),
            filtered_out: Counter::default(),
            attempts: Family::default(),
            attempt_duration: Histogram::new(exponential_buckets(0.005, 2.0, 13)),
            // 10 ms to about 11.6 hours: a first try, or a retry hours into the schedule.
            first_success_delay: Histogram::new(exponential_buckets(0.01, 4.0, 12)),
            dead: Family::default(),
            claims: Counter::default(),
            claim_batch: Histogram::new(exponential_buckets(1.0, 2.0, 9)),
            expired_leases: Counter::default(),
            proxy_failures: Counter::default(),
            ingest_held: Counter::default(),
            ingest_held_seconds: Counter::default(),
            retention_removed: Family::default(),
            // 1 ms to about 65 s.
            retention_pass: Histogram::new(exponential_buckets(0.001, 4.0, 9)),
            retention_seconds: Gauge::default(),
            history_rows: Family::default(),
            history_bytes: Family::default(),
            oldest_settled: Gauge::default(),
        }
    }
}

impl EngineMetrics {
    /// Adds every metric to `registry` (names get the `webhook_` prefix there).
    /// Attempts the egress proxy failed, given back without counting.
    pub(crate) fn proxy_failed(&self, n: usize) {
        self.proxy_failures.inc_by(n as u64);
    }

    /// How many deliveries content filters kept from their endpoints so far (tests).
    #[cfg(feature = "test-support")]
    pub fn filtered_out_total(&self) -> u64 {
        self.filtered_out.get()
    }

    /// How many attempts the egress proxy failed so far (tests).
    #[cfg(feature = "test-support")]
    pub fn proxy_failures(&self) -> u64 {
        self.proxy_failures.get()
    }

    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "events_accepted",
            "Events accepted (committed) by type",
            self.events_accepted.clone(),
        );
        registry.register(
            "deliveries_filtered",
            "Deliveries not made because the event did not match an endpoint's content filter",
            self.filtered_out.clone(),
        );
        registry.register("attempts", "Delivery attempts by outcome class", self.attempts.clone());
        registry.register(
            "attempt_duration_seconds",
            "Duration of delivery attempts",
            self.attempt_duration.clone(),
        );
        registry.register(
            "first_success_delay_seconds",
            "From a delivery's creation (its event accepted) to its first successful attempt",
            self.first_success_delay.clone(),
        );
        registry.register(
            "deliveries_dead",
            "Deliveries given up after their last attempt, by reason",
            self.dead.clone(),
        );
        registry.register(
            "expired_leases",
            "Deliveries claimed again after an earlier claim's lease ran out (a worker died or stalled)",
            self.expired_leases.clone(),
        );
        registry.register(
            "proxy_failures",
            "Attempts the egress proxy failed (down, refusing, wanting other credentials): not counted as attempts",
            self.proxy_failures.clone(),
        );
        registry.register(
            "claims",
            "Claim transactions that took at least one delivery",
            self.claims.clone(),
        );
        registry.register("claim_batch_size", "Deliveries taken per claim", self.claim_batch.clone());
        registry.register(
            "ingest_held",
            "API writes that waited at the ingest gate (delivery behind while the CPU is short)",
            self.ingest_held.clone(),
        );
        registry.register(
            "ingest_held_seconds",
            "Time API writes waited at the ingest gate, in total",
            self.ingest_held_seconds.clone(),
        );
        self.register_history(registry);
    }

    fn register_history(&self, registry: &mut Registry) {
        registry.register(
            "retention_removed",
            "Rows retention removed (payloads: erased), by kind",
            self.retention_removed.clone(),
        );
        registry.register(
            "retention_pass_seconds",
            "Duration of retention passes",
            self.retention_pass.clone(),
        );
        registry.register(
            "retention_seconds",
            "RETENTION: settled history older than this is removed (0 when this process does not sweep)",
            self.retention_seconds.clone(),
        );
        registry.register("history_rows", "Rows per table, as last sampled", self.history_rows.clone());
        registry.register(
            "history_bytes",
            "Bytes per table with its indexes, as last sampled",
            self.history_bytes.clone(),
        );
        registry.register(
            "history_oldest_settled_timestamp_seconds",
            "When the oldest kept settled delivery settled (Unix time; 0 when there is none), as last sampled",
            self.oldest_settled.clone(),
        );
    }

    /// The sweeper keeps settled history this long.
    pub(crate) fn retention(&self, kept: Duration) {
        self.retention_seconds.set(i64::try_from(kept.as_secs()).unwrap_or(i64::MAX));
    }

    /// What one retention pass removed, and how long it took.
    pub(crate) fn swept(&self, deliveries: i64, attempts: i64, events: i64, payloads: i64, took: Duration) {
        for (kind, n) in [
            (Removed::deliveries, deliveries),
            (Removed::attempts, attempts),
            (Removed::events, events),
            (Removed::payloads_erased, payloads),
        ] {
            self.retention_removed
                .get_or_create(&RemovedLabels { kind })
                .inc_by(u64::try_from(n).unwrap_or(0));
        }
        self.retention_pass.observe(took.as_secs_f64());
    }

    /// A sample of the history's size: `(table, rows, bytes)` each.
    pub(crate) fn history(
        &self,
        tables: &[(&'static str, i64, i64)],
        oldest_settled: Option<chrono::DateTime<chrono::Utc>>,
    ) {
        for &(table, rows, bytes) in tables {
            self.history_rows.get_or_create(&TableLabels { table }).set(rows);
            self.history_bytes.get_or_create(&TableLabels { table }).set(bytes);
        }
        self.oldest_settled.set(oldest_settled.map_or(0, |t| t.timestamp()));
    }

    pub(crate) fn ingest_held(&self, held: Duration) {
        self.ingest_held.inc();
        self.ingest_held_seconds.inc_by(held.as_secs_f64());
    }

    pub(crate) fn event_accepted(&self, event_type: String) {
        self.events_accepted.get_or_create(&EventTypeLabels { event_type }).inc();
    }

    /// Deliveries content filters kept from their endpoints.
    pub(crate) fn filtered_out(&self, n: u64) {
        if n > 0 {
            self.filtered_out.inc_by(n);
        }
    }

    pub(crate) fn attempt(&self, outcome: &AttemptOutcome) {
        self.attempts.get_or_create(&OutcomeLabels { outcome: Outcome::of(outcome) }).inc();
        self.attempt_duration.observe(outcome.duration.as_secs_f64());
    }

    pub(crate) fn dead(&self, reason: DeadReason) {
        self.dead.get_or_create(&ReasonLabels { reason }).inc();
    }

    pub(crate) fn first_success(&self, delay: Duration) {
        self.first_success_delay.observe(delay.as_secs_f64());
    }

    /// A claim took `n` rows, `expired` of them after another claim's lease ran out.
    pub(crate) fn claimed(&self, n: usize, expired: usize) {
        if n > 0 {
            self.claims.inc();
            self.claim_batch.observe(n as f64);
        }
        self.expired_leases.inc_by(expired as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(status: Option<u16>, error: Option<&str>, timed_out: bool) -> AttemptOutcome {
        AttemptOutcome {
            status,
            error: error.map(str::to_owned),
            body: Vec::new(),
            duration: Duration::ZERO,
            retry_after: None,
            timed_out,
            proxy_failure: false,
            via_proxy: false,
        }
    }

    #[test]
    fn outcomes_fall_into_bounded_classes() {
        let cases = [
            (outcome(Some(204), None, false), Outcome::success),
            (outcome(Some(410), None, false), Outcome::http_410),
            (outcome(Some(429), None, false), Outcome::http_429),
            (outcome(Some(404), None, false), Outcome::http_4xx),
            (outcome(Some(503), None, false), Outcome::http_5xx),
            (outcome(Some(302), Some("redirect 302 to /x not followed"), false), Outcome::other),
            (
                outcome(None, Some("timed out after 10000 ms without a complete answer"), true),
                Outcome::timeout,
            ),
            (outcome(None, Some("forbidden address: 10.0.0.1 is private"), false), Outcome::refused_address),
            (outcome(None, Some("client error (Connect): dns error: failed to lookup"), false), Outcome::dns),
            (
                outcome(None, Some("client error (Connect): invalid peer certificate: UnknownIssuer"), false),
                Outcome::tls,
            ),
            (
                outcome(None, Some("client error (Connect): tcp connect error: Connection refused"), false),
                Outcome::connect,
            ),
        ];
        for (o, want) in cases {
            assert_eq!(Outcome::of(&o), want, "{o:?}");
        }
    }
}
