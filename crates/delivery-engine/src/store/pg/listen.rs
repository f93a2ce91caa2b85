//! Cross-process wake-ups: NOTIFY when work is queued, LISTEN on a dedicated connection
//! (reconnecting with backoff) to hear it.

use crate::error::EngineResult;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// The channel workers LISTEN on. NOTIFY is sent inside the enqueuing transaction, so
/// PostgreSQL delivers it only when (and if) that transaction commits.
const WAKE_CHANNEL: &str = "webhook_deliveries";

/// Tells every listening worker that work is due.
pub(super) async fn notify(conn: &mut AsyncPgConnection) -> EngineResult<()> {
    diesel::sql_query(format!("NOTIFY {WAKE_CHANNEL}")).execute(conn).await?;
    Ok(())
}

/// Notifies `wake` on every NOTIFY until `shutdown`; after a lost connection too, since a
/// notification may have been missed meanwhile.
pub(crate) async fn listen(url: String, wake: Arc<Notify>, shutdown: CancellationToken) {
    let mut delay = Duration::from_millis(200);
    while !shutdown.is_cancelled() {
        match session(&url, &wake, &shutdown).await {
            Ok(()) => return,
            Err(e) => {
                tracing::warn!(error = %e, "LISTEN connection lost; polling covers the gap");
                // A notification may have been missed while disconnected.
                wake.notify_one();
            }
        }
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = shutdown.cancelled() => return,
        }
        delay = (delay * 2).min(Duration::from_secs(5));
    }
}

async fn session(url: &str, wake: &Notify, shutdown: &CancellationToken) -> Result<(), String> {
    let mut conn = AsyncPgConnection::establish(url).await.map_err(|e| e.to_string())?;
    diesel::sql_query(format!("LISTEN {WAKE_CHANNEL}"))
        .execute(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    wake.notify_one();
    let mut stream = std::pin::pin!(conn.notifications_stream());
    loop {
        tokio::select! {
            next = stream.next() => match next {
                Some(Ok(_)) => wake.notify_one(),
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("notification stream ended".into()),
            },
            () = shutdown.cancelled() => return Ok(()),
        }
    }
}
