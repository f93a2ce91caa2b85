//! Backlogged endpoints, tended beside the claim loop (what they are: `store/backlog.rs`).
//!
//! Every `stall / 2` it looks for endpoints stalled for `stall` (every slot this process
//! gives them taken, and no attempt ended meanwhile) and asks the store to switch them to
//! backlogged, in one statement (it does for those with enough open deliveries). When an
//! attempt delivers to a backlogged endpoint and leaves it room, and on every poll for the
//! backlogged endpoints this process has not seen fail or hang lately (switched by another
//! process, or before a restart), it fills the endpoint's deliveries from its owed events,
//! and wakes the claim loop when it added any. An endpoint that hangs or fails gets no fill:
//! it keeps retrying the rows it has.

use super::limits::EndpointLimits;
use super::lock;
use crate::engine::Engine;
use crate::store::backlog;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// Backlogged endpoints a poll fills at most.
const SWEEP_LIMIT: i64 = 256;

pub(super) struct Tending {
    pub engine: Engine,
    pub limits: Arc<Mutex<EndpointLimits>>,
    /// Signalled when a backlogged endpoint has room again.
    pub kick: Arc<Notify>,
    /// How long an endpoint stays stalled before it may be backlogged.
    pub stall: Duration,
    /// Open deliveries a stalled endpoint needs to be switched.
    pub switch_at: i64,
    /// Open deliveries a backlogged endpoint is filled up to.
    pub fill_to: i64,
    /// How often backlogged endpoints this process has not seen lately are filled.
    pub poll_interval: Duration,
}

pub(super) async fn run(t: Tending, shutdown: CancellationToken) {
    let tick = (t.stall / 2).max(Duration::from_millis(1));
    let mut last_sweep = Instant::now();
    // Endpoints to try once more on the next round, and those tried again this round.
    let mut again: Vec<uuid::Uuid> = Vec::new();
    let mut retried: Vec<uuid::Uuid>;
    loop {
        tokio::select! {
            () = t.kick.notified() => {}
            () = tokio::time::sleep(tick) => {}
            () = shutdown.cancelled() => return,
        }
        let now = Instant::now();
        let (stalled, mut to_fill) = {
            let mut limits = lock(&t.limits);
            (limits.stalled(now, t.stall), limits.take_to_fill())
        };
        if !stalled.is_empty() {
            let open = t.switch_at;
            let switched = t
                .engine
                .inner
                .pool
                .run(move |mut c| {
                    Box::pin(async move { backlog::switch_to_backlog(&mut c, &stalled, open).await })
                })
                .await;
            match switched {
                Ok(ids) => {
                    let mut limits = lock(&t.limits);
                    for id in ids {
                        tracing::info!(endpoint_id = %id, "endpoint stalled: its next events wait in the event log");
                        limits.set_backlogged(id, true);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "switching stalled endpoints to backlogged failed"),
            }
        }
        if now.saturating_duration_since(last_sweep) >= t.poll_interval {
            last_sweep = now;
            let listed = t
                .engine
                .inner
                .pool
                .run(|mut c| {
                    Box::pin(async move { backlog::backlogged_endpoints(&mut c, SWEEP_LIMIT).await })
                })
                .await;
            match listed {
                Ok(ids) => {
                    let limits = lock(&t.limits);
                    to_fill.extend(ids.into_iter().filter(|id| limits.may_fill(*id)));
                }
                Err(e) => tracing::warn!(error = %e, "listing backlogged endpoints failed"),
            }
        }
        // Kicked last time without room (outcomes still unwritten, say): once more.
        retried = std::mem::take(&mut again);
        to_fill.extend_from_slice(&retried);
        to_fill.sort_unstable();
        to_fill.dedup();
        let mut added = 0;
        for id in to_fill {
            let fill_to = t.fill_to;
            let filled = t
                .engine
                .inner
                .pool
                .run(move |mut c| Box::pin(async move { backlog::fill_backlog(&mut c, id, fill_to).await }))
                .await;
            match filled {
                Ok(fill) => {
                    if fill.backlogged && fill.added == 0 && !retried.contains(&id) {
                        again.push(id);
                    }
                    added += fill.added;
                    lock(&t.limits).set_backlogged(id, fill.backlogged);
                    if !fill.backlogged {
                        tracing::info!(endpoint_id = %id, "endpoint caught up: its events get deliveries as accepted again");
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, endpoint_id = %id, "filling a backlogged endpoint failed")
                }
            }
        }
        if added > 0 {
            t.engine.inner.wake.anything();
        }
    }
}
