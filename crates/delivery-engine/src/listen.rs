//! Listen sessions: a developer's CLI holds a stream to an API process, and that process
//! delivers the tenant's matching events down the stream, through the engine, as a temporary
//! endpoint of its own (docs/receiving.md "Listen on your laptop", docs/decisions.md D85).
//!
//! - A session is an endpoint (url `listen:<id>`, never dialled) plus a row saying how long it
//!   lives and which stream holds it, so deliveries, attempts, the delivery log, retries, re-sends
//!   and dedupe work unchanged. It has its own secret, shown once when it opens.
//! - The process holding a session's stream claims that session's deliveries itself
//!   (`worker/listen.rs`) and pushes each signed request down the stream; every dispatcher's
//!   claim skips the session meanwhile. The CLI forwards it and POSTs the local answer back;
//!   that answer is recorded as the attempt's outcome in whichever API process it reaches.
//! - Without a stream, a dispatcher's attempt fails at once with "listener not connected" and is
//!   retried on the service's schedule; a stream taking the session again makes every waiting
//!   delivery due at once.
//! - A session expires `ttl` after its stream was last seen, and a tenant has at most
//!   `max_sessions` live ones.

use crate::engine::Engine;
use crate::error::{EngineError, EngineResult};
use crate::http::AttemptOutcome;
use crate::secrets::SigningSecret;
use crate::store::listen_model::{listen_url, ListenConnection, NewListenSession};
use crate::store::listen_sessions;
use crate::store::model::NewEndpointRow;
use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

pub use crate::store::listen_model::is_listen_url;

/// How a service's listen sessions behave (`LISTEN_SESSION_TTL`, `LISTEN_MAX_SESSIONS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListenConfig {
    /// A session expires this long after its stream was last seen.
    pub ttl: Duration,
    /// Live sessions a tenant may have at once.
    pub max_sessions: u32,
}

impl Default for ListenConfig {
    fn default() -> Self {
        Self { ttl: Duration::from_secs(15 * 60), max_sessions: 5 }
    }
}

/// How often a stream's holder renews its hold on the session.
pub const HEARTBEAT: Duration = Duration::from_secs(5);
/// How often a keep-alive goes down a stream (writing to a stream whose client is gone is how
/// the holder learns it is gone).
pub const PING: Duration = Duration::from_secs(2);
/// A hold not renewed for this long lapses (its process died): dispatchers take over.
pub(crate) const HOLD: Duration = Duration::from_secs(15);

/// What a CLI asks for when it opens a stream.
#[derive(Debug, Clone, Default)]
pub struct ListenOpen {
    /// Take this session again (after a dropped stream); `None` opens a new one.
    pub session: Option<Uuid>,
    /// The event types to receive; empty: every type (as an endpoint's filter).
    pub event_types: Vec<String>,
}

/// What goes down a session's stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenFrame {
    /// First, once per stream.
    Session(ListenSessionInfo),
    /// A signed delivery to forward; answer it with [`Engine::listen_reply`].
    Delivery(ListenDelivery),
    /// Keep-alive, every [`PING`].
    Ping,
    /// Last: the session ended (deleted, expired, or taken by a newer stream), or, with
    /// `reconnect`, this process is stopping and the session lives on for another stream.
    End { reason: String, reconnect: bool },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenSessionInfo {
    pub session_id: Uuid,
    /// The session endpoint's signing secret: only when the session was opened by this stream.
    pub secret: Option<String>,
    pub event_types: Vec<String>,
    /// Whether this stream took an existing session again.
    pub resumed: bool,
    /// How long the CLI has to answer a delivery (the service's attempt timeout).
    pub timeout: Duration,
    /// How long the session lives after its stream is gone.
    pub ttl: Duration,
}

/// One attempt of a delivery, exactly as it would be POSTed to an endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenDelivery {
    pub delivery_id: Uuid,
    pub event_type: String,
    pub attempt: u32,
    /// Names this attempt in the reply (it is the claim's fence).
    pub reply_token: String,
    /// Every header, signature included, names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// The CLI's report of what the local target answered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListenReply {
    pub delivery_id: Uuid,
    pub reply_token: String,
    /// The local target's status; `None` when it gave none (see `error`).
    pub status: Option<u16>,
    /// Why there is no usable answer (connection refused, timed out, a redirect not followed).
    pub error: Option<String>,
    /// The first bytes of the local answer's body (kept up to 4 KiB).
    pub body: Vec<u8>,
    /// How long the local target took.
    pub duration: Duration,
    pub timed_out: bool,
}

/// A session's stream of frames. Dropping it (the client went away) releases the session: its
/// deliveries in flight are recorded as failed and dispatchers take over.
#[derive(Debug)]
pub struct ListenStream {
    frames: mpsc::Receiver<ListenFrame>,
}

impl futures_util::Stream for ListenStream {
    type Item = ListenFrame;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<ListenFrame>> {
        self.frames.poll_recv(cx)
    }
}

/// The streams this process holds, by session: how to wake each one's sender and stop it.
#[derive(Debug, Default)]
pub(crate) struct ListenHub {
    config: Mutex<ListenConfig>,
    sessions: Mutex<HashMap<Uuid, HeldSession>>,
    /// Cancelled when the process stops: every stream ends, telling its client to reconnect.
    pub(crate) closing: CancellationToken,
}

#[derive(Debug, Clone)]
pub(crate) struct HeldSession {
    pub connection: Uuid,
    /// Look again: deliveries may be due, or answers came in.
    pub wake: Arc<Notify>,
    /// Deliveries answered through this process since the sender last looked.
    pub answered: Arc<Mutex<Vec<Uuid>>>,
    /// The session was ended through the API.
    pub ended: CancellationToken,
}

impl ListenHub {
    pub(crate) fn config(&self) -> ListenConfig {
        *self.config.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<Uuid, HeldSession>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Deliveries may be due: every held session's sender looks again.
    pub(crate) fn wake_all(&self) {
        for held in self.sessions().values() {
            held.wake.notify_one();
        }
    }

    fn hold(&self, session: Uuid, held: HeldSession) {
        if let Some(older) = self.sessions().insert(session, held) {
            // A newer stream took the session in this process: the older one ends.
            older.ended.cancel();
        }
    }

    /// Forgets `session` if `connection` still holds it here.
    pub(crate) fn release(&self, session: Uuid, connection: Uuid) {
        let mut sessions = self.sessions();
        if sessions.get(&session).is_some_and(|h| h.connection == connection) {
            sessions.remove(&session);
        }
    }

    fn get(&self, session: Uuid) -> Option<HeldSession> {
        self.sessions().get(&session).cloned()
    }
}

impl Engine {
    /// Ends every stream this process holds, telling each client to reconnect (to another
    /// process): called when the process starts stopping, so a stream that never ends by
    /// itself does not hold up the HTTP server's drain. The sessions live on.
    pub fn close_listen_streams(&self) {
        self.inner.listen.closing.cancel();
    }

    /// Sets how listen sessions behave (before serving).
    pub fn configure_listen(&self, config: ListenConfig) {
        *self.inner.listen.config.lock().unwrap_or_else(|e| e.into_inner()) = config;
    }

    /// Opens a listen session (or takes `open.session` again) for `tenant` and returns its
    /// stream: a [`ListenFrame::Session`] first, then deliveries. `ListenSessionLimit` beyond the
    /// cap; `NotFound` for a session that is not the tenant's or no longer lives;
    /// `UnknownEventTypes` for a filter outside the catalog.
    pub async fn listen(&self, tenant: &str, open: ListenOpen) -> EngineResult<ListenStream> {
        let config = self.inner.listen.config();
        let now = self.now();
        let connection = ListenConnection {
            id: Uuid::new_v4(),
            connected_until: now + chrono_duration(HOLD),
            expires_at: now + chrono_duration(config.ttl),
        };
        let tenant = tenant.to_owned();
        let (endpoint, secret) = match open.session {
            Some(id) => {
                let endpoint = self
                    .run(move |mut c| {
                        Box::pin(async move {
                            listen_sessions::resume_session(&mut c, &tenant, id, connection, now).await
                        })
                    })
                    .await?;
                (endpoint, None)
            }
            None => {
                self.validate_types(&open.event_types)?;
                let mut types = open.event_types;
                crate::engine::dedup_in_order(&mut types);
                let id = Uuid::now_v7();
                let secret = SigningSecret::generate(&self.inner.profile.secret_prefix);
                let sealed = self.inner.keyring.seal(id, &secret);
                let max_live = i64::from(config.max_sessions);
                let endpoint = self
                    .run(move |mut c| {
                        Box::pin(async move {
                            let url = listen_url(id);
                            let endpoint = NewEndpointRow {
                                id,
                                tenant_id: &tenant,
                                url: &url,
                                event_types: &types,
                                sealed: &sealed,
                                rate_limit_per_s: None,
                                created_at: now,
                            };
                            let new = NewListenSession { endpoint, max_live, connection };
                            listen_sessions::open_session(&mut c, new).await
                        })
                    })
                    .await?;
                (endpoint, Some(secret.expose().to_owned()))
            }
        };
        let session = endpoint.id;
        let (tx, frames) = mpsc::channel(64);
        let info = ListenSessionInfo {
            session_id: session,
            secret,
            event_types: endpoint.event_types,
            resumed: open.session.is_some(),
            timeout: self.inner.profile.timeout,
            ttl: config.ttl,
        };
        // The channel is new and empty: the first frame always fits.
        let _ = tx.try_send(ListenFrame::Session(info));
        let held = HeldSession {
            connection: connection.id,
            wake: Arc::new(Notify::new()),
            answered: Arc::default(),
            ended: CancellationToken::new(),
        };
        self.inner.listen.hold(session, held.clone());
        tokio::spawn(crate::worker::listen::run_session(self.clone(), session, held, tx));
        // Deliveries made due by taking the session again go out at once.
        self.wake_dispatchers();
        Ok(ListenStream { frames })
    }

    /// Records the CLI's answer to a delivery of the tenant's session `session` as that
    /// attempt's outcome, as the dispatcher records an HTTP answer (retry policy, health).
    /// `ListenReplyNotExpected` when the attempt is not awaiting an answer (answered already,
    /// timed out, or unknown); `NotFound` when `session` is not the tenant's.
    pub async fn listen_reply(&self, tenant: &str, session: Uuid, reply: ListenReply) -> EngineResult<()> {
        let fence: i64 = reply.reply_token.parse().map_err(|_| EngineError::ListenReplyNotExpected)?;
        let (owner, delivery) = (tenant.to_owned(), reply.delivery_id);
        let claim = self
            .run(move |mut c| {
                Box::pin(async move {
                    listen_sessions::awaiting_reply(&mut c, &owner, session, delivery, fence).await
                })
            })
            .await?;
        let Some(claim) = claim else {
            // Another tenant's (or no) session is not found; the tenant's own is a late reply.
            self.get_endpoint(tenant, session).await?;
            return Err(EngineError::ListenReplyNotExpected);
        };
        let timeout = self.inner.profile.timeout;
        let duration = reply.duration.min(timeout);
        let outcome = AttemptOutcome {
            status: reply.status,
            error: reply.error,
            body: reply.body.into_iter().take(crate::http::DEFAULT_RESPONSE_CAP).collect(),
            duration,
            retry_after: None,
            timed_out: reply.timed_out,
        };
        let started_at = self.now() - chrono_duration(duration);
        crate::worker::listen::record(self, claim, started_at, outcome).await;
        if let Some(held) = self.inner.listen.get(session) {
            held.answered.lock().unwrap_or_else(|e| e.into_inner()).push(delivery);
            held.wake.notify_one();
        }
        Ok(())
    }

    /// Ends the tenant's session `session` now: its endpoint is deleted, its open deliveries
    /// end as dead, and its stream (if this process holds it; otherwise at its next heartbeat)
    /// ends.
    pub async fn end_listen(&self, tenant: &str, session: Uuid) -> EngineResult<()> {
        let (tenant, now) = (tenant.to_owned(), self.now());
        self.run(move |mut c| {
            Box::pin(async move { listen_sessions::end_session(&mut c, &tenant, session, now).await })
        })
        .await?;
        if let Some(held) = self.inner.listen.get(session) {
            held.ended.cancel();
        }
        Ok(())
    }
}

pub(crate) fn chrono_duration(d: Duration) -> chrono::Duration {
    chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
}
