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
