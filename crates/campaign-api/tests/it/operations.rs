//! What an operator scrapes from campaign-api: `/metrics` after a delivery, linted by
//! `promtool check metrics` and scraped by a real Prometheus.

use serde_json::{json, Value};
use test_support::prometheus::{assert_promtool_clean, first_sample_scraped, metrics_containing};
use test_support::{run_cli, ApiClient, Backend, Receiver, Reply, ServiceProcess, TestCa, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

#[tokio::test(flavor = "multi_thread")]
async fn a_real_prometheus_scrapes_the_delivery_metrics() {
    let db = TestDb::migrated_by(Backend::Postgres, "campaign", BIN).await.unwrap();
    let ca = TestCa::new().unwrap();
    let receiver = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let out =
        run_cli(BIN, &["create-workspace", "--name", "Ops"], &[("DATABASE_URL", db.url())]).await.unwrap();
    let workspace: Value = serde_json::from_str(out.trim()).unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(workspace["apiKey"].as_str().unwrap());
    let hook = json!({ "url": receiver.url(), "eventTypes": ["campaign.created.v1"] });
    assert_eq!(api.call("POST", "/api/v1/webhooks", Some(hook)).await.status, 201);
    let campaign = json!({ "name": "Launch", "status": "draft" });
    assert_eq!(api.call("POST", "/api/v1/campaigns", Some(campaign)).await.status, 201);
    receiver.wait_for(1).await;

    let url = format!("{}/metrics", process.base_url());
    let text =
        metrics_containing(&url, "webhook_first_success_delay_seconds_count{service=\"campaign-api\"} 1")
            .await;
    assert!(
        text.contains("webhook_attempts_total{service=\"campaign-api\",outcome=\"success\"} 1"),
        "{text}"
    );
    assert!(text.contains(
        "webhook_events_accepted_total{service=\"campaign-api\",event_type=\"campaign.created.v1\"} 1"
    ));
    assert!(text.contains(
        "webhook_http_requests_total{service=\"campaign-api\",route=\"/api/v1/campaigns\",status_class=\"2xx\"} 1"
    ));
    assert!(text.contains("webhook_endpoints{service=\"campaign-api\",state=\"active\"} 1"));
    assert!(text.contains("webhook_endpoints_backlogged{service=\"campaign-api\"} 0"));
    assert!(!text.contains("localhost") && !text.contains(workspace["workspaceId"].as_str().unwrap()));
    assert_promtool_clean(&text);
    // Every family and label exported is in deploy/README.md's metrics table.
    let table = include_str!("../../../../deploy/README.md");
    let missing = test_support::prometheus::undocumented_metrics(&text, table);
    assert!(missing.is_empty(), "deploy/README.md's metrics table lacks: {missing:?}");

    let target = process.base_url().trim_start_matches("http://");
    let sample = first_sample_scraped(target, "campaign", "webhook_events_accepted_total").await;
    assert_eq!(sample["metric"]["service"], "campaign-api");
    assert_eq!(sample["metric"]["event_type"], "campaign.created.v1");
    assert_eq!(sample["value"][1], "1");
}

/// The path to PostgreSQL freezes (a relay that carries nothing and closes nothing, as in a
/// partition): every publish answers 503 `database_unavailable` with `Retry-After` within
/// `DATABASE_TIMEOUT` (1 s here, plus the answer's way), `/readyz` says not ready, and nothing
/// hangs. Thawed, the service resumes by itself (the connections that timed out were dropped),
/// every event accepted before is delivered, and a publish whose answer was a 503 is retried
/// with its idempotency key: it is then in the log exactly once.
#[tokio::test(flavor = "multi_thread")]
async fn a_frozen_database_path_answers_503_within_the_deadline_and_resumes() {
    use std::time::{Duration, Instant};
    let db = TestDb::migrated_by(Backend::Postgres, "campaign", BIN).await.unwrap();
    let relay = test_support::TcpRelay::start("127.0.0.1:5432".parse().unwrap()).await;
    let through_relay = db.url().replace("127.0.0.1:5432", &format!("127.0.0.1:{}", relay.port()));
    let ca = TestCa::new().unwrap();
    let receiver = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("DATABASE_URL", through_relay.as_str()),
        ("DATABASE_TIMEOUT", "1s"),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let out =
        run_cli(BIN, &["create-workspace", "--name", "Ops"], &[("DATABASE_URL", db.url())]).await.unwrap();
    let workspace: Value = serde_json::from_str(out.trim()).unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(workspace["apiKey"].as_str().unwrap());
    let hook = json!({ "url": receiver.url(), "eventTypes": ["segment.evaluated.v1"] });
    assert_eq!(api.call("POST", "/api/v1/webhooks", Some(hook)).await.status, 201);
    let event = |n: u64| {
        json!({ "type": "segment.evaluated.v1", "entityType": "segment",
                "entityId": uuid::Uuid::new_v4(), "payload": { "size": n } })
    };
    for n in 0..5 {
        assert_eq!(api.call("POST", "/api/v1/events", Some(event(n))).await.status, 202);
    }
    receiver.wait_for(5).await;

    relay.freeze();
    let keyed = |n: u64| {
        let api = api.clone();
        let body = event(n).to_string().into_bytes();
        async move {
            let key = [("Idempotency-Key", "frozen-publish-1")];
            api.raw("POST", "/api/v1/events", Some((&body, "application/json")), &key).await
        }
    };
    for attempt in 0..3 {
        let started = Instant::now();
        let answer = if attempt == 0 {
            keyed(100).await
        } else {
            api.call("POST", "/api/v1/events", Some(event(200 + attempt))).await
        };
        let took = started.elapsed();
        test_support::assert_error(&answer, 503, "database_unavailable");
        assert!(answer.headers.contains_key("retry-after"), "503 with Retry-After");
        assert!(took < Duration::from_millis(2500), "answered after {took:?}, past the 1 s deadline");
    }
    let ready = api.call("GET", "/readyz", None).await;
    assert_eq!(ready.status, 503, "not ready while the database does not answer");

    relay.thaw();
    let retried = test_support::eventually("publishes to be taken again", || async {
        let answer = keyed(100).await;
        (answer.status == 202).then_some(answer)
    })
    .await;
    let id = retried.json()["id"].as_str().unwrap().to_owned();
    let got = receiver.wait_until("the retried event too", |r| r.len() >= 6).await;
    let with_id =
        got.iter().filter(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["id"] == id.as_str()).count();
    assert_eq!(with_id, 1, "the idempotent retry made one event");
}

/// A multi-host `DATABASE_URL` works (tokio-postgres picks the writable node), and the service
/// says at start why it is not enough for a failover (docs/operations.md, "High availability").
#[tokio::test(flavor = "multi_thread")]
async fn a_multi_host_url_is_warned_of_at_start() {
    let db = TestDb::migrated_by(Backend::Postgres, "campaign", BIN).await.unwrap();
    let multi = db.url().replace("127.0.0.1:5432", "127.0.0.1:5432,localhost:5432")
        + "?target_session_attrs=read-write";
    let env = [
        ("DATABASE_URL", multi.as_str()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    process.wait_for_log("a multi-host URL cannot tell an old primary").await;
    let ready = ApiClient::new(process.base_url()).call("GET", "/readyz", None).await;
    assert_eq!(ready.status, 200, "the multi-host URL connects");
}
