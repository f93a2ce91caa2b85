//! What an operator scrapes: `/metrics` after a delivery, linted by `promtool check metrics`
//! and scraped by a real Prometheus.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use std::time::Duration;
use test_support::{run_cli, ApiClient, Backend, Receiver, ServiceProcess, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";

/// A Prometheus tool: `$<VAR>` (set by `cargo xtask test`) or the one on PATH.
fn tool(var: &str, name: &str) -> String {
    let path = std::env::var(var).unwrap_or_else(|_| name.to_owned());
    let found = std::process::Command::new(&path).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{name} not found: set {var} or install Debian's prometheus package (cargo xtask test does)"
    );
    path
}

#[tokio::test(flavor = "multi_thread")]
async fn a_real_prometheus_scrapes_the_delivery_metrics() {
    let db = TestDb::create_on(Backend::Postgres, "workflow", |url| async move {
        run_cli(BIN, &["migrate"], &[("DATABASE_URL", &url)]).await?;
        Ok(())
    })
    .await
    .unwrap();
    let receiver = Receiver::ok().await;
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let token = run_cli(BIN, &["token", "--account", "ops"], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(token.trim());
    let created =
        api.call("POST", "/webhooks", Some(json!({ "url": receiver.url(), "events": ["run.completed"] })));
    assert_eq!(created.await.status, 201);
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let settle = format!("/runs/{}/settle", run["id"].as_str().unwrap());
    assert_eq!(api.call("POST", &settle, Some(json!({ "status": "succeeded" }))).await.status, 200);
    receiver.wait_for(1).await;

    // The exposition itself: the delivery counted, labels bounded, and promtool has nothing to say.
    let anonymous = ApiClient::new(process.base_url());
    let deadline = tokio::time::Instant::now() + test_support::WAIT;
    let text = loop {
        let text = String::from_utf8(anonymous.call("GET", "/metrics", None).await.body.to_vec()).unwrap();
        if text.contains("webhook_attempts_total{service=\"workflow-api\",outcome=\"success\"} 1") {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "the attempt was never counted:\n{text}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(text
        .contains("webhook_events_accepted_total{service=\"workflow-api\",event_type=\"run.completed\"} 1"));
    assert!(text.contains("webhook_http_requests_total{service=\"workflow-api\",route=\"/runs/{id}/settle\",status_class=\"2xx\"} 1"));
    assert!(text.contains("webhook_ready{service=\"workflow-api\"} 1"));
    assert!(!text.contains(&receiver.url()) && !text.contains("acct"), "an unbounded label leaked");
    let mut check = std::process::Command::new(tool("PROMTOOL", "promtool"))
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .output_with_stdin(text.as_bytes());
    assert!(check.status.success(), "promtool check metrics: {}", String::from_utf8_lossy(&check.stdout));
    check.stdout.clear();

    // A real Prometheus scrapes it.
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let target = process.base_url().trim_start_matches("http://").to_owned();
    let config = format!(
        "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: workflow\n    static_configs:\n      - targets: ['{target}']\n"
    );
    std::fs::write(dir.path().join("prometheus.yml"), config).unwrap();
    let mut prometheus = std::process::Command::new(tool("PROMETHEUS", "prometheus"))
        .arg(format!("--config.file={}", dir.path().join("prometheus.yml").display()))
        .arg(format!("--storage.tsdb.path={}", dir.path().join("data").display()))
        .arg(format!("--web.listen-address=127.0.0.1:{port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let prom = ApiClient::new(&format!("http://127.0.0.1:{port}"));
    let query = "/api/v1/query?query=webhook_attempts_total%7Boutcome%3D%22success%22%7D";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let scraped = loop {
        // Until Prometheus listens, a connection is refused (ApiClient would panic on it).
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(tokio::time::Instant::now() < deadline, "Prometheus never listened");
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let res = prom.call("GET", query, None).await;
        if res.status == 200 {
            let body = res.json();
            if let Some(sample) = body["data"]["result"].as_array().and_then(|r| r.first()).cloned() {
                break sample;
            }
        }
        if tokio::time::Instant::now() >= deadline {
            let _ = prometheus.kill();
            panic!("Prometheus never scraped the attempt counter");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let _ = prometheus.kill();
    let _ = prometheus.wait();
    assert_eq!(scraped["metric"]["service"], "workflow-api");
    assert_eq!(scraped["metric"]["job"], "workflow");
    assert_eq!(scraped["value"][1], "1");
}

trait OutputWithStdin {
    fn output_with_stdin(&mut self, input: &[u8]) -> std::process::Output;
}

impl OutputWithStdin for std::process::Command {
    fn output_with_stdin(&mut self, input: &[u8]) -> std::process::Output {
        use std::io::Write;
        let mut child =
            self.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    }
}
