//! The example service end to end, on both stores: an endpoint registered, an invoice paid, the
//! delivery verified by the Standard Webhooks project's own Python package (installed by
//! `cargo xtask test` in the receiver kit), which also refuses a tampered body and a timestamp
//! outside its five-minute tolerance.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use std::process::Stdio;
use test_support::{assert_error, eventually, on_both_backends, ApiClient, Backend, Receiver, Recorded};
use test_support::{ServiceProcess, TestDb};
use tokio::io::AsyncWriteExt;

const BIN: &str = env!("CARGO_BIN_EXE_example-invoice-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const ACME_KEY: &str = "ik_acme_0123456789abcdef";
const GLOBEX_KEY: &str = "ik_globex_0123456789abcdef";

/// What `standardwebhooks` says of a body and headers: `Ok("verified <type>")` or the refusal.
async fn verify(secret: &str, headers: &Value, body: &[u8]) -> Result<String, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/verify_standard_webhooks.py");
    let mut child = tokio::process::Command::new(test_support::receiver_kit::python().unwrap())
        .args([script, secret, &headers.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(body).await.unwrap();
    let out = child.wait_with_output().await.unwrap();
    let said = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if out.status.success() {
        Ok(said)
    } else {
        Err(said)
    }
}

/// The Standard Webhooks headers of a recorded delivery.
fn standard_headers(got: &Recorded) -> Value {
    let h = |name| json!(got.header(name).unwrap_or_else(|| panic!("no {name}")));
    json!({ "webhook-id": h("webhook-id"), "webhook-timestamp": h("webhook-timestamp"),
            "webhook-signature": h("webhook-signature") })
}

/// A valid signature for another timestamp, made here from the scheme's definition.
fn signed_at(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> String {
    let key = STANDARD.decode(secret.trim_start_matches("whsec_")).unwrap();
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

async fn start(backend: Backend) -> (TestDb, ServiceProcess) {
    let db = TestDb::migrated_by(backend, "invoices", BIN).await.unwrap();
    let keys = format!("acme:{ACME_KEY},globex:{GLOBEX_KEY}");
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("API_KEYS", keys.as_str()),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    (db, process)
}

async fn an_invoice_event_is_delivered_and_verified_by_the_standard_library(backend: Backend) {
    let (_db, service) = start(backend).await;
    let anonymous = ApiClient::new(service.base_url());
    let (acme, globex) = (anonymous.with_bearer(ACME_KEY), anonymous.with_bearer(GLOBEX_KEY));
    let (paid_rx, other_rx) = (Receiver::ok().await, Receiver::ok().await);
    let endpoint = json!({ "url": paid_rx.url(), "eventTypes": ["invoice.paid.v1"] });
    let created = acme.call("POST", "/v1/endpoints", Some(endpoint)).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let secret = created.json()["secret"].as_str().unwrap().to_owned();
    let every_type = json!({ "url": other_rx.url() });
    assert_eq!(globex.call("POST", "/v1/endpoints", Some(every_type)).await.status, 201);

    let paid = json!({ "amountCents": 1250, "currency": "EUR" });
    let res = acme.call("POST", "/v1/invoices/inv_1/paid", Some(paid.clone())).await;
    assert_eq!((res.status, &res.json()["duplicate"]), (202, &json!(false)));
    let again = acme.call("POST", "/v1/invoices/inv_1/paid", Some(paid)).await.json();
    assert_eq!((&again["eventId"], &again["duplicate"]), (&res.json()["eventId"], &json!(true)));
    let voided = acme.call("POST", "/v1/invoices/inv_1/voided", Some(json!({ "reason": "typo" }))).await;
    assert_eq!(voided.status, 202, "an event no endpoint takes is accepted and sent nowhere");

    let got = paid_rx.wait_for(1).await.remove(0);
    let headers = standard_headers(&got);
    assert_eq!(verify(&secret, &headers, &got.body).await, Ok("verified invoice.paid.v1".into()));
    let body: Value = serde_json::from_slice(&got.body).unwrap();
    assert_eq!(body["data"], json!({ "invoiceId": "inv_1", "amountCents": 1250, "currency": "EUR" }));

    let mut tampered = got.body.to_vec();
    tampered.insert(1, b' ');
    let refused = verify(&secret, &headers, &tampered).await;
    assert_eq!(refused, Err("refused: No matching signature found".into()));
    let (id, old) = (got.header("webhook-id").unwrap(), chrono::Utc::now().timestamp() - 600);
    let stale = json!({ "webhook-id": id, "webhook-timestamp": old.to_string(),
                        "webhook-signature": signed_at(&secret, id, old, &got.body) });
    assert_eq!(verify(&secret, &stale, &got.body).await, Err("refused: Message timestamp too old".into()));

    let delivered = eventually("the delivery recorded as delivered", || async {
        let log = acme.call("GET", "/v1/deliveries", None).await.json();
        (log[0]["status"] == "delivered").then_some(log)
    })
    .await;
    assert_eq!((delivered.as_array().unwrap().len(), &delivered[0]["attempts"]), (1, &json!(1)));
    assert_eq!(globex.call("GET", "/v1/deliveries", None).await.json(), json!([]), "tenants are apart");
    assert_eq!(other_rx.count(), 0);
}

async fn bad_input_gets_a_clear_4xx(backend: Backend) {
    let (_db, service) = start(backend).await;
    let anonymous = ApiClient::new(service.base_url());
    let acme = anonymous.with_bearer(ACME_KEY);
    assert_error(
        &anonymous.with_bearer("ik_nobody_0123456789").call("GET", "/v1/endpoints", None).await,
        401,
        "unauthorized",
    );
    let typo = json!({ "url": "http://127.0.0.1:9/", "event_types": ["invoice.paid.v1"] });
    assert_error(&acme.call("POST", "/v1/endpoints", Some(typo)).await, 422, "unknown_field");
    let unknown = json!({ "url": "http://127.0.0.1:9/", "eventTypes": ["invoice.paid"] });
    assert_error(&acme.call("POST", "/v1/endpoints", Some(unknown)).await, 422, "invalid_events");
    let lower = json!({ "amountCents": 5, "currency": "eur" });
    assert_error(&acme.call("POST", "/v1/invoices/inv_2/paid", Some(lower)).await, 422, "invalid_body");
    let negative = json!({ "amountCents": -5, "currency": "EUR" });
    assert_error(&acme.call("POST", "/v1/invoices/inv_2/paid", Some(negative)).await, 422, "invalid_body");
    assert_error(&acme.call("DELETE", "/v1/endpoints/nope", None).await, 404, "not_found");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    an_invoice_event_is_delivered_and_verified_by_the_standard_library,
    bad_input_gets_a_clear_4xx,
);
