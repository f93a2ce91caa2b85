//! `--history N`: what a stored history costs. One tenant with N settled deliveries spread over
//! the last 30 days (1 % dead; `fill.rs` builds them with set-based SQL), then:
//!
//! 1. every delivery log read the API and the consoles make (first and following pages; status,
//!    endpoint, event type and time filters; search by id), one delivery's detail, the console
//!    overview and endpoint activity, and a recovery dry run over 30 days: median and max;
//! 2. a burst at the engine's door (32 producers, one event per transaction, a dispatcher
//!    running) into the history's database against a fresh one, interleaved fresh, history,
//!    history, fresh: deliveries per second, and enqueue-commit to receipt p50 and p99.
//!
//! With `--into URL --tenant T`, it only builds the history in a service's own database
//! (migrated by the service, which is not running), for a burst through the API with whbench.

use crate::fill::{History, TYPES};
use crate::{dispatcher_with, enqueue_one, setup_with};
use chrono::{TimeDelta, Utc};
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, KeyMatch, LogPosition};
use delivery_engine::endpoints::NewEndpoint;
use delivery_engine::recovery::RecoveryWindow;
use delivery_engine::{DispatcherConfig, Engine, Tenant};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use test_support::{Backend, Receiver, TestDb};
use uuid::Uuid;

/// The history spans this, ending now: inside the default `RETENTION` (30 days), so the sweeper
/// finds nothing to remove while the figures are taken.
const SPAN: Duration = Duration::from_secs(30 * 24 * 3600 - 3600);

/// Producers of a burst, each committing one event at a time.
const PRODUCERS: usize = 32;

/// The tenant's endpoints: the first takes every type (the bursts go to it alone), the next
/// three only the history's types, and the last is new (no delivery yet).
pub(crate) async fn endpoints(engine: &Engine, receiver: &Receiver) -> Vec<Uuid> {
    let tenant = Tenant::new("bench").unwrap();
    let mut ids = Vec::new();
    for i in 0..5 {
        let event_types = if i == 0 { vec![] } else { TYPES.iter().map(|t| (*t).to_owned()).collect() };
        let endpoint =
            NewEndpoint { url: receiver.url(), event_types, rate_limit_per_s: None, ..Default::default() };
        ids.push(engine.create_endpoint(&tenant, endpoint).await.unwrap().endpoint.id);
    }
    ids
}

/// The catalog: the history's types and the bursts'.
pub(crate) fn catalog() -> Vec<&'static str> {
    TYPES.iter().copied().chain(["bench.event"]).collect()
}

/// What autovacuum and the checkpointer would have done by now on PostgreSQL (a history built
/// over a month is long written out; without the checkpoint, the bulk load's gigabytes of dirty
/// pages are written during the first burst); nothing on SQLite, where the engine never runs
/// `ANALYZE` (its log reads name their index).
pub(crate) async fn settle(db: &TestDb, backend: Backend) {
    if backend == Backend::Postgres {
        db.execute("VACUUM ANALYZE").await.unwrap();
        db.execute("CHECKPOINT").await.unwrap();
    }
}

pub(crate) async fn size_bytes(db: &TestDb, backend: Backend) -> i64 {
    let sql = match backend {
        Backend::Postgres => "SELECT pg_database_size(current_database()) AS n",
        Backend::Sqlite => "SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()",
    };
    db.count(sql).await.unwrap()
}

pub async fn run(backend: Backend, n: usize, burst_events: usize) {
    let (db, engine) = setup_with(backend, "history", catalog()).await;
    let receiver = Receiver::ok().await;
    let ids = endpoints(&engine, &receiver).await;
    let history = History { tenant: "bench", endpoints: &ids[..4], n, span: SPAN, now: Utc::now() };
    let started = Instant::now();
    db.execute(&history.sql(backend)).await.unwrap();
    settle(&db, backend).await;
    let size = size_bytes(&db, backend).await;
    println!(
        "{backend:?} history {n}: stored in {:.0} s; database {} MB, {} bytes per delivery",
        started.elapsed().as_secs_f64(),
        size / 1_000_000,
        size / n.max(1) as i64
    );
    reads(backend, &engine, &ids, n).await;
    let fresh_receiver = Receiver::ok().await;
    for which in ["fresh", "history", "history", "fresh"] {
        if which == "history" {
            burst((backend, &engine, &db, &receiver), burst_events, which, DispatcherConfig::default()).await;
        } else {
            let (fresh_db, fresh) = setup_with(backend, "fresh", catalog()).await;
            endpoints(&fresh, &fresh_receiver).await;
            let parts = (backend, &fresh, &fresh_db, &fresh_receiver);
            burst(parts, burst_events, which, DispatcherConfig::default()).await;
        }
    }
}

/// `--into URL --tenant T`: the history alone, in a service's database.
pub async fn fill_into(url: &str, tenant: &str, n: usize) {
    let endpoints: Vec<Uuid> = (0..4).map(|_| Uuid::now_v7()).collect();
    let history = History { tenant, endpoints: &endpoints, n, span: SPAN, now: Utc::now() };
    let sqlite = url.starts_with("sqlite://");
    let started = Instant::now();
    let mut sql = history.placeholder_endpoints(sqlite);
    sql.push_str(&if sqlite { history.sqlite() } else { history.postgres() });
    test_support::execute_at(url, &sql).await.unwrap();
    if !sqlite {
        test_support::execute_at(url, "VACUUM ANALYZE").await.unwrap();
    }
    println!("history {n} for tenant {tenant} stored in {:.0} s", started.elapsed().as_secs_f64());
}

/// Median and max of up to 50 runs of `read` (fewer when it is slow: at most about 10 s), in ms.
async fn timed<F, Fut>(read: F) -> (f64, f64, usize)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = usize>,
{
    let (mut took, budget) = (Vec::new(), Instant::now());
    while took.len() < 50 && (took.len() < 3 || budget.elapsed() < Duration::from_secs(10)) {
        let start = Instant::now();
        std::hint::black_box(read().await);
        took.push(start.elapsed().as_secs_f64() * 1e3);
    }
    took.sort_by(f64::total_cmp);
    (took[took.len() / 2], took[took.len() - 1], took.len())
}

fn report(backend: Backend, n: usize, name: &str, (median, max, runs): (f64, f64, usize)) {
    println!("{backend:?} history {n}  {name:<36} median {median:>8.2} ms  max {max:>8.2} ms  ({runs} runs)");
}

/// The log reads, by filter; then the detail, the overview, endpoint activity and recovery.
async fn reads(backend: Backend, engine: &Engine, ids: &[Uuid], n: usize) {
    let tenant = Tenant::new("bench").unwrap();
    let first = DeliveryQuery { limit: 51, ..Default::default() };
    let page1 = engine.list_deliveries(&tenant, &first).await.unwrap();
    let one = page1[0].clone();
    let mut cursor = page1.get(49).map(LogPosition::of);
    let next = DeliveryQuery { after: cursor, ..first.clone() };
    for _ in 1..1000.min(n / 50 - 1) {
        let rows = engine.list_deliveries(&tenant, &DeliveryQuery { after: cursor, ..first.clone() }).await;
        cursor = rows.unwrap().get(49).map(LogPosition::of);
    }
    let now = Utc::now();
    let day = |from: i64| (Some(now - TimeDelta::days(from)), Some(now - TimeDelta::days(from - 1)));
    let (from, before) = day(15);
    let status = |s| DeliveryQuery { status: Some(s), ..first.clone() };
    let cases: Vec<(&str, DeliveryQuery)> = vec![
        ("first page", first.clone()),
        ("next page", next),
        ("page 1,000 by cursor", DeliveryQuery { after: cursor, ..first.clone() }),
        ("status delivered (99 %)", status(DeliveryStatus::Delivered)),
        ("status dead (1 %)", status(DeliveryStatus::Dead)),
        ("status failed (none)", status(DeliveryStatus::Failed)),
        ("status pending (none)", status(DeliveryStatus::Pending)),
        ("endpoint (25 %)", DeliveryQuery { endpoint_id: Some(ids[0]), ..first.clone() }),
        ("endpoint (none)", DeliveryQuery { endpoint_id: Some(ids[4]), ..first.clone() }),
        ("event type (12.5 %)", DeliveryQuery { event_type: Some(TYPES[0].into()), ..first.clone() }),
        ("event type (none)", DeliveryQuery { event_type: Some("bench.event".into()), ..first.clone() }),
        (
            "one day, 15 days ago",
            DeliveryQuery { created_from: from, created_before: before, ..first.clone() },
        ),
        (
            "one day, 15 days ago, dead",
            DeliveryQuery {
                created_from: from,
                created_before: before,
                status: Some(DeliveryStatus::Dead),
                ..first.clone()
            },
        ),
        ("search by delivery id", DeliveryQuery { delivery_id: Some(one.id), ..first.clone() }),
        ("search by event id", DeliveryQuery { event_id: Some(one.event_id), ..first.clone() }),
        (
            "search by event key",
            DeliveryQuery { dedupe_key: Some(KeyMatch::Exact(one.dedupe_key.clone())), ..first.clone() },
        ),
        (
            "search by event key prefix",
            DeliveryQuery {
                dedupe_key: Some(KeyMatch::Prefix(one.dedupe_key[..20].to_owned())),
                ..first.clone()
            },
        ),
    ];
    for (name, q) in cases {
        let (engine, tenant) = (engine.clone(), tenant.clone());
        let read = move || {
            let (engine, tenant, q) = (engine.clone(), tenant.clone(), q.clone());
            async move { engine.list_deliveries(&tenant, &q).await.unwrap().len() }
        };
        report(backend, n, name, timed(read).await);
    }
    summaries(backend, engine, &tenant, ids[0], one.id, n).await;
}

/// One delivery's detail, the console's overview and endpoint activity, and recovery dry runs.
async fn summaries(backend: Backend, engine: &Engine, tenant: &Tenant, endpoint: Uuid, one: Uuid, n: usize) {
    let e = || (engine.clone(), tenant.clone());
    let detail = || {
        let (engine, tenant) = e();
        async move { engine.get_delivery(&tenant, one).await.unwrap().1.len() }
    };
    report(backend, n, "one delivery's detail", timed(detail).await);
    let overview = || {
        let (engine, tenant) = e();
        async move {
            let since = Utc::now() - TimeDelta::hours(24);
            engine.tenant_overview(&tenant, since).await.unwrap().attempts as usize
        }
    };
    report(backend, n, "console overview (24 h)", timed(overview).await);
    let activity = || {
        let (engine, tenant) = e();
        async move { engine.endpoint_activity(&tenant, Utc::now() - TimeDelta::hours(24)).await.unwrap().len() }
    };
    report(backend, n, "endpoint activity (24 h)", timed(activity).await);
    for include_delivered in [false, true] {
        let dry_run = || {
            let (engine, tenant) = e();
            async move {
                let now = Utc::now();
                let window =
                    RecoveryWindow::new(now - TimeDelta::days(30), None, include_delivered, now).unwrap();
                engine.recovery_dry_run(&tenant, endpoint, window).await.unwrap() as usize
            }
        };
        let name =
            if include_delivered { "recovery dry run, 30 days, all" } else { "recovery dry run, 30 days" };
        report(backend, n, name, timed(dry_run).await);
    }
}

/// `events` events of `bench.event` from [`PRODUCERS`] producers, one per transaction, with a
/// dispatcher running: deliveries per second from the first enqueue to the last receipt, and
/// enqueue-commit to receipt p50 and p99; the dispatcher as `config` says (the sweeper in it
/// or not).
pub(crate) async fn burst(
    (backend, engine, db, receiver): (Backend, &Engine, &TestDb, &Receiver),
    events: usize,
    label: &str,
    config: DispatcherConfig,
) {
    let before = receiver.count();
    let (token, handle) = dispatcher_with(engine, db, config);
    // Let the dispatcher's LISTEN connection come up.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let committed: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut producers = tokio::task::JoinSet::new();
    for _ in 0..PRODUCERS {
        let (engine, committed, next) = (engine.clone(), committed.clone(), next.clone());
        let run = Uuid::now_v7();
        producers.spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= events {
                    return;
                }
                let key = format!("{run}-{i}");
                enqueue_one(&engine, "bench", key.clone(), br#"{"event":"bench.event"}"#).await;
                committed.lock().unwrap().insert(key, Instant::now());
            }
        });
    }
    while producers.join_next().await.is_some() {}
    let got = receiver.wait_for(before + events).await;
    token.cancel();
    handle.await.unwrap();
    let committed = committed.lock().unwrap();
    let mine: Vec<_> = got[before..].iter().collect();
    let last = mine.iter().map(|r| r.received).max().unwrap();
    let mut lat: Vec<Duration> = mine
        .iter()
        .filter_map(|r| {
            committed.get(r.header("x-bench-id")?).map(|at| r.received.saturating_duration_since(*at))
        })
        .collect();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)].as_secs_f64() * 1e3;
    println!(
        "{backend:?} burst {events} events, {label:<9}: {:>6.0} deliveries/s, p50 {:.1} ms, p99 {:.1} ms",
        events as f64 / (last - started).as_secs_f64(),
        pct(0.50),
        pct(0.99),
    );
}
