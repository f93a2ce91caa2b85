//! Shared setup for the engine's integration tests: a fresh database, an engine with a test
//! profile, dispatchers, and an HMAC written from the RFC to check signatures independently.
#![allow(dead_code)]

use delivery_engine::endpoints::{NewEndpoint, UrlRule};
use delivery_engine::http::{AddressPolicy, OutboundClient, OutboundConfig};
use delivery_engine::policy::RetryPolicy;
use delivery_engine::secrets::Keyring;
use delivery_engine::signing::HmacSha256Hex;
use delivery_engine::signing::{AttemptContext, HeaderSet};
use delivery_engine::{DispatcherConfig, Engine, EngineConfig, EventCatalog, NewEvent, Profile, Tenant};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use std::sync::Arc;
use std::time::Duration;
use test_support::TestDb;
use tokio_util::sync::CancellationToken;

pub const TENANT_ID: &str = "tenant-a";
/// The test tenant.
pub static TENANT: std::sync::LazyLock<Tenant> =
    std::sync::LazyLock::new(|| Tenant::new(TENANT_ID).expect("not the reserved tenant"));

pub async fn database(backend: test_support::Backend) -> TestDb {
    TestDb::create_on(backend, "engine", |url| async move {
        delivery_engine::db::run_migrations(&url, vec![delivery_engine::db::ENGINE_MIGRATIONS]).await?;
        Ok(())
    })
    .await
    .expect("test database")
}

#[derive(Debug)]
pub struct TestHeaders;

impl HeaderSet for TestHeaders {
    fn apply(&self, a: &AttemptContext<'_>, h: &mut HeaderMap) {
        h.insert("x-test-delivery", HeaderValue::from_str(&a.delivery_id.to_string()).unwrap());
        h.insert("x-test-event", HeaderValue::from_str(a.event_type).unwrap());
        h.insert("x-test-id", HeaderValue::from_str(a.dedupe_key).unwrap());
        h.insert("x-test-attempt", HeaderValue::from(a.attempt_number));
    }
}

pub fn profile(retry: RetryPolicy, timeout: Duration) -> Profile {
    Profile {
        signer: Arc::new(HmacSha256Hex::V1),
        signature_header: HeaderName::from_static("x-webhook-signature"),
        headers: Arc::new(TestHeaders),
        retry,
        timeout,
        catalog: EventCatalog::new(["thing.created", "thing.deleted"]).with_internal(["webhook.test"]),
        secret_prefix: "whsec_".into(),
        probe_header: HeaderName::from_static("x-webhook-probe"),
    }
}

pub fn loopback() -> AddressPolicy {
    AddressPolicy::parse_allow_list("127.0.0.0/8,::1/128").unwrap()
}

pub fn keyring() -> Keyring {
    Keyring::parse("test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=").unwrap()
}

pub fn engine_with(db: &TestDb, profile: Profile) -> Engine {
    let pool = delivery_engine::db::connect_pool(db.url(), 8).unwrap();
    Engine::new(
        pool,
        keyring(),
        profile,
        EngineConfig { url_rule: UrlRule::HttpOrHttps, address_policy: loopback(), payload_retention: None },
    )
}

pub fn engine(db: &TestDb) -> Engine {
    engine_with(db, profile(RetryPolicy::fixed(vec![Duration::from_millis(50); 2]), Duration::from_secs(5)))
}

pub fn client(cap: usize, ca: Option<&std::path::Path>) -> OutboundClient {
    OutboundClient::new(OutboundConfig {
        policy: loopback(),
        extra_ca_files: ca.map(|p| p.display().to_string()).into_iter().collect(),
        response_cap: cap,
        proxy: None,
    })
    .unwrap()
}

pub fn fast_config() -> DispatcherConfig {
    DispatcherConfig { poll_interval: Duration::from_millis(20), ..DispatcherConfig::default() }
}

/// A running dispatcher; `stop` shuts it down gracefully and waits.
pub struct Running {
    pub token: CancellationToken,
    pub handle: tokio::task::JoinHandle<()>,
}

impl Running {
    pub async fn stop(self) {
        self.token.cancel();
        tokio::time::timeout(test_support::WAIT, self.handle).await.expect("dispatcher stops").unwrap();
    }
}

pub fn spawn_dispatcher(engine: &Engine, client: OutboundClient, config: DispatcherConfig) -> Running {
    let token = CancellationToken::new();
    let d = engine.dispatcher(client, config);
    let handle = tokio::spawn(d.run(token.clone()));
    Running { token, handle }
}

pub async fn endpoint(
    engine: &Engine,
    url: &str,
    types: &[&str],
) -> delivery_engine::endpoints::CreatedEndpoint {
    engine
        .create_endpoint(
            &TENANT,
            NewEndpoint {
                url: url.to_owned(),
                event_types: types.iter().map(|s| s.to_string()).collect(),
                rate_limit_per_s: None,
                ..Default::default()
            },
        )
        .await
        .unwrap()
}

pub async fn emit(engine: &Engine, event_type: &str, key: &str, body: &[u8]) -> delivery_engine::Enqueued {
    engine.enqueue_now(event(event_type, key, body)).await.unwrap()
}

/// An event of the test tenant for every endpoint whose filter takes it.
pub fn event<'a>(event_type: &'a str, key: &'a str, body: &'a [u8]) -> NewEvent<'a> {
    NewEvent { tenant: &TENANT, event_type, dedupe_key: key, body, only_endpoint: None, id: None }
}

pub use test_support::eventually;

#[allow(unused_imports)]
pub use test_support::independent_hmac_sha256_hex as independent_hmac_hex;

/// PostgreSQL only: until a statement whose text contains `what` waits for a lock (at least one).
pub async fn waiting_on_lock(db: &TestDb, what: &str) {
    let sql = format!(
        "SELECT count(*) AS n FROM pg_stat_activity \
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%{what}%'"
    );
    eventually(&format!("`{what}` to wait for a lock"), || async {
        (db.count(&sql).await.unwrap() >= 1).then_some(())
    })
    .await;
}

/// PostgreSQL only: holds `tenant`'s routes row while `change` starts and queues behind it,
/// then `enqueue` behind the change; lets both go and returns the enqueue's result once the
/// change is done.
pub async fn change_then_enqueue_behind_the_routes_row<C, E>(
    db: &TestDb,
    tenant: &str,
    change: C,
    enqueue: E,
) -> delivery_engine::Enqueued
where
    C: std::future::Future<Output = ()> + Send + 'static,
    E: std::future::Future<Output = delivery_engine::Enqueued> + Send + 'static,
{
    use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
    let mut holder = AsyncPgConnection::establish(db.url()).await.unwrap();
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = '{tenant}' FOR UPDATE"
        ))
        .await
        .unwrap();
    let change = tokio::spawn(change);
    waiting_on_lock(db, "JOIN webhook_tenant_routes").await;
    let enqueue = tokio::spawn(enqueue);
    waiting_on_lock(db, "WITH routes AS").await;
    holder.batch_execute("COMMIT").await.unwrap();
    change.await.unwrap();
    enqueue.await.unwrap()
}

/// An enqueue of `thing.created` with key `in-flight` in a domain transaction (the outbox),
/// left open once its rows are written: returns when it has written, with the sender that
/// lets it commit and the task that then gives its result.
pub async fn open_outbox_enqueue(
    engine: &Engine,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<delivery_engine::Enqueued, delivery_engine::EngineError>>,
) {
    let (written, wait_for_it) = tokio::sync::oneshot::channel::<()>();
    let (go, commit) = tokio::sync::oneshot::channel::<()>();
    let outbox = {
        let engine = engine.clone();
        tokio::spawn(async move {
            let e = engine.clone();
            engine
                .transaction(move |mut c| {
                    Box::pin(async move {
                        let enqueued = e.enqueue(&mut c, event("thing.created", "in-flight", b"{}")).await?;
                        let _ = written.send(());
                        let _ = commit.await;
                        Ok::<_, delivery_engine::EngineError>(enqueued)
                    })
                })
                .await
        })
    };
    wait_for_it.await.unwrap();
    (go, outbox)
}
