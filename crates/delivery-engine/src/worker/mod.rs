//! The dispatcher: claims due deliveries in batches, sends each outside any transaction, and
//! records outcomes in batches.
//!
//! ```text
//!  claim loop ──(claimed rows)──> send tasks (≤ concurrency, ≤ per_endpoint each) ──> recorder
//!      ^                                                                                 │
//!      └──── woken by NOTIFY (other processes), in-process signal, or the poll timer ────┘
//! ```

use crate::engine::Engine;
use crate::http::{AttemptOutcome, OutboundClient};
use crate::policy::AfterFailure;
use crate::profile::AttemptContext;
use crate::store::model::{AttemptRecord, ClaimedDelivery};
use crate::store::{queue, DeliveryStatus};
use backon::{ExponentialBuilder, Retryable};
use bytes::Bytes;
use hyper::header::{HeaderMap, HeaderValue};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct DispatcherConfig {
    /// Attempts in flight at once in this process.
    pub concurrency: usize,
    /// Rows claimed per claim transaction.
    pub batch_size: usize,
    /// Attempts in flight at once to one endpoint in this process, so one slow endpoint
    /// cannot take every slot. As many again may be claimed and wait for a slot, so that a
    /// busy endpoint is refilled in batches rather than one row per claim.
    pub per_endpoint: usize,
    /// Fallback polling when no wake-up arrives (retries coming due, lost notifications).
    pub poll_interval: Duration,
    /// How long a claim is held before another worker may take the row; `None` derives it from
    /// the attempt timeout (3 × timeout + 10 s, which also covers a wait for an endpoint slot).
    pub lease: Option<Duration>,
    /// LISTEN for NOTIFY wake-ups from other processes on a connection of its own.
    pub listen: bool,
    /// Outcomes written per recording transaction at most.
    pub record_batch: usize,
    /// Disable an endpoint whose attempts have all failed for this long (`None`: never).
    pub disable_after: Option<Duration>,
    /// The longest `Retry-After` (on 429 and 503) that is honoured; longer ones are cut to it.
    pub retry_after_cap: Duration,
}

/// Why the engine disabled an endpoint (kept in `disabled_reason`).
pub const REASON_GONE: &str = "the endpoint answered 410 Gone";

impl Default for DispatcherConfig {
    fn default() -> Self {
        Self {
            concurrency: 256,
            batch_size: 32,
            per_endpoint: 16,
            poll_interval: Duration::from_secs(1),
            lease: None,
            listen: true,
            record_batch: 256,
            disable_after: Some(Duration::from_secs(5 * 24 * 60 * 60)),
            retry_after_cap: Duration::from_secs(60 * 60),
        }
    }
}

#[derive(Debug)]
pub struct Dispatcher {
    engine: Engine,
    client: OutboundClient,
    config: DispatcherConfig,
    database_url: Option<String>,
}

struct Completed {
    claim: ClaimedDelivery,
    started_at: chrono::DateTime<chrono::Utc>,
    outcome: AttemptOutcome,
}

/// In-flight counts per endpoint, with the semaphore that bounds them.
#[derive(Default)]
struct EndpointSlots {
    slots: HashMap<Uuid, (Arc<Semaphore>, usize)>,
}

impl Dispatcher {
    /// `database_url` enables LISTEN (when `config.listen`); without it only in-process wake-ups
    /// and polling wake the dispatcher.
    pub fn new(
        engine: Engine,
        client: OutboundClient,
        config: DispatcherConfig,
        database_url: Option<String>,
    ) -> Self {
        Self { engine, client, config, database_url }
    }

    /// Clamped to a day: a lease only needs to outlast one attempt and its wait for a slot.
    fn lease(&self) -> Duration {
        self.config
            .lease
            .unwrap_or_else(|| self.engine.profile().timeout.saturating_mul(3) + Duration::from_secs(10))
            .min(Duration::from_secs(24 * 60 * 60))
    }

    /// Runs until `shutdown` is cancelled, then stops claiming, lets in-flight attempts finish
    /// and writes their outcomes before returning.
    pub async fn run(self, shutdown: CancellationToken) {
        let inner = &self.engine.inner;
        // Wake-ups from other processes, where the store has them (PostgreSQL's NOTIFY);
        // this process's own come in-process, and the poll timer covers the rest.
        let listener = match (&self.database_url, self.config.listen) {
            (Some(url), true) => inner.pool.spawn_wake_listener(url, inner.wake.clone(), shutdown.clone()),
            _ => None,
        };
        let (tx, rx) = mpsc::channel::<Completed>(self.config.concurrency.max(1) * 2);
        let recorder = tokio::spawn(record_loop(self.engine.clone(), rx, self.config.clone()));
        let global = Arc::new(Semaphore::new(self.config.concurrency.max(1)));
        let slots = Arc::new(Mutex::new(EndpointSlots::default()));
        let lease = self.lease();
        // Signalled whenever an attempt ends, so a claim cut short by the per-endpoint cap
        // is followed by another as soon as a slot frees, not at the next poll.
        let freed = Arc::new(Notify::new());
        let shared = Arc::new(SendShared {
            engine: self.engine.clone(),
            client: self.client.clone(),
            slots: slots.clone(),
            tx: tx.clone(),
            freed: freed.clone(),
            per_endpoint: self.config.per_endpoint.max(1),
        });
        let mut backoff = Duration::from_millis(100);

        loop {
            let first = tokio::select! {
                permit = global.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
                () = shutdown.cancelled() => break,
            };
            let want = (global.available_permits() + 1).min(self.config.batch_size.max(1));
            let mut permits = vec![first];
            while permits.len() < want {
                match global.clone().try_acquire_owned() {
                    Ok(p) => permits.push(p),
                    Err(_) => break,
                }
            }
            let busy = busy_endpoints(&slots, self.config.per_endpoint);
            let busy_any = !busy.is_empty();
            let lease_ms = lease.as_millis().min(i64::MAX as u128) as i64;
            let (limit, per_endpoint) = (permits.len() as i64, 2 * self.config.per_endpoint.max(1) as i64);
            let claimed = inner
                .pool
                .run(move |mut c| {
                    Box::pin(async move {
                        queue::claim_due_deliveries(&mut c, lease_ms, limit, per_endpoint, &busy).await
                    })
                })
                .await;
            let claimed = match claimed {
                Ok(rows) => {
                    backoff = Duration::from_millis(100);
                    rows
                }
                Err(e) => {
                    tracing::warn!(error = %e, "claiming deliveries failed; backing off");
                    drop(permits);
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        () = shutdown.cancelled() => break,
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    continue;
                }
            };
            let full = claimed.len() == permits.len();
            // Work may be waiting behind a busy endpoint even when this claim found none.
            let found_work = !claimed.is_empty() || busy_any;
            for (claim, permit) in claimed.into_iter().zip(permits.drain(..)) {
                let endpoint_sem = acquire_slot(&slots, claim.endpoint_id, self.config.per_endpoint);
                tokio::spawn(send_one(shared.clone(), claim, permit, endpoint_sem));
            }
            drop(permits);
            if !full {
                tokio::select! {
                    () = inner.wake.notified() => {}
                    () = freed.notified(), if found_work => {}
                    () = tokio::time::sleep(self.config.poll_interval) => {}
                    () = shutdown.cancelled() => break,
                }
            }
        }

        // Graceful stop: every in-flight attempt holds a permit until its outcome is queued.
        let _all = global.acquire_many(self.config.concurrency.max(1) as u32).await;
        drop(shared);
        drop(tx);
        if let Err(e) = recorder.await {
            tracing::error!(error = %e, "the outcome recorder failed");
        }
        if let Some(listener) = listener {
            listener.abort();
        }
    }
}

/// Endpoints with attempts in flight here, and how many more each may take.
fn busy_endpoints(slots: &Mutex<EndpointSlots>, per_endpoint: usize) -> Vec<(Uuid, i64)> {
    let slots = slots.lock().unwrap_or_else(|e| e.into_inner());
    slots.slots.iter().map(|(id, (_, n))| (*id, 2 * per_endpoint.max(1) as i64 - *n as i64)).collect()
}

fn acquire_slot(slots: &Mutex<EndpointSlots>, endpoint: Uuid, per_endpoint: usize) -> Arc<Semaphore> {
    let mut slots = slots.lock().unwrap_or_else(|e| e.into_inner());
    let entry =
        slots.slots.entry(endpoint).or_insert_with(|| (Arc::new(Semaphore::new(per_endpoint.max(1))), 0));
    entry.1 += 1;
    entry.0.clone()
}

/// Returns how many attempts to the endpoint remain here (sending or waiting for a slot).
fn release_slot(slots: &Mutex<EndpointSlots>, endpoint: Uuid) -> usize {
    let mut slots = slots.lock().unwrap_or_else(|e| e.into_inner());
    let Some(entry) = slots.slots.get_mut(&endpoint) else { return 0 };
    entry.1 -= 1;
    let left = entry.1;
    if left == 0 {
        slots.slots.remove(&endpoint);
    }
    left
}

/// What every send task of one dispatcher shares.
struct SendShared {
    engine: Engine,
    client: OutboundClient,
    slots: Arc<Mutex<EndpointSlots>>,
    tx: mpsc::Sender<Completed>,
    freed: Arc<Notify>,
    per_endpoint: usize,
}

async fn send_one(
    shared: Arc<SendShared>,
    claim: ClaimedDelivery,
    permit: OwnedSemaphorePermit,
    endpoint_sem: Arc<Semaphore>,
) {
    let slot = endpoint_sem.acquire_owned().await;
    let SendShared { engine, client, slots, tx, freed, per_endpoint } = &*shared;
    let inner = &engine.inner;
    let profile = &inner.profile;
    let started_at = engine.now();
    let outcome = match inner.keyring.open(claim.endpoint_id, &claim.sealed_secret) {
        Err(e) => AttemptOutcome {
            status: None,
            error: Some(format!("signing secret unavailable: {e}")),
            body: Vec::new(),
            duration: Duration::ZERO,
            retry_after: None,
        },
        Ok(secret) => {
            let mut headers = HeaderMap::new();
            profile.headers.apply(
                &AttemptContext {
                    delivery_id: claim.id,
                    event_id: claim.event_id,
                    event_type: &claim.event_type,
                    dedupe_key: &claim.dedupe_key,
                    attempt_number: claim.attempt_count as u32 + 1,
                    now: started_at,
                },
                &mut headers,
            );
            let signature = profile.signer.sign(secret.as_hmac_key(), &claim.body);
            match HeaderValue::from_str(&signature) {
                Ok(v) => {
                    headers.insert(profile.signature_header.clone(), v);
                }
                Err(_) => unreachable!("hex signatures are valid header values"),
            }
            let body = Bytes::from(claim.body.clone());
            client.post(&claim.url, headers, body, profile.timeout).await
        }
    };
    drop(slot);
    // Wake the claim loop once this endpoint's waiting line is empty: by then it has room for
    // a whole batch, and its slots are still busy while the claim runs.
    if release_slot(slots, claim.endpoint_id) <= *per_endpoint {
        freed.notify_one();
    }
    if tx.send(Completed { claim, started_at, outcome }).await.is_err() {
        tracing::error!("outcome recorder is gone; the lease will expire and the delivery be re-sent");
    }
    drop(permit);
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
    }
}

async fn record_loop(engine: Engine, mut rx: mpsc::Receiver<Completed>, config: DispatcherConfig) {
    let max_batch = config.record_batch.max(1);
    let mut batch = Vec::with_capacity(max_batch);
    while rx.recv_many(&mut batch, max_batch).await > 0 {
        let records: Arc<Vec<AttemptRecord>> =
            Arc::new(batch.iter().map(|c| decide(&engine, c, config.retry_after_cap)).collect());
        let write = || {
            let (records, now) = (records.clone(), engine.now());
            engine.inner.pool.run(move |mut c| {
                Box::pin(async move { queue::record_attempts(&mut c, now, &records).await })
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
                if written.len() < records.len() {
                    tracing::info!(
                        stale = records.len() - written.len(),
                        "outcomes fenced off: their lease had run out or the delivery was ended"
                    );
                }
                if let Err(e) = track_health(&engine, &batch, &written, config.disable_after).await {
                    tracing::warn!(error = %e, "updating endpoint health failed");
                }
            }
            Err(e) => tracing::error!(
                error = %e,
                count = records.len(),
                "could not record outcomes; the leases will expire and the deliveries be re-sent"
            ),
        }
        batch.clear();
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
    engine: &Engine,
    batch: &[Completed],
    written: &[Uuid],
    disable_after: Option<Duration>,
) -> Result<(), crate::EngineError> {
    let written: std::collections::HashSet<&Uuid> = written.iter().collect();
    let mut latest: HashMap<Uuid, bool> = HashMap::new();
    let mut gone = Vec::new();
    for c in batch.iter().filter(|c| written.contains(&c.claim.id)) {
        latest.insert(c.claim.endpoint_id, c.outcome.is_success());
        if c.outcome.status == Some(410) && !gone.contains(&c.claim.endpoint_id) {
            gone.push(c.claim.endpoint_id);
        }
    }
    if latest.is_empty() {
        return Ok(());
    }
    let now = engine.now();
    let latest: Vec<(Uuid, bool)> = latest.into_iter().collect();
    let failing_before = disable_after
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .and_then(|d| now.checked_sub_signed(d));
    engine
        .inner
        .pool
        .run(move |mut c| {
            Box::pin(async move {
                let failing = queue::note_endpoint_health(&mut c, now, &latest, failing_before).await?;
                if !gone.is_empty() {
                    tracing::warn!(endpoints = ?gone, "disabling endpoints that answered 410 Gone");
                    queue::disable_endpoints(&mut c, &gone, REASON_GONE, now).await?;
                }
                if let (false, Some(window)) = (failing.is_empty(), disable_after) {
                    tracing::warn!(endpoints = ?failing, "disabling endpoints that kept failing");
                    let reason = format!("every attempt failed for longer than {}", human(window));
                    queue::disable_endpoints(&mut c, &failing, &reason, now).await?;
                }
                Ok(())
            })
        })
        .await
}
