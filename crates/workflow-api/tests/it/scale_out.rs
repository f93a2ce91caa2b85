//! Scale-out on PostgreSQL: one `ROLE=api` process and several `ROLE=worker` processes on one
//! database. A burst is delivered once each, every worker taking a share; a worker killed with
//! SIGKILL mid-burst loses nothing and is duplicated only in what it had in flight; a worker
//! stopped with SIGTERM mid-burst loses and duplicates nothing.
//!
//! `SCALE_OUT_EVENTS` sets the burst (default 400 runs × 5 endpoints = 2,000 deliveries, for
//! CI); `docs/operations.md` records a run at 10,000.

use futures_util::stream::{self, StreamExt};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use test_support::prometheus::{metrics_containing, sample};
use test_support::{run_cli, ApiClient, Backend, Receiver, Recorded, Reply, ServiceProcess, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const ENDPOINTS: usize = 5;

fn events() -> usize {
    std::env::var("SCALE_OUT_EVENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(400)
}

async fn migrated_db() -> TestDb {
    TestDb::migrated_by(Backend::Postgres, "scale", BIN).await.unwrap()
}

async fn start(db: &TestDb, role: &str, extra: &[(&str, &str)]) -> ServiceProcess {
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("RETRY_SCHEDULE", "200ms,200ms,200ms,200ms"),
        ("DELIVERY_TIMEOUT", "5s"),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "100ms"),
        ("DATABASE_POOL_SIZE", "4"),
        // The burst would hit the default limit of 100 requests a second.
        ("RATE_LIMIT", "0"),
        ("ROLE", role),
    ];
    env.extend_from_slice(extra);
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn api_client(process: &ServiceProcess) -> ApiClient {
    let token = run_cli(BIN, &["token", "--account", "acct"], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    ApiClient::new(process.base_url()).with_bearer(token.trim())
}

async fn register_endpoints(api: &ApiClient, receiver: &Receiver) {
    for i in 0..ENDPOINTS {
        let body = json!({ "url": format!("{}/ep{i}", receiver.url()), "events": ["run.completed"] });
        assert_eq!(api.call("POST", "/webhooks", Some(body)).await.status, 201);
    }
}

/// Settles `n` runs through the API, 16 clients at a time; returns the event ids.
async fn publish(api: &ApiClient, n: usize) -> HashSet<String> {
    stream::iter(0..n)
        .map(|_| async move {
            let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await;
            assert_eq!(run.status, 201, "{}", String::from_utf8_lossy(&run.body));
            let id = run.json()["id"].as_str().unwrap().to_owned();
            let settled =
                api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
            assert_eq!(settled.status, 200);
            format!("{id}:run.completed")
        })
        .buffer_unordered(16)
        .collect()
        .await
}

/// Each delivery is an (endpoint path, event id) pair; how many times each arrived.
fn arrivals<'a>(reqs: impl IntoIterator<Item = &'a Recorded>) -> HashMap<(String, String), usize> {
    let mut seen = HashMap::new();
    for r in reqs {
        let id = r.header("x-webhook-id").unwrap().to_owned();
        *seen.entry((r.path.clone(), id)).or_insert(0) += 1;
    }
    seen
}

fn all_arrived(reqs: &[Recorded], events: &HashSet<String>) -> bool {
    let seen = arrivals(reqs);
    events.iter().all(|e| (0..ENDPOINTS).all(|i| seen.contains_key(&(format!("/hook/ep{i}"), e.clone()))))
}

/// A worker's count of successful attempts, from its own `/metrics`.
async fn successes(worker: &ServiceProcess) -> u64 {
    let url = format!("{}/metrics", worker.base_url());
    let text = metrics_containing(&url, "webhook_ready").await;
    sample(&text, "webhook_attempts_total{service=\"workflow-api\",outcome=\"success\"}") as u64
}

/// Deliveries `worker` claimed and has not finished an attempt of (before any lease expired).
async fn in_flight(worker: &ServiceProcess) -> u64 {
    let url = format!("{}/metrics", worker.base_url());
    let text = metrics_containing(&url, "webhook_ready").await;
    let claimed = sample(&text, "webhook_claim_batch_size_sum{service=\"workflow-api\"}") as u64;
    let attempted: f64 = text
        .lines()
        .filter(|l| l.starts_with("webhook_attempts_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum();
    claimed.saturating_sub(attempted as u64)
}

#[tokio::test(flavor = "multi_thread")]
async fn an_api_and_three_workers_share_a_burst_and_survive_a_kill_9() {
    let db = migrated_db().await;
    // A short pause per answer keeps attempts in flight in every worker; while `slow`, answers
    // take 3 s, so that every worker surely holds attempts when one is killed.
    let slow = Arc::new(AtomicBool::new(false));
    let slow_now = slow.clone();
    let receiver = Receiver::start(move |_, _| {
        let pause = if slow_now.load(Ordering::SeqCst) { 3000 } else { 20 };
        Reply::StatusAfter(200, Duration::from_millis(pause))
    })
    .await;
    let api_process = start(&db, "api", &[]).await;
    let mut workers = Vec::new();
    for _ in 0..3 {
        workers.push(start(&db, "worker", &[("DELIVERY_LEASE", "2s")]).await);
    }
    for worker in &workers {
        // A worker serves its probes (and metrics) on LISTEN_ADDR.
        let probes = ApiClient::new(worker.base_url());
        assert_eq!(probes.call("GET", "/livez", None).await.status, 200);
        assert_eq!(probes.call("GET", "/readyz", None).await.status, 200);
        assert_eq!(probes.call("GET", "/webhooks", None).await.status, 404, "no API on a worker");
    }
    let api = api_client(&api_process).await;
    register_endpoints(&api, &receiver).await;

    // The happy path: every delivery once, and every worker took a share.
    let n = events();
    let first = publish(&api, n).await;
    let got = receiver.wait_until("the first burst", |r| all_arrived(r, &first)).await;
    let seen = arrivals(&got);
    assert_eq!(seen.len(), n * ENDPOINTS);
    let duplicated: Vec<_> = seen.iter().filter(|(_, &c)| c > 1).collect();
    assert!(duplicated.is_empty(), "duplicates on the happy path: {duplicated:?}");
    let mut shares = Vec::new();
    for worker in &workers {
        shares.push(successes(worker).await);
    }
    assert!(shares.iter().all(|&s| s > 0), "a worker took no share: {shares:?}");
    assert_eq!(shares.iter().sum::<u64>(), (n * ENDPOINTS) as u64, "shares {shares:?}");
    eprintln!("shares of {} deliveries: {shares:?}", n * ENDPOINTS);

    // kill -9 one worker mid-burst, while 60 attempts hang for 3 s: the three workers race for
    // each new delivery, so the killed one holds some of them.
    let before = got.len();
    slow.store(true, Ordering::SeqCst);
    let api_for_burst = api.clone();
    let burst = tokio::spawn(async move { publish(&api_for_burst, n).await });
    receiver.wait_for(before + 60).await;
    // The one to kill holds attempts now (claimed, not yet answered): which one does is the
    // race's, so the test asks each worker rather than trusting the first to have won some.
    let holder = test_support::eventually("a worker holding attempts", || async {
        for (i, worker) in workers.iter().enumerate() {
            if in_flight(worker).await > 0 {
                return Some(i);
            }
        }
        None
    })
    .await;
    let mut killed = workers.remove(holder);
    killed.kill().await.unwrap();
    slow.store(false, Ordering::SeqCst);
    let received_at_kill = arrivals(&receiver.requests()[before..]);
    let second = burst.await.unwrap();
    receiver.wait_until("the second burst", |r| all_arrived(&r[before..], &second)).await;
    // What the killed worker had in flight is sent again once its lease runs out.
    wait_delivered(&db, 2 * n * ENDPOINTS).await;
    let seen = arrivals(&receiver.requests()[before..]);
    assert_eq!(seen.len(), n * ENDPOINTS, "every delivery of the second burst arrived");
    let duplicated: Vec<_> = seen.iter().filter(|(_, &c)| c > 1).map(|(k, _)| k).collect();
    assert!(
        duplicated.iter().all(|k| received_at_kill.contains_key(*k)),
        "a duplicate of a delivery that had not arrived at the kill"
    );
    // The killed worker held at most DELIVERY_CONCURRENCY attempts (256 by default).
    assert!(duplicated.len() <= 256, "{} duplicates", duplicated.len());
    let mut expired = 0;
    for worker in &workers {
        let text = metrics_containing(&format!("{}/metrics", worker.base_url()), "webhook_ready").await;
        expired += sample(&text, "webhook_expired_leases_total{service=\"workflow-api\"}") as u64;
    }
    assert!(expired >= 1, "the survivors took over no expired lease");
    eprintln!("kill -9 mid-burst: {} duplicates, {expired} expired leases taken over", duplicated.len());
}

/// Waits until `total` deliveries are recorded as delivered.
async fn wait_delivered(db: &TestDb, total: usize) {
    test_support::eventually(&format!("all {total} recorded as delivered"), || async {
        let delivered = db
            .count("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'")
            .await
            .unwrap();
        match delivered == total as i64 {
            true => Ok(()),
            false => Err(format!("only {delivered} of {total} recorded as delivered")),
        }
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_to_a_worker_mid_burst_loses_and_duplicates_nothing() {
    let db = migrated_db().await;
    let receiver = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_millis(50))).await;
    let api_process = start(&db, "api", &[]).await;
    let mut draining = start(&db, "worker", &[("SHUTDOWN_GRACE", "10s")]).await;
    let other = start(&db, "worker", &[("SHUTDOWN_GRACE", "10s")]).await;
    let api = api_client(&api_process).await;
    register_endpoints(&api, &receiver).await;

    let n = events() / 2;
    let api_for_burst = api.clone();
    let burst = tokio::spawn(async move { publish(&api_for_burst, n).await });
    receiver.wait_for(n).await;
    let status = draining.terminate().await.unwrap();
    assert!(status.success(), "the drained worker exited with {status}");
    let other_at_sigterm = successes(&other).await;
    let events = burst.await.unwrap();
    receiver.wait_until("the whole burst", |r| all_arrived(r, &events)).await;
    wait_delivered(&db, n * ENDPOINTS).await;
    let seen = arrivals(&receiver.requests());
    assert_eq!(seen.len(), n * ENDPOINTS);
    let duplicated: Vec<_> = seen.iter().filter(|(_, &c)| c > 1).collect();
    assert!(duplicated.is_empty(), "duplicates after a SIGTERM: {duplicated:?}");
    // The other worker went on and finished the burst.
    assert!(successes(&other).await > other_at_sigterm);
    let attempts = db.count("SELECT count(*) AS n FROM webhook_attempts").await.unwrap();
    assert_eq!(attempts, (n * ENDPOINTS) as i64, "one attempt on record per delivery");
}
