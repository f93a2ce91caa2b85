//! Listen sessions on the sending side (see [`crate::listen`]): the sender of a session whose
//! stream this process holds, the outcome every dispatcher records for a session no stream
//! holds, recording an answer, and the sweep that ends expired sessions.

use super::recorder::{self, Completed};
use super::DispatcherConfig;
use crate::engine::Engine;
use crate::http::AttemptOutcome;
use crate::listen::{chrono_duration, HeldSession, ListenDelivery, ListenFrame, HEARTBEAT, HOLD, PING};
use crate::profile::AttemptContext;
use crate::store::listen_model::{ListenConnection, NOT_CONNECTED};
use crate::store::listen_sessions;
use crate::store::model::ClaimedDelivery;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Deliveries of one session awaiting the CLI's answer at once, at most.
const WINDOW: usize = 8;
/// How often a sender looks for due deliveries without being woken (events accepted by other
/// processes wake nobody here).
const POLL: Duration = Duration::from_millis(250);
/// Time the CLI's answer may take to travel back, beyond the attempt timeout.
const REPLY_GRACE: Duration = Duration::from_secs(5);

/// What a dispatcher's attempt to a listen session's endpoint comes to: no stream holds it here
/// (one that held it elsewhere would have kept the claim away). Nothing is dialled.
pub(super) fn not_connected() -> AttemptOutcome {
    AttemptOutcome::not_sent(NOT_CONNECTED.to_owned())
}

/// Records one attempt's outcome as the dispatcher's recorder does (retry policy, endpoint
/// health), under the claim's fence.
pub(crate) async fn record(
    engine: &Engine,
    claim: ClaimedDelivery,
    started_at: DateTime<Utc>,
    outcome: AttemptOutcome,
) {
    engine.inner.metrics.attempt(&outcome);
    let completed = Completed { claim, started_at, outcome, rate_limited: None };
    recorder::write_batch(engine, &[completed], &DispatcherConfig::default()).await;
}

/// A delivery pushed down the stream, awaiting its answer.
struct Pushed {
    claim: ClaimedDelivery,
    started_at: DateTime<Utc>,
    deadline: Instant,
}

/// Sends session `session`'s deliveries down `frames` while this process holds its stream:
/// claims what is due (up to [`WINDOW`] awaiting answers), signs and pushes each, sends a
/// keep-alive every [`PING`], renews the hold every [`HEARTBEAT`], and records an attempt nobody answered in time as timed out. When
/// the stream is gone, the session is released and what was awaiting an answer is recorded as
/// failed ("listener not connected"), so it is retried and, once a stream takes the session
/// again, sent at once.
pub(crate) async fn run_session(
    engine: Engine,
    session: Uuid,
    held: HeldSession,
    frames: mpsc::Sender<ListenFrame>,
) {
    let hub = engine.inner.listen.clone();
    let config = hub.config();
    let timeout = engine.inner.profile.timeout;
    let lease_ms = (timeout + REPLY_GRACE + Duration::from_secs(5)).as_millis().min(i64::MAX as u128) as i64;
    let mut pushed: HashMap<Uuid, Pushed> = HashMap::new();
    let mut heartbeat = tokio::time::interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
    // A write to a stream whose client is gone fails: the keep-alive finds a dropped stream.
    let mut ping = tokio::time::interval_at(Instant::now() + PING, PING);
    let end = loop {
        // Answers recorded through this process free their place at once.
        for id in std::mem::take(&mut *held.answered.lock().unwrap_or_else(|e| e.into_inner())) {
            pushed.remove(&id);
        }
        // Nobody answered in time: a timed-out attempt (a no-op if an answer was recorded by
        // another process meanwhile: the fence and attempt count no longer match).
        let now = Instant::now();
        let late: Vec<Uuid> = pushed.iter().filter(|(_, p)| p.deadline <= now).map(|(id, _)| *id).collect();
        for id in late {
            if let Some(p) = pushed.remove(&id) {
                let error = format!("no answer from the listener within {} ms", timeout.as_millis());
                record(&engine, p.claim, p.started_at, AttemptOutcome::failed(error, timeout, true)).await;
            }
        }
        let room = WINDOW.saturating_sub(pushed.len()) as i64;
        if room > 0 {
            match claim(&engine, session, room, lease_ms).await {
                Ok(claims) => {
                    for claim in claims {
                        let started_at = engine.now();
                        let frame = match signed(&engine, &claim, started_at) {
                            Ok(delivery) => ListenFrame::Delivery(delivery),
                            Err(error) => {
                                record(&engine, claim, started_at, AttemptOutcome::not_sent(error)).await;
                                continue;
                            }
                        };
                        let deadline = Instant::now() + timeout + REPLY_GRACE;
                        pushed.insert(claim.id, Pushed { claim, started_at, deadline });
                        if frames.send(frame).await.is_err() {
                            break;
                        }
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, %session, "claiming a listen session's deliveries failed")
                }
            }
        }
        let next_deadline = pushed.values().map(|p| p.deadline).min();
        tokio::select! {
            () = frames.closed() => break None,
            () = held.ended.cancelled() => break Some(("the listen session was ended", false)),
            () = hub.closing.cancelled() => break Some(("the service is stopping; reconnect", true)),
            () = held.wake.notified() => {}
            () = sleep_until(next_deadline) => {}
            () = tokio::time::sleep(POLL) => {}
            _ = ping.tick() => {
                if frames.send(ListenFrame::Ping).await.is_err() {
                    break None;
                }
            }
            _ = heartbeat.tick() => {
                let renewed = ListenConnection {
                    id: held.connection,
                    connected_until: engine.now() + chrono_duration(HOLD),
                    expires_at: engine.now() + chrono_duration(config.ttl),
                };
                let alive = engine
                    .run(move |mut c| {
                        Box::pin(async move { listen_sessions::renew_connection(&mut c, session, renewed).await })
                    })
                    .await;
                match alive {
                    Ok(true) => {}
                    Ok(false) => break Some(("the listen session ended, or a newer stream took it", false)),
                    Err(e) => tracing::warn!(error = %e, %session, "renewing a listen session failed"),
                }
            }
        }
    };
    if let Some((reason, reconnect)) = end {
        let _ = frames.try_send(ListenFrame::End { reason: reason.to_owned(), reconnect });
    }
    hub.release(session, held.connection);
    let (connection, expires_at) = (held.connection, engine.now() + chrono_duration(config.ttl));
    let released = engine
        .run(move |mut c| {
            Box::pin(async move {
                listen_sessions::release_connection(&mut c, session, connection, expires_at).await
            })
        })
        .await;
    if let Err(e) = released {
        tracing::warn!(error = %e, %session, "releasing a listen session failed; its hold lapses by itself");
    }
    // The stream went before answering: as if it had not been connected, so a stream that takes
    // the session again sends these at once (store::listen_sessions::claim_session_deliveries).
    for (_, p) in pushed {
        let outcome = not_connected();
        record(&engine, p.claim, p.started_at, outcome).await;
    }
    // Dispatchers take over what is due now.
    engine.wake_dispatchers();
}

async fn claim(
    engine: &Engine,
    session: Uuid,
    room: i64,
    lease_ms: i64,
) -> crate::EngineResult<Vec<ClaimedDelivery>> {
    engine
        .inner
        .pool
        .run(move |mut c| {
            Box::pin(async move {
                listen_sessions::claim_session_deliveries(&mut c, session, room, lease_ms).await
            })
        })
        .await
}

/// The request the attempt would POST to an endpoint: every header (signed with the session
/// endpoint's secret) and the body.
fn signed(
    engine: &Engine,
    claim: &ClaimedDelivery,
    started_at: DateTime<Utc>,
) -> Result<ListenDelivery, String> {
    let inner = &engine.inner;
    let secret = inner
        .keyring
        .open(claim.endpoint_id, &claim.sealed_secret)
        .map_err(|e| format!("signing secret unavailable: {e}"))?;
    let attempt = claim.attempt_count as u32 + 1;
    let context = AttemptContext {
        delivery_id: claim.id,
        event_id: claim.event_id,
        event_type: &claim.event_type,
        dedupe_key: &claim.dedupe_key,
        attempt_number: attempt,
        now: started_at,
    };
    let mut headers = inner.profile.signed_headers(&context, secret.as_hmac_key(), &claim.body);
    crate::http::add_fixed_headers(&mut headers);
    let headers = headers
        .iter()
        .map(|(k, v)| (k.as_str().to_owned(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
        .collect();
    Ok(ListenDelivery {
        delivery_id: claim.id,
        event_type: claim.event_type.clone(),
        attempt,
        reply_token: claim.fence.to_string(),
        headers,
        body: claim.body.clone(),
    })
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Ends expired listen sessions (all tenants) every `every` until `shutdown`.
pub(super) async fn sweep(engine: Engine, shutdown: CancellationToken, every: Duration) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = shutdown.cancelled() => return,
        }
        let now = engine.now();
        let swept = engine
            .inner
            .pool
            .run(move |mut c| {
                Box::pin(async move { listen_sessions::sweep_expired(&mut c, None, now).await })
            })
            .await;
        match swept {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "listen sessions expired"),
            Err(e) => tracing::warn!(error = %e, "sweeping expired listen sessions failed"),
        }
    }
}
