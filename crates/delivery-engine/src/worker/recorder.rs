//! The recorder: turns finished attempts into row updates (the retry policy, `Retry-After`),
//! writes them in batches, and keeps endpoint health (a 410 or a long run of failures disables
//! the endpoint, as `crate::health` judges), each batch in one transaction, with the
//! operational events the batch causes (`crate::ops`): deliveries given up, failing warnings,
//! recoveries, disables.
//!
//! - **Owns**: the batch it is gathering.
//! - **Woken by**: outcomes from the send tasks (a channel); it lingers `record_linger` for
//!   more before writing, so a steady flow is written in few transactions.
//! - **Never**: writes an outcome whose fence no longer matches (another claim took the row),
//!   or loses one to a database blip (each batch is retried with backoff; past that, the lease
//!   expires and the delivery is sent again).
//! - **Ends**: when every send task is gone (the drain), after writing what it holds.

use super::config::DispatcherConfig;
use crate::core::Core;
use crate::error::EngineError;
use crate::health;
use crate::http::AttemptOutcome;
use crate::metrics::{DeadReason, Outcome};
use crate::ops::{self, AttemptSummary, OpsEvent, OpsFeed};
use crate::policy::{AfterFailure, ProbeSchedule};
use crate::store::model::{AttemptRecord, ClaimedDelivery, DisableCause, EndpointRef};
use crate::store::{queue, DbConn, DeliveryStatus};
use backon::{ExponentialBuilder, Retryable};
use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use uuid::Uuid;

/// Why the engine disabled an endpoint (kept in `disabled_reason`).
const REASON_GONE: &str = "the endpoint answered 410 Gone";

/// A finished attempt, on its way to the recorder.
pub(super) struct Completed {
    pub claim: ClaimedDelivery,
    pub started_at: DateTime<Utc>,
    pub outcome: AttemptOutcome,
    /// How long the endpoint's rate limit held the delivery back after it was due.
    pub rate_limited: Option<Duration>,
}

/// What endpoint health and operational events need to know of one outcome.
#[derive(Debug, Clone)]
struct HealthNote {
    endpoint_id: Uuid,
    success: bool,
    gone: bool,
    /// The outcome, as operational events summarise it.
    summary: AttemptSummary,
    /// Written as dead: the event's key and type, and why.
    dead: Option<(String, String, DeadReason)>,
    tenant_id: String,
}

impl HealthNote {
    fn new(c: &Completed, r: &AttemptRecord) -> Self {
        let dead = (r.status == DeliveryStatus::Dead).then(|| {
            let reason =
                if c.claim.manual { DeadReason::manual_retry_failed } else { DeadReason::retries_exhausted };
            (c.claim.dedupe_key.clone(), c.claim.event_type.clone(), reason)
        });
        Self {
            endpoint_id: c.claim.endpoint_id,
            success: c.outcome.is_success(),
            gone: c.outcome.status == Some(410),
            summary: AttemptSummary {
                delivery_id: Some(c.claim.id),
                attempt: r.attempt_number as u32,
                started_at: c.started_at,
                duration_ms: c.outcome.duration.as_millis().min(u128::from(u64::MAX)) as u64,
                status: c.outcome.status,
                outcome: Outcome::of(&c.outcome),
            },
            dead,
            tenant_id: c.claim.tenant_id.clone(),
        }
    }

    fn endpoint(&self) -> EndpointRef {
        EndpointRef { id: self.endpoint_id, tenant_id: self.tenant_id.clone() }
    }
}

/// Turns an outcome into the row update, applying the retry policy and `Retry-After`.
fn decide(core: &Core, c: &Completed, retry_after_cap: Duration) -> AttemptRecord {
    let attempt_number = c.claim.attempt_count + 1;
    let finished = c.started_at + chrono::Duration::from_std(c.outcome.duration).unwrap_or_default();
    let (status, next_attempt_at) = if c.outcome.is_success() {
        (DeliveryStatus::Delivered, None)
    } else if c.claim.manual {
        (DeliveryStatus::Dead, None)
    } else {
        let unit: f64 = rand::random();
        match core.profile().retry.after_failure(attempt_number as u32, finished, unit) {
            AfterFailure::RetryAt(at) => {
                // Never before the receiver asked (within bounds), never sooner than the policy.
                let asked = c.outcome.retry_after.map(|ra| {
                    finished + chrono::Duration::from_std(ra.min(retry_after_cap)).unwrap_or_default()
                });
                (DeliveryStatus::Failed, Some(asked.map_or(at, |asked| asked.max(at))))
            }
            AfterFailure::Dead => (DeliveryStatus::Dead, None),
        }
    };
    let error = match (&c.outcome.error, c.outcome.status) {
        (Some(e), _) => Some(e.clone()),
        (None, Some(code)) if !c.outcome.is_success() => Some(format!("endpoint answered HTTP {code}")),
        _ => None,
    };
    AttemptRecord {
        delivery_id: c.claim.id,
        fence: c.claim.fence,
        status,
        attempt_number,
        next_attempt_at,
        started_at: c.started_at,
        duration_ms: c.outcome.duration.as_millis().min(i32::MAX as u128) as i32,
        response_code: c.outcome.status.map(i32::from),
        error,
        response_body: c.outcome.body.clone(),
        rate_limited_ms: c.rate_limited.map(|d| d.as_millis().min(i32::MAX as u128) as i32),
        via_proxy: c.outcome.via_proxy,
    }
}

/// Receives finished attempts until every sender is gone, writing them in batches; those the
/// egress proxy failed are given back instead ([`hold_for_proxy`]).
pub(super) async fn run(core: Arc<Core>, mut rx: mpsc::Receiver<Completed>, config: DispatcherConfig) {
    let max_batch = config.record_batch.max(1);
    let mut batch = Vec::with_capacity(max_batch);
    let mut proxy_streak = 0u32;
    while rx.recv_many(&mut batch, max_batch).await > 0 {
        // Linger briefly so a steady flow of outcomes is written in few transactions.
        if batch.len() < max_batch && !config.record_linger.is_zero() {
            let deadline = tokio::time::Instant::now() + config.record_linger;
            while batch.len() < max_batch {
                let room = max_batch - batch.len();
                match tokio::time::timeout_at(deadline, rx.recv_many(&mut batch, room)).await {
                    Ok(n) if n > 0 => {}
                    _ => break,
                }
            }
        }
        let (held, attempts): (Vec<Completed>, Vec<Completed>) =
            batch.drain(..).partition(|c| c.outcome.proxy_failure);
        proxy_streak = match (held.is_empty(), attempts.is_empty()) {
            (true, _) | (false, false) => 0,
            (false, true) => proxy_streak.saturating_add(1),
        };
        if !held.is_empty() {
            hold_for_proxy(&core, &held, proxy_streak).await;
        }
        if !attempts.is_empty() {
            write_batch(&core, &attempts, &config).await;
        }
    }
}

/// Gives back deliveries whose attempt the egress proxy failed (docs/operations.md, "Egress
/// through a proxy"): no attempt recorded, nothing counted toward the endpoint's health, due
/// again after a pause that doubles while the proxy keeps failing (1 s to 1 min); the claim's
/// lease would have brought them back too, later.
async fn hold_for_proxy(core: &Core, held: &[Completed], streak: u32) {
    let pause = Duration::from_secs(1u64 << streak.min(6)).min(Duration::from_secs(60));
    let claims: Vec<(Uuid, i64)> = held.iter().map(|c| (c.claim.id, c.claim.fence)).collect();
    core.metrics().proxy_failed(held.len());
    let error = held[0].outcome.error.as_deref().unwrap_or_default();
    tracing::warn!(
        deliveries = held.len(),
        ?pause,
        error,
        "egress proxy failed: deliveries wait, no attempt counted"
    );
    if let Err(e) = core.run(crate::on_conn!(|c| queue::release_claims(c, &claims, pause).await)).await {
        tracing::warn!(error = %e, "giving back the proxy's failures failed; their leases will run out");
    }
}

pub(super) async fn write_batch(core: &Core, batch: &[Completed], config: &DispatcherConfig) {
    let records: Arc<Vec<AttemptRecord>> =
        Arc::new(batch.iter().map(|c| decide(core, c, config.retry_after_cap)).collect());
    let notes: Arc<Vec<HealthNote>> =
        Arc::new(batch.iter().zip(records.iter()).map(|(c, r)| HealthNote::new(c, r)).collect());
    let rules = Arc::new(HealthRules { disable_after: config.disable_after, probe: config.probe.clone() });
    let ops = core.ops().cloned();
    let write = || {
        let (records, notes, rules, ops, now) =
            (records.clone(), notes.clone(), rules.clone(), ops.clone(), core.now());
        core.transaction(crate::on_conn!(|c| write_outcomes(
            c,
            now,
            &records,
            &notes,
            &rules,
            ops.as_deref()
        )
        .await))
    };
    let result = write
        .retry(
            ExponentialBuilder::default()
                .with_min_delay(Duration::from_millis(50))
                .with_max_delay(Duration::from_secs(2))
                .with_max_times(8),
        )
        .notify(|e, after| tracing::warn!(error = %e, ?after, "recording outcomes failed; retrying"))
        .await;
    match result {
        Ok(written) => {
            let written: HashSet<Uuid> = written.into_iter().collect();
            for (c, r) in batch.iter().zip(records.iter()).filter(|(_, r)| written.contains(&r.delivery_id)) {
                count_written(core, c, r);
            }
            if written.len() < records.len() {
                tracing::info!(
                    stale = records.len() - written.len(),
                    "outcomes fenced off: their lease had run out or the delivery was ended"
                );
            }
        }
        Err(e) => tracing::error!(
            error = %e,
            count = records.len(),
            "could not record outcomes; the leases will expire and the deliveries be re-sent"
        ),
    }
}

/// One batch's transaction: the outcomes (only where the fence still matches), the endpoints'
/// health, and the operational events both cause. Returns the deliveries written and whether
/// operational events were queued.
async fn write_outcomes(
    c: &mut DbConn<'_>,
    now: DateTime<Utc>,
    records: &[AttemptRecord],
    notes: &[HealthNote],
    rules: &HealthRules,
    ops: Option<&OpsFeed>,
) -> Result<Vec<Uuid>, EngineError> {
    let written = queue::record_attempts(c, now, records).await?;
    let written_ids: HashSet<&Uuid> = written.iter().collect();
    let notes: Vec<&HealthNote> = notes
        .iter()
        .zip(records.iter())
        .filter(|(_, r)| written_ids.contains(&r.delivery_id))
        .map(|(n, _)| n)
        .collect();
    let mut events: Vec<OpsEvent> = notes
        .iter()
        .filter_map(|n| {
            let (event_key, event_type, reason) = n.dead.clone()?;
            Some(OpsEvent::DeliveryExhausted {
                endpoint: n.endpoint(),
                event_key,
                event_type,
                reason,
                last_attempt: n.summary.clone(),
            })
        })
        .collect();
    track_health(c, now, &notes, rules, &mut events).await?;
    if let (Some(feed), false) = (ops, events.is_empty()) {
        ops::enqueue(c, feed, &events, now).await?;
    }
    Ok(written)
}

/// Metrics and the log line of one outcome that was written.
fn count_written(core: &Core, c: &Completed, r: &AttemptRecord) {
    let metrics = core.metrics();
    match r.status {
        DeliveryStatus::Delivered if !c.claim.manual => {
            let finished = r.started_at + chrono::Duration::milliseconds(i64::from(r.duration_ms));
            metrics.first_success((finished - c.claim.created_at).to_std().unwrap_or_default());
        }
        DeliveryStatus::Dead => {
            let reason =
                if c.claim.manual { DeadReason::manual_retry_failed } else { DeadReason::retries_exhausted };
            metrics.dead(reason);
            tracing::warn!(
                delivery_id = %r.delivery_id,
                endpoint_id = %c.claim.endpoint_id,
                attempts = r.attempt_number,
                ?reason,
                "delivery given up (dead)"
            );
        }
        _ => {}
    }
}

/// `5 days`, `3 hours`, `90 seconds`, `300 ms`.
fn human(d: Duration) -> String {
    let s = d.as_secs();
    match () {
        _ if s >= 86_400 && s % 86_400 == 0 => format!("{} days", s / 86_400),
        _ if s >= 3_600 && s % 3_600 == 0 => format!("{} hours", s / 3_600),
        _ if s >= 60 && s % 60 == 0 => format!("{} minutes", s / 60),
        _ if d.subsec_millis() == 0 && s > 0 => format!("{s} seconds"),
        _ => format!("{} ms", d.as_millis()),
    }
}

/// The dispatcher's settings that endpoint health follows.
#[derive(Debug)]
struct HealthRules {
    /// The disable window (`None`: never disabled for failing, never warned).
    disable_after: Option<Duration>,
    /// When an endpoint disabled for failing is probed (`None`: probes off).
    probe: Option<ProbeSchedule>,
}

/// Endpoint health from the outcomes just written (`notes`, in the batch's order), as
/// [`health::judge`] decides it: warnings, recoveries and disables, each with its operational
/// event added to `events`. A disabled endpoint's deliveries are parked; one disabled for
/// failing gets its first probe scheduled.
async fn track_health(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    notes: &[&HealthNote],
    rules: &HealthRules,
    events: &mut Vec<OpsEvent>,
) -> Result<(), EngineError> {
    // Per endpoint: its latest note, and whether any of its outcomes was a 410.
    let mut latest: HashMap<Uuid, (&HealthNote, bool)> = HashMap::new();
    let mut order = Vec::new();
    for n in notes {
        let gone = n.gone || latest.get(&n.endpoint_id).is_some_and(|l| l.1);
        if latest.insert(n.endpoint_id, (n, gone)).is_none() {
            order.push(n.endpoint_id);
        }
    }
    if latest.is_empty() {
        return Ok(());
    }
    let outcomes: Vec<(Uuid, bool)> = order.iter().map(|id| (*id, latest[id].0.success)).collect();
    let before = queue::note_endpoint_health(conn, now, &outcomes).await?;
    let mut raised = Vec::new();
    let (mut gone, mut failing) = (Vec::new(), Vec::new());
    let mut disabled_events = HashMap::new();
    for h in &before {
        let Some(&(note, was_gone)) = latest.get(&h.endpoint_id) else { continue };
        let verdict = health::judge(h, note.success, was_gone, now, rules.disable_after);
        let endpoint = EndpointRef { id: h.endpoint_id, tenant_id: h.tenant_id.clone() };
        if let (Some(since), Some(window)) = (h.failing_since, rules.disable_after) {
            for &level in &verdict.warn {
                events.push(OpsEvent::EndpointFailing {
                    endpoint: endpoint.clone(),
                    level,
                    failing_since: since,
                    window,
                    last_attempt: note.summary.clone(),
                });
            }
        }
        if let Some(&level) = verdict.warn.last() {
            raised.push((h.endpoint_id, i16::from(level)));
        }
        if let (true, Some(since)) = (verdict.recovered, h.failing_since) {
            events.push(OpsEvent::EndpointRecovered {
                endpoint: endpoint.clone(),
                failing_since: since,
                warned: u8::try_from(h.failing_warned).unwrap_or_default(),
                last_attempt: note.summary.clone(),
            });
        }
        match verdict.disable {
            Some(DisableCause::Gone) => gone.push(h.endpoint_id),
            Some(_) => failing.push(h.endpoint_id),
            None => {}
        }
        if verdict.disable.is_some() {
            disabled_events.insert(h.endpoint_id, (h.failing_since, note.summary.clone()));
        }
    }
    if !raised.is_empty() {
        queue::raise_failing_warned(conn, &raised).await?;
    }
    let mut disabled = Vec::new();
    if !gone.is_empty() {
        tracing::warn!(endpoints = ?gone, "disabling endpoints that answered 410 Gone");
        let done = queue::disable_endpoints(conn, &gone, REASON_GONE, DisableCause::Gone, None, now).await?;
        disabled.extend(done.into_iter().map(|e| (e, DisableCause::Gone, REASON_GONE.to_owned(), None)));
    }
    if let (false, Some(window)) = (failing.is_empty(), rules.disable_after) {
        tracing::warn!(endpoints = ?failing, "disabling endpoints that kept failing");
        let reason = format!("every attempt failed for longer than {}", human(window));
        let probe_at = rules.probe.as_ref().and_then(|p| p.next(now, 0, now));
        let done =
            queue::disable_endpoints(conn, &failing, &reason, DisableCause::Failing, probe_at, now).await?;
        disabled.extend(done.into_iter().map(|e| (e, DisableCause::Failing, reason.clone(), probe_at)));
    }
    for (endpoint, cause, reason, next_probe_at) in disabled {
        let (failing_since, last) = disabled_events.remove(&endpoint.id).unzip();
        events.push(OpsEvent::EndpointDisabled {
            endpoint,
            cause,
            reason,
            failing_since: failing_since.flatten().filter(|_| cause == DisableCause::Failing),
            next_probe_at,
            last_attempt: last,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::human;
    use std::time::Duration;

    #[test]
    fn disable_reasons_name_the_window_in_words() {
        assert_eq!(human(Duration::from_secs(5 * 86_400)), "5 days");
        assert_eq!(human(Duration::from_secs(3 * 3_600)), "3 hours");
        assert_eq!(human(Duration::from_secs(90)), "90 seconds");
        assert_eq!(human(Duration::from_millis(400)), "400 ms");
    }
}
