//! Listen sessions on the sending side (what they are: [`crate::listen`]).
//!
//! - **A session's sender** ([`run_session`]), one task per stream this process holds:
//!   - **Owns** the deliveries pushed down its stream and awaiting an answer (at most
//!     [`WINDOW`]).
//!   - **Woken by** answers recorded through this process, deliveries becoming due here, the
//!     earliest answer deadline, its poll ([`POLL`]), the keep-alive ([`PING`]) and the
//!     heartbeat ([`HEARTBEAT`]) that renews its hold.
//!   - **Never** dials a URL: it claims only its session's rows and pushes them down the stream.
//!   - **Ends** when the stream is gone, the session ended or was taken by a newer stream, or
//!     the process stops; then releases the session and records what awaited an answer as
//!     "listener not connected", so it is retried and sent at once when a stream takes the
//!     session again.
//! - **The outcome of a session no stream holds** ([`not_connected`]): every dispatcher's
//!   attempt to a session endpoint fails at once, nothing dialled.
//! - **The sweep** ([`sweep`]), beside the claim loop: ends expired sessions (all tenants).

use super::config::{millis, DispatcherConfig};
use super::recorder::{self, Completed};
use crate::core::Core;
use crate::http::AttemptOutcome;
use crate::listen::{chrono_duration, HeldSession, ListenConfig, ListenDelivery, ListenFrame};
use crate::listen::{HEARTBEAT, HOLD, PING};
use crate::store::listen_model::{ListenConnection, NOT_CONNECTED};
use crate::store::listen_sessions;
use crate::store::model::ClaimedDelivery;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{Instant, Interval};
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
/// health), under the claim's fence. Listen sessions are recorded under the engine's default
/// health settings (`DispatcherConfig::default`): a session is a developer's, not an
/// operator's endpoint, and `ENDPOINT_DISABLE_AFTER` is not applied to it.
pub(crate) async fn record(
    core: &Core,
    claim: ClaimedDelivery,
    started_at: DateTime<Utc>,
    outcome: AttemptOutcome,
) {
    core.metrics().attempt(&outcome);
    let completed = Completed { claim, started_at, outcome, rate_limited: None };
    recorder::write_batch(core, &[completed], &DispatcherConfig::default()).await;
}

/// A delivery pushed down the stream, awaiting its answer.
struct Pushed {
    claim: ClaimedDelivery,
    started_at: DateTime<Utc>,
    deadline: Instant,
}

/// Why a sender stops: the frame that tells its client, if the client is still there.
type End = Option<(&'static str, bool)>;

/// The sender of one session whose stream this process holds.
struct SessionSender {
    core: Arc<Core>,
    session: Uuid,
    held: HeldSession,
    frames: mpsc::Sender<ListenFrame>,
    config: ListenConfig,
    timeout: Duration,
    lease_ms: i64,
    pushed: HashMap<Uuid, Pushed>,
}

/// Sends session `session`'s deliveries down `frames` while this process holds its stream
/// (see the module's doc).
pub(crate) async fn run_session(
    core: Arc<Core>,
    session: Uuid,
    held: HeldSession,
    frames: mpsc::Sender<ListenFrame>,
) {
    let (config, timeout) = (core.listen().config(), core.profile().timeout);
    let lease_ms = millis(timeout + REPLY_GRACE + Duration::from_secs(5));
    let sender =
        SessionSender { core, session, held, frames, config, timeout, lease_ms, pushed: HashMap::new() };
    sender.run().await;
}

impl SessionSender {
    async fn run(mut self) {
        let mut heartbeat = tokio::time::interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
        // A write to a stream whose client is gone fails: the keep-alive finds a dropped stream.
        let mut ping = tokio::time::interval_at(Instant::now() + PING, PING);
        let end = loop {
            self.forget_answered();
            self.time_out_late().await;
            if !self.push_due().await {
                break None;
            }
            if let Some(end) = self.wait(&mut ping, &mut heartbeat).await {
                break end;
            }
        };
        self.finish(end).await;
    }

    /// Answers recorded through this process free their place at once.
    fn forget_answered(&mut self) {
        for id in std::mem::take(&mut *self.held.answered.lock().unwrap_or_else(|e| e.into_inner())) {
            self.pushed.remove(&id);
        }
    }

    /// Nobody answered in time: a timed-out attempt (a no-op if an answer was recorded by
    /// another process meanwhile: the fence and attempt count no longer match).
    async fn time_out_late(&mut self) {
        let now = Instant::now();
        let late: Vec<Uuid> =
            self.pushed.iter().filter(|(_, p)| p.deadline <= now).map(|(id, _)| *id).collect();
        for id in late {
            if let Some(p) = self.pushed.remove(&id) {
                let error = format!("no answer from the listener within {} ms", self.timeout.as_millis());
                let outcome = AttemptOutcome::failed(error, self.timeout, true);
                record(&self.core, p.claim, p.started_at, outcome).await;
            }
        }
    }

    /// Claims what is due, up to the window, and pushes each down the stream signed. False when
    /// the stream is gone.
    async fn push_due(&mut self) -> bool {
        let room = WINDOW.saturating_sub(self.pushed.len()) as i64;
        if room == 0 {
            return true;
        }
        let (session, lease_ms) = (self.session, self.lease_ms);
        let claimed = self
            .core
            .run(crate::on_conn!(
                |c| listen_sessions::claim_session_deliveries(c, session, room, lease_ms).await
            ))
            .await;
        let claims = match claimed {
            Ok(claims) => claims,
            Err(e) => {
                tracing::warn!(error = %e, %session, "claiming a listen session's deliveries failed");
                return true;
            }
        };
        for claim in claims {
            let started_at = self.core.now();
            let frame = match signed(&self.core, &claim, started_at) {
                Ok(delivery) => ListenFrame::Delivery(delivery),
                Err(error) => {
                    record(&self.core, claim, started_at, AttemptOutcome::not_sent(error)).await;
                    continue;
                }
            };
            let deadline = Instant::now() + self.timeout + REPLY_GRACE;
            self.pushed.insert(claim.id, Pushed { claim, started_at, deadline });
            if self.frames.send(frame).await.is_err() {
                return false;
            }
        }
        true
    }

    /// Waits for the next reason to look again; `Some` when the sender must stop.
    async fn wait(&self, ping: &mut Interval, heartbeat: &mut Interval) -> Option<End> {
        let next_deadline = self.pushed.values().map(|p| p.deadline).min();
        let hub = self.core.listen().clone();
        tokio::select! {
            () = self.frames.closed() => Some(None),
            () = self.held.ended.cancelled() => Some(Some(("the listen session was ended", false))),
            () = hub.closing.cancelled() => Some(Some(("the service is stopping; reconnect", true))),
            () = self.held.wake.notified() => None,
            () = sleep_until(next_deadline) => None,
            () = tokio::time::sleep(POLL) => None,
            _ = ping.tick() => self.frames.send(ListenFrame::Ping).await.is_err().then_some(None),
            _ = heartbeat.tick() => self.renew().await,
        }
    }

    /// Renews this process's hold on the session; `Some` when it has ended or another stream
    /// took it.
    async fn renew(&self) -> Option<End> {
        let now = self.core.now();
        let renewed = ListenConnection {
            id: self.held.connection,
            connected_until: now + chrono_duration(HOLD),
            expires_at: now + chrono_duration(self.config.ttl),
        };
        let session = self.session;
        let alive = self
            .core
            .run(crate::on_conn!(|c| listen_sessions::renew_connection(c, session, renewed).await))
            .await;
        match alive {
            Ok(true) => None,
            Ok(false) => Some(Some(("the listen session ended, or a newer stream took it", false))),
            Err(e) => {
                tracing::warn!(error = %e, %session, "renewing a listen session failed");
                None
            }
        }
    }

    /// Tells the client why (if it is there), releases the session, and records what awaited
    /// an answer as not connected; dispatchers take over what is due now.
    async fn finish(self, end: End) {
        if let Some((reason, reconnect)) = end {
            let _ = self.frames.try_send(ListenFrame::End { reason: reason.to_owned(), reconnect });
        }
        let (core, session, connection) = (&self.core, self.session, self.held.connection);
        core.listen().release(session, connection);
        let expires_at = core.now() + chrono_duration(self.config.ttl);
        let released = core
            .run(crate::on_conn!(
                |c| listen_sessions::release_connection(c, session, connection, expires_at).await
            ))
            .await;
        if let Err(e) = released {
            tracing::warn!(error = %e, %session, "releasing a listen session failed; its hold lapses by itself");
        }
        // The stream went before answering: as if it had not been connected, so a stream that
        // takes the session again sends these at once
        // (store::listen_sessions::claim_session_deliveries).
        for (_, p) in self.pushed {
            record(core, p.claim, p.started_at, not_connected()).await;
        }
        core.wake_dispatchers();
    }
}

/// The request the attempt would POST to an endpoint: every header (signed with the session
/// endpoint's secret) and the body.
fn signed(core: &Core, claim: &ClaimedDelivery, started_at: DateTime<Utc>) -> Result<ListenDelivery, String> {
    let mut headers = core.sign_claim(claim, started_at)?;
    crate::http::add_fixed_headers(&mut headers);
    Ok(ListenDelivery {
        delivery_id: claim.id,
        event_type: claim.event_type.clone(),
        attempt: claim.attempt_count as u32 + 1,
        reply_token: claim.fence.to_string(),
        headers: crate::http::header_pairs(&headers),
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
pub(super) async fn sweep(core: Arc<Core>, shutdown: CancellationToken, every: Duration) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = shutdown.cancelled() => return,
        }
        let now = core.now();
        let swept = core.run(crate::on_conn!(|c| listen_sessions::sweep_expired(c, None, now).await)).await;
        match swept {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "listen sessions expired"),
            Err(e) => tracing::warn!(error = %e, "sweeping expired listen sessions failed"),
        }
    }
}
