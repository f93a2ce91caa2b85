//! The engine's public face: what the API crates call. Each method is one operation of a
//! handler; tenant scoping is an argument of every call that reads or writes tenant data.

use crate::cache::ReadCache;
use crate::error::{EngineError, EngineResult};
use crate::http::AddressPolicy;
use crate::metrics::{EngineMetrics, QueueSnapshot, SNAPSHOT_MAX_AGE};
use crate::ops::{
    self, EnabledBy, OpsEndpointPlan, OpsEvent, OpsFeed, OpsTarget, OPS_ENDPOINT_ID, OPS_TENANT,
};
use crate::profile::{AttemptContext, Profile};
use crate::secrets::{Keyring, SigningSecret};
use crate::store::model::{
    DisableCause, EndpointChanges, EndpointRef, EndpointUpdate, Found, NewEndpointRow, NewEventRow,
};
use crate::store::recovery_model::{cancel_conflict, RecoveryJob, RecoveryWindow, StartRecovery};
use crate::store::routes::RouteCache;
use crate::store::{
    deliveries, endpoints, idempotency, queue, recovery, stats, Attempt, ConnFn, DbConn, Delivery,
    DeliveryQuery, Endpoint, Pool, ResendRule, TenantOverview,
};
use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// A delivery's request as it was sent (see [`Engine::sent_request`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentRequest {
    pub url: String,
    /// In the order they were sent; names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// What a service knows about an event when it emits one.
#[derive(Debug, Clone)]
pub struct NewEvent<'a> {
    pub tenant_id: &'a str,
    pub event_type: &'a str,
    /// Unique per tenant; emitting the same key twice is a no-op (e.g. `<runId>:<event>`).
    pub dedupe_key: &'a str,
    /// The exact bytes to send and sign.
    pub body: &'a [u8],
    /// Send to this endpoint only, whatever its filter (for test events).
    pub only_endpoint: Option<Uuid>,
    /// The event's id, when the service puts it in the body; generated (UUIDv7) otherwise.
    pub id: Option<Uuid>,
}

/// What [`Engine::enqueue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    New {
        event_id: Uuid,
        deliveries: i64,
    },
    /// The dedupe key was already used; nothing new was queued.
    Duplicate {
        event_id: Uuid,
    },
}

impl Enqueued {
    pub fn event_id(&self) -> Uuid {
        match *self {
            Enqueued::New { event_id, .. } | Enqueued::Duplicate { event_id } => event_id,
        }
    }
}

/// What to do with a request carrying an idempotency key (see [`Engine::idempotency_begin`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdempotencyState {
    /// First use: process it, then finish or abandon the key.
    New,
    /// Seen with the same request: answer this again.
    Replay { status: u16, body: Vec<u8> },
    /// The first request with this key is still being processed.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

/// URL rules for registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlRule {
    HttpOrHttps,
    HttpsOnly,
}

#[derive(Debug, Clone, Default)]
pub struct NewEndpoint {
    pub url: String,
    /// Empty means every type.
    pub event_types: Vec<String>,
    /// Deliveries per second at most, per worker process, in [`RATE_LIMIT_RANGE`] (`None`: no
    /// limit). See docs/engine.md.
    pub rate_limit_per_s: Option<i64>,
}

/// The rate limits an endpoint may have, in deliveries per second.
pub const RATE_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=10_000;

/// `Ok` for no limit or a limit in [`RATE_LIMIT_RANGE`].
fn validate_rate_limit(rate: Option<i64>) -> EngineResult<Option<i32>> {
    match rate {
        None => Ok(None),
        Some(r) if RATE_LIMIT_RANGE.contains(&r) => Ok(Some(r as i32)),
        Some(r) => Err(EngineError::InvalidRateLimit(r)),
    }
}

#[derive(Debug, Clone, Default)]
pub struct EndpointPatch {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    /// `Some(true)` disables (with the reason), `Some(false)` enables.
    pub disabled: Option<bool>,
    pub disabled_reason: Option<String>,
    /// `Some(None)` removes the limit.
    pub rate_limit_per_s: Option<Option<i64>>,
}

/// An endpoint with its secret in the clear: returned by creation only.
#[derive(Debug, Clone)]
pub struct CreatedEndpoint {
    pub endpoint: Endpoint,
    pub secret: SigningSecret,
}

#[derive(Debug, Clone)]
pub struct EngineConfig {
    pub url_rule: UrlRule,
    /// Applied to IP literals at registration; names are vetted at connect time.
    pub address_policy: AddressPolicy,
}

#[derive(Debug, Clone)]
pub struct Engine {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) pool: Pool,
    pub(crate) keyring: Keyring,
    pub(crate) profile: Profile,
    pub(crate) config: EngineConfig,
    /// Wakes this process's dispatcher, naming where the work waits when it can (D53); other
    /// processes learn through NOTIFY.
    pub(crate) wake: Arc<crate::wake::Wake>,
    pub(crate) metrics: Arc<EngineMetrics>,
    /// Operational webhooks, when this process emits them (`Engine::with_ops_feed`).
    pub(crate) ops: Option<Arc<OpsFeed>>,
    /// The listen sessions whose streams this process holds (shared with [`Engine::with_pool`]).
    pub(crate) listen: Arc<crate::listen::ListenHub>,
    /// Tenants' route tables as enqueue last read them (store/routes.rs).
    pub(crate) routes: Arc<RouteCache>,
    /// Holds a lagging tenant's writes while the CPU is short (armed by this process's
    /// dispatcher; gate.rs).
    pub(crate) gate: Arc<crate::gate::IngestGate>,
    /// The last queue snapshot and when it was read.
    snapshot: tokio::sync::Mutex<Option<(std::time::Instant, QueueSnapshot)>>,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("profile", &self.profile)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Engine {
    pub fn new(pool: Pool, keyring: Keyring, profile: Profile, config: EngineConfig) -> Self {
        let (wake, metrics) = (Arc::new(crate::wake::Wake::new()), Arc::default());
        let (snapshot, ops, listen, routes) = (Default::default(), None, Arc::default(), Arc::default());
        Self {
            inner: Arc::new(Inner {
                pool,
                keyring,
                profile,
                config,
                wake,
                metrics,
                ops,
                listen,
                routes,
                gate: Arc::default(),
                snapshot,
            }),
        }
    }

    /// The same engine on another pool, sharing the in-process wake-up signal. Services give
    /// their dispatcher a pool of its own: a pooled connection's driver task lives on the
    /// runtime that opened it, and the API's runtimes stop before the dispatcher finishes.
    pub fn with_pool(&self, pool: Pool) -> Self {
        self.rebuilt(pool, self.inner.ops.clone())
    }

    /// The same engine, emitting operational webhooks (docs/operational-webhooks.md) that name
    /// `service`: every change they report enqueues one for the reserved tenant's endpoint,
    /// which [`Engine::configure_ops_endpoint`] registers. Engines made from it by
    /// [`Engine::with_pool`] emit them too.
    pub fn with_ops_feed(&self, service: &str) -> Self {
        self.rebuilt(self.inner.pool.clone(), Some(OpsFeed::new(service, &self.inner.profile)))
    }

    fn rebuilt(&self, pool: Pool, ops: Option<Arc<OpsFeed>>) -> Self {
        let i = &self.inner;
        Self {
            inner: Arc::new(Inner {
                pool,
                keyring: i.keyring.clone(),
                profile: i.profile.clone(),
                config: i.config.clone(),
                wake: i.wake.clone(),
                metrics: i.metrics.clone(),
                ops,
                listen: i.listen.clone(),
                // The same database (with_pool is another pool to it).
                routes: i.routes.clone(),
                gate: i.gate.clone(),
                snapshot: Default::default(),
            }),
        }
    }

    /// Waits while the ingest gate holds `tenant`'s writes (gate.rs): only where this process's
    /// dispatcher is behind on that tenant's fresh deliveries while the CPU is short, and at
    /// most the gate's `max_hold`. Call it before opening the transaction that enqueues.
    /// Returns how long it waited.
    pub async fn admit(&self, tenant: &str) -> Duration {
        let held = self.inner.gate.admit(tenant).await;
        if !held.is_zero() {
            self.inner.metrics.ingest_held(held);
        }
        held
    }

    /// The ingest gate of this process.
    pub fn ingest_gate(&self) -> &Arc<crate::gate::IngestGate> {
        &self.inner.gate
    }

    pub fn profile(&self) -> &Profile {
        &self.inner.profile
    }

    /// How deliveries to `endpoint` are signed and sent: the operational webhooks' profile for
    /// the ops endpoint, the service's for every other.
    pub(crate) fn profile_for(&self, endpoint: Uuid) -> &Profile {
        match &self.inner.ops {
            Some(ops) if endpoint == OPS_ENDPOINT_ID => &ops.profile,
            _ => &self.inner.profile,
        }
    }

    /// The operational webhooks feed, when this engine emits them.
    pub(crate) fn ops(&self) -> Option<&Arc<OpsFeed>> {
        self.inner.ops.as_ref()
    }

    /// A cache of reads for this engine's pool, dropped whenever any process announces a change
    /// ([`announce_change`](crate::announce_change)); see [`crate::cache`]. It stays off until
    /// [`Engine::spawn_change_listener`] has subscribed, and always on SQLite.
    pub fn read_cache<K: Eq + std::hash::Hash, V: Clone>(
        &self,
        capacity: usize,
        ttl: Duration,
    ) -> ReadCache<K, V> {
        ReadCache::new(self.inner.pool.changes().clone(), capacity, ttl)
    }

    /// Which of `versions` (from [`migration_versions`](crate::migration_versions)) the
    /// database has not applied: one short read, for a readiness check. An error when the
    /// database cannot be reached.
    pub async fn unapplied_migrations(&self, versions: Vec<String>) -> EngineResult<Vec<String>> {
        crate::store::unapplied_migrations(&self.inner.pool, versions).await
    }

    /// Starts hearing announced changes (a LISTEN connection of its own on PostgreSQL) until
    /// `shutdown`. `None` on SQLite.
    pub fn spawn_change_listener(
        &self,
        database_url: &str,
        shutdown: CancellationToken,
    ) -> Option<tokio::task::JoinHandle<()>> {
        self.inner.pool.spawn_change_listener(database_url, shutdown)
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
        let (result, queued) = self.inner.pool.run(noting_queued_work(f)).await?;
        self.committed(queued);
        Ok(result)
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
        let (result, queued) = self.inner.pool.transaction(noting_queued_work(f)).await?;
        self.committed(queued);
        Ok(result)
    }

    /// After a commit: counts the events it accepted and, if it made deliveries due, wakes
    /// this process's dispatchers at once and other processes' through the store (coalesced).
    fn committed(&self, queued: Queued) {
        for event_type in queued.events {
            self.inner.metrics.event_accepted(event_type);
        }
        if queued.anywhere {
            self.wake_dispatchers();
        } else if !queued.endpoints.is_empty() {
            self.inner.wake.endpoints(&queued.endpoints);
            self.wake_others();
        }
    }

    /// Deliveries may be due for any endpoint: wakes this process's dispatchers at once, and
    /// other processes' through the store (coalesced).
    pub(crate) fn wake_dispatchers(&self) {
        self.inner.wake.anything();
        self.wake_others();
    }

    /// Listen streams of this process, and other processes' dispatchers.
    fn wake_others(&self) {
        self.inner.listen.wake_all();
        self.inner.pool.signal_other_processes(&self.inner.wake.token);
    }

    /// The queue gauges, read at most once per [`SNAPSHOT_MAX_AGE`] (concurrent scrapes share
    /// one read).
    pub async fn queue_snapshot(&self) -> EngineResult<QueueSnapshot> {
        let mut cached = self.inner.snapshot.lock().await;
        if let Some((at, snapshot)) = *cached {
            if at.elapsed() < SNAPSHOT_MAX_AGE {
                return Ok(snapshot);
            }
        }
        let snapshot = self.run(|mut c| Box::pin(async move { queue::snapshot(&mut c).await })).await?;
        *cached = Some((std::time::Instant::now(), snapshot));
        Ok(snapshot)
    }

    /// Database connections of this engine's pool: `(in use, idle)`.
    pub fn pool_connections(&self) -> (usize, usize) {
        self.inner.pool.connections()
    }

    /// The engine's counters and histograms, to register with the service's metrics.
    pub fn metrics(&self) -> &Arc<EngineMetrics> {
        &self.inner.metrics
    }

    pub(crate) fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    /// Checks a URL against the engine's rules: absolute, http(s) (or https only), a host,
    /// no credentials, and no IP literal in a forbidden range.
    pub fn validate_url(&self, url: &str) -> EngineResult<()> {
        let https_only = self.inner.config.url_rule == UrlRule::HttpsOnly;
        let parsed = crate::http::parse_target(url, https_only).map_err(|e| match e {
            crate::http::TargetError::NotHttps => EngineError::UrlNotHttps,
            crate::http::TargetError::Invalid(d) => EngineError::InvalidUrl(d),
        })?;
        let policy = &self.inner.config.address_policy;
        if let Some(ip) = crate::http::host_ip(&parsed) {
            policy.check(ip).map_err(|e| EngineError::ForbiddenAddress(e.to_string()))?;
        } else if let Some(name) = parsed.host_str().filter(|h| is_localhost_name(h)) {
            // Names are vetted again at connect time; `localhost` is refused now, unless loopback is allowed.
            if policy.check(std::net::Ipv4Addr::LOCALHOST.into()).is_err() {
                return Err(EngineError::ForbiddenAddress(format!("{name} is a loopback name")));
            }
        }
        Ok(())
    }

    pub(crate) fn validate_types(&self, types: &[String]) -> EngineResult<()> {
        let unknown = self.inner.profile.catalog.unknown(types);
        if !unknown.is_empty() {
            return Err(EngineError::UnknownEventTypes(unknown.into_iter().map(str::to_owned).collect()));
        }
        Ok(())
    }

    pub async fn create_endpoint(&self, tenant: &str, new: NewEndpoint) -> EngineResult<CreatedEndpoint> {
        self.validate_url(&new.url)?;
        self.validate_types(&new.event_types)?;
        let rate_limit_per_s = validate_rate_limit(new.rate_limit_per_s)?;
        let mut types = new.event_types;
        dedup_in_order(&mut types);
        let id = Uuid::now_v7();
        let secret = SigningSecret::generate(&self.inner.profile.secret_prefix);
        let sealed = self.inner.keyring.seal(id, &secret);
        let now = self.now();
        let (tenant, url) = (scoped(tenant)?, new.url);
        let endpoint = self
            .run(move |mut c| {
                Box::pin(async move {
                    let row = NewEndpointRow {
                        id,
                        tenant_id: &tenant,
                        url: &url,
                        event_types: &types,
                        sealed: &sealed,
                        rate_limit_per_s,
                        created_at: now,
                    };
                    endpoints::insert_endpoint(&mut c, row).await
                })
            })
            .await?;
        Ok(CreatedEndpoint { endpoint, secret })
    }

    /// The tenant's endpoints, without its listen sessions' (they come and go with a developer's
    /// CLI; a client that keeps its endpoints in sync must not see them).
    pub async fn list_endpoints(&self, tenant: &str) -> EngineResult<Vec<Endpoint>> {
        let tenant = scoped(tenant)?;
        let mut all = self
            .run(move |mut c| Box::pin(async move { endpoints::list_endpoints(&mut c, &tenant).await }))
            .await?;
        all.retain(|e| !crate::listen::is_listen_url(&e.url));
        Ok(all)
    }

    pub async fn get_endpoint(&self, tenant: &str, id: Uuid) -> EngineResult<Endpoint> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| Box::pin(async move { endpoints::get_endpoint(&mut c, &tenant, id).await }))
            .await
    }

    pub async fn update_endpoint(
        &self,
        tenant: &str,
        id: Uuid,
        patch: EndpointPatch,
    ) -> EngineResult<Endpoint> {
        if let Some(url) = &patch.url {
            self.validate_url(url)?;
            // A listen session's endpoint has no address to change (its stream is its address).
            if crate::listen::is_listen_url(&self.get_endpoint(tenant, id).await?.url) {
                return Err(EngineError::InvalidUrl(
                    "a listen session's endpoint has no URL to change".into(),
                ));
            }
        }
        if let Some(types) = &patch.event_types {
            self.validate_types(types)?;
        }
        let rate_limit_per_s = patch.rate_limit_per_s.map(validate_rate_limit).transpose()?;
        let now = self.now();
        let changes = EndpointChanges {
            url: patch.url,
            event_types: patch.event_types.map(|mut t| {
                dedup_in_order(&mut t);
                t
            }),
            disabled_at: patch.disabled.map(|d| d.then_some(now)),
            disabled_reason: patch.disabled.map(|d| if d { patch.disabled_reason.clone() } else { None }),
            disabled_cause: patch.disabled.map(|d| d.then_some(DisableCause::Manual)),
            failing_since: (patch.disabled == Some(false)).then_some(None),
            rate_limit_per_s,
            updated_at: Some(now),
        };
        let tenant = scoped(tenant)?;
        let (ops, reason) = (self.inner.ops.clone(), patch.disabled_reason.clone());
        let update = self
            .transaction(move |mut c| {
                Box::pin(async move {
                    let update = endpoints::update_endpoint(&mut c, &tenant, id, changes, now).await?;
                    if let Some(feed) = ops {
                        let events = manual_change_events(&update, reason);
                        ops::enqueue(&mut c, &feed, &events, now).await?;
                    }
                    Ok::<_, EngineError>(update)
                })
            })
            .await?;
        if patch.disabled == Some(false) {
            self.wake_dispatchers();
        }
        Ok(update.endpoint)
    }

    /// Replaces the endpoint's secret; the new one is returned once and signs every attempt
    /// from now on, including retries of earlier events.
    pub async fn rotate_secret(&self, tenant: &str, id: Uuid) -> EngineResult<SigningSecret> {
        let secret = SigningSecret::generate(&self.inner.profile.secret_prefix);
        let sealed = self.inner.keyring.seal(id, &secret);
        let (tenant, now) = (scoped(tenant)?, self.now());
        self.run(move |mut c| {
            Box::pin(async move { endpoints::store_secret(&mut c, &tenant, id, &sealed, now).await })
        })
        .await?;
        Ok(secret)
    }

    /// Removes the endpoint; its open deliveries end as dead with "endpoint deleted".
    pub async fn delete_endpoint(&self, tenant: &str, id: Uuid) -> EngineResult<()> {
        let (tenant, now) = (scoped(tenant)?, self.now());
        self.run(move |mut c| {
            Box::pin(async move { endpoints::delete_endpoint(&mut c, &tenant, id, now).await })
        })
        .await
    }

    /// The outbox: records the event and its deliveries on the caller's connection, inside the
    /// caller's transaction if there is one ([`Engine::transaction`]), so they commit or roll back
    /// with the domain change.
    pub async fn enqueue(&self, conn: &mut DbConn<'_>, event: NewEvent<'_>) -> EngineResult<Enqueued> {
        if !self.inner.profile.catalog.accepts(event.event_type) {
            return Err(EngineError::UnknownEventTypes(vec![event.event_type.to_owned()]));
        }
        scoped(event.tenant_id)?;
        let id = event.id.unwrap_or_else(Uuid::now_v7);
        let row = NewEventRow {
            id,
            tenant_id: event.tenant_id,
            event_type: event.event_type,
            dedupe_key: event.dedupe_key,
            body: event.body,
            created_at: self.now(),
            only_endpoint: event.only_endpoint,
        };
        match queue::enqueue(conn, &row, Some(&self.inner.routes)).await? {
            Some(targets) => {
                // Read by `Engine::run` or `Engine::transaction` once `conn` has committed.
                let _ = QUEUED_WORK.try_with(|q| {
                    let mut q = q.borrow_mut();
                    q.endpoints.extend_from_slice(&targets.eager);
                    // Owed only: no row is due yet; wake as before, for no endpoint in particular.
                    q.anywhere |= targets.eager.is_empty() && targets.owed > 0;
                    q.events.push(event.event_type.to_owned());
                });
                Ok(Enqueued::New { event_id: id, deliveries: targets.deliveries() })
            }
            None => {
                let existing = deliveries::find_event_id(conn, event.tenant_id, event.dedupe_key).await?;
                Ok(Enqueued::Duplicate { event_id: existing.unwrap_or(id) })
            }
        }
    }

    /// [`Engine::enqueue`] on a connection of its own, for events with no domain change beside them.
    pub async fn enqueue_now(&self, event: NewEvent<'_>) -> EngineResult<Enqueued> {
        let engine = self.clone();
        let owned = OwnedEvent::from(&event);
        let enqueued = self
            .run(move |mut c| Box::pin(async move { engine.enqueue(&mut c, owned.borrowed()).await }))
            .await?;
        Ok(enqueued)
    }

    /// The delivery log, newest first.
    pub async fn list_deliveries(&self, tenant: &str, query: &DeliveryQuery) -> EngineResult<Vec<Delivery>> {
        let (tenant, query) = (scoped(tenant)?, query.clone());
        self.run(move |mut c| {
            Box::pin(async move { deliveries::list_deliveries(&mut c, &tenant, &query).await })
        })
        .await
    }

    pub async fn get_delivery(&self, tenant: &str, id: Uuid) -> EngineResult<(Delivery, Vec<Attempt>)> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| Box::pin(async move { deliveries::get_delivery(&mut c, &tenant, id).await }))
            .await
    }

    /// The tenant's waiting deliveries now and its activity since `since` (the consoles'
    /// overview).
    pub async fn tenant_overview(&self, tenant: &str, since: DateTime<Utc>) -> EngineResult<TenantOverview> {
        let (tenant, now) = (scoped(tenant)?, self.now());
        self.run(move |mut c| {
            Box::pin(async move { stats::tenant_overview(&mut c, &tenant, since, now).await })
        })
        .await
    }

    /// Per endpoint of the tenant with deliveries since `since`: the latest one's time and how
    /// many were delivered or are failing (the consoles' endpoint list and overview).
    pub async fn endpoint_activity(
        &self,
        tenant: &str,
        since: DateTime<Utc>,
    ) -> EngineResult<Vec<crate::store::EndpointActivity>> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| Box::pin(async move { stats::endpoint_activity(&mut c, &tenant, since).await }))
            .await
    }

    /// The request a delivery's attempt `attempt_number`, started at `started_at`, sent: its
    /// URL, every header (the signature under the endpoint's current secret, so an attempt
    /// from before a rotation shows what the new secret signs) and the body. Built by the code
    /// the dispatcher sends with, so the two cannot differ.
    pub async fn sent_request(
        &self,
        tenant: &str,
        delivery_id: Uuid,
        attempt_number: u32,
        started_at: DateTime<Utc>,
    ) -> EngineResult<SentRequest> {
        let tenant = scoped(tenant)?;
        let parts = self
            .run(move |mut c| {
                Box::pin(async move { deliveries::request_parts(&mut c, &tenant, delivery_id).await })
            })
            .await?;
        let secret = self
            .inner
            .keyring
            .open(parts.endpoint_id, &parts.sealed_secret)
            .map_err(|e| EngineError::Internal(format!("signing secret unavailable: {e}")))?;
        let attempt = AttemptContext {
            delivery_id,
            event_id: parts.event_id,
            event_type: &parts.event_type,
            dedupe_key: &parts.dedupe_key,
            attempt_number,
            now: started_at,
        };
        let mut headers = self.inner.profile.signed_headers(&attempt, secret.as_hmac_key(), &parts.body);
        crate::http::add_fixed_headers(&mut headers);
        let headers = headers
            .iter()
            .map(|(k, v)| (k.as_str().to_owned(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect();
        Ok(SentRequest { url: parts.url, headers, body: parts.body })
    }

    /// Claims an `Idempotency-Key` for a request (`scope` identifies the client, `request_hash`
    /// the request). Keys are kept for 24 hours.
    pub async fn idempotency_begin(
        &self,
        scope: &str,
        key: &str,
        request_hash: &[u8],
    ) -> EngineResult<IdempotencyState> {
        let now = self.now();
        let (scope_owned, key_owned, hash) = (scope.to_owned(), key.to_owned(), request_hash.to_vec());
        let found = self
            .run(move |mut c| {
                Box::pin(async move {
                    let expire_before = now - chrono::Duration::hours(24);
                    idempotency::begin(&mut c, &scope_owned, &key_owned, &hash, now, expire_before).await
                })
            })
            .await?;
        Ok(match found {
            Found::New => IdempotencyState::New,
            Found::InProgress => IdempotencyState::InProgress,
            Found::Mismatch => IdempotencyState::Mismatch,
            Found::Replay { status, sealed } => IdempotencyState::Replay {
                status,
                body: self.inner.keyring.open_bytes(&idempotency_aad(scope, key), &sealed)?,
            },
        })
    }

    /// Stores the answer to an idempotent request, sealed (it may hold a signing secret).
    pub async fn idempotency_finish(
        &self,
        scope: &str,
        key: &str,
        status: u16,
        body: &[u8],
    ) -> EngineResult<()> {
        let sealed = self.inner.keyring.seal_bytes(&idempotency_aad(scope, key), body);
        let (scope, key) = (scope.to_owned(), key.to_owned());
        self.run(move |mut c| {
            Box::pin(async move { idempotency::finish(&mut c, &scope, &key, status, &sealed).await })
        })
        .await
    }

    /// Forgets a key whose request failed on our side, so the client can retry it.
    pub async fn idempotency_abandon(&self, scope: &str, key: &str) -> EngineResult<()> {
        let (scope, key) = (scope.to_owned(), key.to_owned());
        self.run(move |mut c| Box::pin(async move { idempotency::abandon(&mut c, &scope, &key).await })).await
    }

    /// Sends a delivery again now, under the service's rule for delivered ones.
    pub async fn resend(&self, tenant: &str, id: Uuid, rule: ResendRule) -> EngineResult<Delivery> {
        let (tenant, now) = (scoped(tenant)?, self.now());
        let (delivery, _) = self
            .run(move |mut c| {
                Box::pin(async move {
                    queue::resend(&mut c, &tenant, id, rule, now).await?;
                    deliveries::get_delivery(&mut c, &tenant, id).await
                })
            })
            .await?;
        self.wake_dispatchers();
        Ok(delivery)
    }
}

/// Operational webhooks (docs/operational-webhooks.md): the reserved tenant's one endpoint.
impl Engine {
    /// Registers, updates or disables the ops endpoint to match the settings (`None`: unset),
    /// idempotently: every process calls it at start. With a target, the endpoint gets its URL
    /// (checked by the same rules as any endpoint's) and secret, and is enabled if it was
    /// disabled; without one, an endpoint registered earlier is disabled (manually, so it is
    /// not probed) and its undelivered events wait for the setting to come back.
    pub async fn configure_ops_endpoint(&self, target: Option<&OpsTarget>) -> EngineResult<()> {
        if let Some(target) = target {
            self.validate_url(&target.url)?;
        }
        // Two processes starting at once may both try to register it: the loser finds it.
        let mut tries = 0;
        loop {
            tries += 1;
            match self.configure_ops_endpoint_once(target).await {
                Err(e) if tries < 2 && target.is_some() => {
                    tracing::info!(error = %e, "configuring the ops endpoint raced another process; again");
                }
                result => return result,
            }
        }
    }

    async fn configure_ops_endpoint_once(&self, target: Option<&OpsTarget>) -> EngineResult<()> {
        let now = self.now();
        let sealed = target.map(|t| self.inner.keyring.seal(OPS_ENDPOINT_ID, &t.secret));
        let url = target.map(|t| t.url.clone());
        let enabled = self
            .transaction(move |mut c| {
                Box::pin(async move {
                    let stored = match endpoints::get_endpoint(&mut c, OPS_TENANT, OPS_ENDPOINT_ID).await {
                        Ok(e) => Some(e),
                        Err(EngineError::NotFound) => None,
                        Err(e) => return Err(e),
                    };
                    let plan = OpsEndpointPlan::new(stored.as_ref(), url.as_deref());
                    let (url, sealed) = (url.unwrap_or_default(), sealed);
                    match (plan, sealed) {
                        (OpsEndpointPlan::Create, Some(sealed)) => {
                            let row = NewEndpointRow {
                                id: OPS_ENDPOINT_ID,
                                tenant_id: OPS_TENANT,
                                url: &url,
                                event_types: &[],
                                sealed: &sealed,
                                rate_limit_per_s: None,
                                created_at: now,
                            };
                            endpoints::insert_endpoint(&mut c, row).await?;
                            Ok(false)
                        }
                        (OpsEndpointPlan::Update { url, enable }, Some(sealed)) => {
                            endpoints::store_secret(&mut c, OPS_TENANT, OPS_ENDPOINT_ID, &sealed, now)
                                .await?;
                            let changes = EndpointChanges {
                                url,
                                disabled_at: enable.then_some(None),
                                disabled_reason: enable.then_some(None),
                                disabled_cause: enable.then_some(None),
                                failing_since: enable.then_some(None),
                                updated_at: Some(now),
                                ..EndpointChanges::default()
                            };
                            endpoints::update_endpoint(&mut c, OPS_TENANT, OPS_ENDPOINT_ID, changes, now)
                                .await?;
                            Ok(enable)
                        }
                        (OpsEndpointPlan::Disable, _) => {
                            let changes = EndpointChanges {
                                disabled_at: Some(Some(now)),
                                disabled_reason: Some(Some(ops::UNSET_REASON.to_owned())),
                                disabled_cause: Some(Some(DisableCause::Manual)),
                                updated_at: Some(now),
                                ..EndpointChanges::default()
                            };
                            endpoints::update_endpoint(&mut c, OPS_TENANT, OPS_ENDPOINT_ID, changes, now)
                                .await?;
                            Ok(false)
                        }
                        _ => Ok(false),
                    }
                })
            })
            .await?;
        if enabled {
            self.wake_dispatchers();
        }
        Ok(())
    }
}

/// Bulk recovery (docs/decisions.md D33): re-send an endpoint's failed and dead deliveries of
/// a time window, as a durable job that the worker processes work through.
impl Engine {
    /// How many deliveries a job over `window` would re-send now.
    pub async fn recovery_dry_run(
        &self,
        tenant: &str,
        endpoint: Uuid,
        window: RecoveryWindow,
    ) -> EngineResult<i64> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| {
            Box::pin(async move { recovery::count_recoverable(&mut c, &tenant, endpoint, &window).await })
        })
        .await
    }

    /// Queues a job over `window`, unless the endpoint has an active one.
    pub async fn start_recovery(
        &self,
        tenant: &str,
        endpoint: Uuid,
        window: RecoveryWindow,
    ) -> EngineResult<StartRecovery> {
        let (tenant, id, now) = (scoped(tenant)?, Uuid::now_v7(), self.now());
        self.run(move |mut c| {
            Box::pin(async move { recovery::start_job(&mut c, &tenant, endpoint, &window, id, now).await })
        })
        .await
    }

    pub async fn recovery_job(&self, tenant: &str, endpoint: Uuid, id: Uuid) -> EngineResult<RecoveryJob> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| Box::pin(async move { recovery::get_job(&mut c, &tenant, endpoint, id).await }))
            .await
    }

    /// The endpoint's last 100 jobs, newest first.
    pub async fn recovery_jobs(&self, tenant: &str, endpoint: Uuid) -> EngineResult<Vec<RecoveryJob>> {
        let tenant = scoped(tenant)?;
        self.run(move |mut c| {
            Box::pin(async move {
                // An unknown (or another tenant's) endpoint is NotFound, not an empty list.
                endpoints::get_endpoint(&mut c, &tenant, endpoint).await?;
                recovery::list_jobs(&mut c, &tenant, endpoint, 100).await
            })
        })
        .await
    }

    /// Cancels an active job: what it re-sent stays re-sent, the rest is left alone.
    /// `RecoveryJobEnded` if it had already ended.
    pub async fn cancel_recovery(&self, tenant: &str, endpoint: Uuid, id: Uuid) -> EngineResult<RecoveryJob> {
        let (tenant, now, ops) = (scoped(tenant)?, self.now(), self.inner.ops.clone());
        self.transaction(move |mut c| {
            Box::pin(async move {
                if let Some(job) = recovery::cancel_job(&mut c, &tenant, endpoint, id, now).await? {
                    if let Some(feed) = ops {
                        let event = OpsEvent::RecoveryJobFinished { tenant_id: tenant, job: job.clone() };
                        ops::enqueue(&mut c, &feed, &[event], now).await?;
                    }
                    return Ok(job);
                }
                let job = recovery::get_job(&mut c, &tenant, endpoint, id).await?;
                Err(cancel_conflict(job.status).unwrap_or(EngineError::RecoveryJobEnded))
            })
        })
        .await
    }
}

tokio::task_local! {
    /// Set by [`Engine::enqueue`] on the connection of the [`Engine::run`] or
    /// [`Engine::transaction`] call it runs in: what it queued.
    static QUEUED_WORK: RefCell<Queued>;
}

/// What one `run` or `transaction` queued, acted on after its commit.
#[derive(Debug, Default)]
struct Queued {
    /// Deliveries were queued for these endpoints: dispatchers should wake and look there.
    endpoints: Vec<Uuid>,
    /// Deliveries may have been made due for any endpoint: dispatchers should wake and look
    /// everywhere.
    anywhere: bool,
    /// The types of the events inserted (counted as accepted once committed).
    events: Vec<String>,
}

/// Runs `f` noting whether it queued deliveries (see [`QUEUED_WORK`]); the scope lives in the
/// task that runs `f`, wherever the pool runs it.
fn noting_queued_work<R, E, F>(
    f: F,
) -> impl for<'c> FnOnce(DbConn<'c>) -> BoxFuture<'c, Result<(R, Queued), E>> + Send + 'static
where
    F: ConnFn<R, E>,
    R: Send + 'static,
    E: Send + 'static,
{
    move |conn| {
        Box::pin(QUEUED_WORK.scope(RefCell::new(Queued::default()), async move {
            let result = f(conn).await?;
            Ok((result, QUEUED_WORK.with(|q| std::mem::take(&mut *q.borrow_mut()))))
        }))
    }
}

/// Notes, for the `Engine::run` or `Engine::transaction` this runs in (if any), that it queued
/// deliveries, for endpoints it does not name, so dispatchers are woken after its commit.
pub(crate) fn note_queued_work() {
    let _ = QUEUED_WORK.try_with(|q| q.borrow_mut().anywhere = true);
}

/// A tenant a caller may name: every one but the reserved [`OPS_TENANT`], which is
/// [`EngineError::NotFound`] like any tenant with nothing in it (no API route can reach the
/// operational webhooks' endpoint or log).
fn scoped(tenant: &str) -> EngineResult<String> {
    if tenant == OPS_TENANT {
        return Err(EngineError::NotFound);
    }
    Ok(tenant.to_owned())
}

/// The operational events of a change a user made (`Engine::update_endpoint`): disabling an
/// enabled endpoint, or enabling a disabled one.
fn manual_change_events(update: &EndpointUpdate, reason: Option<String>) -> Vec<OpsEvent> {
    let e = &update.endpoint;
    let endpoint = EndpointRef { id: e.id, tenant_id: e.tenant_id.clone() };
    match (update.was_disabled, e.disabled_at.is_some()) {
        (false, true) => vec![OpsEvent::EndpointDisabled {
            endpoint,
            cause: DisableCause::Manual,
            reason: reason
                .or_else(|| e.disabled_reason.clone())
                .unwrap_or_else(|| "disabled by a user".into()),
            failing_since: None,
            next_probe_at: None,
            last_attempt: None,
        }],
        (true, false) => {
            vec![OpsEvent::EndpointEnabled { endpoint, by: EnabledBy::Manual, last_attempt: None }]
        }
        _ => vec![],
    }
}

fn idempotency_aad(scope: &str, key: &str) -> Vec<u8> {
    format!("idempotency\0{scope}\0{key}").into_bytes()
}

/// `localhost`, `*.localhost` (RFC 6761), with or without the trailing dot.
fn is_localhost_name(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "localhost" || host.ends_with(".localhost")
}

pub(crate) fn dedup_in_order(types: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    types.retain(|t| seen.insert(t.clone()));
}

/// A [`NewEvent`] that owns its parts, to cross into a connection's task.
struct OwnedEvent {
    tenant_id: String,
    event_type: String,
    dedupe_key: String,
    body: Vec<u8>,
    only_endpoint: Option<Uuid>,
    id: Option<Uuid>,
}

impl From<&NewEvent<'_>> for OwnedEvent {
    fn from(e: &NewEvent<'_>) -> Self {
        Self {
            tenant_id: e.tenant_id.to_owned(),
            event_type: e.event_type.to_owned(),
            dedupe_key: e.dedupe_key.to_owned(),
            body: e.body.to_vec(),
            only_endpoint: e.only_endpoint,
            id: e.id,
        }
    }
}

impl OwnedEvent {
    fn borrowed(&self) -> NewEvent<'_> {
        NewEvent {
            tenant_id: &self.tenant_id,
            event_type: &self.event_type,
            dedupe_key: &self.dedupe_key,
            body: &self.body,
            only_endpoint: self.only_endpoint,
            id: self.id,
        }
    }
}
