//! What an operator sees: `/metrics` (linted by `promtool check metrics`, scraped by a real
//! Prometheus, on the service port or on METRICS_ADDR), JSON logs with request and delivery ids,
//! and traces exported over OTLP/HTTP, none of which may carry a secret.

use serde_json::{json, Value};
use std::time::Duration;
use test_support::otlp::{spans_received, ExportedSpan};
use test_support::prometheus::{assert_promtool_clean, first_sample_scraped, metrics_containing, sample};
use test_support::{run_cli, ApiClient, Backend, Receiver, Reply, ServiceProcess, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
/// A W3C trace context, as a client that traces its own calls sends it.
const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_SPAN_ID: &str = "00f067aa0ba902b7";

struct Running {
    _db: TestDb,
    process: ServiceProcess,
    api: ApiClient,
    token: String,
}

async fn start(backend: Backend, extra: &[(&str, &str)]) -> Running {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let master_keys = format!("k1:{MASTER_KEY}");
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", master_keys.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    env.extend_from_slice(extra);
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let token = run_cli(BIN, &["token", "--account", "ops"], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    let token = token.trim().to_owned();
    let api = ApiClient::new(process.base_url()).with_bearer(&token);
    Running { _db: db, process, api, token }
}

/// Registers `url` and settles one run; returns the endpoint's signing secret.
async fn deliver_one_run(api: &ApiClient, url: &str, headers: &[(&str, &str)]) -> String {
    let created =
        api.call("POST", "/webhooks", Some(json!({ "url": url, "events": ["run.completed"] }))).await;
    assert_eq!(created.status, 201);
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let settle = format!("/runs/{}/settle", run["id"].as_str().unwrap());
    let body = json!({ "status": "succeeded" }).to_string();
    let settled = api.raw("POST", &settle, Some((body.as_bytes(), "application/json")), headers).await;
    assert_eq!(settled.status, 200);
    created.json()["signingSecret"].as_str().unwrap().to_owned()
}

async fn delivery_id(api: &ApiClient) -> String {
    let log = api.call("GET", "/webhooks/deliveries", None).await.json();
    log[0]["deliveryId"].as_str().unwrap().to_owned()
}

/// Panics if any of `secrets` appears in `text`.
fn assert_no_secret(what: &str, text: &str, secrets: &[&str]) {
    for secret in secrets {
        assert!(!secret.is_empty() && !text.contains(secret), "{what} holds a secret ({secret}):\n{text}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_real_prometheus_scrapes_the_delivery_metrics() {
    let receiver = Receiver::ok().await;
    let service = start(Backend::Postgres, &[]).await;
    deliver_one_run(&service.api, &receiver.url(), &[]).await;
    receiver.wait_for(1).await;

    // The exposition itself: the delivery counted, labels bounded, and promtool has nothing to say.
    let url = format!("{}/metrics", service.process.base_url());
    // The delay is observed when the outcome is written, after the attempt is counted.
    let needle = "webhook_first_success_delay_seconds_count{service=\"workflow-api\"} 1";
    let text = metrics_containing(&url, needle).await;
    assert!(
        text.contains("webhook_attempts_total{service=\"workflow-api\",outcome=\"success\"} 1"),
        "{text}"
    );
    assert!(text
        .contains("webhook_events_accepted_total{service=\"workflow-api\",event_type=\"run.completed\"} 1"));
    assert!(text.contains("webhook_http_requests_total{service=\"workflow-api\",route=\"/runs/{id}/settle\",status_class=\"2xx\"} 1"));
    assert!(text.contains("webhook_ready{service=\"workflow-api\"} 1"));
    assert!(text.contains("webhook_expired_leases_total{service=\"workflow-api\"} 0"));
    // RETENTION's default, from the sweeper; the free-space gauge is the embedded store's only.
    assert!(text.contains("webhook_retention_seconds{service=\"workflow-api\"} 2592000"), "{text}");
    assert!(!text.contains("webhook_store_free_bytes"), "{text}");
    assert!(!text.contains(&receiver.url()) && !text.contains("acct"), "an unbounded label leaked");
    assert_promtool_clean(&text);
    // Every family and label exported is in deploy/README.md's metrics table.
    let table = include_str!("../../../../deploy/README.md");
    let missing = test_support::prometheus::undocumented_metrics(&text, table);
    assert!(missing.is_empty(), "deploy/README.md's metrics table lacks: {missing:?}");

    // A real Prometheus scrapes it.
    let target = service.process.base_url().trim_start_matches("http://");
    let sample =
        first_sample_scraped(target, "workflow", "webhook_attempts_total{outcome=\"success\"}").await;
    assert_eq!(sample["metric"]["service"], "workflow-api");
    assert_eq!(sample["metric"]["job"], "workflow");
    assert_eq!(sample["value"][1], "1");
}

/// The nice value of each of the process's threads, with the thread's name (Linux `/proc`).
fn thread_nices(pid: u32) -> Vec<(String, i64)> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks
        .map(|task| {
            let dir = task.unwrap().path();
            let name = std::fs::read_to_string(dir.join("comm")).unwrap().trim().to_owned();
            let stat = std::fs::read_to_string(dir.join("stat")).unwrap();
            // After the name in parentheses: state is field 3, nice field 19.
            let nice = stat[stat.rfind(')').unwrap() + 2..].split(' ').nth(16).unwrap().parse().unwrap();
            (name, nice)
        })
        .collect()
}

/// The nice values of the threads whose name starts with `prefix`; panics if there is none.
fn nices_of(threads: &[(String, i64)], prefix: &str) -> Vec<i64> {
    let nices: Vec<i64> = threads.iter().filter(|(name, _)| name.starts_with(prefix)).map(|t| t.1).collect();
    assert!(!nices.is_empty(), "no thread named {prefix}*: {threads:?}");
    nices
}

/// API_NICE (D45): in a process that also delivers, the API's request threads run that many
/// nice steps below the process's own priority (capped at 19), and the main runtime's threads,
/// which deliver (its blocking pool serves the dispatcher's SQLite work), keep the process's
/// own, so that the kernel serves delivery first when the CPU is short; an API-only process has
/// nothing to give way to.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn api_threads_give_way_to_the_dispatcher_only_where_it_runs() {
    for backend in [Backend::Postgres, Backend::Sqlite] {
        let receiver = Receiver::ok().await;
        let service = start(backend, &[("API_NICE", "7")]).await;
        deliver_one_run(&service.api, &receiver.url(), &[]).await;
        receiver.wait_for(1).await;
        let threads = thread_nices(service.process.pid().unwrap());
        // The process's own priority: its first thread's, which started everything else.
        let own = nices_of(&threads, "workflow-api")[0];
        assert!(nices_of(&threads, "actix-server wo").iter().all(|n| *n == (own + 7).min(19)), "{threads:?}");
        assert!(nices_of(&threads, "main-rt").iter().all(|n| *n == own), "{threads:?}");
    }

    let api_only = start(Backend::Postgres, &[("API_NICE", "7"), ("ROLE", "api")]).await;
    let threads = thread_nices(api_only.process.pid().unwrap());
    let own = nices_of(&threads, "workflow-api")[0];
    assert!(nices_of(&threads, "actix-server wo").iter().all(|n| *n == own), "{threads:?}");
}

/// Busy threads, one more than the machine has CPUs, until dropped: a real CPU shortage (some
/// runnable thread always waits).
struct CpuHog {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl CpuHog {
    fn start() -> Self {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let n = 1 + std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (0..n)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Self { stop, threads }
    }
}

impl Drop for CpuHog {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// D47 end to end: deliveries to the account's one endpoint go one at a time (100 ms each), so
/// its fresh deliveries wait longer and longer to be claimed; with the CPU made short by busy
/// threads, the account's settle calls start waiting at the ingest gate
/// (`webhook_ingest_held_total`). Every settled run is still delivered. Where the kernel has no
/// PSI, the service says the gate is off instead. (Without the CPU shortage nothing is held;
/// the rule's unit tests show that: a machine running tests in parallel may be short anyway.)
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn a_lagging_accounts_writes_wait_at_the_ingest_gate_while_the_cpu_is_short() {
    if std::fs::read_to_string("/proc/pressure/cpu").is_err() {
        let service = start(Backend::Sqlite, &[("RUST_LOG", "info")]).await;
        service.process.wait_for_log("the ingest gate is off").await;
        return;
    }
    let receiver = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_millis(100))).await;
    let service = start(Backend::Sqlite, &[("DELIVERY_PER_ENDPOINT", "1"), ("INGEST_GATE_MS", "20")]).await;
    let api = &service.api;
    let created = api
        .call("POST", "/webhooks", Some(json!({ "url": receiver.url(), "events": ["run.completed"] })))
        .await;
    assert_eq!(created.status, 201);
    let metrics = ApiClient::new(service.process.base_url());
    let hog = CpuHog::start();
    let (mut settled, mut held) = (0, 0.0);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while settled < 100 && held == 0.0 && std::time::Instant::now() < deadline {
        let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
        let settle = format!("/runs/{}/settle", run["id"].as_str().unwrap());
        assert_eq!(api.call("POST", &settle, Some(json!({ "status": "succeeded" }))).await.status, 200);
        settled += 1;
        let text = String::from_utf8_lossy(&metrics.call("GET", "/metrics", None).await.body).into_owned();
        held = sample(&text, "webhook_ingest_held_total{service=\"workflow-api\"}");
    }
    drop(hog);
    assert!(held > 0.0, "no write waited at the gate in {settled} settles");
    receiver.wait_for(settled).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn metrics_addr_moves_the_metrics_off_the_service_port() {
    let service = start(Backend::Sqlite, &[("METRICS_ADDR", "127.0.0.1:0")]).await;
    let metrics_url =
        service.process.metrics_url().expect("the service printed `metrics on <addr>`").to_owned();
    let text =
        metrics_containing(&format!("{metrics_url}/metrics"), "webhook_ready{service=\"workflow-api\"} 1")
            .await;
    assert_promtool_clean(&text);
    let on_service_port = ApiClient::new(service.process.base_url()).call("GET", "/metrics", None).await;
    assert_eq!(on_service_port.status, 404);
    assert_eq!(on_service_port.json()["code"], "not_found");
    // The probes stay on the service port.
    assert_eq!(ApiClient::new(service.process.base_url()).call("GET", "/livez", None).await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn json_logs_carry_request_and_delivery_ids_and_no_secret() {
    // The first attempt fails, so the attempt logs a line (successes log at debug).
    let receiver = Receiver::start(|n, _| Reply::Status(if n == 0 { 500 } else { 204 })).await;
    let service =
        start(Backend::Sqlite, &[("LOG_FORMAT", "json"), ("RUST_LOG", "info"), ("RETRY_SCHEDULE", "100ms")])
            .await;
    let api = &service.api;

    // A client's request id is echoed and names the request's log line; without one, one is made.
    let bad = api
        .raw("POST", "/webhooks", Some((b"{", "application/json")), &[("x-request-id", "req-ops-1")])
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.headers["x-request-id"], "req-ops-1");
    let anonymous = ApiClient::new(service.process.base_url()).call("GET", "/webhooks", None).await;
    assert_eq!(anonymous.status, 401);
    let made = anonymous.headers["x-request-id"].to_str().unwrap().to_owned();
    assert!(uuid::Uuid::parse_str(&made).is_ok(), "{made}");

    let secret = deliver_one_run(api, &receiver.url(), &[]).await;
    let received = receiver.wait_for(2).await;
    let signature = received[1].header("x-webhook-signature").unwrap().to_owned();
    let delivery = delivery_id(api).await;
    service.process.wait_for_log("attempt failed").await;

    let lines = service.process.log_lines();
    let logs: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}")))
        .collect();
    let with = |key: &str, value: &str| logs.iter().filter(|l| l["span"][key] == value).count();
    assert!(with("request_id", "req-ops-1") >= 1, "no line of request req-ops-1:\n{}", lines.join("\n"));
    assert!(with("request_id", &made) >= 1, "no line of request {made}");
    let failed = logs.iter().find(|l| l["fields"]["message"] == "attempt failed").unwrap();
    assert_eq!(failed["span"]["name"], "delivery_attempt");
    assert_eq!(failed["span"]["delivery_id"], delivery.as_str());
    assert_eq!(failed["fields"]["outcome"], "http_5xx");
    assert_eq!(failed["fields"]["status"], 500);
    assert_eq!(failed["level"], "INFO");

    let all = lines.join("\n");
    let master_keys = format!("k1:{MASTER_KEY}");
    assert_no_secret(
        "the log",
        &all,
        &[&secret, &signature, &service.token, JWT_SECRET, MASTER_KEY, &master_keys],
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn traces_reach_an_otlp_collector_and_join_the_callers_trace() {
    let collector = Receiver::ok().await;
    let receiver = Receiver::ok().await;
    let endpoint = format!("http://{}", collector.addr());
    let service = start(
        Backend::Sqlite,
        &[("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.as_str()), ("OTEL_BSP_SCHEDULE_DELAY", "100")],
    )
    .await;
    let traceparent = format!("00-{TRACE_ID}-{PARENT_SPAN_ID}-01");
    let secret = deliver_one_run(&service.api, &receiver.url(), &[("traceparent", &traceparent)]).await;
    let received = receiver.wait_for(1).await;
    let signature = received[0].header("x-webhook-signature").unwrap().to_owned();
    let delivery = delivery_id(&service.api).await;

    let find = |spans: &[ExportedSpan], name: &str| spans.iter().find(|s| s.name == name).cloned();
    let requests = collector
        .wait_until("a settle span and an attempt span", |r| {
            let spans = spans_received(r);
            find(&spans, "POST /runs/{id}/settle").is_some()
                && find(&spans, "deliver run.completed").is_some()
        })
        .await;
    let spans = spans_received(&requests);

    let settle = find(&spans, "POST /runs/{id}/settle").unwrap();
    assert_eq!(settle.kind, 2, "a server span");
    assert_eq!(settle.service_name, "workflow-api");
    assert_eq!(settle.trace_id, TRACE_ID, "the request joins the caller's trace");
    assert_eq!(settle.parent_span_id, PARENT_SPAN_ID);
    assert_eq!(settle.attribute("http.route"), Some("/runs/{id}/settle"));
    assert_eq!(settle.attribute("http.response.status_code"), Some("200"));
    assert!(settle.attribute("request_id").is_some_and(|id| !id.is_empty()));

    let attempt = find(&spans, "deliver run.completed").unwrap();
    assert_eq!(attempt.kind, 3, "a client span");
    assert_eq!(attempt.attribute("delivery_id"), Some(delivery.as_str()));
    assert_eq!(attempt.attribute("outcome"), Some("success"));
    assert_eq!(attempt.attribute("http.response.status_code"), Some("200"));

    let everything = format!("{spans:?}");
    assert!(!everything.contains(&receiver.url()), "a span holds the endpoint's URL");
    assert_no_secret("a span", &everything, &[&secret, &signature, &service.token, JWT_SECRET, MASTER_KEY]);
}
