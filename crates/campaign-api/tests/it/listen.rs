//! `campaign-api listen` and `trigger` end to end, on both stores: a session filtered by event
//! type receives the catalog's example that `trigger` publishes, signed with its own secret;
//! the rest of the workspace's events pass it by. (The dropped stream is workflow-api's
//! `tests/it/listen.rs`: the engine's code is the same.)

use serde_json::Value;
use test_support::{
    assert_error, eventually, on_both_backends, run_cli, ApiClient, Backend, CliProcess, Receiver,
    ServiceProcess, TestDb,
};
use webhook_verify::{DeliveryFormat, Verifier};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

async fn workspace(db: &TestDb, name: &str) -> Value {
    let out =
        run_cli(BIN, &["create-workspace", "--name", name], &[("DATABASE_URL", db.url())]).await.unwrap();
    serde_json::from_str(out.trim()).unwrap()
}

/// `trigger`, with the server from `CAMPAIGN`, as `cargo xtask run` exports it.
async fn trigger(server: &str, key: &str, event_type: &str) -> anyhow::Result<String> {
    run_cli(BIN, &["trigger", event_type], &[("API_KEY", key), ("CAMPAIGN", server)]).await
}

async fn listen_delivers_the_catalog_example_through_a_filtered_session(backend: Backend) {
    let db = TestDb::migrated_by(backend, "listen", BIN).await.unwrap();
    let process = ServiceProcess::start(
        BIN,
        &[],
        &[
            ("DATABASE_URL", db.url()),
            ("LISTEN_ADDR", "127.0.0.1:0"),
            ("MASTER_KEYS", MASTER_KEYS),
            ("WORKER_POLL_INTERVAL", "50ms"),
        ],
    )
    .await
    .unwrap();
    let server = process.base_url().to_owned();
    let (wa, wb) = (workspace(&db, "A").await, workspace(&db, "B").await);
    let (key_a, key_b) = (wa["apiKey"].as_str().unwrap(), wb["apiKey"].as_str().unwrap());
    let anonymous = ApiClient::new(&server);
    let (a, b) = (anonymous.with_bearer(key_a), anonymous.with_bearer(key_b));
    let local = Receiver::ok().await;

    let forward_to = format!("{}/local", local.url());
    let args = ["listen", "--server", &server, "--forward-to", &forward_to, "--events", "sync.succeeded.v1"];
    let cli = CliProcess::start(BIN, &args, &[("API_KEY", key_a)]).unwrap();
    let opened = cli.wait_for_line("listening as session ").await;
    assert!(opened.contains("(sync.succeeded.v1)"), "{opened}");
    let session = opened.split_whitespace().next().unwrap().to_owned();
    let secret = cli.wait_for_line("signing secret ").await;

    // Another type first: it creates no delivery for the session. Then the filtered type.
    trigger(&server, key_a, "report.ready.v1").await.unwrap();
    let out = trigger(&server, key_a, "sync.succeeded.v1").await.unwrap();
    assert!(out.contains("the catalog's example"), "{out}");
    let got = local.wait_for(1).await;
    let verifier = Verifier::new(DeliveryFormat::campaign("Service").unwrap(), &secret).unwrap();
    let delivery = verifier.verify(&got[0].body, &got[0].headers).expect("signed with the session's secret");
    assert_eq!(got[0].header("x-service-event"), Some("sync.succeeded.v1"));
    let body: Value = serde_json::from_slice(&got[0].body).unwrap();
    let example = a.call("GET", "/api/v1/event-types/sync.succeeded.v1", None).await.json();
    assert_eq!(body["payload"], example["examplePayload"]);
    let log = eventually("the delivery delivered", || async {
        let res = a.call("GET", &format!("/api/v1/webhook-deliveries?endpointId={session}"), None).await;
        let log = res.json().as_array().unwrap().clone();
        (log.len() == 1 && log[0]["status"] == "delivered").then_some(log)
    })
    .await;
    assert_eq!(log[0]["id"], delivery.id.to_string());
    assert_eq!(log[0]["eventType"], "sync.succeeded.v1");
    assert_eq!(log[0]["lastResponseCode"], 200);

    // campaign.* types come from the campaign routes only.
    let refused = trigger(&server, key_a, "campaign.created.v1").await.unwrap_err().to_string();
    assert!(refused.contains("emitted by the campaign routes"), "{refused}");
    // Not in the endpoint list; another workspace's or no credential: refused.
    assert_eq!(a.call("GET", "/api/v1/webhooks", None).await.json(), serde_json::json!([]));
    assert_error(&b.call("DELETE", &format!("/api/v1/listen/{session}"), None).await, 404, "not_found");
    let sse = [("accept", "text/event-stream")];
    let unknown = a.raw("GET", "/api/v1/listen?events=nope.v1", None, &sse).await;
    assert_error(&unknown, 422, "unknown_event_types");
    assert_error(&anonymous.raw("GET", "/api/v1/listen", None, &sse).await, 401, "unauthorized");
    let wrong_key = run_cli(BIN, &args, &[("API_KEY", "sk_wrong")]).await.unwrap_err().to_string();
    assert!(wrong_key.contains("HTTP 401 unauthorized"), "{wrong_key}");

    // Ending the session through the API ends the CLI's stream.
    assert_eq!(a.call("DELETE", &format!("/api/v1/listen/{session}"), None).await.status, 204);
    cli.wait_for_line("the service ended the stream").await;
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    listen_delivers_the_catalog_example_through_a_filtered_session
);
