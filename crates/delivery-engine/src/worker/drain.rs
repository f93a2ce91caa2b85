//! The drain: what the dispatcher does once its claim loop has stopped (shutdown).
//!
//! - **Owns**: nothing; it waits on the slots every send task holds until its outcome is
//!   queued.
//! - **Does**: lets attempts in flight finish within `shutdown_grace`; then stops those still
//!   running ([`Senders::abort`](super::send::Senders)) and releases their claims under their
//!   fences, due at once, so another worker sends them without waiting for the lease; and
//!   wakes the dispatchers that may take them.
//! - **Never**: records an outcome for a stopped attempt (none is known), or claims.

use super::send::Senders;
use crate::store::queue;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Waits for every slot of `slots` (`count` in all) to be given back, stopping the attempts
/// still running after `grace`.
pub(super) async fn drain(senders: &Senders, slots: &Semaphore, count: u32, grace: Duration) {
    if tokio::time::timeout(grace, slots.acquire_many(count)).await.is_ok() {
        return;
    }
    senders.abort.cancel();
    let _all = slots.acquire_many(count).await;
    release(senders).await;
}

/// Releases the claims of the attempts the abort stopped.
async fn release(senders: &Senders) {
    let released = senders.take_released();
    let stopped = released.len();
    let core = &senders.core;
    match core.run(crate::on_conn!(|c| queue::release_claims(c, &released, Duration::ZERO).await)).await {
        Ok(n) => {
            // Workers in other processes may take them at once: the commit's receipt woke them.
            tracing::info!(stopped, released = n, "shutdown grace over: claims released");
        }
        Err(e) => tracing::warn!(error = %e, "releasing claims failed; their leases will run out"),
    }
}
