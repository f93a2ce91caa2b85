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

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

pub(crate) use crate::store::listen_model::is_listen_url;

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
pub(crate) const HEARTBEAT: Duration = Duration::from_secs(5);
/// How often a keep-alive goes down a stream (writing to a stream whose client is gone is how
/// the holder learns it is gone).
pub(crate) const PING: Duration = Duration::from_secs(2);
/// A hold not renewed for this long lapses (its process died): dispatchers take over.
pub(crate) const HOLD: Duration = Duration::from_secs(15);

/// What a CLI asks for when it opens a stream.
#[derive(Debug, Clone, Default)]
pub struct ListenOpen {
    /// Take this session again (after a dropped stream); `None` opens a new one.
    pub session: Option<Uuid>,
    /// The event types to receive; empty: every type (as an endpoint's filter).
    pub event_types: Vec<String>,
    /// A content filter, as an endpoint's (`crate::filter`); `None`: every event of the types.
    pub content_filter: Option<serde_json::Value>,
}

/// What goes down a session's stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenFrame {
    /// First, once per stream.
    Session(ListenSessionInfo),
    /// A signed delivery to forward; answer it with [`Engine::listen_reply`](crate::Engine::listen_reply).
    Delivery(ListenDelivery),
    /// Keep-alive, every 2 s.
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
    /// The session's content filter, if it has one.
    pub content_filter: Option<serde_json::Value>,
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

impl ListenStream {
    pub(crate) fn new(frames: mpsc::Receiver<ListenFrame>) -> Self {
        Self { frames }
    }
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

    pub(crate) fn configure(&self, config: ListenConfig) {
        *self.config.lock().unwrap_or_else(|e| e.into_inner()) = config;
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

    /// This process holds `session`'s stream now.
    pub(crate) fn hold(&self, session: Uuid, held: HeldSession) {
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

    /// `delivery` of `session` was answered (through any process): if this process holds the
    /// stream, its sender frees the delivery's place at once.
    pub(crate) fn answered(&self, session: Uuid, delivery: Uuid) {
        if let Some(held) = self.get(session) {
            held.answered.lock().unwrap_or_else(|e| e.into_inner()).push(delivery);
            held.wake.notify_one();
        }
    }

    /// `session` was ended through the API: its stream, if this process holds it, ends.
    pub(crate) fn end(&self, session: Uuid) {
        if let Some(held) = self.get(session) {
            held.ended.cancel();
        }
    }
}

pub(crate) fn chrono_duration(d: Duration) -> chrono::Duration {
    chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
}
