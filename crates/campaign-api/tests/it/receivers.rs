//! The receiver's side against the real service, with a product word of its own (`Acme`):
//! deliveries verify with webhook-verify in Rust, Python and JavaScript, forgeries of them do
//! not, and `check-receiver` passes the example receivers and fails a naive one. On the
//! embedded store only: nothing here depends on the store.

use serde_json::{json, Value};
use test_support::receiver_kit::{assert_example_handles_a_real_delivery, ExampleReceiver};
use test_support::{run_cli_in, ApiClient, Receiver, Recorded, Reply, ServiceProcess, TestCa};
use webhook_verify::{DeliveryFormat, Verifier, VerifyError};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

fn acme() -> DeliveryFormat {
    DeliveryFormat::campaign("Acme").unwrap()
}

/// A real campaign.created.v1 delivery over HTTPS, as received, and the endpoint's secret.
async fn real_delivery() -> (Recorded, String) {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new().unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("PRODUCT_NAME", "Acme"),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let service = ServiceProcess::start_in(dir.path(), BIN, &[], &env).await.unwrap();
    let out = run_cli_in(dir.path(), BIN, &["create-workspace", "--name", "Acme"], &[]).await.unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    let api = ApiClient::new(service.base_url()).with_bearer(ws["apiKey"].as_str().unwrap());
    let capture = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    let res = api.call("POST", "/api/v1/webhooks", Some(json!({ "url": capture.url() }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let secret = res.json()["secret"].as_str().unwrap().to_owned();
    let created =
        api.call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "draft" }))).await;
    assert_eq!(created.status, 201);
    let real = capture.wait_for(1).await.remove(0);
    (real, secret)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_real_delivery_verifies_in_rust_and_its_forgeries_do_not() {
    let (real, secret) = real_delivery().await;
    let verifier = Verifier::new(acme(), &secret).unwrap();
    let verified = verifier.verify(&real.body, &real.headers).unwrap();
    assert_eq!(Some(verified.id.as_str()), real.header("x-acme-delivery"));
    assert_eq!(real.header("x-acme-event"), Some("campaign.created.v1"));

    let mut tampered = real.body.to_vec();
    tampered.insert(1, b' ');
    assert!(matches!(verifier.verify(&tampered, &real.headers), Err(VerifyError::Mismatch { .. })));
    let wrong = Verifier::new(acme(), "whsec_not-the-secret").unwrap();
    assert!(matches!(wrong.verify(&real.body, &real.headers), Err(VerifyError::Mismatch { .. })));
    // The default product word looks for X-Service-* headers, which this delivery lacks.
    let default_word = Verifier::new(DeliveryFormat::campaign("Service").unwrap(), &secret).unwrap();
    assert_eq!(default_word.verify(&real.body, &real.headers).map_err(|e| e.code()), Err("missing_header"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_and_javascript_examples_take_a_real_delivery_once_and_refuse_forgeries() {
    let (real, secret) = real_delivery().await;
    for kit in ExampleReceiver::ALL {
        let rx = kit.start(&acme(), &secret).await.unwrap();
        assert_example_handles_a_real_delivery(&rx, &acme(), &secret, &real).await;
    }
}

async fn check_receiver(url: &str, secret: &str) -> (String, bool) {
    let out = tokio::process::Command::new(BIN)
        .args(["check-receiver", "--url", url, "--secret", secret, "--product-name", "Acme"])
        .env_clear()
        .output()
        .await
        .unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

#[tokio::test(flavor = "multi_thread")]
async fn check_receiver_passes_the_examples_and_fails_a_naive_receiver() {
    let secret = "whsec_check-receiver-test-secret";
    for kit in ExampleReceiver::ALL {
        let rx = kit.start(&acme(), secret).await.unwrap();
        let (report, passed) = check_receiver(&format!("{}/webhooks", rx.base_url()), secret).await;
        assert!(passed, "{kit:?}:\n{report}");
        assert!(report.contains("PASS duplicate            accepted (HTTP 200)"), "{report}");
    }
    let naive = Receiver::ok().await;
    let (report, passed) = check_receiver(&naive.url(), secret).await;
    assert!(!passed, "{report}");
    assert!(report.contains("FAIL tampered_body") && report.contains("FAIL wrong_signature"), "{report}");
    let got = naive.wait_for(6).await;
    let signed = &got[4];
    let verified = Verifier::new(acme(), secret).unwrap().verify(&signed.body, &signed.headers).unwrap();
    assert_eq!(signed.header("x-acme-event"), Some("campaign.status_changed.v1"));
    let body: Value = serde_json::from_slice(&signed.body).unwrap();
    assert_eq!(body["payload"], json!({ "from": "active", "to": "paused" }));
    assert_eq!(got[5].header("x-acme-delivery"), Some(verified.id.as_str()));
}
