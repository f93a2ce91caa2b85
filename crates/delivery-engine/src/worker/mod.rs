//! The dispatcher: claims due deliveries in batches, sends each outside any transaction, and
//! records outcomes in batches.
//!
//! ```text
//!  claim loop ──(claimed rows)──> send tasks (≤ concurrency; ≤ each endpoint's cap) ──> recorder
//!      ^                                                                                   │
//!      └──── woken by another process (NOTIFY), this process, a freed slot, or the poll ───┘
//! ```
//!
//! A dispatcher is a few tasks, one job each, each in its own file, beside the claim loop:
//!
//! | task | file | job |
//! |---|---|---|
//! | claim loop | `claim_loop.rs` | claims due rows, starts attempts |
//! | send tasks | `send.rs` | one attempt each |
//! | recorder | `recorder.rs` | outcomes and endpoint health, in batches |
//! | backlog tender | `backlog.rs` | switches stalled endpoints to backlogged, fills them |
//! | prober | `probe.rs` | probes endpoints disabled for failing |
//! | recovery runner | `recovery.rs` | works through bulk recovery jobs |
//! | listen sweep | `listen.rs` | ends expired listen sessions (a held session's sender lives there too) |
//! | pressure sampler | `pressure.rs` | CPU pressure for the ingest gate |
//! | sweeper | `retention.rs` | removes history older than `RETENTION` |
//! | wake listener | the store's | other processes' NOTIFY (PostgreSQL) |
//! | drain | `drain.rs` | after shutdown: the grace, then releasing claims |
//!
//! They share the process's [`Core`] and, between the loop, the send tasks and the tender,
//! the endpoints' limits (`limits.rs`); nothing else.

mod backlog;
mod claim_loop;
mod config;
mod drain;
mod known_work;
mod lag;
mod limits;
pub(crate) mod listen;
mod next_claim;
mod pressure;
mod probe;
mod recorder;
mod recovery;
mod retention;
mod send;

pub use config::DispatcherConfig;

use crate::core::Core;
use crate::http::OutboundClient;
use claim_loop::ClaimLoop;
use lag::LagReport;
use limits::EndpointLimits;
use recorder::Completed;
use send::Senders;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify, Semaphore};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// How often expired listen sessions are ended.
const LISTEN_SWEEP_EVERY: Duration = Duration::from_secs(30);

/// Sends what its engine's calls queue (built by `Engine::dispatcher`).
#[derive(Debug)]
pub struct Dispatcher {
    core: Arc<Core>,
    client: OutboundClient,
    config: DispatcherConfig,
}

impl Dispatcher {
    pub(crate) fn new(core: Arc<Core>, client: OutboundClient, config: DispatcherConfig) -> Self {
        Self { core, client, config }
    }

    /// Runs until `shutdown` is cancelled, then stops claiming, lets in-flight attempts finish
    /// for up to [`DispatcherConfig::shutdown_grace`], releases the claims of those it then
    /// stops, and writes every outcome before returning.
    pub async fn run(self, shutdown: CancellationToken) {
        let concurrency = self.config.concurrency.max(1);
        let (tx, rx) = mpsc::channel::<Completed>(concurrency * 2);
        let slots = Arc::new(Semaphore::new(concurrency));
        let senders = Arc::new(self.senders(tx));
        let tasks = Tasks::spawn(&self, &senders, &slots, rx, &shutdown);
        let lags = LagReport::new(self.core.gate().clone());
        ClaimLoop::new(self.core.clone(), self.config.clone(), senders.clone(), slots.clone(), lags)
            .run(&shutdown)
            .await;
        // Draining: nothing is claimed any more, so no write waits for claims.
        self.core.gate().disarm();
        drain::drain(&senders, &slots, concurrency as u32, self.config.shutdown_grace).await;
        // The last sender of outcomes goes: the recorder writes what it has and ends.
        drop(senders);
        tasks.join().await;
    }

    fn senders(&self, tx: mpsc::Sender<Completed>) -> Senders {
        let limits = EndpointLimits::new(self.config.per_endpoint_initial, self.config.per_endpoint);
        Senders {
            core: self.core.clone(),
            client: self.client.clone(),
            limits: Arc::new(Mutex::new(limits)),
            tx,
            freed: Arc::new(Notify::new()),
            freed_endpoints: Mutex::new(Vec::new()),
            backlog_kick: Arc::new(Notify::new()),
            abort: CancellationToken::new(),
            released: Mutex::new(Vec::new()),
        }
    }
}

/// The tasks beside the claim loop, each stopped by the same shutdown.
struct Tasks {
    /// Awaited in this order when the dispatcher ends: each writes what it holds.
    joined: Vec<(&'static str, JoinHandle<()>)>,
    /// Aborted when the dispatcher ends: they hold nothing to write.
    aborted: Vec<JoinHandle<()>>,
}

impl Tasks {
    fn spawn(
        d: &Dispatcher,
        senders: &Senders,
        slots: &Arc<Semaphore>,
        outcomes: mpsc::Receiver<Completed>,
        shutdown: &CancellationToken,
    ) -> Self {
        let (core, config) = (&d.core, &d.config);
        let (poll, lease) = (config.poll_interval, config.lease_for(core.profile().timeout));
        let mut joined = vec![
            ("the outcome recorder", tokio::spawn(recorder::run(core.clone(), outcomes, config.clone()))),
            ("the recovery runner", tokio::spawn(recovery::run(core.clone(), shutdown.clone(), poll, lease))),
        ];
        if let Some(schedule) = config.probe.clone() {
            let prober = probe::run(core.clone(), d.client.clone(), schedule, shutdown.clone(), poll, lease);
            joined.push(("the prober", tokio::spawn(prober)));
        }
        if let Some(stall) = config.backlog_stall {
            let tender = backlog::Tender::new(core.clone(), senders, config, stall);
            joined.push(("the backlog tender", tokio::spawn(tender.run(shutdown.clone()))));
        }
        if let Some(retention) = config.retention {
            let concurrency = config.concurrency.max(1);
            let sweeper =
                retention::Sweeper { core: core.clone(), retention, slots: slots.clone(), concurrency };
            joined.push(("the sweeper", tokio::spawn(sweeper.run(shutdown.clone()))));
        }
        if let Some(sampler) = config.ingest_gate.and_then(|gate| pressure::arm(core.gate(), gate, shutdown))
        {
            joined.push(("the pressure sampler", sampler));
        }
        let mut aborted =
            vec![tokio::spawn(listen::sweep(core.clone(), shutdown.clone(), LISTEN_SWEEP_EVERY))];
        // Wake-ups from other processes, where the store has them (PostgreSQL's NOTIFY); this
        // process's own come in-process, and the poll timer covers the rest.
        if config.listen {
            aborted.extend(core.pool().spawn_wake_listener(core.wake().clone(), shutdown.clone()));
        }
        Self { joined, aborted }
    }

    async fn join(self) {
        for (name, task) in self.joined {
            if let Err(e) = task.await {
                tracing::error!(error = %e, "{name} failed");
            }
        }
        for task in self.aborted {
            task.abort();
        }
    }
}
