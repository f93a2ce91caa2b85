//! workflow-api end to end, on both stores (each test runs as `<test>::postgres` and
//! `<test>::sqlite`): the real binary on a fresh database, real receivers, real HTTP. Each test
//! starts its own service process.

use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use test_support::{assert_error, eventually, pace};
use test_support::{
    independent_hmac_sha256_hex, on_both_backends, run_cli, ApiClient, Backend, Receiver, Recorded, Reply,
    ServiceProcess, TestCa, TestDb, Tinyproxy,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

struct Service {
    db: TestDb,
    process: ServiceProcess,
    /// Account `acct-a`.
    a: ApiClient,
    /// Account `acct-b`.
    b: ApiClient,
    anonymous: ApiClient,
}

async fn token(account: &str) -> String {
    run_cli(BIN, &["token", "--account", account], &[("JWT_SECRET", JWT_SECRET)])
        .await
        .unwrap()
        .trim()
        .to_owned()
}

async fn start(backend: Backend, schedule: &str) -> Service {
    start_with(backend, schedule, &[]).await
}

async fn start_with(backend: Backend, schedule: &str, extra: &[(&str, &str)]) -> Service {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("RETRY_SCHEDULE", schedule),
        ("DELIVERY_TIMEOUT", "2s"),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    env.extend_from_slice(extra);
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let anonymous = ApiClient::new(process.base_url());
    let a = anonymous.with_bearer(&token("acct-a").await);
    let b = anonymous.with_bearer(&token("acct-b").await);
    Service { db, process, a, b, anonymous }
}

async fn register(api: &ApiClient, url: &str, events: &[&str]) -> Value {
    let res = api.call("POST", "/webhooks", Some(json!({ "url": url, "events": events }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()
}

async fn new_run(api: &ApiClient, workflow: &str) -> Value {
    let res = api.call("POST", "/runs", Some(json!({ "workflow_id": workflow }))).await;
    assert_eq!(res.status, 201);
    res.json()
}

async fn settle(api: &ApiClient, run_id: &str, status: &str) -> test_support::ApiResponse {
    api.call("POST", &format!("/runs/{run_id}/settle"), Some(json!({ "status": status }))).await
}

async fn deliveries(api: &ApiClient) -> Vec<Value> {
    let res = api.call("GET", "/webhooks/deliveries?limit=100", None).await;
    assert_eq!(res.status, 200);
    res.json().as_array().unwrap().clone()
}

/// Polls the delivery log until `pred` holds for the delivery (the log is the observable state).
async fn wait_delivery(api: &ApiClient, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    eventually(&format!("delivery {id} to match"), || async {
        deliveries(api).await.into_iter().find(|d| d["deliveryId"] == id).filter(|d| pred(d))
    })
    .await
}

fn verify_v1(req: &Recorded, secret: &str) -> bool {
    let expected = format!("v1={}", independent_hmac_sha256_hex(secret.as_bytes(), &req.body));
    req.header("x-webhook-signature") == Some(expected.as_str())
}

async fn settle_delivers_the_exact_body_and_headers_once(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let completed = Receiver::ok().await;
    let failed = Receiver::ok().await;
    let ep = register(&svc.a, &completed.url(), &["run.completed"]).await;
    let ep_failed = register(&svc.a, &failed.url(), &["run.failed"]).await;
    assert_eq!(ep["url"], completed.url());
    assert_eq!(ep["events"], json!(["run.completed"]));
    assert!(ep["signingSecret"].as_str().unwrap().starts_with("whsec_"));
    assert!(ep["createdAt"].as_str().unwrap().ends_with('Z'));
    let keys: Vec<_> = ep.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys.len(), 5, "{keys:?}");

    let run = new_run(&svc.a, "wf-billing").await;
    assert_eq!(run["status"], "running");
    assert_eq!(run["workflow_id"], "wf-billing");
    assert_eq!(run.as_object().unwrap().len(), 4, "{run}");
    let run_id = run["id"].as_str().unwrap().to_owned();
    let before = chrono::Utc::now().timestamp();
    let settled = settle(&svc.a, &run_id, "succeeded").await;
    assert_eq!(settled.status, 200);
    let settled = settled.json();
    assert_eq!(settled["status"], "succeeded");

    let req = completed.wait_for(1).await.remove(0);
    let expected = format!(
        r#"{{"event":"run.completed","id":"{run_id}:run.completed","run_id":"{run_id}","workflow_id":"wf-billing","status":"succeeded","created_at":"{}","completed_at":"{}"}}"#,
        run["created_at"].as_str().unwrap(),
        settled["completed_at"].as_str().unwrap()
    );
    assert_eq!(String::from_utf8_lossy(&req.body), expected);
    assert_eq!(req.method, "POST");
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert!(verify_v1(&req, ep["signingSecret"].as_str().unwrap()));
    assert_eq!(req.header("x-webhook-id"), Some(format!("{run_id}:run.completed").as_str()));
    let ts: i64 = req.header("x-webhook-timestamp").unwrap().parse().unwrap();
    assert!((before - 5..=chrono::Utc::now().timestamp() + 5).contains(&ts), "{ts}");

    let got = svc.a.call("GET", &format!("/runs/{run_id}"), None).await;
    assert_eq!(got.status, 200);
    assert_eq!(got.json(), settled);

    // Settling again with the same outcome changes nothing and emits nothing; the other is a conflict.
    assert_eq!(settle(&svc.a, &run_id, "succeeded").await.status, 200);
    assert_error(&settle(&svc.a, &run_id, "failed").await, 409, "run_already_settled");
    let log = deliveries(&svc.a).await;
    assert_eq!(log.len(), 1);
    let d =
        wait_delivery(&svc.a, log[0]["deliveryId"].as_str().unwrap(), |d| d["status"] == "delivered").await;
    assert_eq!(d["endpointId"], ep["endpointId"]);
    assert_eq!(d["eventId"], format!("{run_id}:run.completed"));
    assert_eq!(d["event"], "run.completed");
    assert_eq!(d["attemptCount"], 1);
    assert_eq!(d["responseCode"], 200);
    assert_eq!(d["lastError"], Value::Null);
    assert_eq!(d["nextAttemptAt"], Value::Null);

    // A failed run goes only to the run.failed subscriber.
    let run2 = new_run(&svc.a, "wf-2").await;
    let run2_id = run2["id"].as_str().unwrap();
    assert_eq!(settle(&svc.a, run2_id, "failed").await.status, 200);
    let req = failed.wait_for(1).await.remove(0);
    let body: Value = serde_json::from_slice(&req.body).unwrap();
    assert_eq!(body["event"], "run.failed");
    assert_eq!(body["status"], "failed");
    assert!(verify_v1(&req, ep_failed["signingSecret"].as_str().unwrap()));
    let log = deliveries(&svc.a).await;
    assert_eq!(log.len(), 2);
    assert_eq!(log[0]["event"], "run.failed", "newest first");
    assert_eq!(completed.count(), 1);
}

async fn five_attempts_then_dead_letter_then_manual_retry_then_409(backend: Backend) {
    let svc = start(backend, "100ms,100ms,100ms,100ms").await;
    let receiver = Receiver::start(|n, _| if n < 5 { Reply::Status(500) } else { Reply::Status(200) }).await;
    register(&svc.a, &receiver.url(), &["run.completed", "run.failed"]).await;
    let run = new_run(&svc.a, "wf").await;
    settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await;

    receiver.wait_for(5).await;
    let id = deliveries(&svc.a).await[0]["deliveryId"].as_str().unwrap().to_owned();
    let dead = wait_delivery(&svc.a, &id, |d| d["status"] == "dead_letter").await;
    assert_eq!(dead["attemptCount"], 5);
    assert_eq!(dead["responseCode"], 500);
    assert_eq!(dead["lastError"], "endpoint answered HTTP 500");
    assert_eq!(dead["nextAttemptAt"], Value::Null);
    assert_eq!(receiver.count(), 5, "no sixth automatic attempt");

    let retried = svc.a.call("POST", &format!("/webhooks/deliveries/{id}/retry"), None).await;
    assert_eq!(retried.status, 202);
    assert_eq!(retried.json()["deliveryId"], id.as_str());
    let got = receiver.wait_for(6).await;
    assert_eq!(got[5].header("x-webhook-id"), got[0].header("x-webhook-id"));
    let delivered = wait_delivery(&svc.a, &id, |d| d["status"] == "delivered").await;
    assert_eq!(delivered["attemptCount"], 6);
    assert_eq!(delivered["responseCode"], 200);

    let again = svc.a.call("POST", &format!("/webhooks/deliveries/{id}/retry"), None).await;
    assert_error(&again, 409, "already_delivered");
}

async fn a_failed_delivery_awaiting_retry_can_be_retried_now(backend: Backend) {
    let svc = start(backend, "1h,1h,1h,1h").await;
    let receiver = Receiver::start(|n, _| if n == 0 { Reply::Status(503) } else { Reply::Status(204) }).await;
    register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let run = new_run(&svc.a, "wf").await;
    settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await;
    receiver.wait_for(1).await;
    let id = deliveries(&svc.a).await[0]["deliveryId"].as_str().unwrap().to_owned();
    let failed = wait_delivery(&svc.a, &id, |d| d["status"] == "failed").await;
    assert_eq!(failed["responseCode"], 503);
    assert!(failed["nextAttemptAt"].as_str().is_some());
    assert_eq!(svc.a.call("POST", &format!("/webhooks/deliveries/{id}/retry"), None).await.status, 202);
    receiver.wait_for(2).await;
    let d = wait_delivery(&svc.a, &id, |d| d["status"] == "delivered").await;
    assert_eq!(d["attemptCount"], 2);
}

async fn rotate_secret_and_test_event_sign_with_the_current_secret_only(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let receiver = Receiver::ok().await;
    let ep = register(&svc.a, &receiver.url(), &["run.failed"]).await;
    let id = ep["endpointId"].as_str().unwrap();
    let old = ep["signingSecret"].as_str().unwrap();

    let listed = svc.a.call("GET", "/webhooks", None).await;
    assert_eq!(listed.status, 200);
    let text = String::from_utf8_lossy(&listed.body).into_owned();
    assert!(!text.contains(old) && !text.contains("signingSecret"), "{text}");
    assert_eq!(listed.json()[0]["endpointId"], id);

    // The test event: same headers as production, signed with the stored secret.
    let res = svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await;
    assert_eq!(res.status, 202);
    let req = receiver.wait_for(1).await.remove(0);
    assert!(verify_v1(&req, old));
    let body: Value = serde_json::from_slice(&req.body).unwrap();
    assert_eq!(body["event"], "webhook.test");
    assert_eq!(req.header("x-webhook-id"), body["id"].as_str());
    assert_eq!(res.json()["eventId"], body["id"]);
    assert!(body["id"].as_str().unwrap().ends_with(":webhook.test"));
    let keys: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = vec!["completed_at", "created_at", "event", "id", "run_id", "status", "workflow_id"];
    expected.sort();
    assert_eq!(keys, expected);
    assert!(req.header("x-webhook-timestamp").is_some());

    let rotated = svc.a.call("POST", &format!("/webhooks/{id}/rotate-secret"), None).await;
    assert_eq!(rotated.status, 200);
    let rotated = rotated.json();
    assert_eq!(rotated["endpointId"], id);
    let new = rotated["signingSecret"].as_str().unwrap();
    assert_ne!(new, old);
    assert_eq!(rotated.as_object().unwrap().len(), 2);

    svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await;
    let req = receiver.wait_for(2).await.remove(1);
    assert!(verify_v1(&req, new), "the new secret signs");
    assert!(!verify_v1(&req, old), "the old secret no longer verifies");
}

async fn delete_stops_pending_deliveries(backend: Backend) {
    let svc = start(backend, "1h,1h,1h,1h").await;
    let receiver = Receiver::start(|_, _| Reply::Status(500)).await;
    let ep = register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let id = ep["endpointId"].as_str().unwrap();
    let run = new_run(&svc.a, "wf").await;
    settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await;
    receiver.wait_for(1).await;
    let delivery = deliveries(&svc.a).await[0]["deliveryId"].as_str().unwrap().to_owned();
    wait_delivery(&svc.a, &delivery, |d| d["status"] == "failed").await;

    let res = svc.a.call("DELETE", &format!("/webhooks/{id}"), None).await;
    assert_eq!(res.status, 204);
    assert!(res.body.is_empty());
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.json(), json!([]));
    let d = wait_delivery(&svc.a, &delivery, |d| d["status"] == "dead_letter").await;
    assert_eq!(d["lastError"], "endpoint deleted");
    assert_error(
        &svc.a.call("POST", &format!("/webhooks/deliveries/{delivery}/retry"), None).await,
        410,
        "endpoint_deleted",
    );
    assert_error(&svc.a.call("DELETE", &format!("/webhooks/{id}"), None).await, 404, "not_found");
}

async fn another_accounts_ids_are_404_like_unknown_ones(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let receiver = Receiver::ok().await;
    let ep = register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let ep_id = ep["endpointId"].as_str().unwrap();
    let run = new_run(&svc.a, "wf").await;
    let run_id = run["id"].as_str().unwrap();
    settle(&svc.a, run_id, "succeeded").await;
    receiver.wait_for(1).await;
    let delivery = deliveries(&svc.a).await[0]["deliveryId"].as_str().unwrap().to_owned();
    let unknown = uuid::Uuid::new_v4().to_string();

    assert_eq!(svc.b.call("GET", "/webhooks", None).await.json(), json!([]));
    assert_eq!(svc.b.call("GET", "/webhooks/deliveries", None).await.json(), json!([]));
    for (method, path, body) in [
        ("POST", "/webhooks/{ep}/rotate-secret", None),
        ("POST", "/webhooks/{ep}/test", None),
        ("DELETE", "/webhooks/{ep}", None),
        ("PATCH", "/webhooks/{ep}", Some(json!({ "enabled": false }))),
        ("POST", "/webhooks/deliveries/{d}/retry", None),
        ("GET", "/runs/{run}", None),
        ("POST", "/runs/{run}/settle", Some(json!({ "status": "failed" }))),
    ] {
        let theirs = path.replace("{ep}", ep_id).replace("{d}", &delivery).replace("{run}", run_id);
        let missing = path.replace("{ep}", &unknown).replace("{d}", &unknown).replace("{run}", &unknown);
        let a = svc.b.call(method, &theirs, body.clone()).await;
        let b = svc.b.call(method, &missing, body.clone()).await;
        assert_error(&a, 404, "not_found");
        assert_eq!(a.body, b.body, "{method} {path}: another account's id must look unknown");
        assert_error(
            &svc.b
                .call(method, &path.replace("{ep}", "x").replace("{d}", "x").replace("{run}", "x"), body)
                .await,
            404,
            "not_found",
        );
    }
    // Nothing of A's changed.
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.json().as_array().unwrap().len(), 1);
    assert_eq!(svc.a.call("GET", &format!("/runs/{run_id}"), None).await.json()["status"], "succeeded");
}

async fn authentication_failures_are_401_with_json(backend: Backend) {
    use jsonwebtoken::{encode, EncodingKey, Header};
    let svc = start(backend, "1m,5m,30m,2h").await;
    let now = chrono::Utc::now().timestamp();
    let sign = |alg, claims: Value, secret: &str| {
        encode(&Header::new(alg), &claims, &EncodingKey::from_secret(secret.as_bytes())).unwrap()
    };
    let expired = sign(
        jsonwebtoken::Algorithm::HS256,
        json!({ "sub": "acct-a", "iat": now - 3600, "exp": now - 60 }),
        JWT_SECRET,
    );
    let no_exp = sign(jsonwebtoken::Algorithm::HS256, json!({ "sub": "acct-a", "iat": now }), JWT_SECRET);
    let wrong_key = sign(
        jsonwebtoken::Algorithm::HS256,
        json!({ "sub": "acct-a", "exp": now + 600 }),
        "another-secret-0123456789abcdef012345",
    );
    let wrong_alg =
        sign(jsonwebtoken::Algorithm::HS384, json!({ "sub": "acct-a", "exp": now + 600 }), JWT_SECRET);
    let none_alg = format!(
        "{}.{}.",
        base64_url(br#"{"alg":"none","typ":"JWT"}"#),
        base64_url(format!(r#"{{"sub":"acct-a","exp":{}}}"#, now + 600).as_bytes())
    );
    for route in ["/webhooks", "/webhooks/deliveries"] {
        assert_error(&svc.anonymous.call("GET", route, None).await, 401, "unauthorized");
        for bad in ["garbage", &expired, &no_exp, &wrong_key, &wrong_alg, &none_alg] {
            let res = svc.anonymous.with_bearer(bad).call("GET", route, None).await;
            assert_error(&res, 401, "unauthorized");
            assert_eq!(res.headers.get("www-authenticate").unwrap(), "Bearer");
        }
        let basic = svc.anonymous.raw("GET", route, None, &[("authorization", "Basic YTpi")]).await;
        assert_error(&basic, 401, "unauthorized");
    }
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.status, 200);
    // Only exp and sub are required; the scheme is case-insensitive.
    let minimal =
        sign(jsonwebtoken::Algorithm::HS256, json!({ "sub": "acct-a", "exp": now + 600 }), JWT_SECRET);
    let res =
        svc.anonymous.raw("GET", "/webhooks", None, &[("authorization", &format!("BEARER {minimal}"))]).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
}

fn base64_url(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

async fn bad_input_gets_a_clear_4xx_never_a_500(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let a = &svc.a;
    let ok_url = "https://hooks.example.com/x";
    for (body, code) in [
        (json!({ "url": ok_url, "events": ["run.started"] }), "invalid_events"),
        (json!({ "url": ok_url, "events": [] }), "invalid_events"),
        (json!({ "url": "ftp://example.com/x", "events": ["run.failed"] }), "invalid_url"),
        (json!({ "url": "/relative", "events": ["run.failed"] }), "invalid_url"),
        (json!({ "url": "not a url", "events": ["run.failed"] }), "invalid_url"),
        (
            json!({ "url": format!("https://example.com/{}", "a".repeat(3000)), "events": ["run.failed"] }),
            "invalid_url",
        ),
        (
            json!({ "url": "http://169.254.169.254/latest/meta-data", "events": ["run.failed"] }),
            "url_forbidden_address",
        ),
        (json!({ "events": ["run.failed"] }), "invalid_body"),
        (json!({ "url": ok_url }), "invalid_body"),
        (json!({ "url": 42, "events": ["run.failed"] }), "invalid_body"),
        (json!({ "url": ok_url, "events": "run.failed" }), "invalid_body"),
    ] {
        assert_error(&a.call("POST", "/webhooks", Some(body.clone())).await, 422, code);
    }
    let unknown = a
        .call("POST", "/webhooks", Some(json!({ "url": ok_url, "events": ["run.completed", "nope"] })))
        .await;
    assert!(unknown.json()["detail"].as_str().unwrap().contains("nope"));
    assert_error(
        &a.raw("POST", "/webhooks", Some((b"{bad json", "application/json")), &[]).await,
        400,
        "malformed_json",
    );
    assert_error(
        &a.raw("POST", "/webhooks", Some((b"", "application/json")), &[]).await,
        400,
        "malformed_json",
    );
    assert_error(
        &a.raw("POST", "/webhooks", Some((b"url=x", "text/plain")), &[]).await,
        415,
        "unsupported_media_type",
    );
    let huge = format!(r#"{{"url":"{ok_url}","events":["run.failed"],"pad":"{}"}}"#, "x".repeat(200 * 1024));
    assert_error(
        &a.raw("POST", "/webhooks", Some((huge.as_bytes(), "application/json")), &[]).await,
        413,
        "payload_too_large",
    );

    for q in ["limit=0", "limit=101", "limit=abc", "limit=-1", "limit=1.5", "limit="] {
        assert_error(&a.call("GET", &format!("/webhooks/deliveries?{q}"), None).await, 422, "invalid_limit");
    }
    assert_eq!(a.call("GET", "/webhooks/deliveries?limit=100", None).await.status, 200);
    assert_eq!(a.call("GET", "/webhooks/deliveries", None).await.status, 200);

    assert_error(
        &a.call("POST", "/runs", Some(json!({ "workflow_id": "" }))).await,
        422,
        "invalid_workflow_id",
    );
    assert_error(
        &a.call("POST", "/runs", Some(json!({ "workflow_id": "x".repeat(201) }))).await,
        422,
        "invalid_workflow_id",
    );
    assert_error(&a.call("POST", "/runs", Some(json!({}))).await, 422, "invalid_body");
    let run = new_run(a, "wf").await;
    let run_id = run["id"].as_str().unwrap();
    for status in ["running", "SUCCEEDED", "done", ""] {
        assert_error(&settle(a, run_id, status).await, 422, "invalid_status");
    }
    assert_error(
        &a.call("POST", &format!("/runs/{run_id}/settle"), Some(json!({}))).await,
        422,
        "invalid_body",
    );
    assert_error(&a.call("GET", "/runs/not-a-uuid", None).await, 404, "not_found");
    assert_error(
        &a.call("POST", &format!("/webhooks/deliveries/{}/retry", uuid::Uuid::new_v4()), None).await,
        404,
        "not_found",
    );
    assert_error(&a.call("GET", "/nothing/here", None).await, 404, "not_found");
    assert_error(&a.call("PUT", "/webhooks", None).await, 405, "method_not_allowed");
    // Still healthy, and nothing was written by any of it.
    assert_eq!(a.call("GET", "/webhooks", None).await.json(), json!([]));
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM webhook_endpoints").await.unwrap(), 0);
    drop(svc.process);
}

async fn a_410_disables_the_endpoint_and_enable_resumes_it(backend: Backend) {
    let svc = start(backend, "100ms,100ms,100ms,100ms").await;
    let receiver = Receiver::start(|n, _| if n == 0 { Reply::Status(410) } else { Reply::Status(200) }).await;
    let ep = register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let id = ep["endpointId"].as_str().unwrap();
    let run = new_run(&svc.a, "wf").await;
    settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await;
    receiver.wait_for(1).await;
    let listed = eventually("the endpoint to be disabled", || async {
        let l = svc.a.call("GET", "/webhooks", None).await.json()[0].clone();
        match l["disabled"] == true {
            true => Ok(l),
            false => Err(l),
        }
    })
    .await;
    assert_eq!(listed["disabledReason"], "the endpoint answered 410 Gone");
    assert!(listed["disabledAt"].as_str().is_some());
    let delivery = deliveries(&svc.a).await[0]["deliveryId"].as_str().unwrap().to_owned();
    assert_eq!(deliveries(&svc.a).await[0]["status"], "failed");

    let enabled = svc.a.call("POST", &format!("/webhooks/{id}/enable"), None).await;
    assert_eq!(enabled.status, 200);
    assert_eq!(enabled.json()["disabled"], false);
    receiver.wait_for(2).await;
    wait_delivery(&svc.a, &delivery, |d| d["status"] == "delivered").await;
    assert_error(&svc.b.call("POST", &format!("/webhooks/{id}/enable"), None).await, 404, "not_found");
}

/// With OPS_WEBHOOK_URL set, the operator's receiver gets the disable the service made (a 410)
/// and the enable made through the API, signed with Standard Webhooks; the reserved tenant of
/// those events is no account: no token names it, and nothing of it shows in an account's log.
async fn operational_webhooks_report_a_disable_and_an_enable_through_the_api(backend: Backend) {
    use test_support::standard_webhooks::{label, wait_for_events, OPS_SECRET};
    let ops = Receiver::ok().await;
    let ops_url = ops.url();
    let env = [("OPS_WEBHOOK_URL", ops_url.as_str()), ("OPS_WEBHOOK_SECRET", OPS_SECRET)];
    let svc = start_with(backend, "100ms,100ms,100ms,100ms", &env).await;
    let receiver = Receiver::start(|n, _| if n == 0 { Reply::Status(410) } else { Reply::Status(200) }).await;
    let ep = register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let id = ep["endpointId"].as_str().unwrap();
    let run = new_run(&svc.a, "wf").await;
    settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await;
    wait_for_events(&ops, OPS_SECRET, "the disable", |l| !l.is_empty()).await;
    assert_eq!(svc.a.call("POST", &format!("/webhooks/{id}/enable"), None).await.status, 200);
    let events = wait_for_events(&ops, OPS_SECRET, "the enable", |l| l.len() >= 2).await;
    let labels: Vec<String> = events.iter().map(label).collect();
    assert_eq!(labels, ["endpoint.disabled:gone", "endpoint.enabled:manual"]);
    for e in &events {
        let d = &e["data"];
        assert_eq!(
            (d["service"].as_str(), d["tenant"].as_str()),
            (Some("workflow-api"), Some("acct-a")),
            "{e}"
        );
        assert_eq!(d["endpointId"], id);
    }
    let disabled = &events[0]["data"];
    assert_eq!(disabled["reason"], "the endpoint answered 410 Gone");
    assert_eq!(
        (disabled["lastAttempt"]["status"].as_u64(), disabled["lastAttempt"]["outcome"].as_str()),
        (Some(410), Some("http_410"))
    );

    // The operator's tenant is nobody's account.
    assert!(run_cli(BIN, &["token", "--account", "__ops"], &[("JWT_SECRET", JWT_SECRET)]).await.is_err());
    let claims = json!({ "sub": "__ops", "exp": chrono::Utc::now().timestamp() + 600 });
    let key = jsonwebtoken::EncodingKey::from_secret(JWT_SECRET.as_bytes());
    let forged = jsonwebtoken::encode(&jsonwebtoken::Header::default(), &claims, &key).unwrap();
    // One route of each family of engine calls (D100): endpoints, deliveries, recovery jobs,
    // listen sessions, events (runs, test events).
    let (ep, nil) = (id, uuid::Uuid::nil());
    let recovery = json!({ "since": "2026-01-01T00:00:00Z", "until": "2026-01-02T00:00:00Z" });
    let calls = [
        ("GET", "/webhooks".to_owned(), None),
        ("POST", "/webhooks".to_owned(), Some(json!({ "url": "https://hooks.example.com/x" }))),
        ("POST", format!("/webhooks/{ep}/rotate-secret"), None),
        ("GET", "/webhooks/deliveries".to_owned(), None),
        ("GET", format!("/webhooks/deliveries/{nil}"), None),
        ("POST", format!("/webhooks/deliveries/{nil}/retry"), None),
        ("POST", format!("/webhooks/{ep}/recoveries"), Some(recovery)),
        ("GET", format!("/webhooks/{ep}/recoveries"), None),
        ("GET", "/webhooks/listen".to_owned(), None),
        ("DELETE", format!("/webhooks/listen/{nil}"), None),
        ("POST", "/runs".to_owned(), Some(json!({ "workflowId": "wf" }))),
        ("POST", format!("/webhooks/{ep}/test"), None),
    ];
    for (method, route, body) in calls {
        let answer = svc.anonymous.with_bearer(&forged).call(method, &route, body).await;
        assert_error(&answer, 401, "unauthorized");
    }
    let log = deliveries(&svc.a).await;
    assert_eq!(log.len(), 1, "only the run's delivery: {log:?}");
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.json().as_array().unwrap().len(), 1);
}

async fn each_account_is_rate_limited_on_its_own(backend: Backend) {
    let svc = start_with(backend, "1m,5m,30m,2h", &[("RATE_LIMIT", "1"), ("RATE_LIMIT_BURST", "3")]).await;
    for _ in 0..3 {
        assert_eq!(svc.a.call("GET", "/webhooks", None).await.status, 200);
    }
    let limited = svc.a.call("GET", "/webhooks", None).await;
    assert_error(&limited, 429, "rate_limited");
    let retry_after: u64 = limited.headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=2).contains(&retry_after), "{retry_after}");
    assert_eq!(svc.b.call("GET", "/webhooks", None).await.status, 200, "another account is not limited");
}

async fn idempotency_key_replays_the_first_answer_and_refuses_another_body(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let body = json!({ "url": "https://hooks.example.com/a", "events": ["run.completed"] });
    let send = |api: &ApiClient, body: &Value, key: &str| {
        let (api, body, key) = (api.clone(), body.to_string(), key.to_owned());
        async move {
            api.raw(
                "POST",
                "/webhooks",
                Some((body.as_bytes(), "application/json")),
                &[("idempotency-key", &key)],
            )
            .await
        }
    };
    let first = send(&svc.a, &body, "create-1").await;
    assert_eq!(first.status, 201);
    assert!(first.headers.get("idempotent-replayed").is_none());
    let again = send(&svc.a, &body, "create-1").await;
    assert_eq!(again.status, 201);
    assert_eq!(again.headers.get("idempotent-replayed").unwrap(), "true");
    assert_eq!(again.json(), first.json(), "the same endpoint and secret, not a second endpoint");
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.json().as_array().unwrap().len(), 1);

    let other = json!({ "url": "https://hooks.example.com/b", "events": ["run.completed"] });
    assert_error(&send(&svc.a, &other, "create-1").await, 422, "idempotency_key_reused");
    // Keys belong to the credential: another account's "create-1" is a new request.
    assert_eq!(send(&svc.b, &body, "create-1").await.status, 201);
    assert_error(&send(&svc.a, &body, "").await, 422, "invalid_idempotency_key");
    // The stored answer holds the signing secret, sealed: not in the clear in the database.
    let secret = first.json()["signingSecret"].as_str().unwrap().to_owned();
    let sql = match backend {
        Backend::Postgres => format!(
            "SELECT count(*) AS n FROM idempotency_keys WHERE position(convert_to('{secret}', 'UTF8') in response_sealed) > 0"
        ),
        Backend::Sqlite => format!(
            "SELECT count(*) AS n FROM idempotency_keys WHERE instr(response_sealed, CAST('{secret}' AS BLOB)) > 0"
        ),
    };
    assert_eq!(svc.db.count(&sql).await.unwrap(), 0);
    assert_eq!(
        svc.db
            .count("SELECT count(*) AS n FROM idempotency_keys WHERE response_sealed IS NOT NULL")
            .await
            .unwrap(),
        2
    );
}

async fn every_route_in_the_table_is_served_and_openapi_json_is_public(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let doc = svc.anonymous.call("GET", "/openapi.json", None).await;
    assert_eq!(doc.status, 200);
    assert_eq!(doc.json()["openapi"], "3.0.3");
    // The operator routes are off here (no OPERATOR_KEYS: 404); tests/it/operator.rs calls each.
    let routes = workflow_api::routes::ROUTES.iter().filter(|r| !workflow_api::routes::OPERATOR.contains(r));
    test_support::assert_routes_served(&svc.a, &routes.copied().collect::<Vec<_>>()).await;
}

async fn nul_bytes_and_non_object_bodies_are_422_never_500(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let a = &svc.a;
    // PostgreSQL cannot store NUL: refused as bad input.
    assert_error(
        &a.call("POST", "/runs", Some(json!({ "workflow_id": "a\u{0}b" }))).await,
        422,
        "invalid_workflow_id",
    );
    let nul_url = json!({ "url": "https://hooks.example.com/a\u{0}b", "events": ["run.failed"] });
    assert_error(&a.call("POST", "/webhooks", Some(nul_url)).await, 422, "invalid_url");
    // A JSON array is not an object, even where serde would read it positionally.
    let array = br#"["https://hooks.example.com/arr", ["run.completed"]]"#;
    assert_error(
        &a.raw("POST", "/webhooks", Some((array, "application/json")), &[]).await,
        422,
        "invalid_body",
    );
    assert_error(
        &a.raw("POST", "/runs", Some((br#""wf""#, "application/json")), &[]).await,
        422,
        "invalid_body",
    );
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM workflow_runs").await.unwrap(), 0);
}

async fn idempotency_comes_after_authentication_and_never_replays_a_429(backend: Backend) {
    let svc = start_with(backend, "1m,5m,30m,2h", &[("RATE_LIMIT", "1"), ("RATE_LIMIT_BURST", "1")]).await;
    let body = json!({ "workflow_id": "wf" }).to_string();
    let keyed = [("idempotency-key", "run-1")];
    let post = |api: &ApiClient| {
        let (api, body) = (api.clone(), body.clone());
        async move { api.raw("POST", "/runs", Some((body.as_bytes(), "application/json")), &keyed).await }
    };
    // No credential: 401 every time, whatever the key.
    assert_error(&post(&svc.anonymous).await, 401, "unauthorized");
    assert_error(&post(&svc.anonymous).await, 401, "unauthorized");
    // The burst is spent by this call; the keyed request is rate limited...
    assert_eq!(svc.a.call("GET", "/webhooks", None).await.status, 200);
    let limited = post(&svc.a).await;
    assert_error(&limited, 429, "rate_limited");
    let wait: u64 = limited.headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    // ...and once the limiter (whose clock is real time) allows it, the same key is processed:
    // waiting out the Retry-After it gave is the scenario (a client that honours it).
    pace(Duration::from_secs(wait)).await;
    let res = post(&svc.a).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    assert!(res.headers.get("idempotent-replayed").is_none());
}

/// A misspelt field is refused, never ignored: 422 `unknown_field` on every write route with a
/// body, naming the field meant. The rule is the extractor's, the same on both stores: SQLite
/// only.
#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_field_on_any_write_route_is_422_naming_the_field_meant() {
    let svc = start(Backend::Sqlite, "1s").await;
    let a = &svc.a;
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    let typo = json!({ "url": receiver.url(), "event": ["run.completed"] });
    let res = a.call("POST", "/webhooks", Some(typo)).await;
    assert_error(&res, 422, "unknown_field");
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.starts_with("unknown field `event` (did you mean `events`?)"), "{detail}");
    assert_eq!(a.call("GET", "/webhooks", None).await.json(), json!([]), "nothing registered");

    let hook =
        register(a, &receiver.url(), &["run.completed"]).await["endpointId"].as_str().unwrap().to_owned();
    let run = new_run(a, "wf").await["id"].as_str().unwrap().to_owned();
    for (path, method, body, meant) in [
        (format!("/webhooks/{hook}/rate-limit"), "PUT", json!({ "rate_limit": 5 }), Some("rateLimit")),
        (format!("/webhooks/{hook}"), "PATCH", json!({ "enabeld": false }), Some("enabled")),
        ("/runs".to_owned(), "POST", json!({ "workflowId": "wf" }), Some("workflow_id")),
        (format!("/runs/{run}/settle"), "POST", json!({ "status": "succeeded", "reason": "x" }), None),
        (
            format!("/webhooks/{hook}/recoveries"),
            "POST",
            json!({ "since": "2026-11-01T00:00:00Z", "includeDelivred": true }),
            Some("includeDelivered"),
        ),
    ] {
        let res = a.call(method, &path, Some(body)).await;
        test_support::assert_unknown_field(&res, meant, &format!("{method} {path}"));
    }
    assert_eq!(a.call("GET", &format!("/runs/{run}"), None).await.json()["status"], "running", "not settled");
    // The other service's credential is named as such.
    let res = svc.anonymous.with_bearer("ck_0123456789").call("GET", "/webhooks", None).await;
    assert_error(&res, 401, "unauthorized");
    assert!(res.json()["detail"].as_str().unwrap().contains("campaign-api API key"), "{}", res.json());
}

/// The `Link` of an answer, as a path to call next.
fn next_page(res: &test_support::ApiResponse) -> Option<String> {
    let link = res.headers.get("link")?.to_str().unwrap();
    assert!(link.ends_with(">; rel=\"next\""), "{link}");
    Some(link.trim_start_matches('<').split('>').next().unwrap().to_owned())
}

fn ids(res: &test_support::ApiResponse) -> Vec<String> {
    res.json().as_array().unwrap().iter().map(|d| d["deliveryId"].as_str().unwrap().to_owned()).collect()
}

/// The log pages through the API with the lists' keyset cursor (`Link: rel="next"`, which
/// keeps the filters); the spec's default answer is unchanged.
async fn the_delivery_log_pages_through_the_api_with_its_filters(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let receiver = Receiver::ok().await;
    register(&svc.a, &receiver.url(), &["run.completed", "run.failed"]).await;
    for i in 0..5 {
        let run = new_run(&svc.a, "wf").await;
        let status = if i % 2 == 0 { "succeeded" } else { "failed" };
        assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), status).await.status, 200);
    }
    receiver.wait_for(5).await;
    let all = svc.a.call("GET", "/webhooks/deliveries", None).await;
    assert_eq!((ids(&all).len(), all.headers.get("link")), (5, None), "the spec's answer");

    let (mut path, mut paged, mut pages) = (Some("/webhooks/deliveries?limit=2".to_owned()), vec![], 0);
    while let Some(p) = path {
        let res = svc.a.call("GET", &p, None).await;
        assert_eq!(res.status, 200, "{p}");
        paged.extend(ids(&res));
        pages += 1;
        path = next_page(&res);
    }
    assert_eq!((paged, pages), (ids(&all), 3), "2, 2 and 1, newest first, each once");

    let first = svc.a.call("GET", "/webhooks/deliveries?event=run.failed&limit=1", None).await;
    let next = next_page(&first).unwrap();
    assert!(next.contains("event=run.failed"), "{next}");
    let second = svc.a.call("GET", &next, None).await;
    assert_eq!((ids(&first).len(), ids(&second).len(), next_page(&second)), (1, 1, None));
    assert_eq!(second.json()[0]["event"], "run.failed");
    let other = uuid::Uuid::new_v4();
    let none = svc.a.call("GET", &format!("/webhooks/deliveries?endpointId={other}"), None).await;
    assert_eq!(none.json(), json!([]));
    for (query, code) in [
        ("endpointId=nope", "invalid_endpoint_id"),
        ("event=run.complete", "invalid_events"),
        ("after=x", "invalid_cursor"),
        ("status=dead", "invalid_status"),
    ] {
        assert_error(&svc.a.call("GET", &format!("/webhooks/deliveries?{query}"), None).await, 422, code);
    }
    let typo = svc.a.call("GET", "/webhooks/deliveries?event=run.complete", None).await.json();
    assert!(typo["detail"].as_str().unwrap().contains("(did you mean `run.completed`?)"), "{typo}");
}

/// `PATCH /webhooks/{endpointId}` (an extension): a new URL or event kinds keep the endpoint's
/// id and secret; `enabled` disables and enables it.
async fn an_endpoint_is_changed_and_disabled_through_patch_keeping_its_secret(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let (old, new) = (Receiver::ok().await, Receiver::ok().await);
    let ep = register(&svc.a, &old.url(), &["run.completed"]).await;
    let (id, secret) = (ep["endpointId"].as_str().unwrap(), ep["signingSecret"].as_str().unwrap());
    let path = format!("/webhooks/{id}");
    let res = svc.a.call("PATCH", &path, Some(json!({ "url": new.url(), "events": ["run.failed"] }))).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    let changed = res.json();
    assert_eq!(
        (&changed["url"], &changed["events"], &changed["disabled"]),
        (&json!(new.url()), &json!(["run.failed"]), &json!(false))
    );
    let run = new_run(&svc.a, "wf").await;
    assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "failed").await.status, 200);
    let got = new.wait_for(1).await;
    assert!(verify_v1(&got[0], secret), "signed with the secret it had");
    assert_eq!(old.count(), 0);

    let off = svc.a.call("PATCH", &path, Some(json!({ "enabled": false }))).await.json();
    assert_eq!(
        (&off["disabled"], &off["disabledReason"]),
        (&json!(true), &json!("disabled through the API"))
    );
    let on = svc.a.call("PATCH", &path, Some(json!({ "enabled": true }))).await.json();
    assert_eq!((&on["disabled"], &on["events"]), (&json!(false), &json!(["run.failed"])));
    for (body, code) in [
        (json!({ "events": [] }), "invalid_events"),
        (json!({ "events": ["run.done"] }), "invalid_events"),
        (json!({ "url": "not a url" }), "invalid_url"),
        (json!({ "enabled": "yes" }), "invalid_body"),
        (json!({ "enable": true }), "unknown_field"),
    ] {
        assert_error(&svc.a.call("PATCH", &path, Some(body)).await, 422, code);
    }
    assert_error(&svc.a.call("PATCH", "/webhooks/not-a-uuid", Some(json!({}))).await, 404, "not_found");
}

async fn a_405_says_which_methods_are_allowed(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let res = svc.a.call("PUT", "/webhooks", None).await;
    assert_error(&res, 405, "method_not_allowed");
    assert_eq!(res.headers.get("allow").unwrap(), "POST, GET");
    let res = svc.a.call("GET", &format!("/runs/{}/settle", uuid::Uuid::new_v4()), None).await;
    assert_error(&res, 405, "method_not_allowed");
    assert_eq!(res.headers.get("allow").unwrap(), "POST");
}

async fn tokens_with_an_audience_claim_are_accepted(backend: Backend) {
    use jsonwebtoken::{encode, EncodingKey, Header};
    let svc = start(backend, "1m,5m,30m,2h").await;
    let now = chrono::Utc::now().timestamp();
    let claims = json!({ "sub": "acct-a", "exp": now + 600, "aud": "webhooks" });
    let token =
        encode(&Header::default(), &claims, &EncodingKey::from_secret(JWT_SECRET.as_bytes())).unwrap();
    assert_eq!(svc.anonymous.with_bearer(&token).call("GET", "/webhooks", None).await.status, 200);
}

/// Extensions: one delivery with its attempts, and the log filtered by status; another
/// account's delivery is 404 like an unknown one; a bad filter is 422 `invalid_status`.
async fn one_delivery_with_its_attempts_and_the_log_by_status(backend: Backend) {
    let svc = start(backend, "1m").await;
    let ok = Receiver::ok().await;
    let failing = Receiver::start(|_, _| Reply::Status(503)).await;
    register(&svc.a, &ok.url(), &["run.completed"]).await;
    register(&svc.a, &failing.url(), &["run.completed"]).await;
    let run = new_run(&svc.a, "wf").await;
    assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await.status, 200);
    ok.wait_for(1).await;
    failing.wait_for(1).await;
    let failed = wait_status(&svc.a, "failed").await;
    let delivered = wait_status(&svc.a, "delivered").await;
    assert_ne!(failed["deliveryId"], delivered["deliveryId"]);
    let only_failed = svc.a.call("GET", "/webhooks/deliveries?status=failed", None).await.json();
    assert_eq!(only_failed.as_array().unwrap().len(), 1, "{only_failed}");
    assert_eq!(only_failed[0]["deliveryId"], failed["deliveryId"]);
    let only_dead = svc.a.call("GET", "/webhooks/deliveries?status=dead_letter&limit=5", None).await.json();
    assert_eq!(only_dead, json!([]));
    assert_error(
        &svc.a.call("GET", "/webhooks/deliveries?status=retrying", None).await,
        422,
        "invalid_status",
    );

    let id = failed["deliveryId"].as_str().unwrap();
    let one = svc.a.call("GET", &format!("/webhooks/deliveries/{id}"), None).await;
    assert_eq!(one.status, 200, "{}", String::from_utf8_lossy(&one.body));
    let one = one.json();
    assert_eq!(one["status"], "failed");
    assert_eq!(one["eventId"], failed["eventId"]);
    let attempts = one["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 1, "{one}");
    assert_eq!(attempts[0]["attemptNumber"], 1);
    assert_eq!(attempts[0]["responseCode"], 503);
    let sent = &attempts[0]["requestHeaders"];
    assert!(sent["x-webhook-signature"].as_str().unwrap().starts_with("v1="), "{sent}");
    assert_eq!(sent["x-webhook-id"], failed["eventId"]);
    assert_eq!(sent.get("authorization"), None, "no credential, no header");
    assert_error(&svc.b.call("GET", &format!("/webhooks/deliveries/{id}"), None).await, 404, "not_found");
    let unknown = uuid_like();
    assert_error(
        &svc.a.call("GET", &format!("/webhooks/deliveries/{unknown}"), None).await,
        404,
        "not_found",
    );
    assert_error(&svc.a.call("GET", "/webhooks/deliveries/not-a-uuid", None).await, 404, "not_found");
}

/// Waits until the log's newest entry in `status` exists, through the status filter.
async fn wait_status(api: &ApiClient, status: &str) -> Value {
    eventually(&format!("a {status} delivery"), || async {
        let res = api.call("GET", &format!("/webhooks/deliveries?status={status}"), None).await;
        assert_eq!(res.status, 200);
        let d = res.json().as_array().unwrap().first().cloned()?;
        assert_eq!(d["status"], status);
        Some(d)
    })
    .await
}

/// Arrival times' consecutive gaps, oldest first.
fn gaps(requests: &[Recorded]) -> Vec<Duration> {
    let mut at: Vec<_> = requests.iter().map(|r| r.received).collect();
    at.sort();
    at.windows(2).map(|w| w[1] - w[0]).collect()
}

async fn a_rate_limited_endpoint_is_paced_and_an_unlimited_one_is_not(backend: Backend) {
    let svc = start(backend, "1m").await;
    let limited = Receiver::ok().await;
    let free = Receiver::ok().await;
    let body = |rate: Value| json!({ "url": limited.url(), "events": ["run.completed"], "rateLimit": rate });
    for bad in [json!(0), json!(-1), json!(10_001)] {
        assert_error(&svc.a.call("POST", "/webhooks", Some(body(bad))).await, 422, "invalid_rate_limit");
    }
    for bad in [json!(1.5), json!("5")] {
        assert_error(&svc.a.call("POST", "/webhooks", Some(body(bad))).await, 422, "invalid_body");
    }
    let created = svc.a.call("POST", "/webhooks", Some(body(json!(2)))).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let limited_ep = created.json();
    assert_eq!(limited_ep["rateLimit"], 2);
    let free_ep = register(&svc.a, &free.url(), &["run.completed"]).await;
    assert!(free_ep.get("rateLimit").is_none(), "only shown when set: {free_ep}");

    // Slow enough that creating the events takes far less than pacing them.
    const N: usize = 6;
    for i in 0..N {
        let run = new_run(&svc.a, &format!("wf-{i}")).await;
        assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await.status, 200);
    }
    free.wait_for(N).await;
    let limited_meanwhile = limited.count();
    assert!(limited_meanwhile < N, "the limited endpoint kept pace with the unlimited one");
    let arrivals = limited.wait_for(N).await;
    for gap in gaps(&arrivals) {
        assert!(gap + Duration::from_millis(40) >= Duration::from_millis(500), "paced at 2/s: {gap:?}");
    }

    // The delivery detail shows which deliveries waited for the limit, and how long.
    let limited_id = limited_ep["endpointId"].as_str().unwrap();
    let mut longest = 0;
    for d in deliveries(&svc.a).await {
        let id = d["deliveryId"].as_str().unwrap();
        let d = wait_delivery(&svc.a, id, |d| d["status"] == "delivered").await;
        assert_eq!(d["deliveryId"], id);
        let one = svc.a.call("GET", &format!("/webhooks/deliveries/{id}"), None).await.json();
        let held = &one["attempts"][0]["rateLimitedMs"];
        if one["endpointId"] == limited_id {
            longest = longest.max(held.as_i64().unwrap_or(0));
        } else {
            assert_eq!(*held, Value::Null, "{one}");
        }
    }
    assert!(longest >= 500, "the last of {N} deliveries waited {longest} ms for the limit");

    // Changed and removed through the extension route; listed with the endpoint.
    let path = format!("/webhooks/{limited_id}/rate-limit");
    let set = svc.a.call("PUT", &path, Some(json!({ "rateLimit": 10_000 }))).await;
    assert_eq!(set.status, 200, "{}", String::from_utf8_lossy(&set.body));
    assert_eq!(set.json()["rateLimit"], 10_000);
    assert_error(&svc.a.call("PUT", &path, Some(json!({ "rateLimit": 0 }))).await, 422, "invalid_rate_limit");
    assert_error(&svc.a.call("PUT", &path, Some(json!({ "rateLimit": "x" }))).await, 422, "invalid_body");
    assert_error(&svc.b.call("PUT", &path, Some(json!({ "rateLimit": 1 }))).await, 404, "not_found");
    let cleared = svc.a.call("PUT", &path, Some(json!({ "rateLimit": null }))).await;
    assert_eq!(cleared.json()["rateLimit"], Value::Null);
    let listed = svc.a.call("GET", "/webhooks", None).await.json();
    assert!(listed.as_array().unwrap().iter().all(|e| e["rateLimit"].is_null()), "{listed}");
}

fn uuid_like() -> &'static str {
    "0190f0f0-0000-7000-8000-000000000000"
}

/// A receiver behind a gateway (D120): it refuses every request without `X-Tenant` and its
/// bearer token; a settled run's event and a test event both get through with the endpoint's
/// headers and `auth`, and the token is never shown.
async fn a_receiver_behind_a_gateway_gets_the_endpoints_headers_and_credential(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    // The bearer token, or `Authorization: Token k-9` (a header of the receiver's choosing).
    let gateway = Receiver::start(|_, r: &Recorded| {
        let credential = matches!(r.header("authorization"), Some("Bearer gw-5ecret" | "Token k-9"));
        Reply::Status(if credential && r.header("x-tenant") == Some("acme") { 204 } else { 401 })
    })
    .await;
    let body = json!({
        "url": gateway.url(),
        "events": ["run.failed"],
        "headers": { "X-Tenant": "acme" },
        "auth": { "type": "bearer", "token": "gw-5ecret" },
    });
    let res = svc.a.call("POST", "/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let created = res.json();
    assert_eq!(
        (created["headers"].clone(), created["auth"].clone()),
        (json!({ "X-Tenant": "acme" }), json!({ "type": "bearer" }))
    );
    let id = created["endpointId"].as_str().unwrap();
    let run = new_run(&svc.a, "billing").await;
    assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "failed").await.status, 200);
    let test = svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await;
    assert_eq!(test.status, 202);
    for req in gateway.wait_for(2).await {
        assert_eq!(req.header("authorization"), Some("Bearer gw-5ecret"));
    }
    // The detail shows what the attempt sent, the credential redacted.
    let delivered = wait_status(&svc.a, "delivered").await;
    let detail = format!("/webhooks/deliveries/{}", delivered["deliveryId"].as_str().unwrap());
    let res = svc.a.call("GET", &detail, None).await;
    let sent = &res.json()["attempts"][0]["requestHeaders"];
    assert_eq!(
        (sent["authorization"].as_str(), sent["x-tenant"].as_str()),
        (Some("[redacted]"), Some("acme"))
    );
    assert_eq!(sent["x-webhook-id"], delivered["eventId"], "the profile's headers too: {sent}");
    assert!(!String::from_utf8_lossy(&res.body).contains("gw-5ecret"));
    let listed = svc.a.call("GET", "/webhooks", None).await;
    assert!(!String::from_utf8_lossy(&listed.body).contains("gw-5ecret"), "never shown");
    assert_eq!(listed.json()[0]["auth"], json!({ "type": "bearer" }));
    let reserved = json!({ "headers": { "x-webhook-signature": "v1=forged" } });
    let res = svc.a.call("PATCH", &format!("/webhooks/{id}"), Some(reserved)).await;
    assert_error(&res, 422, "reserved_header");
    // `Authorization` with a scheme of the receiver's own, as a header credential.
    let token = json!({ "auth": { "type": "header", "name": "Authorization", "value": "Token k-9" } });
    assert_eq!(svc.a.call("PATCH", &format!("/webhooks/{id}"), Some(token)).await.status, 200);
    assert_eq!(svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await.status, 202);
    let third = gateway.wait_for(3).await.remove(2);
    assert_eq!(third.header("authorization"), Some("Token k-9"));
}

/// A receiver that completes a handshake only with a client certificate its CA signed gets the
/// deliveries of the endpoint given one by PATCH, and none of the endpoint without; the key is
/// never shown; `null` removes it.
async fn a_receiver_that_requires_a_client_certificate_gets_the_endpoint_that_presents_one(backend: Backend) {
    let ca = TestCa::new().unwrap();
    let ca_file = ca.pem_path().display().to_string();
    let svc = start_with(backend, "1m,5m,30m,2h", &[("OUTBOUND_CA_FILE", ca_file.as_str())]).await;
    let mtls = Receiver::start_https_requiring_client_cert(&ca, |_, _| Reply::Status(204)).await;
    let with = register(&svc.a, &mtls.url(), &["run.failed"]).await;
    let without = register(&svc.a, &mtls.url(), &["run.failed"]).await;
    let (with, without) = (with["endpointId"].as_str().unwrap(), without["endpointId"].as_str().unwrap());
    let (certificate, private_key) = ca.client_identity("workflow-hooks", 60).unwrap();
    let cert = json!({ "clientCertificate": { "certificate": certificate, "privateKey": private_key } });
    let res = svc.a.call("PATCH", &format!("/webhooks/{with}"), Some(cert)).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    assert!(!String::from_utf8_lossy(&res.body).contains("PRIVATE KEY"), "the key is never shown");
    assert_eq!(res.json()["clientCertificate"]["subject"], "CN=workflow-hooks");
    let run = new_run(&svc.a, "mutual").await;
    assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "failed").await.status, 200);
    mtls.wait_for(1).await;
    eventually("one delivered, the other's attempt failed", || async {
        let all = deliveries(&svc.a).await;
        let of = |id: &str| all.iter().filter(|d| d["endpointId"] == id).cloned().collect::<Vec<_>>();
        let (a, b) = (of(with), of(without));
        let done =
            a.len() == 1 && a[0]["status"] == "delivered" && b.len() == 1 && b[0]["status"] == "failed";
        done.then_some(())
    })
    .await;
    assert_eq!(mtls.count(), 1, "no request without the certificate reached the receiver");
    let removed =
        svc.a.call("PATCH", &format!("/webhooks/{with}"), Some(json!({ "clientCertificate": null }))).await;
    assert_eq!(removed.json()["clientCertificate"], Value::Null);
}

/// `OUTBOUND_PROXY`: the service's deliveries and test events leave through a real proxy
/// (tinyproxy), each a tunnel to the address the service vetted.
async fn with_an_egress_proxy_every_delivery_leaves_through_it(backend: Backend) {
    let proxy = Tinyproxy::start().await.unwrap();
    let proxy_url = proxy.url();
    let svc = start_with(backend, "1m,5m,30m,2h", &[("OUTBOUND_PROXY", proxy_url.as_str())]).await;
    let receiver = Receiver::ok().await;
    let endpoint = register(&svc.a, &receiver.url(), &["run.completed"]).await;
    let run = new_run(&svc.a, "egress").await;
    assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "succeeded").await.status, 200);
    let id = endpoint["endpointId"].as_str().unwrap();
    assert_eq!(svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await.status, 202);
    receiver.wait_for(2).await;
    let port = receiver.url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    assert!(!proxy.connects().is_empty(), "the proxy was used");
    assert!(proxy.connects().iter().all(|c| *c == format!("127.0.0.1:{port}")), "{:?}", proxy.connects());
}

/// An OAuth2 endpoint through the API: the client's secret is never shown, the token server is
/// asked once for two deliveries, and the receiver gets the token.
async fn an_oauth2_endpoint_gets_its_token_from_the_token_server(backend: Backend) {
    let svc = start(backend, "1m,5m,30m,2h").await;
    let tokens = Receiver::start(|_, _| {
        Reply::Json(200, r#"{"access_token":"at-1","token_type":"bearer","expires_in":600}"#.into())
    })
    .await;
    let gateway = Receiver::start(|_, r: &Recorded| {
        Reply::Status(if r.header("authorization") == Some("Bearer at-1") { 204 } else { 401 })
    })
    .await;
    let auth =
        json!({ "type": "oauth2", "tokenUrl": tokens.url(), "clientId": "c1", "clientSecret": "sec-9" });
    let body = json!({ "url": gateway.url(), "events": ["run.failed"], "auth": auth });
    let res = svc.a.call("POST", "/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    assert!(!String::from_utf8_lossy(&res.body).contains("sec-9"));
    let shown = res.json()["auth"].clone();
    let expected = json!({ "type": "oauth2", "tokenUrl": tokens.url(), "clientId": "c1", "scope": null, "audience": null });
    assert_eq!(shown, expected);
    for workflow in ["w1", "w2"] {
        let run = new_run(&svc.a, workflow).await;
        assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), "failed").await.status, 200);
    }
    let got = gateway.wait_for(2).await;
    assert!(got.iter().all(|r| r.header("authorization") == Some("Bearer at-1")));
    assert_eq!(tokens.count(), 1, "one token for both");
    let internal = json!({ "auth": { "type": "oauth2", "tokenUrl": "http://10.0.0.1/token", "clientId": "c", "clientSecret": "s" } });
    let id = res.json()["endpointId"].as_str().unwrap().to_owned();
    assert_error(&svc.a.call("PATCH", &format!("/webhooks/{id}"), Some(internal)).await, 422, "invalid_auth");
}

/// An endpoint with a content filter receives only the runs whose body matches (here failed
/// runs of `billing-` workflows); the filter shows on the endpoint, is refused when wrong and
/// names the field meant when misspelt; the test event and a retry ignore it (the spec sends
/// them when asked).
async fn a_content_filter_delivers_only_the_matching_runs(backend: Backend) {
    let svc = start(backend, "100ms,100ms,100ms,100ms").await;
    let answering = Arc::new(AtomicBool::new(false));
    let receiver = {
        let answering = answering.clone();
        Receiver::start(move |_, _| {
            if answering.load(Ordering::SeqCst) {
                Reply::Status(200)
            } else {
                Reply::Status(500)
            }
        })
        .await
    };
    let filter = json!({ "status": "failed", "workflow_id": { "$startsWith": "billing-" } });
    let body = json!({ "url": receiver.url(), "events": ["run.completed", "run.failed"], "filter": filter });
    let res = svc.a.call("POST", "/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    assert_eq!(res.json()["filter"], filter);
    let id = res.json()["endpointId"].as_str().unwrap().to_owned();
    for (workflow, status) in
        [("billing-nightly", "succeeded"), ("reports", "failed"), ("billing-nightly", "failed")]
    {
        let run = new_run(&svc.a, workflow).await;
        assert_eq!(settle(&svc.a, run["id"].as_str().unwrap(), status).await.status, 200);
    }
    let logged = eventually("the failed billing run to die after its attempts", || async {
        let all = deliveries(&svc.a).await;
        all.first().filter(|d| d["status"] == "dead_letter").map(|_| all.clone())
    })
    .await;
    assert_eq!(logged.len(), 1, "only the matching run has a delivery: {logged:?}");
    let got = receiver.requests();
    assert!(got.iter().all(|r| r.body == receiver.requests()[0].body) && got.len() == 5);
    let sent: Value = serde_json::from_slice(&got[0].body).unwrap();
    assert_eq!(
        (sent["workflow_id"].as_str(), sent["status"].as_str()),
        (Some("billing-nightly"), Some("failed"))
    );

    let wrong = svc
        .a
        .call("PATCH", &format!("/webhooks/{id}"), Some(json!({ "filter": { "status": { "$gt": true } } })))
        .await;
    assert_error(&wrong, 422, "invalid_filter");
    assert_eq!(wrong.json()["pointer"], "/filter/status/$gt");
    let typo = svc
        .a
        .call("PATCH", &format!("/webhooks/{id}"), Some(json!({ "filter": { "workflowid": "x" } })))
        .await;
    assert_error(&typo, 422, "unknown_filter_field");
    assert_eq!(typo.json()["field"], "workflowid");

    // Now the filter no longer matches the dead delivery: a retry sends it all the same, and the
    // test event arrives whatever the filter says.
    let now_succeeded = json!({ "filter": { "status": "succeeded" } });
    assert_eq!(svc.a.call("PATCH", &format!("/webhooks/{id}"), Some(now_succeeded)).await.status, 200);
    answering.store(true, Ordering::SeqCst);
    let dead = logged[0]["deliveryId"].as_str().unwrap();
    assert_eq!(svc.a.call("POST", &format!("/webhooks/deliveries/{dead}/retry"), None).await.status, 202);
    wait_delivery(&svc.a, dead, |d| d["status"] == "delivered").await;
    assert_eq!(svc.a.call("POST", &format!("/webhooks/{id}/test"), None).await.status, 202);
    let got = receiver.wait_for(7).await;
    assert!(
        got[6].body.starts_with(br#"{"event":"webhook.test""#),
        "{}",
        String::from_utf8_lossy(&got[6].body)
    );
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_content_filter_delivers_only_the_matching_runs,
    the_delivery_log_pages_through_the_api_with_its_filters,
    an_oauth2_endpoint_gets_its_token_from_the_token_server,
    a_receiver_behind_a_gateway_gets_the_endpoints_headers_and_credential,
    a_receiver_that_requires_a_client_certificate_gets_the_endpoint_that_presents_one,
    with_an_egress_proxy_every_delivery_leaves_through_it,
    an_endpoint_is_changed_and_disabled_through_patch_keeping_its_secret,
    one_delivery_with_its_attempts_and_the_log_by_status,
    settle_delivers_the_exact_body_and_headers_once,
    five_attempts_then_dead_letter_then_manual_retry_then_409,
    a_failed_delivery_awaiting_retry_can_be_retried_now,
    rotate_secret_and_test_event_sign_with_the_current_secret_only,
    delete_stops_pending_deliveries,
    another_accounts_ids_are_404_like_unknown_ones,
    authentication_failures_are_401_with_json,
    bad_input_gets_a_clear_4xx_never_a_500,
    a_410_disables_the_endpoint_and_enable_resumes_it,
    operational_webhooks_report_a_disable_and_an_enable_through_the_api,
    each_account_is_rate_limited_on_its_own,
    idempotency_key_replays_the_first_answer_and_refuses_another_body,
    every_route_in_the_table_is_served_and_openapi_json_is_public,
    nul_bytes_and_non_object_bodies_are_422_never_500,
    idempotency_comes_after_authentication_and_never_replays_a_429,
    a_405_says_which_methods_are_allowed,
    tokens_with_an_audience_claim_are_accepted,
    a_rate_limited_endpoint_is_paced_and_an_unlimited_one_is_not,
);
