//! Engine benchmark: events through the store (PostgreSQL, SQLite, or both in turn) to a fast
//! local receiver.
//!
//! It starts behind the API: no HTTP request, authentication or JSON comes into it, and the
//! backlog of measure 1 is written before the dispatcher starts. It measures the engine's own
//! ceiling, not what a user sees; for that, `../shared/whbench/scenario.sh` publishes through a
//! service's public API (docs/benchmarks.md has both).
//!
//! 1. Throughput: a backlog of N deliveries (fan-out 1, then fan-out 10) drained by one
//!    dispatcher; deliveries per second from the first receipt to the last.
//! 2. Latency: events enqueued one transaction each at a fixed rate with the dispatcher running;
//!    enqueue-commit to receipt, p50/p99/max.
//! 3. The delivery log at scale (the consoles' and the API's reads): one tenant with
//!    `--log-size` deliveries (default 100,000) beside another tenant's, then the time each
//!    read takes, median and max of 20: the first page, a page 1,000 pages deep by cursor, a
//!    status that matches every row and one that matches none (the whole tenant scanned), an
//!    endpoint, an event type, a search by dedupe-key prefix, one delivery's detail, and the
//!    overview's figures.
//! 4. Fairness between tenants: tenant `busy` has `--backlog` due deliveries (default 100,000)
//!    over one endpoint, then over 200, whose receiver answers after 50 ms, so the backlog stays
//!    due and takes every free slot; while the dispatcher drains it, tenant `quiet` publishes
//!    one event at a time to its own endpoint, 20 times: enqueue-commit to receipt.
//!
//! 5. `--history N` (alone): what N stored deliveries cost (`history.rs`).
//! 6. `--only filters`: what content filters cost per event and endpoint, no store
//!    (`filters.rs`).
//!
//! `cargo xtask bench [--backend postgres|sqlite|both] [--deliveries N] [--rate R] [--seconds S]
//! [--log-size N] [--backlog N] [--only log|fairness|filters]`, `cargo xtask bench --history N
//! [--backend …] [--deliveries N]`, `cargo xtask bench --history N --into URL --tenant T`.
#![allow(clippy::unwrap_used)]

mod fill;
mod filters;
mod history;
mod sweep;

use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, KeyMatch, LogPosition};
use delivery_engine::endpoints::{NewEndpoint, UrlRule};
use delivery_engine::http::{AddressPolicy, OutboundClient, OutboundConfig};
use delivery_engine::policy::RetryPolicy;
use delivery_engine::secrets::Keyring;
use delivery_engine::signing::HmacSha256Hex;
use delivery_engine::signing::{AttemptContext, HeaderSet};
use delivery_engine::{DispatcherConfig, Engine, EngineConfig, EventCatalog, NewEvent, Profile, Tenant};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use test_support::{Backend, Receiver, Reply, TestDb};
use tokio_util::sync::CancellationToken;

#[derive(Debug)]
struct IdHeader;

impl HeaderSet for IdHeader {
    fn apply(&self, a: &AttemptContext<'_>, h: &mut HeaderMap) {
        h.insert("x-bench-id", HeaderValue::from_str(a.dedupe_key).unwrap());
    }
}

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{name} takes a number")))
        .unwrap_or(default)
}

async fn setup(backend: Backend, label: &str) -> (TestDb, Engine) {
    setup_with(backend, label, vec!["bench.event"]).await
}

/// A fresh engine database on `backend`, with a catalog of `types`.
async fn setup_with(backend: Backend, label: &str, types: Vec<&'static str>) -> (TestDb, Engine) {
    let db = TestDb::create_on(backend, "engine", |url| async move {
        delivery_engine::db::run_migrations(&url, vec![delivery_engine::db::ENGINE_MIGRATIONS]).await?;
        Ok(())
    })
    .await
    .unwrap();
    let profile = Profile {
        signer: Arc::new(HmacSha256Hex::V1),
        signature_header: HeaderName::from_static("x-webhook-signature"),
        headers: Arc::new(IdHeader),
        retry: RetryPolicy::fixed([1, 5, 30, 120].iter().map(|m| Duration::from_secs(m * 60)).collect()),
        timeout: Duration::from_secs(10),
        catalog: EventCatalog::new(types),
        secret_prefix: "whsec_".into(),
        probe_header: HeaderName::from_static("x-webhook-probe"),
    };
    let pool = delivery_engine::db::connect_pool(db.url(), 16).unwrap();
    let keyring = Keyring::parse(&Keyring::generate_entry("bench")).unwrap();
    let policy = AddressPolicy::parse_allow_list("127.0.0.0/8").unwrap();
    // As a service runs by default (PAYLOAD_RETENTION = RETENTION = 30 days): a recovery
    // looks for erased payloads only in the part of its window older than that.
    let payload_retention = Some(delivery_engine::policy::Retention::default().payload());
    let engine = Engine::new(
        pool,
        keyring,
        profile,
        EngineConfig { url_rule: UrlRule::HttpOrHttps, address_policy: policy, payload_retention },
    );
    eprintln!("[{label}] {backend:?} database {}", db.name());
    (db, engine)
}

fn dispatcher(engine: &Engine, db: &TestDb) -> (CancellationToken, tokio::task::JoinHandle<()>) {
    dispatcher_with(engine, db, DispatcherConfig::default())
}

fn dispatcher_with(
    engine: &Engine,
    db: &TestDb,
    config: DispatcherConfig,
) -> (CancellationToken, tokio::task::JoinHandle<()>) {
    let client = OutboundClient::new(OutboundConfig {
        policy: AddressPolicy::parse_allow_list("127.0.0.0/8").unwrap(),
        ..Default::default()
    })
    .unwrap();
    let token = CancellationToken::new();
    let worker =
        engine.with_pool(delivery_engine::db::connect_worker_pool(db.url(), 8, &Default::default()).unwrap());
    let d = worker.dispatcher(client, config);
    (token.clone(), tokio::spawn(d.run(token)))
}

async fn endpoints(engine: &Engine, n: usize, receiver: &Receiver) {
    for _ in 0..n {
        engine
            .create_endpoint(
                &Tenant::new("bench").unwrap(),
                NewEndpoint {
                    url: receiver.url(),
                    event_types: vec![],
                    rate_limit_per_s: None,
                    ..Default::default()
                },
            )
            .await
            .unwrap();
    }
}

async fn throughput(backend: Backend, deliveries: usize, fanout: usize) {
    let (db, engine) = setup(backend, &format!("throughput fan-out {fanout}")).await;
    let receiver = Receiver::ok().await;
    endpoints(&engine, fanout, &receiver).await;
    let events = deliveries / fanout;
    let body = br#"{"event":"bench.event","id":"x","status":"succeeded"}"#;
    enqueue_batches(&engine, "bench", events, body, |i| format!("e{i}")).await;
    let started = Instant::now();
    let (token, handle) = dispatcher(&engine, &db);
    let got = receiver.wait_for(events * fanout).await;
    let first = got.iter().map(|r| r.received).min().unwrap();
    let last = got.iter().map(|r| r.received).max().unwrap();
    token.cancel();
    handle.await.unwrap();
    let recorded =
        db.count("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'").await.unwrap();
    let span = (last - first).as_secs_f64();
    println!(
        "{backend:?} throughput  fan-out {fanout:>2}: {:>6} deliveries ({events} events) in {span:.2} s = {:>6.0} deliveries/s \
         (start to last receipt {:.2} s; {recorded} recorded delivered)",
        got.len(),
        got.len() as f64 / span,
        (last - started).as_secs_f64(),
    );
}

async fn latency(backend: Backend, rate: u64, seconds: u64) {
    let (db, engine) = setup(backend, "latency").await;
    let receiver = Receiver::ok().await;
    endpoints(&engine, 1, &receiver).await;
    let (token, handle) = dispatcher(&engine, &db);
    // Let the dispatcher's LISTEN connection come up.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let committed: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let total = (rate * seconds) as usize;
    let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / rate as f64));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut producers = tokio::task::JoinSet::new();
    for i in 0..total {
        ticker.tick().await;
        let (engine, committed) = (engine.clone(), committed.clone());
        producers.spawn(async move {
            let key = format!("l{i}");
            enqueue_one(&engine, "bench", key.clone(), br#"{"event":"bench.event"}"#).await;
            committed.lock().unwrap().insert(key, Instant::now());
        });
    }
    while producers.join_next().await.is_some() {}
    let got = receiver.wait_for(total).await;
    token.cancel();
    handle.await.unwrap();
    let committed = committed.lock().unwrap();
    // A receipt can precede the producer's timestamp (NOTIFY wakes the worker at commit); count it as 0.
    let mut lat: Vec<Duration> = got
        .iter()
        .map(|r| {
            let at = committed[r.header("x-bench-id").unwrap()];
            r.received.saturating_duration_since(at)
        })
        .collect();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    println!(
        "{backend:?} latency     {rate} events/s for {seconds} s ({total} events): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3,
    );
}

/// Enqueues `events` events of `tenant` (each to every endpoint of the tenant), 500 per
/// transaction, the i-th with the dedupe key `key(i)`.
async fn enqueue_batches(
    engine: &Engine,
    tenant: &'static str,
    events: usize,
    body: &'static [u8],
    key: fn(usize) -> String,
) {
    for batch in 0..events.div_ceil(500) {
        let e = engine.clone();
        engine
            .transaction(move |mut c| {
                Box::pin(async move {
                    let tenant = Tenant::new(tenant)?;
                    for i in batch * 500..((batch + 1) * 500).min(events) {
                        let key = key(i);
                        e.enqueue(&mut c, bench_event(&tenant, &key, body)).await?;
                    }
                    Ok::<_, delivery_engine::EngineError>(())
                })
            })
            .await
            .unwrap();
    }
}

/// The benchmark's event: one type, fanned out to every endpoint of `tenant`.
fn bench_event<'a>(tenant: &'a Tenant, key: &'a str, body: &'a [u8]) -> NewEvent<'a> {
    NewEvent { tenant, event_type: "bench.event", dedupe_key: key, body, only_endpoint: None, id: None }
}

/// Enqueues one event in a transaction of its own, as a service's outbox write is.
async fn enqueue_one(engine: &Engine, tenant: &'static str, key: String, body: &'static [u8]) {
    let e = engine.clone();
    engine
        .transaction(move |mut c| {
            Box::pin(async move { e.enqueue(&mut c, bench_event(&Tenant::new(tenant)?, &key, body)).await })
        })
        .await
        .unwrap();
}

async fn fairness(backend: Backend, backlog: usize, busy_endpoints: usize) {
    let (db, engine) = setup(backend, "fairness").await;
    let slow = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_millis(50))).await;
    let fast = Receiver::ok().await;
    for (tenant, n, receiver) in [("busy", busy_endpoints, &slow), ("quiet", 1, &fast)] {
        for _ in 0..n {
            let endpoint = NewEndpoint {
                url: receiver.url(),
                event_types: vec![],
                rate_limit_per_s: None,
                ..Default::default()
            };
            engine.create_endpoint(&Tenant::new(tenant).unwrap(), endpoint).await.unwrap();
        }
    }
    enqueue_batches(&engine, "busy", backlog / busy_endpoints, br#"{"bench":true}"#, |i| format!("busy{i}"))
        .await;
    let (token, handle) = dispatcher(&engine, &db);
    // Draining, every slot taken: 256 in flight, each answered after 50 ms.
    slow.wait_for(1_000).await;
    let mut waits = Vec::new();
    for i in 0..20 {
        enqueue_one(&engine, "quiet", format!("first{i}"), br#"{"bench":true}"#).await;
        let committed = Instant::now();
        let arrived = fast.wait_for(i + 1).await.iter().map(|r| r.received).max().unwrap();
        waits.push(arrived.saturating_duration_since(committed));
    }
    let drained = slow.count();
    token.cancel();
    handle.await.unwrap();
    assert!(drained < backlog, "the backlog drained before the measure ended ({drained} of {backlog})");
    waits.sort();
    println!(
        "{backend:?} fairness    {backlog} due for another tenant over {busy_endpoints} endpoint(s), \
         {drained} sent meanwhile: first attempt p50 {:.1} ms, max {:.1} ms (20 events)",
        waits[10].as_secs_f64() * 1e3,
        waits[19].as_secs_f64() * 1e3,
    );
}

/// Median and max of 20 runs of `read`, in milliseconds.
async fn timed<F, Fut>(read: F) -> (f64, f64)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = usize>,
{
    let mut took = Vec::with_capacity(20);
    for _ in 0..20 {
        let start = Instant::now();
        std::hint::black_box(read().await);
        took.push(start.elapsed().as_secs_f64() * 1e3);
    }
    took.sort_by(f64::total_cmp);
    (took[10], took[19])
}

/// Two endpoints for `bench` and two for `other`, `size` pending deliveries for `bench` (two
/// endpoints, so size / 2 events) and a tenth as many for `other`, in transactions of 500 events,
/// then the planner's statistics; the endpoints' ids.
async fn fill_log(backend: Backend, engine: &Engine, receiver: &Receiver, size: usize) -> Vec<uuid::Uuid> {
    let mut ids = Vec::new();
    for tenant in ["bench", "other"] {
        for _ in 0..2 {
            let created = engine
                .create_endpoint(
                    &Tenant::new(tenant).unwrap(),
                    NewEndpoint {
                        url: receiver.url(),
                        event_types: vec![],
                        rate_limit_per_s: None,
                        ..Default::default()
                    },
                )
                .await
                .unwrap();
            ids.push(created.endpoint.id);
        }
    }
    let started = Instant::now();
    for (tenant, events) in [("bench", size / 2), ("other", size / 20)] {
        // Keys as workflow-api makes them (`<run>:run.<outcome>`), for the prefix search.
        let key = |i: usize| format!("{i:08}-run:run.{}", if i % 10 == 0 { "failed" } else { "completed" });
        enqueue_batches(engine, tenant, events, br#"{"bench":true}"#, key).await;
    }
    eprintln!("[log] {backend:?}: {size} deliveries stored in {:.1} s", started.elapsed().as_secs_f64());
    analyze(engine).await;
    ids
}

/// What autovacuum (PostgreSQL) or `PRAGMA optimize` would have done by now in production: the
/// planner's statistics, so it plans for 100,000 rows and not for an empty table.
async fn analyze(engine: &Engine) {
    engine
        .run(|mut c| {
            Box::pin(async move {
                use diesel::RunQueryDsl as _;
                match c.backend() {
                    delivery_engine::db::Backend::Pg(c) => {
                        diesel_async::RunQueryDsl::execute(diesel::sql_query("ANALYZE"), c).await?;
                    }
                    delivery_engine::db::Backend::Sqlite(c) => {
                        diesel::sql_query("ANALYZE").execute(c)?;
                    }
                }
                Ok::<_, delivery_engine::EngineError>(())
            })
        })
        .await
        .unwrap();
}

/// The cursor of page 1,000 (50,000 rows in), found by walking pages once.
async fn cursor_of_page_1000(engine: &Engine, first: &DeliveryQuery, size: usize) -> Option<LogPosition> {
    let mut cursor = None;
    for _ in 0..1000.min(size / 50 - 1) {
        let query = DeliveryQuery { after: cursor, ..first.clone() };
        let rows = engine.list_deliveries(&Tenant::new("bench").unwrap(), &query).await.unwrap();
        cursor = rows.get(49).map(LogPosition::of);
    }
    cursor
}

fn print_read(backend: Backend, size: usize, name: &str, (median, max): (f64, f64)) {
    println!("{backend:?} log {size} deliveries  {name:<30} median {median:>7.2} ms  max {max:>7.2} ms");
}

async fn log_reads(backend: Backend, size: usize) {
    let (_db, engine) = setup(backend, "log").await;
    let receiver = Receiver::ok().await;
    let ids = fill_log(backend, &engine, &receiver, size).await;
    let page = |q: DeliveryQuery| {
        let engine = engine.clone();
        move || {
            let (engine, q) = (engine.clone(), q.clone());
            async move { engine.list_deliveries(&Tenant::new("bench").unwrap(), &q).await.unwrap().len() }
        }
    };
    let first = DeliveryQuery { limit: 51, ..Default::default() };
    let cursor = cursor_of_page_1000(&engine, &first, size).await;
    let one = engine.list_deliveries(&Tenant::new("bench").unwrap(), &first).await.unwrap()[0].id;
    let cases: Vec<(&str, DeliveryQuery)> = vec![
        ("first page", first.clone()),
        ("page 1,000 by cursor", DeliveryQuery { after: cursor, ..first.clone() }),
        (
            "status matching every row",
            DeliveryQuery { status: Some(DeliveryStatus::Pending), ..first.clone() },
        ),
        ("status matching no row", DeliveryQuery { status: Some(DeliveryStatus::Dead), ..first.clone() }),
        ("one endpoint", DeliveryQuery { endpoint_id: Some(ids[1]), ..first.clone() }),
        (
            "event type matching no row",
            DeliveryQuery { event_type: Some("other.event".into()), ..first.clone() },
        ),
        (
            "search by dedupe-key prefix",
            DeliveryQuery {
                dedupe_key: Some(KeyMatch::Prefix(format!("{:08}-run:", size / 4))),
                ..first.clone()
            },
        ),
        ("search by delivery id", DeliveryQuery { delivery_id: Some(one), ..first.clone() }),
    ];
    for (name, q) in cases {
        print_read(backend, size, name, timed(page(q)).await);
    }
    let detail = || {
        let engine = engine.clone();
        async move { engine.get_delivery(&Tenant::new("bench").unwrap(), one).await.unwrap().1.len() }
    };
    print_read(backend, size, "one delivery's detail", timed(detail).await);
    let overview = || {
        let engine = engine.clone();
        async move {
            let since = chrono::Utc::now() - chrono::TimeDelta::hours(24);
            engine.tenant_overview(&Tenant::new("bench").unwrap(), since).await.unwrap().attempts as usize
        }
    };
    print_read(backend, size, "overview figures", timed(overview).await);
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deliveries = arg(&args, "--deliveries", 20_000) as usize;
    let rate = arg(&args, "--rate", 500);
    let seconds = arg(&args, "--seconds", 10);
    println!(
        "delivery-engine bench: {} cores",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    );
    let backends = match args.iter().position(|a| a == "--backend").and_then(|i| args.get(i + 1)) {
        None => vec![Backend::Postgres, Backend::Sqlite],
        Some(b) if b == "both" => vec![Backend::Postgres, Backend::Sqlite],
        Some(b) if b == "postgres" => vec![Backend::Postgres],
        Some(b) if b == "sqlite" => vec![Backend::Sqlite],
        Some(b) => panic!("--backend takes postgres, sqlite or both, not {b}"),
    };
    let log_size = arg(&args, "--log-size", 100_000) as usize;
    let backlog = arg(&args, "--backlog", 100_000) as usize;
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).map(String::as_str);
    let named = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    if only == Some("filters") {
        filters::run();
        return;
    }
    if let Some(n) = named("--sweep") {
        for backend in backends {
            sweep::run(backend, n.parse().expect("--sweep takes a number"), deliveries).await;
        }
        return;
    }
    if let Some(n) = named("--history") {
        let n: usize = n.parse().expect("--history takes a number");
        match (named("--into"), named("--tenant")) {
            (Some(url), Some(tenant)) => history::fill_into(&url, &tenant, n).await,
            (None, None) => {
                for backend in backends {
                    history::run(backend, n, deliveries).await;
                }
            }
            _ => panic!("--into and --tenant go together"),
        }
        return;
    }
    for backend in backends {
        if only.is_none() {
            throughput(backend, deliveries, 1).await;
            throughput(backend, deliveries, 10).await;
            latency(backend, rate, seconds).await;
        }
        if only.is_none() || only == Some("log") {
            log_reads(backend, log_size).await;
        }
        if only.is_none() || only == Some("fairness") {
            fairness(backend, backlog, 1).await;
            fairness(backend, backlog, 200).await;
        }
    }
}
