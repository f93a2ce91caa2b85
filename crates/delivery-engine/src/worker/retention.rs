//! The sweeper: beside the claim loop, it removes the history older than `RETENTION` and erases
//! payloads older than `PAYLOAD_RETENTION` (docs/engine.md, "Retention").
//!
//! - **Owns**: where the current pass stands in each table.
//! - **Woken by**: its start (a first pass at once), then its timer, every `Retention::every`
//!   (a twentieth of the shorter retention, at most 5 minutes).
//! - **Does**: one pass after another: settled deliveries with their attempts, then events
//!   nothing refers to, then payloads (when `PAYLOAD_RETENTION` is shorter), then housekeeping
//!   (ended recovery jobs, idempotency keys older than a day, deleted endpoints), in batches of
//!   [`BATCH`] rows in id order, each batch its own short transaction.
//! - **Yields**: while this process has attempts in flight, it rests four times as long as its
//!   last batch took before the next (a fifth of one connection's time), so a burst is hardly
//!   slowed by it and it still removes rows faster than this machine accepts them; when the
//!   dispatcher is idle, batches follow each other at once.
//! - **Never**: removes an open delivery, an event that a delivery or a backlog still needs, or
//!   anything accepted after the cutoff; or holds a lock beyond the old rows of its batch (on
//!   PostgreSQL a batch first takes an advisory lock, so one sweeper works at a time).

use super::config::millis;
use crate::core::Core;
use crate::error::EngineResult;
use crate::policy::Retention;
use crate::store::model::{SweepBatch, SweepCursor};
use crate::store::retention;
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

/// Rows one batch reads at most.
pub(crate) const BATCH: i64 = 1_000;

/// The history's size is sampled after a pass at most this often (and after the first).
const SAMPLE_EVERY: Duration = Duration::from_secs(10 * 60);

/// While attempts are in flight, the sweeper rests this many times as long as its last batch
/// took: it then has at most a fifth of one connection's time.
const BUSY_REST: u32 = 4;

/// Idempotency keys are answered for 24 hours, then removed.
const KEYS_KEPT: chrono::Duration = chrono::Duration::hours(24);

/// What the sweeper needs of its dispatcher.
pub(super) struct Sweeper {
    pub core: Arc<Core>,
    pub retention: Retention,
    /// The dispatcher's attempt slots: fewer free than `concurrency` means attempts in flight.
    pub slots: Arc<Semaphore>,
    pub concurrency: usize,
}

/// What one pass removed, per kind of row.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Removed {
    deliveries: i64,
    attempts: i64,
    events: i64,
    payloads: i64,
    housekeeping: i64,
}

/// `age` before `now`.
fn cutoff(now: DateTime<Utc>, age: Duration) -> DateTime<Utc> {
    now - chrono::Duration::from_std(age).unwrap_or(chrono::Duration::MAX)
}

/// The tables a pass walks, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    Deliveries,
    Events,
    Payloads,
}

impl Sweeper {
    pub(super) async fn run(self, shutdown: CancellationToken) {
        self.core.metrics().retention(self.retention.history());
        let mut sampled: Option<Instant> = None;
        let mut first = true;
        loop {
            let rest = if first { Duration::ZERO } else { self.retention.every() };
            first = false;
            tokio::select! {
                () = tokio::time::sleep(rest) => {}
                () = shutdown.cancelled() => return,
            }
            let started = Instant::now();
            match self.pass(&shutdown).await {
                Ok(removed) => self.report(removed, started.elapsed()),
                Err(e) => tracing::warn!(error = %e, "a retention pass failed; the next one goes on"),
            }
            if let Err(e) = self.core.run(crate::on_conn!(|c| retention::return_space(c).await)).await {
                tracing::warn!(error = %e, "giving freed pages back failed");
            }
            if sampled.is_none_or(|at| at.elapsed() >= SAMPLE_EVERY) {
                self.sample().await;
                sampled = Some(Instant::now());
            }
        }
    }

    /// Samples the history's size into the metrics.
    async fn sample(&self) {
        match self.core.run(crate::on_conn!(|c| retention::history_size(c).await)).await {
            Ok(size) => {
                let tables: Vec<_> = size.tables.iter().map(|t| (t.table, t.rows, t.bytes)).collect();
                self.core.metrics().history(&tables, size.oldest_settled);
            }
            Err(e) => tracing::warn!(error = %e, "sampling the history's size failed"),
        }
    }

    /// One pass over every table; stops early on shutdown or when another process sweeps.
    async fn pass(&self, shutdown: &CancellationToken) -> EngineResult<Removed> {
        let now = self.core.now();
        let history = cutoff(now, self.retention.history());
        let payload = cutoff(now, self.retention.payload());
        let (deliveries, attempts) = self.walk(Walk::Deliveries, history, now, shutdown).await?;
        let (events, _) = self.walk(Walk::Events, history, now, shutdown).await?;
        // Payloads go sooner only when PAYLOAD_RETENTION is shorter; at the same age the removal
        // above takes them.
        let (payloads, emptied) =
            if payload > history { self.walk(Walk::Payloads, payload, now, shutdown).await? } else { (0, 0) };
        let keys = now - KEYS_KEPT;
        let housekeeping = self
            .core
            .run(crate::on_conn!(|c| retention::sweep_housekeeping(c, history, keys, BATCH).await))
            .await?;
        Ok(Removed { deliveries, attempts: attempts + emptied, events, payloads, housekeeping })
    }

    /// Batches over one table until its range is done; rows and attempts removed.
    async fn walk(
        &self,
        walk: Walk,
        cutoff: DateTime<Utc>,
        now: DateTime<Utc>,
        shutdown: &CancellationToken,
    ) -> EngineResult<(i64, i64)> {
        let (mut cursor, mut rows, mut attempts) = (SweepCursor::default(), 0, 0);
        loop {
            let started = Instant::now();
            let batch = self.batch(walk, cutoff, cursor, now).await?;
            (rows, attempts) = (rows + batch.removed, attempts + batch.attempts);
            let Some(next) = batch.next else { return Ok((rows, attempts)) };
            cursor = next;
            if !self.yield_to_delivery(started.elapsed(), shutdown).await {
                return Ok((rows, attempts));
            }
        }
    }

    async fn batch(
        &self,
        walk: Walk,
        cutoff: DateTime<Utc>,
        cursor: SweepCursor,
        now: DateTime<Utc>,
    ) -> EngineResult<SweepBatch> {
        let core = &self.core;
        match walk {
            Walk::Deliveries => {
                core.run(crate::on_conn!(|c| retention::sweep_deliveries(c, cutoff, cursor, BATCH).await))
                    .await
            }
            Walk::Events => {
                core.run(crate::on_conn!(|c| retention::sweep_events(c, cutoff, cursor, BATCH).await)).await
            }
            Walk::Payloads => {
                core.run(crate::on_conn!(|c| retention::erase_payloads(c, cutoff, cursor, BATCH, now).await))
                    .await
            }
        }
    }

    /// Between batches: at once while the dispatcher is idle; while it has attempts in flight,
    /// a rest of [`BUSY_REST`] times the batch's time (`took`). False on shutdown.
    async fn yield_to_delivery(&self, took: Duration, shutdown: &CancellationToken) -> bool {
        let busy = self.slots.available_permits() < self.concurrency;
        let pause = if busy { took * BUSY_REST } else { Duration::ZERO };
        tokio::select! {
            () = tokio::time::sleep(pause) => true,
            () = shutdown.cancelled() => false,
        }
    }

    fn report(&self, removed: Removed, took: Duration) {
        let metrics = self.core.metrics();
        metrics.swept(removed.deliveries, removed.attempts, removed.events, removed.payloads, took);
        if removed != Removed::default() {
            tracing::info!(
                deliveries = removed.deliveries,
                attempts = removed.attempts,
                events = removed.events,
                payloads_erased = removed.payloads,
                housekeeping = removed.housekeeping,
                took_ms = millis(took),
                "retention pass"
            );
        }
    }
}
