//! The receiver's side against the real service: deliveries verify with webhook-verify in
//! Rust, Python and JavaScript, forgeries of them do not, and `check-receiver` passes the
//! example receivers and fails a naive one. On the embedded store only: nothing here depends
//! on the store.

use serde_json::{json, Value};
use test_support::receiver_kit::{assert_example_handles_a_real_delivery, ExampleReceiver};
use test_support::{run_cli_in, ApiClient, Receiver, Recorded, ServiceProcess};
use webhook_verify::{DeliveryFormat, Malformation, Verifier, VerifyError};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const ENV: &[(&str, &str)] = &[
    ("LISTEN_ADDR", "127.0.0.1:0"),
    ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
    ("WORKER_POLL_INTERVAL", "50ms"),
];

/// A real run.completed delivery, as received, and the endpoint's secret.
async fn real_delivery() -> (Recorded, String) {
    let dir = tempfile::tempdir().unwrap();
    let service = ServiceProcess::start_in(dir.path(), BIN, &[], ENV).await.unwrap();
    let token = run_cli_in(dir.path(), BIN, &["token", "--account", "acct"], &[]).await.unwrap();
    let api = ApiClient::new(service.base_url()).with_bearer(token.trim());
    let capture = Receiver::ok().await;
    let res = api
        .call("POST", "/webhooks", Some(json!({ "url": capture.url(), "events": ["run.completed"] })))
        .await;
    assert_eq!(res.status, 201);
    let secret = res.json()["signingSecret"].as_str().unwrap().to_owned();
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let settle = format!("/runs/{}/settle", run["id"].as_str().unwrap());
    assert_eq!(api.call("POST", &settle, Some(json!({ "status": "succeeded" }))).await.status, 200);
    let real = capture.wait_for(1).await.remove(0);
    (real, secret)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_real_delivery_verifies_in_rust_and_its_forgeries_do_not() {
    let (real, secret) = real_delivery().await;
    let verifier = Verifier::new(DeliveryFormat::workflow(), &secret).unwrap();
    let verified = verifier.verify(&real.body, &real.headers).unwrap();
    let body: Value = serde_json::from_slice(&real.body).unwrap();
    assert_eq!(verified.id, body["id"].as_str().unwrap());
    assert!(verified.id.ends_with(":run.completed"));

    let mut tampered = real.body.to_vec();
    tampered.insert(1, b' ');
    assert!(matches!(verifier.verify(&tampered, &real.headers), Err(VerifyError::Mismatch { .. })));
    let wrong = Verifier::new(DeliveryFormat::workflow(), "whsec_not-the-secret").unwrap();
    assert!(matches!(wrong.verify(&real.body, &real.headers), Err(VerifyError::Mismatch { .. })));
    // A header changed on the way (uppercased) is refused before any HMAC.
    let mut upper = real.headers.clone();
    let sig = real.header("x-webhook-signature").unwrap().to_uppercase().replace("V1=", "v1=");
    upper.insert("x-webhook-signature", sig.parse().unwrap());
    assert_eq!(
        verifier.verify(&real.body, &upper),
        Err(VerifyError::MalformedHeader {
            header: "X-Webhook-Signature".into(),
            problem: Malformation::UppercaseHex
        })
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_and_javascript_examples_take_a_real_delivery_once_and_refuse_forgeries() {
    let (real, secret) = real_delivery().await;
    let format = DeliveryFormat::workflow();
    for kit in ExampleReceiver::ALL {
        let rx = kit.start(&format, &secret).await.unwrap();
        assert_example_handles_a_real_delivery(&rx, &format, &secret, &real).await;
    }
}

/// `workflow-api check-receiver`: its stdout and whether it exited 0.
async fn check_receiver(url: &str, secret: &str) -> (String, bool) {
    let out = tokio::process::Command::new(BIN)
        .args(["check-receiver", "--url", url, "--secret", secret])
        .env_clear()
        .output()
        .await
        .unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

#[tokio::test(flavor = "multi_thread")]
async fn check_receiver_passes_the_examples_and_fails_a_naive_receiver() {
    let secret = "whsec_check-receiver-test-secret";
    let format = DeliveryFormat::workflow();
    for kit in ExampleReceiver::ALL {
        let rx = kit.start(&format, secret).await.unwrap();
        let (report, passed) = check_receiver(&format!("{}/webhooks", rx.base_url()), secret).await;
        assert!(passed, "{kit:?}:\n{report}");
        for case in ["missing_signature", "malformed_signature", "wrong_signature", "tampered_body"] {
            assert!(
                report.contains(&format!("PASS {case}")) && report.contains("rejected (HTTP 4"),
                "{report}"
            );
        }
        assert!(report.contains("PASS signed               accepted (HTTP 200)"), "{report}");
        assert!(report.contains("PASS duplicate            accepted (HTTP 200)"), "{report}");
        // The check's delivery was processed once: flush the log with a delivery of our own.
        let body = br#"{"event":"webhook.test","id":"marker:webhook.test"}"#;
        let headers = webhook_verify::testing::signed_headers(&format, secret, body, "marker:webhook.test");
        let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let client = ApiClient::new(rx.base_url());
        let res = client.raw("POST", "/webhooks", Some((body, "application/json")), &headers).await;
        assert_eq!(res.status, 200);
        rx.wait_for_log("processed marker:webhook.test").await;
        assert_eq!(rx.log_count(":webhook.test"), 2, "{kit:?} processed the check's delivery more than once");
    }

    // Accepts everything, verifies nothing.
    let naive = Receiver::ok().await;
    let (report, passed) = check_receiver(&naive.url(), secret).await;
    assert!(!passed, "{report}");
    for case in ["missing_signature", "malformed_signature", "wrong_signature", "tampered_body"] {
        assert!(report.contains(&format!("FAIL {case}")), "{report}");
    }
    assert!(report.contains("PASS signed"), "{report}");
    // The check sends what real deliveries carry: the signed case verifies with the receiver library.
    let got = naive.wait_for(6).await;
    let signed = &got[4];
    let verified = Verifier::new(format, secret).unwrap().verify(&signed.body, &signed.headers).unwrap();
    assert!(verified.id.ends_with(":webhook.test"));
    assert!(signed.header("x-webhook-timestamp").is_some());
    assert_eq!(got[5].header("x-webhook-id"), Some(verified.id.as_str()));
}
