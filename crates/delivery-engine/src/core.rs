//! [`Core`]: the runtime state that the engine's façade ([`crate::Engine`]) and the
//! dispatcher's tasks share in one process, behind accessors. The tasks receive an
//! `Arc<Core>`; none of them sees the façade, and the façade reads the state only through
//! these methods.
//!
//! It owns what must be one per process or per pool: the pool, the keyring and profile every
//! attempt is signed with, the wake-up signal and its NOTIFY token, the metrics, the
//! operational webhooks' feed, the listen streams held here, the cached routes and the ingest
//! gate. Running a closure on a connection goes through it, so that whatever a commit queued
//! wakes the dispatchers after the commit, never inside it (D22).

use crate::access::{self, AccessSecrets, EndpointAccess};
use crate::client_cert::Identities;
use crate::error::EngineError;
use crate::gate::IngestGate;
use crate::listen::ListenHub;
use crate::metrics::EngineMetrics;
use crate::oauth2::TokenCache;
use crate::ops::{OpsFeed, OPS_ENDPOINT_ID};
use crate::profile::Profile;
use crate::secrets::{Keyring, KeyringError, SealedSecret};
use crate::signing::AttemptContext;
use crate::store::model::ClaimedDelivery;
use crate::store::routes::RouteCache;
use crate::store::{ConnFn, Pool, Receipt};
use crate::wake::Wake;
use chrono::{DateTime, Utc};
use hyper::header::HeaderMap;
use std::sync::Arc;
use uuid::Uuid;

pub(crate) struct Core {
    pool: Pool,
    keyring: Keyring,
    profile: Profile,
    /// Wakes this process's dispatcher, naming where the work waits when it can (D53); other
    /// processes learn through NOTIFY.
    wake: Arc<Wake>,
    metrics: Arc<EngineMetrics>,
    /// Operational webhooks, when this process emits them (`Engine::with_ops_feed`).
    ops: Option<Arc<OpsFeed>>,
    /// The listen sessions whose streams this process holds.
    listen: Arc<ListenHub>,
    /// Tenants' route tables as enqueue last read them (store/routes.rs).
    routes: Arc<RouteCache>,
    /// Holds a lagging tenant's writes while the CPU is short (armed by this process's
    /// dispatcher; gate.rs).
    gate: Arc<IngestGate>,
    /// OAuth2 endpoints' tokens, shared by the process's attempts and probes (oauth2.rs).
    tokens: Arc<TokenCache>,
    /// The clients that present endpoints' client certificates (client_cert.rs).
    identities: Arc<Identities>,
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core")
            .field("profile", &self.profile)
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl Core {
    pub(crate) fn new(pool: Pool, keyring: Keyring, profile: Profile) -> Self {
        Self {
            pool,
            keyring,
            profile,
            wake: Arc::new(Wake::new()),
            metrics: Arc::default(),
            ops: None,
            listen: Arc::default(),
            routes: Arc::default(),
            gate: Arc::default(),
            tokens: Arc::default(),
            identities: Arc::default(),
        }
    }

    /// The same process's state on another pool of the same database, and with `ops` as its
    /// feed: everything else (wake-ups, metrics, listen streams, routes, the gate, the OAuth2
    /// tokens) is shared.
    pub(crate) fn rebuilt(&self, pool: Pool, ops: Option<Arc<OpsFeed>>) -> Self {
        Self {
            pool,
            keyring: self.keyring.clone(),
            profile: self.profile.clone(),
            wake: self.wake.clone(),
            metrics: self.metrics.clone(),
            ops,
            listen: self.listen.clone(),
            routes: self.routes.clone(),
            gate: self.gate.clone(),
            tokens: self.tokens.clone(),
            identities: self.identities.clone(),
        }
    }

    pub(crate) fn pool(&self) -> &Pool {
        &self.pool
    }

    pub(crate) fn keyring(&self) -> &Keyring {
        &self.keyring
    }

    /// The service's profile (its catalog, headers, retry policy, timeout).
    pub(crate) fn profile(&self) -> &Profile {
        &self.profile
    }

    /// How deliveries to `endpoint` are signed and sent: the operational webhooks' profile for
    /// the ops endpoint, the service's for every other.
    pub(crate) fn profile_for(&self, endpoint: Uuid) -> &Profile {
        match &self.ops {
            Some(ops) if endpoint == OPS_ENDPOINT_ID => &ops.profile,
            _ => &self.profile,
        }
    }

    pub(crate) fn wake(&self) -> &Arc<Wake> {
        &self.wake
    }

    pub(crate) fn metrics(&self) -> &Arc<EngineMetrics> {
        &self.metrics
    }

    /// The operational webhooks feed, when this process emits them.
    pub(crate) fn ops(&self) -> Option<&Arc<OpsFeed>> {
        self.ops.as_ref()
    }

    pub(crate) fn listen(&self) -> &Arc<ListenHub> {
        &self.listen
    }

    pub(crate) fn routes(&self) -> &Arc<RouteCache> {
        &self.routes
    }

    pub(crate) fn gate(&self) -> &Arc<IngestGate> {
        &self.gate
    }

    pub(crate) fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    /// Runs `f` on a pooled connection (see [`Pool::run_with_receipt`]), then acts on what it
    /// made due. Every closure of the engine's, the façade's and the worker's alike, runs here
    /// or in [`Core::transaction`]: the one path from a commit to the dispatchers.
    pub(crate) async fn run<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        let (result, receipt) = self.pool.run_with_receipt(f).await?;
        self.committed(receipt);
        Ok(result)
    }

    /// Runs `f` in one transaction (see [`Pool::transaction_with_receipt`]), then acts on what
    /// it made due.
    pub(crate) async fn transaction<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        let (result, receipt) = self.pool.transaction_with_receipt(f).await?;
        self.committed(receipt);
        Ok(result)
    }

    /// After a commit: counts the events it accepted and, if it made deliveries due, wakes
    /// this process's dispatchers at once and other processes' through the store (coalesced).
    fn committed(&self, receipt: Receipt) {
        for event_type in receipt.events {
            self.metrics.event_accepted(event_type);
        }
        self.metrics.filtered_out(receipt.filtered);
        if receipt.anywhere {
            self.wake_dispatchers();
        } else if !receipt.endpoints.is_empty() {
            self.wake.endpoints(&receipt.endpoints);
            self.wake_others();
        }
    }

    /// Deliveries may be due for any endpoint: wakes this process's dispatchers at once, and
    /// other processes' through the store (coalesced).
    pub(crate) fn wake_dispatchers(&self) {
        self.wake.anything();
        self.wake_others();
    }

    /// Listen streams of this process, and other processes' dispatchers.
    fn wake_others(&self) {
        self.listen.wake_all();
        self.pool.signal_other_processes(&self.wake.token);
    }

    /// Every header of one attempt to `endpoint`, signed under its current secret (`sealed`):
    /// the one place an attempt is signed, whether it is sent, pushed down a listen stream,
    /// probed or shown in the delivery log.
    pub(crate) fn sign_attempt(
        &self,
        endpoint: Uuid,
        sealed: &SealedSecret,
        attempt: &AttemptContext<'_>,
        body: &[u8],
    ) -> Result<HeaderMap, KeyringError> {
        let secret = self.keyring.open(endpoint, sealed)?;
        Ok(self.profile_for(endpoint).signed_headers(attempt, secret.as_hmac_key(), body))
    }

    /// An endpoint's credential and client certificate, sealed together to it under the active
    /// master key.
    pub(crate) fn seal_secrets(&self, endpoint: Uuid, secrets: &AccessSecrets) -> SealedSecret {
        let plain = serde_json::to_vec(secrets).expect("access secrets serialise");
        self.keyring.seal_bytes(&access::sealed_to(endpoint), &plain)
    }

    /// Endpoint `endpoint`'s custom headers (as stored), credential and client certificate
    /// (opened).
    pub(crate) fn open_access(
        &self,
        endpoint: Uuid,
        stored_headers: Option<&str>,
        sealed: Option<&SealedSecret>,
    ) -> Result<EndpointAccess, String> {
        let headers = access::headers_from_json(stored_headers);
        let secrets =
            sealed.map(|sealed| self.open_secrets(endpoint, sealed)).transpose()?.unwrap_or_default();
        Ok(EndpointAccess { headers, auth: secrets.auth, client_certificate: secrets.client_certificate })
    }

    /// This process's OAuth2 tokens.
    pub(crate) fn tokens(&self) -> &TokenCache {
        &self.tokens
    }

    /// This process's clients that present client certificates.
    pub(crate) fn identities(&self) -> &Identities {
        &self.identities
    }

    pub(crate) fn open_secrets(
        &self,
        endpoint: Uuid,
        sealed: &SealedSecret,
    ) -> Result<AccessSecrets, String> {
        let plain = self
            .keyring
            .open_bytes(&access::sealed_to(endpoint), sealed)
            .map_err(|e| format!("endpoint credential unavailable: {e}"))?;
        AccessSecrets::read(&plain).ok_or_else(|| "endpoint credential unavailable: unreadable".to_owned())
    }

    /// [`Core::sign_attempt`] for the next attempt of a claimed delivery, started at
    /// `started_at`; the error as an attempt records it.
    pub(crate) fn sign_claim(
        &self,
        claim: &ClaimedDelivery,
        started_at: DateTime<Utc>,
    ) -> Result<HeaderMap, String> {
        let attempt = AttemptContext {
            delivery_id: claim.id,
            event_id: claim.event_id,
            event_type: &claim.event_type,
            dedupe_key: &claim.dedupe_key,
            attempt_number: claim.attempt_count as u32 + 1,
            now: started_at,
        };
        self.sign_attempt(claim.endpoint_id, &claim.sealed_secret, &attempt, &claim.body)
            .map_err(|e| format!("signing secret unavailable: {e}"))
    }
}
