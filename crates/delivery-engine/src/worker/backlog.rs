//! The backlog tender: beside the claim loop, it switches stalled endpoints to backlogged and
//! fills backlogged ones (what a backlog is: `store/backlog.rs`, D36).
//!
//! - **Owns**: the endpoints to try filling once more, and when it last listed the backlogged
//!   endpoints.
//! - **Woken by**: a send task whose backlogged endpoint delivered and has room (the kick), and
//!   every `stall / 2`.
//! - **Does**: each round, asks the store to switch the endpoints stalled for `stall` (every
//!   slot this process gives them taken, no attempt ended meanwhile) in one statement (it does
//!   for those with enough open deliveries); fills the endpoints kicked, and, once per poll
//!   interval, the backlogged endpoints this process has not seen fail or hang lately (switched
//!   by another process, or before a restart); wakes the claim loop when a fill added rows.
//! - **Never**: fills an endpoint that hangs or fails (it keeps retrying the rows it has), or
//!   claims or sends.

use super::config::DispatcherConfig;
use super::limits::{lock, EndpointLimits};
use super::send::Senders;
use crate::core::Core;
use crate::store::backlog;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Backlogged endpoints a poll fills at most.
const SWEEP_LIMIT: i64 = 256;

pub(super) struct Tender {
    core: Arc<Core>,
    limits: Arc<Mutex<EndpointLimits>>,
    /// Signalled when a backlogged endpoint has room again.
    kick: Arc<Notify>,
    /// How long an endpoint stays stalled before it may be backlogged.
    stall: Duration,
    /// Open deliveries a stalled endpoint needs to be switched: two full rounds of its cap.
    switch_at: i64,
    /// Open deliveries a backlogged endpoint is filled up to.
    fill_to: i64,
    /// How often backlogged endpoints this process has not seen lately are filled.
    poll_interval: Duration,
    last_sweep: Instant,
    /// Endpoints kicked without room last round (outcomes still unwritten, say): once more.
    again: Vec<Uuid>,
}

impl Tender {
    pub(super) fn new(
        core: Arc<Core>,
        senders: &Senders,
        config: &DispatcherConfig,
        stall: Duration,
    ) -> Self {
        Self {
            core,
            limits: senders.limits.clone(),
            kick: senders.backlog_kick.clone(),
            stall,
            switch_at: (config.per_endpoint.max(1) as i64).saturating_mul(2),
            fill_to: config.backlog_fill.max(1) as i64,
            poll_interval: config.poll_interval,
            last_sweep: Instant::now(),
            again: Vec::new(),
        }
    }

    pub(super) async fn run(mut self, shutdown: CancellationToken) {
        let tick = (self.stall / 2).max(Duration::from_millis(1));
        loop {
            tokio::select! {
                () = self.kick.notified() => {}
                () = tokio::time::sleep(tick) => {}
                () = shutdown.cancelled() => return,
            }
            let now = Instant::now();
            let (stalled, mut to_fill) = {
                let mut limits = lock(&self.limits);
                (limits.stalled(now, self.stall), limits.take_to_fill())
            };
            if !stalled.is_empty() {
                self.switch(stalled).await;
            }
            if now.saturating_duration_since(self.last_sweep) >= self.poll_interval {
                self.last_sweep = now;
                to_fill.extend(self.backlogged_to_fill().await);
            }
            // What a fill made due wakes the dispatchers through its commit's receipt.
            self.fill(to_fill).await;
        }
    }

    /// Asks the store to switch `stalled` endpoints to backlogged.
    async fn switch(&self, stalled: Vec<Uuid>) {
        let open = self.switch_at;
        let switched =
            self.core.run(crate::on_conn!(|c| backlog::switch_to_backlog(c, &stalled, open).await)).await;
        match switched {
            Ok(ids) => {
                let mut limits = lock(&self.limits);
                for id in ids {
                    tracing::info!(endpoint_id = %id, "endpoint stalled: its next events wait in the event log");
                    limits.set_backlogged(id, true);
                }
            }
            Err(e) => tracing::warn!(error = %e, "switching stalled endpoints to backlogged failed"),
        }
    }

    /// The backlogged endpoints this process may fill (it has not seen them fail or hang).
    async fn backlogged_to_fill(&self) -> Vec<Uuid> {
        let listed =
            self.core.run(crate::on_conn!(|c| backlog::backlogged_endpoints(c, SWEEP_LIMIT).await)).await;
        match listed {
            Ok(ids) => {
                let limits = lock(&self.limits);
                ids.into_iter().filter(|id| limits.may_fill(*id)).collect()
            }
            Err(e) => {
                tracing::warn!(error = %e, "listing backlogged endpoints failed");
                Vec::new()
            }
        }
    }

    /// Fills each of `to_fill` (and the ones to try again); returns the deliveries added.
    async fn fill(&mut self, mut to_fill: Vec<Uuid>) -> i64 {
        let retried = std::mem::take(&mut self.again);
        to_fill.extend_from_slice(&retried);
        to_fill.sort_unstable();
        to_fill.dedup();
        let mut added = 0;
        for id in to_fill {
            let fill_to = self.fill_to;
            let filled =
                self.core.run(crate::on_conn!(|c| backlog::fill_backlog(c, id, fill_to).await)).await;
            match filled {
                Ok(fill) => {
                    if fill.backlogged && fill.added == 0 && !retried.contains(&id) {
                        self.again.push(id);
                    }
                    added += fill.added;
                    lock(&self.limits).set_backlogged(id, fill.backlogged);
                    if !fill.backlogged {
                        tracing::info!(endpoint_id = %id, "endpoint caught up: its events get deliveries as accepted again");
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, endpoint_id = %id, "filling a backlogged endpoint failed")
                }
            }
        }
        added
    }
}
