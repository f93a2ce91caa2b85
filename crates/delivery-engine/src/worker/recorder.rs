//! The recorder: turns finished attempts into row updates (the retry policy, `Retry-After`),
//! writes them in batches, and keeps endpoint health (a 410 or a long run of failures disables
//! the endpoint), each batch in one transaction.

use super::DispatcherConfig;
use crate::engine::Engine;
use crate::http::AttemptOutcome;
use crate::metrics::DeadReason;
use crate::policy::AfterFailure;
use crate::store::model::{AttemptRecord, ClaimedDelivery};
use crate::store::{queue, DbConn, DeliveryStatus};
use crate::EngineError;
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

/// What endpoint health needs to know of one written outcome.
#[derive(Debug, Clone, Copy)]
struct HealthNote {
    delivery_id: Uuid,
    endpoint_id: Uuid,
    success: bool,
    gone: bool,
}

/// Turns an outcome into the row update, applying the retry policy and `Retry-After`.
fn decide(engine: &Engine, c: &Completed, retry_after_cap: Duration) -> AttemptRecord {
    let attempt_number = c.claim.attempt_count + 1;
    let finished = c.started_at + chrono::Duration::from_std(c.outcome.duration).unwrap_or_default();
    let (status, next_attempt_at) = if c.outcome.is_success() {
        (DeliveryStatus::Delivered, None)
    } else if c.claim.manual {
        (DeliveryStatus::Dead, None)
    } else {
        let unit: f64 = rand::random();
        match engine.inner.profile.retry.after_failure(attempt_number as u32, finished, unit) {
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
    }
}

/// Receives finished attempts until every sender is gone, writing them in batches.
pub(super) async fn run(engine: Engine, mut rx: mpsc::Receiver<Completed>, config: DispatcherConfig) {
    let max_batch = config.record_batch.max(1);
    let mut batch = Vec::with_capacity(max_batch);
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
        write_batch(&engine, &batch, &config).await;
        batch.clear();
    }
}

pub(super) async fn write_batch(engine: &Engine, batch: &[Completed], config: &DispatcherConfig) {
    let records: Arc<Vec<AttemptRecord>> =
        Arc::new(batch.iter().map(|c| decide(engine, c, config.retry_after_cap)).collect());
    let notes: Arc<Vec<HealthNote>> = Arc::new(
        batch
            .iter()
            .map(|c| HealthNote {
                delivery_id: c.claim.id,
                endpoint_id: c.claim.endpoint_id,
                success: c.outcome.is_success(),
                gone: c.outcome.status == Some(410),
            })
            .collect(),
    );
    let disable_after = config.disable_after;
    let write = || {
        let (records, notes, now) = (records.clone(), notes.clone(), engine.now());
        engine.inner.pool.transaction(move |mut c| {
            Box::pin(async move {
                let written = queue::record_attempts(&mut c, now, &records).await?;
                track_health(&mut c, now, &notes, &written, disable_after).await?;
                Ok::<_, EngineError>(written)
            })
        })
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
                count_written(engine, c, r);
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

/// Metrics and the log line of one outcome that was written.
fn count_written(engine: &Engine, c: &Completed, r: &AttemptRecord) {
    let metrics = &engine.inner.metrics;
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

/// Endpoint health from the outcomes just written: a 410 disables at once; a run of failures
/// longer than `disable_after` disables too. Disabled endpoints' deliveries are parked.
async fn track_health(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    notes: &[HealthNote],
    written: &[Uuid],
    disable_after: Option<Duration>,
) -> Result<(), EngineError> {
    let written: HashSet<&Uuid> = written.iter().collect();
    let mut latest: HashMap<Uuid, bool> = HashMap::new();
    let mut gone = Vec::new();
    for n in notes.iter().filter(|n| written.contains(&n.delivery_id)) {
        latest.insert(n.endpoint_id, n.success);
        if n.gone && !gone.contains(&n.endpoint_id) {
            gone.push(n.endpoint_id);
        }
    }
    if latest.is_empty() {
        return Ok(());
    }
    let latest: Vec<(Uuid, bool)> = latest.into_iter().collect();
    let failing_before = disable_after
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .and_then(|d| now.checked_sub_signed(d));
    let failing = queue::note_endpoint_health(conn, now, &latest, failing_before).await?;
    if !gone.is_empty() {
        tracing::warn!(endpoints = ?gone, "disabling endpoints that answered 410 Gone");
        queue::disable_endpoints(conn, &gone, REASON_GONE, now).await?;
    }
    if let (false, Some(window)) = (failing.is_empty(), disable_after) {
        tracing::warn!(endpoints = ?failing, "disabling endpoints that kept failing");
        let reason = format!("every attempt failed for longer than {}", human(window));
        queue::disable_endpoints(conn, &failing, &reason, now).await?;
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
