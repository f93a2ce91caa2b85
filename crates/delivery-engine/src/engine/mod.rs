//! [`Engine`]: the services' API. Each method is one operation of a handler; every call that
//! reads or writes tenant data takes a [`Tenant`](crate::Tenant), which cannot name the
//! reserved tenant of operational webhooks. The operations are grouped by what they act on,
//! one file each (`impl Engine` blocks): endpoints, events (the outbox), deliveries (the log
//! and re-sends), recovery jobs, idempotency keys, the operational webhooks' endpoint, and
//! listen sessions. This file holds the engine itself: building it, running a service's own
//! closures on a connection, the dispatcher, and what a service reads about the process.
//!
//! The runtime state lives in [`Core`], which the dispatcher's tasks share; only this module
//! reads `Engine`'s fields.

mod deliveries;
mod endpoints;
mod events;
mod idempotency;
mod listen;
mod operational;
mod recovery;

pub use deliveries::SentRequest;
pub use endpoints::{CreatedEndpoint, EndpointPatch, NewEndpoint, UrlRule};
pub use events::{Enqueued, NewEvent};
pub use idempotency::IdempotencyState;

use crate::cache::ReadCache;
use crate::core::Core;
use crate::error::{EngineError, EngineResult};
use crate::http::{AddressPolicy, OutboundClient};
use crate::metrics::{EngineMetrics, SNAPSHOT_MAX_AGE};
use crate::ops::OpsFeed;
use crate::profile::Profile;
use crate::secrets::Keyring;
use crate::store::model::QueueSnapshot;
use crate::store::{queue, ConnFn, Pool};
use crate::worker::{Dispatcher, DispatcherConfig};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

#[derive(Debug, Clone)]
pub struct EngineConfig {
    pub url_rule: UrlRule,
    /// Applied to IP literals at registration; names are vetted at connect time.
    pub address_policy: AddressPolicy,
    /// `PAYLOAD_RETENTION`, as the sweepers have it (`None`: unknown). A recovery then looks for
    /// erased payloads only among deliveries made before it; its batches skip any anyway.
    pub payload_retention: Option<Duration>,
}

#[derive(Debug, Clone)]
pub struct Engine {
    core: Arc<Core>,
    config: Arc<EngineConfig>,
    /// The last queue snapshot and when it was read.
    snapshot: Arc<tokio::sync::Mutex<Option<(Instant, QueueSnapshot)>>>,
}

impl Engine {
    pub fn new(pool: Pool, keyring: Keyring, profile: Profile, config: EngineConfig) -> Self {
        Self::on(Core::new(pool, keyring, profile), Arc::new(config))
    }

    fn on(core: Core, config: Arc<EngineConfig>) -> Self {
        Self { core: Arc::new(core), config, snapshot: Arc::default() }
    }

    /// The same engine on another pool, sharing the in-process wake-up signal. Services give
    /// their dispatcher a pool of its own: a pooled connection's driver task lives on the
    /// runtime that opened it, and the API's runtimes stop before the dispatcher finishes.
    pub fn with_pool(&self, pool: Pool) -> Self {
        Self::on(self.core.rebuilt(pool, self.core.ops().cloned()), self.config.clone())
    }

    /// The same engine, emitting operational webhooks (docs/operational-webhooks.md) that name
    /// `service`: every change they report enqueues one for the reserved tenant's endpoint,
    /// which [`Engine::configure_ops_endpoint`] registers. Engines made from it by
    /// [`Engine::with_pool`] emit them too.
    pub fn with_ops_feed(&self, service: &str) -> Self {
        let feed = OpsFeed::new(service, self.core.profile());
        Self::on(self.core.rebuilt(self.core.pool().clone(), Some(feed)), self.config.clone())
    }

    /// The dispatcher of this engine's process: it sends what this engine's calls queue, with
    /// `client`, until its `run` is stopped.
    pub fn dispatcher(&self, client: OutboundClient, config: DispatcherConfig) -> Dispatcher {
        Dispatcher::new(self.core.clone(), client, config)
    }

    /// Waits while the ingest gate holds `tenant`'s writes (gate.rs): only where this process's
    /// dispatcher is behind on that tenant's fresh deliveries while the CPU is short, and at
    /// most the gate's `max_hold`. Call it before opening the transaction that enqueues.
    /// Returns how long it waited.
    pub async fn admit(&self, tenant: &crate::Tenant) -> Duration {
        let held = self.core.gate().admit(tenant.as_str()).await;
        if !held.is_zero() {
            self.core.metrics().ingest_held(held);
        }
        held
    }

    /// Whether a write of `tenant` would wait at the ingest gate now (for tests).
    #[cfg(feature = "test-support")]
    pub fn ingest_holds(&self, tenant: &crate::Tenant) -> bool {
        self.core.gate().holds(tenant.as_str(), Instant::now())
    }

    pub fn profile(&self) -> &Profile {
        self.core.profile()
    }

    /// The engine's counters and histograms, to register with the service's metrics.
    pub fn metrics(&self) -> &Arc<EngineMetrics> {
        self.core.metrics()
    }

    /// Batches of a service's writes worth writing at once: a write batcher's lanes
    /// (`Pool::write_lanes` says why).
    pub(crate) fn write_lanes(&self) -> usize {
        self.core.pool().write_lanes()
    }

    /// How long a caller may wait for a write (`store::Pool::deadline`).
    pub(crate) fn write_deadline(&self) -> Option<Duration> {
        self.core.pool().deadline()
    }

    /// Database connections of this engine's pool: `(in use, idle)`.
    pub fn pool_connections(&self) -> (usize, usize) {
        self.core.pool().connections()
    }

    /// A cache of reads for this engine's pool, dropped whenever any process announces a change
    /// ([`announce_change`](crate::db::announce_change)); see `docs/engine.md`, "The read cache".
    /// It stays off until [`Engine::spawn_change_listener`] has subscribed, and always off on
    /// SQLite.
    pub fn read_cache<K: Eq + std::hash::Hash, V: Clone>(
        &self,
        capacity: usize,
        ttl: Duration,
    ) -> ReadCache<K, V> {
        ReadCache::new(self.core.pool().changes().clone(), capacity, ttl)
    }

    /// Starts hearing announced changes (a LISTEN connection of its own on PostgreSQL) until
    /// `shutdown`. `None` on SQLite.
    pub fn spawn_change_listener(&self, shutdown: CancellationToken) -> Option<tokio::task::JoinHandle<()>> {
        self.core.pool().spawn_change_listener(shutdown)
    }

    /// Why the space of the history the sweeper removes would not be reused, if it would not
    /// (PostgreSQL's autovacuum off): the runner logs it at start (docs/operations.md,
    /// "Retention").
    pub async fn history_space_warning(&self) -> EngineResult<Option<&'static str>> {
        self.run(crate::on_conn!(|c| crate::store::retention::space_not_reused(c).await)).await
    }

    /// Which of `versions` (from [`migration_versions`](crate::db::migration_versions)) the
    /// database has not applied: one short read, for a readiness check. An error when the
    /// database cannot be reached.
    pub async fn unapplied_migrations(&self, versions: Vec<String>) -> EngineResult<Vec<String>> {
        crate::store::unapplied_migrations(self.core.pool(), versions).await
    }

    /// The engine's pool, for code a service shares with its command line (which has a pool and
    /// no engine): writes of the service's own tables that make nothing due, such as
    /// provisioning a tenant. Work made due through it would not wake the dispatchers.
    pub fn pool(&self) -> &Pool {
        self.core.pool()
    }

    /// Runs `f` on a pooled connection (see [`Pool::run`]): for a service's reads, single
    /// writes of its own tables, and an [`Engine::enqueue`] with no domain change beside it
    /// (atomic by itself; as [`Engine::enqueue_now`] does).
    pub async fn run<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        self.core.run(f).await
    }

    /// Runs `f` in one transaction (see [`Pool::transaction`]): the outbox. A service writes its
    /// domain change and calls [`Engine::enqueue`] inside `f`; both commit or neither does.
    /// When `f` queued deliveries, dispatchers are woken after the commit: this process's at
    /// once, other processes' by a coalesced NOTIFY (PostgreSQL) or their poll.
    pub async fn transaction<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        self.core.transaction(f).await
    }

    /// The queue gauges, read at most once per 5 s (concurrent scrapes share
    /// one read).
    pub async fn queue_snapshot(&self) -> EngineResult<QueueSnapshot> {
        let mut cached = self.snapshot.lock().await;
        if let Some((at, snapshot)) = *cached {
            if at.elapsed() < SNAPSHOT_MAX_AGE {
                return Ok(snapshot);
            }
        }
        let snapshot = self.core.run(crate::on_conn!(|c| queue::snapshot(c).await)).await?;
        *cached = Some((Instant::now(), snapshot));
        Ok(snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deliveries::{DeliveryQuery, ResendRule};
    use crate::endpoints::{NewEndpoint, UrlRule};
    use crate::signing::{HeaderSet, HmacSha256Hex};
    use crate::wake::News;
    use crate::{EventCatalog, NewEvent, Tenant};
    use std::collections::HashSet;
    use test_support::{Backend, TestDb};

    #[derive(Debug)]
    struct NoHeaders;

    impl HeaderSet for NoHeaders {
        fn apply(&self, _: &crate::signing::AttemptContext<'_>, _: &mut hyper::HeaderMap) {}
    }

    async fn engine_on(backend: Backend) -> (TestDb, Engine) {
        let db = TestDb::create_on(backend, "engine", |url| async move {
            crate::db::run_migrations(&url, vec![crate::db::ENGINE_MIGRATIONS]).await?;
            Ok(())
        })
        .await
        .unwrap();
        let profile = Profile {
            signer: Arc::new(HmacSha256Hex::V1),
            signature_header: hyper::header::HeaderName::from_static("x-signature"),
            headers: Arc::new(NoHeaders),
            retry: crate::policy::RetryPolicy::fixed(vec![]),
            timeout: Duration::from_secs(5),
            catalog: EventCatalog::new(["thing.created"]),
            secret_prefix: "whsec_".into(),
            probe_header: hyper::header::HeaderName::from_static("x-probe"),
        };
        let keyring = Keyring::parse("test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=").unwrap();
        let config = EngineConfig {
            url_rule: UrlRule::HttpOrHttps,
            address_policy: AddressPolicy::parse_allow_list("127.0.0.0/8").unwrap(),
            payload_retention: None,
        };
        let engine = Engine::new(crate::db::connect_pool(db.url(), 4).unwrap(), keyring, profile, config);
        (db, engine)
    }

    /// What each commit made due reaches the dispatcher's wake-up signal through its receipt,
    /// once it committed: an enqueue names its endpoints; a re-send says that something did; a
    /// read says nothing; a rolled-back enqueue says nothing.
    async fn a_commit_tells_the_dispatchers_what_it_made_due(backend: Backend) {
        let (_db, engine) = engine_on(backend).await;
        let tenant = Tenant::new("t").unwrap();
        let new = NewEndpoint {
            url: "http://127.0.0.1:9/".into(),
            event_types: vec![],
            rate_limit_per_s: None,
            ..Default::default()
        };
        let id = engine.create_endpoint(&tenant, new).await.unwrap().endpoint.id;
        let wake = engine.core.wake().clone();
        wake.take();
        let event = NewEvent {
            tenant: &tenant,
            event_type: "thing.created",
            dedupe_key: "k",
            body: b"{}",
            only_endpoint: None,
            id: None,
        };
        engine.enqueue_now(event.clone()).await.unwrap();
        assert_eq!(wake.take(), News { anything: false, endpoints: HashSet::from([id]) });
        let (e, t) = (engine.clone(), tenant.clone());
        let rolled_back: Result<(), EngineError> = engine
            .transaction(crate::on_conn!(|c| {
                let again = NewEvent { dedupe_key: "rolled-back", ..NewEvent::clone(&event_of(&t)) };
                e.enqueue(c, again).await?;
                Err(EngineError::NotFound)
            }))
            .await;
        assert!(rolled_back.is_err());
        assert_eq!(wake.take(), News::default(), "nothing committed, nothing made due");
        let query = DeliveryQuery { limit: 10, ..Default::default() };
        let delivery = engine.list_deliveries(&tenant, &query).await.unwrap().remove(0);
        assert_eq!(wake.take(), News::default(), "a read makes nothing due");
        engine.resend(&tenant, delivery.id, ResendRule::AllowDelivered).await.unwrap();
        assert!(wake.take().anything, "a re-send makes its delivery due");
    }

    fn event_of(tenant: &Tenant) -> NewEvent<'_> {
        NewEvent {
            tenant,
            event_type: "thing.created",
            dedupe_key: "",
            body: b"{}",
            only_endpoint: None,
            id: None,
        }
    }

    test_support::on_both_backends!(
        #[tokio::test(flavor = "multi_thread")]
        a_commit_tells_the_dispatchers_what_it_made_due,
    );
}
