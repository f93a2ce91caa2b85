//! Cross-process signals: NOTIFY after work was queued (and when a cached read changes),
//! LISTEN on a dedicated connection (reconnecting with backoff) to hear them.
//!
//! NOTIFY is never sent inside a domain transaction: PostgreSQL serialises the commits of all
//! notifying transactions on one lock (the notify queue's), which made every enqueue commit
//! wait for the others. Instead, after a commit, [`CoalescedNotify`] sends one NOTIFY of its
//! own, at most one per [`NOTIFY_WINDOW`], covering every commit made before it is sent.

use super::conn::PgPool;
use super::connect::PgTarget;
use crate::cache::ChangeFeed;
use crate::error::EngineResult;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use futures_util::StreamExt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;
use tokio_util::sync::CancellationToken;

/// The channel workers LISTEN on. NOTIFY is sent after the enqueuing transaction committed.
const WAKE_CHANNEL: &str = "webhook_deliveries";

/// The NOTIFY on [`WAKE_CHANNEL`], with the sender's token as its payload.
const WAKE_STATEMENT: &str = "SELECT pg_notify('webhook_deliveries', $1)";

/// The channel change listeners LISTEN on. NOTIFY is sent inside the changing transaction, so
/// PostgreSQL delivers it only when (and if) that transaction commits. Changes are rare (an
/// API key revoked), so the notify queue's commit lock costs nothing here.
const CHANGES_CHANNEL: &str = "delivery_engine_changes";

/// Announces, inside the caller's transaction, that something cached readers hold changed.
pub(crate) async fn announce_change(conn: &mut AsyncPgConnection) -> diesel::QueryResult<()> {
    diesel::sql_query(format!("NOTIFY {CHANGES_CHANNEL}")).execute(conn).await.map(drop)
}

/// The shortest time between two NOTIFYs of one process: other processes' workers wake at
/// most this much later than this process's own.
pub(crate) const NOTIFY_WINDOW: Duration = Duration::from_millis(10);

/// Tells every listening worker that work is due, with the sender's token as the payload (its
/// own process's listener ignores it: that process heard of the work by name, D53).
async fn notify(conn: &mut AsyncPgConnection, token: &str) -> EngineResult<()> {
    // Prepared once per connection (`crate::sql::prepared`); the channel is `WAKE_CHANNEL`.
    crate::sql::prepared(WAKE_STATEMENT).bind::<diesel::sql_types::Text, _>(token).execute(conn).await?;
    Ok(())
}

/// Sends NOTIFY after commits, at most one per [`NOTIFY_WINDOW`] (the leading commit of a
/// quiet period is signalled at once).
#[derive(Debug)]
pub(crate) struct CoalescedNotify {
    epoch: Instant,
    /// When the last NOTIFY was sent, in ms since `epoch` (plus one; 0 = never).
    last_sent: AtomicU64,
    /// A NOTIFY is scheduled and not yet begun: commits made now are covered by it.
    scheduled: AtomicBool,
    /// The scheduled NOTIFY's payload: the token of the process's signal that asked for it, or
    /// none when signals with different tokens share it (engines of their own on one pool), so
    /// that every listener hears it.
    payload: std::sync::Mutex<Option<String>>,
}

impl CoalescedNotify {
    pub(crate) fn new() -> Self {
        Self {
            epoch: Instant::now(),
            last_sent: AtomicU64::new(0),
            scheduled: AtomicBool::new(false),
            payload: std::sync::Mutex::new(None),
        }
    }

    /// Called after a commit that queued work.
    /// `token` is the signalling process's (`crate::wake::Wake::token`).
    pub(crate) fn signal(self: &Arc<Self>, pool: &PgPool, token: &str) {
        {
            let mut payload = self.payload.lock().unwrap_or_else(|e| e.into_inner());
            match payload.as_deref() {
                None => *payload = Some(token.to_owned()),
                Some(t) if t == token => {}
                Some(_) => *payload = Some(String::new()),
            }
        }
        if self.scheduled.swap(true, Ordering::AcqRel) {
            return;
        }
        let now = self.epoch.elapsed().as_millis() as u64 + 1;
        let last = AtomicU64::load(&self.last_sent, Ordering::Acquire);
        let window = NOTIFY_WINDOW.as_millis() as u64;
        let wait = if last == 0 { 0 } else { (last + window).saturating_sub(now) };
        let (this, pool) = (self.clone(), pool.clone());
        tokio::spawn(async move {
            if wait > 0 {
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
            // Cleared before sending: a commit after this point schedules its own NOTIFY, one
            // before it is covered by this one.
            this.scheduled.store(false, Ordering::Release);
            let payload = this.payload.lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default();
            this.last_sent.store(this.epoch.elapsed().as_millis() as u64 + 1, Ordering::Release);
            let sent = match pool.get().await {
                Ok(mut conn) => notify(&mut conn, &payload).await.map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            if let Err(e) = sent {
                // Other processes' poll timers cover it.
                tracing::warn!(error = %e, "NOTIFY failed; other workers will find the work by polling");
            }
        });
    }
}

/// What a listener does with its channel's notifications.
pub(crate) trait Hearing: Send + Sync + 'static {
    const CHANNEL: &'static str;
    /// LISTEN took effect: notifications from now on will be heard.
    fn subscribed(&self);
    /// A notification arrived, with this payload.
    fn heard(&self, payload: &str);
    /// The connection was lost: notifications may be missed until the next subscription.
    fn lost(&self);
}

/// Wake-ups for a dispatcher: each other process's signal (and each gap, where one may have
/// been missed) wakes it to look at every endpoint. Its own process's signals (their payload is
/// its token) it ignores: it heard of that work by name.
pub(crate) struct Wake(pub(crate) Arc<crate::wake::Wake>);

impl Hearing for Wake {
    const CHANNEL: &'static str = WAKE_CHANNEL;
    fn subscribed(&self) {
        self.0.anything();
    }
    fn heard(&self, payload: &str) {
        if payload != self.0.token {
            self.0.anything();
        }
    }
    fn lost(&self) {
        self.0.anything();
    }
}

impl Hearing for Arc<ChangeFeed> {
    const CHANNEL: &'static str = CHANGES_CHANNEL;
    fn subscribed(&self) {
        ChangeFeed::subscribed(self);
    }
    fn heard(&self, _payload: &str) {
        ChangeFeed::heard(self);
    }
    fn lost(&self) {
        ChangeFeed::lost(self);
    }
}

/// Listens on `H::CHANNEL` until `shutdown`, reconnecting with backoff after a lost connection.
pub(crate) async fn listen<H: Hearing>(target: Arc<PgTarget>, hearing: H, shutdown: CancellationToken) {
    let mut delay = Duration::from_millis(200);
    while !shutdown.is_cancelled() {
        let outcome = session(&target, &hearing, &shutdown).await;
        hearing.lost();
        match outcome {
            Ok(()) => return,
            Err(e) => {
                tracing::warn!(channel = H::CHANNEL, error = %e, "LISTEN connection lost; reconnecting")
            }
        }
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = shutdown.cancelled() => return,
        }
        delay = (delay * 2).min(Duration::from_secs(5));
    }
}

async fn session<H: Hearing>(
    target: &PgTarget,
    hearing: &H,
    shutdown: &CancellationToken,
) -> Result<(), String> {
    let mut conn = target.connect().await.map_err(|e| e.to_string())?;
    diesel::sql_query(format!("LISTEN {}", H::CHANNEL))
        .execute(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    hearing.subscribed();
    let mut stream = std::pin::pin!(conn.notifications_stream());
    loop {
        tokio::select! {
            next = stream.next() => match next {
                Some(Ok(notification)) => hearing.heard(&notification.payload),
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("notification stream ended".into()),
            },
            () = shutdown.cancelled() => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_wake_statement_notifies_the_wake_channel() {
        assert!(super::WAKE_STATEMENT.contains(&format!("'{}'", super::WAKE_CHANNEL)));
    }
}
