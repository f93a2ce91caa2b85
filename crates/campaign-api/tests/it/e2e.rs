//! campaign-api end to end, on both stores (each test runs as `<test>::postgres` and
//! `<test>::sqlite`): the real binary on a fresh database, HTTPS receivers with a CA made at test
//! time (trusted through OUTBOUND_CA_FILE), real HTTP.

use serde_json::{json, Value};
use std::time::Duration;
use test_support::recovery::{just_after, Recoveries};
use test_support::{
    assert_error, eventually, independent_hmac_sha256_hex, on_both_backends, pace, run_cli, within,
    ApiClient, Backend, Receiver, Recorded, Reply, ServiceProcess, TestCa, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

struct Service {
    db: TestDb,
    ca: TestCa,
    _process: ServiceProcess,
    anonymous: ApiClient,
    a: ApiClient,
    a_id: String,
    b: ApiClient,
}

async fn workspace(db: &TestDb, name: &str) -> Value {
    let out =
        run_cli(BIN, &["create-workspace", "--name", name], &[("DATABASE_URL", db.url())]).await.unwrap();
    serde_json::from_str(out.trim()).unwrap()
}

async fn start(backend: Backend, extra: &[(&str, &str)]) -> Service {
    start_with_ca(backend, TestCa::new().unwrap(), extra).await
}

/// [`start`] with receivers' certificates from `ca` (made before the service, for a receiver
/// named in its settings).
async fn start_with_ca(backend: Backend, ca: TestCa, extra: &[(&str, &str)]) -> Service {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    env.extend_from_slice(extra);
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let anonymous = ApiClient::new(process.base_url());
    let wa = workspace(&db, "Workspace A").await;
    let wb = workspace(&db, "Workspace B").await;
    let a = anonymous.with_bearer(wa["apiKey"].as_str().unwrap());
    let b = anonymous.with_bearer(wb["apiKey"].as_str().unwrap());
    let a_id = wa["workspaceId"].as_str().unwrap().to_owned();
    Service { db, ca, _process: process, anonymous, a, a_id, b }
}

async fn register(api: &ApiClient, url: &str, types: Option<&[&str]>) -> Value {
    let body = match types {
        Some(t) => json!({ "url": url, "eventTypes": t }),
        None => json!({ "url": url }),
    };
    let res = api.call("POST", "/api/v1/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()
}

async fn create_campaign(api: &ApiClient, name: &str, status: &str) -> Value {
    let res = api.call("POST", "/api/v1/campaigns", Some(json!({ "name": name, "status": status }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()
}

async fn deliveries(api: &ApiClient, query: &str) -> Vec<Value> {
    let res = api.call("GET", &format!("/api/v1/webhook-deliveries?{query}"), None).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    res.json().as_array().unwrap().clone()
}

async fn wait_delivery(api: &ApiClient, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    eventually(&format!("delivery {id} to match"), || async {
        let res = api.call("GET", &format!("/api/v1/webhook-deliveries/{id}"), None).await;
        assert_eq!(res.status, 200);
        let d = res.json();
        if pred(&d) {
            Ok(d)
        } else {
            Err(d)
        }
    })
    .await
}

fn verify(req: &Recorded, product: &str, secret: &str) -> bool {
    let expected = format!("sha256={}", independent_hmac_sha256_hex(secret.as_bytes(), &req.body));
    req.header(&format!("x-{product}-signature")) == Some(expected.as_str())
}

/// The envelope re-serialised in the spec's field order must equal the raw body byte for byte.
fn assert_envelope(req: &Recorded) -> Value {
    let v: Value = serde_json::from_slice(&req.body).unwrap();
    let expected = format!(
        r#"{{"id":{},"type":{},"entityType":{},"entityId":{},"workspaceId":{},"payload":{},"occurredAt":{}}}"#,
        v["id"], v["type"], v["entityType"], v["entityId"], v["workspaceId"], v["payload"], v["occurredAt"]
    );
    assert_eq!(String::from_utf8_lossy(&req.body), expected);
    for f in ["id", "entityId", "workspaceId"] {
        assert!(uuid::Uuid::parse_str(v[f].as_str().unwrap()).is_ok(), "{f} is not a UUID: {v}");
    }
    let at = v["occurredAt"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(at).is_ok() && at.len() == 24 && at.ends_with('Z'), "{at}");
    assert_eq!(&at[19..20], ".", "milliseconds: {at}");
    v
}

async fn mutations_deliver_signed_envelopes_over_https_with_filters(backend: Backend) {
    let svc = start(backend, &[]).await;
    let all = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let status_only = Receiver::start_https(&svc.ca, |_, _| Reply::Status(202)).await;
    let ep_all = register(&svc.a, &all.url(), None).await;
    let ep_status = register(&svc.a, &status_only.url(), Some(&["campaign.status_changed.v1"])).await;
    assert_eq!(ep_all["eventTypes"], json!([]));
    assert_eq!(ep_all.as_object().unwrap().len(), 5, "{ep_all}");
    assert!(ep_all.get("rateLimit").is_none(), "only shown when set: {ep_all}");
    assert!(ep_all["secret"].as_str().unwrap().starts_with("whsec_"));

    let campaign = create_campaign(&svc.a, "Winter sale", "active").await;
    let cid = campaign["id"].as_str().unwrap();
    assert_eq!(campaign["workspaceId"], svc.a_id.as_str());
    let patched =
        svc.a.call("PATCH", &format!("/api/v1/campaigns/{cid}"), Some(json!({ "status": "paused" }))).await;
    assert_eq!(patched.status, 200);
    assert_eq!(patched.json()["status"], "paused");

    let got = all.wait_for(3).await;
    let types: Vec<_> = got.iter().map(|r| r.header("x-service-event").unwrap().to_owned()).collect();
    assert!(types.contains(&"campaign.created.v1".to_owned()));
    assert!(types.contains(&"campaign.updated.v1".to_owned()));
    assert!(types.contains(&"campaign.status_changed.v1".to_owned()));
    for req in &got {
        assert_eq!(req.method, "POST");
        assert_eq!(req.header("content-type"), Some("application/json"));
        assert!(verify(req, "service", ep_all["secret"].as_str().unwrap()));
        let env = assert_envelope(req);
        assert_eq!(env["type"], req.header("x-service-event").unwrap());
        assert_eq!(env["entityType"], "campaign");
        assert_eq!(env["entityId"], cid);
        assert_eq!(env["workspaceId"], svc.a_id.as_str());
    }
    let created = got.iter().find(|r| r.header("x-service-event") == Some("campaign.created.v1")).unwrap();
    assert_eq!(assert_envelope(created)["payload"], json!({ "name": "Winter sale", "status": "active" }));

    let only = status_only.wait_for(1).await.remove(0);
    let env = assert_envelope(&only);
    assert_eq!(env["type"], "campaign.status_changed.v1");
    assert_eq!(env["payload"], json!({ "from": "active", "to": "paused" }));
    assert!(verify(&only, "service", ep_status["secret"].as_str().unwrap()));
    // X-Service-Delivery is the delivery's id in the API.
    let listed = deliveries(&svc.a, &format!("endpointId={}", ep_status["id"].as_str().unwrap())).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], only.header("x-service-delivery").unwrap());
    assert_eq!(listed[0]["eventId"], env["id"]);
    let d = wait_delivery(&svc.a, listed[0]["id"].as_str().unwrap(), |d| d["status"] == "delivered").await;
    assert_eq!(d["attemptCount"], 1);
    assert_eq!(d["lastResponseCode"], 202);
    assert_eq!(d["attempts"][0]["responseCode"], 202);

    // A PATCH that changes nothing emits nothing.
    svc.a.call("PATCH", &format!("/api/v1/campaigns/{cid}"), Some(json!({ "status": "paused" }))).await;
    let published = svc
        .a
        .call(
            "POST",
            "/api/v1/events",
            Some(json!({ "type": "line_item.created.v1", "entityType": "line_item",
                "entityId": uuid::Uuid::new_v4(), "payload": { "campaignId": cid, "name": "Banner" } })),
        )
        .await;
    assert_eq!(published.status, 202);
    let event_id = published.json()["id"].as_str().unwrap().to_owned();
    let got = all.wait_for(4).await;
    let env = assert_envelope(&got[3]);
    assert_eq!(env["id"], event_id.as_str());
    assert_eq!(env["entityType"], "line_item");
    assert_eq!(status_only.count(), 1, "a filtered endpoint receives only its types");
    assert_eq!(deliveries(&svc.a, "").await.len(), 5);
}

async fn eight_attempts_then_dead_then_replay_with_the_same_delivery_id(backend: Backend) {
    let svc =
        start(backend, &[("RETRY_SCHEDULE", "50ms,50ms,50ms,50ms,50ms,50ms,50ms"), ("PRODUCT_NAME", "Acme")])
            .await;
    let receiver =
        Receiver::start_https(&svc.ca, |n, _| if n < 8 { Reply::Status(503) } else { Reply::Status(200) })
            .await;
    let ep = register(&svc.a, &receiver.url(), Some(&["campaign.created.v1"])).await;
    create_campaign(&svc.a, "Retry me", "draft").await;

    let got = receiver.wait_for(8).await;
    let id = got[0].header("x-acme-delivery").unwrap().to_owned();
    assert!(got.iter().all(|r| r.header("x-acme-delivery") == Some(id.as_str())));
    assert!(got.iter().all(|r| verify(r, "acme", ep["secret"].as_str().unwrap())));
    assert_eq!(got[0].header("x-acme-event"), Some("campaign.created.v1"));
    let dead = wait_delivery(&svc.a, &id, |d| d["status"] == "dead").await;
    assert_eq!(dead["attemptCount"], 8);
    assert_eq!(dead["lastResponseCode"], 503);
    assert_eq!(dead["attempts"].as_array().unwrap().len(), 8);
    assert_eq!(deliveries(&svc.a, "status=dead").await.len(), 1);
    assert_eq!(deliveries(&svc.a, "status=delivered").await.len(), 0);
    assert_eq!(receiver.count(), 8, "no ninth automatic attempt");

    let replay = svc.a.call("POST", &format!("/api/v1/webhook-deliveries/{id}/replay"), None).await;
    assert_eq!(replay.status, 202);
    assert_eq!(replay.json()["id"], id.as_str());
    let got = receiver.wait_for(9).await;
    assert_eq!(got[8].header("x-acme-delivery"), Some(id.as_str()));
    assert_eq!(got[8].body, got[0].body, "a replay sends the same envelope");
    let delivered = wait_delivery(&svc.a, &id, |d| d["status"] == "delivered").await;
    assert_eq!(delivered["attemptCount"], 9);
    assert!(delivered["deliveredAt"].as_str().is_some());

    // Replaying a delivered delivery sends it again, same id (documented in docs/campaign-api.md).
    assert_eq!(
        svc.a.call("POST", &format!("/api/v1/webhook-deliveries/{id}/replay"), None).await.status,
        202
    );
    let got = receiver.wait_for(10).await;
    assert_eq!(got[9].header("x-acme-delivery"), Some(id.as_str()));
    wait_delivery(&svc.a, &id, |d| d["status"] == "delivered" && d["attemptCount"] == 10).await;
}

async fn an_answer_after_the_timeout_is_a_failed_attempt(backend: Backend) {
    let svc = start(backend, &[("DELIVERY_TIMEOUT", "300ms"), ("RETRY_SCHEDULE", "50ms")]).await;
    let late =
        Receiver::start_https(&svc.ca, |_, _| Reply::StatusAfter(200, Duration::from_millis(1500))).await;
    register(&svc.a, &late.url(), None).await;
    create_campaign(&svc.a, "Slow", "draft").await;
    late.wait_for(2).await;
    let id = deliveries(&svc.a, "").await[0]["id"].as_str().unwrap().to_owned();
    let dead = wait_delivery(&svc.a, &id, |d| d["status"] == "dead").await;
    assert_eq!(dead["attemptCount"], 2);
    assert!(dead["lastError"].as_str().unwrap().contains("timed out after 300 ms"), "{dead}");
    assert_eq!(dead["lastResponseCode"], Value::Null);
    let first = &dead["attempts"][0];
    assert!(first["durationMs"].as_i64().unwrap() < 1500, "{first}");
}

async fn endpoints_can_be_read_changed_disabled_and_deleted(backend: Backend) {
    let svc = start(backend, &[]).await;
    let r1 = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let r2 = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let ep = register(&svc.a, &r1.url(), Some(&["campaign.created.v1"])).await;
    let id = ep["id"].as_str().unwrap();
    let path = format!("/api/v1/webhooks/{id}");

    let got = svc.a.call("GET", &path, None).await;
    assert_eq!(got.status, 200);
    let got = got.json();
    assert_eq!(got["url"], r1.url());
    assert_eq!(got["disabled"], false);
    assert!(got.get("secret").is_none());
    let list = svc.a.call("GET", "/api/v1/webhooks", None).await;
    assert!(!String::from_utf8_lossy(&list.body).contains(ep["secret"].as_str().unwrap()));

    // Move it to r2 and widen the filter to every type (null).
    let patched = svc.a.call("PATCH", &path, Some(json!({ "url": r2.url(), "eventTypes": null }))).await;
    assert_eq!(patched.status, 200);
    assert_eq!(patched.json()["eventTypes"], json!([]));
    assert_eq!(patched.json()["url"], r2.url());

    // Disabled: new events do not reach it.
    let disabled = svc.a.call("PATCH", &path, Some(json!({ "disabled": true }))).await;
    assert_eq!(disabled.json()["disabled"], true);
    create_campaign(&svc.a, "While disabled", "draft").await;
    // Enabled again: the next event arrives, and it is the only one that does.
    let enabled = svc.a.call("PATCH", &path, Some(json!({ "disabled": false }))).await;
    assert_eq!(enabled.json()["disabled"], false);
    create_campaign(&svc.a, "After enabling", "draft").await;
    let got = r2.wait_for(1).await;
    assert_eq!(assert_envelope(&got[0])["payload"]["name"], "After enabling");
    assert_eq!(r1.count(), 0);
    let d = deliveries(&svc.a, "").await;
    assert_eq!(d.len(), 1, "no delivery was created for the disabled endpoint");
    wait_delivery(&svc.a, d[0]["id"].as_str().unwrap(), |d| d["status"] == "delivered").await;
    assert_eq!(r2.count(), 1);

    assert_eq!(svc.a.call("DELETE", &path, None).await.status, 204);
    assert_error(&svc.a.call("GET", &path, None).await, 404, "not_found");
    assert_eq!(svc.a.call("GET", "/api/v1/webhooks", None).await.json(), json!([]));
}

/// Arrival times' consecutive gaps, oldest first.
fn gaps(requests: &[Recorded]) -> Vec<Duration> {
    let mut at: Vec<_> = requests.iter().map(|r| r.received).collect();
    at.sort();
    at.windows(2).map(|w| w[1] - w[0]).collect()
}

async fn a_rate_limited_endpoint_is_paced_and_an_unlimited_one_is_not(backend: Backend) {
    let svc = start(backend, &[]).await;
    let limited = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let free = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let body = |rate: Value| json!({ "url": limited.url(), "eventTypes": ["campaign.created.v1"], "rateLimit": rate });
    for bad in [json!(0), json!(-1), json!(10_001)] {
        assert_error(
            &svc.a.call("POST", "/api/v1/webhooks", Some(body(bad))).await,
            422,
            "invalid_rate_limit",
        );
    }
    assert_error(&svc.a.call("POST", "/api/v1/webhooks", Some(body(json!(2.5)))).await, 422, "invalid_body");
    let created = svc.a.call("POST", "/api/v1/webhooks", Some(body(json!(2)))).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let limited_ep = created.json();
    assert_eq!(limited_ep["rateLimit"], 2);
    let free_ep = register(&svc.a, &free.url(), Some(&["campaign.created.v1"])).await;
    let free_id = free_ep["id"].as_str().unwrap();
    let free_ep = svc.a.call("GET", &format!("/api/v1/webhooks/{free_id}"), None).await.json();
    assert_eq!(free_ep["rateLimit"], Value::Null, "{free_ep}");

    // Slow enough that creating the events takes far less than pacing them.
    const N: usize = 6;
    for i in 0..N {
        create_campaign(&svc.a, &format!("Campaign {i}"), "draft").await;
    }
    free.wait_for(N).await;
    assert!(limited.count() < N, "the limited endpoint kept pace with the unlimited one");
    let arrivals = limited.wait_for(N).await;
    // The limit paces the starts; arrivals carry the network's jitter, and the first one also
    // the connection's TLS handshake (its gap to the second may look short by as much): so
    // the span of all of them, then every gap after the connection is warm.
    let gaps = gaps(&arrivals);
    let span: Duration = gaps.iter().sum();
    assert!(span + Duration::from_millis(100) >= Duration::from_millis(500) * (N as u32 - 1), "{gaps:?}");
    for gap in &gaps[1..] {
        assert!(*gap + Duration::from_millis(40) >= Duration::from_millis(500), "paced at 2/s: {gaps:?}");
    }

    // Each attempt says how long the limit held its delivery back.
    let limited_id = limited_ep["id"].as_str().unwrap();
    let mut longest = 0;
    for d in deliveries(&svc.a, "limit=100").await {
        let d = wait_delivery(&svc.a, d["id"].as_str().unwrap(), |d| d["status"] == "delivered").await;
        let held = &d["attempts"][0]["rateLimitedMs"];
        if d["endpointId"] == limited_id {
            longest = longest.max(held.as_i64().unwrap_or(0));
        } else {
            assert_eq!(*held, Value::Null, "{d}");
        }
    }
    assert!(longest >= 500, "the last of {N} deliveries waited {longest} ms for the limit");

    // PATCH changes it, leaves it alone when absent, and `null` removes it.
    let path = format!("/api/v1/webhooks/{limited_id}");
    let set = svc.a.call("PATCH", &path, Some(json!({ "rateLimit": 10_000 }))).await;
    assert_eq!(set.status, 200, "{}", String::from_utf8_lossy(&set.body));
    assert_eq!(set.json()["rateLimit"], 10_000);
    let other = svc.a.call("PATCH", &path, Some(json!({ "disabled": false }))).await;
    assert_eq!(other.json()["rateLimit"], 10_000);
    assert_error(
        &svc.a.call("PATCH", &path, Some(json!({ "rateLimit": 0 }))).await,
        422,
        "invalid_rate_limit",
    );
    let cleared = svc.a.call("PATCH", &path, Some(json!({ "rateLimit": null }))).await;
    assert_eq!(cleared.json()["rateLimit"], Value::Null);
    assert_eq!(svc.a.call("GET", &path, None).await.json()["rateLimit"], Value::Null);
}

/// With OPS_WEBHOOK_URL set, the operator's receiver (HTTPS, like every campaign endpoint) gets
/// a disable and an enable made through the API, signed with Standard Webhooks, naming the
/// workspace and the endpoint and never the endpoint's URL or secret.
async fn operational_webhooks_report_a_disable_and_an_enable_through_the_api(backend: Backend) {
    use test_support::standard_webhooks::{label, wait_for_events, OPS_SECRET};
    let ca = TestCa::new().unwrap();
    let ops = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    let ops_url = ops.url();
    let env = [("OPS_WEBHOOK_URL", ops_url.as_str()), ("OPS_WEBHOOK_SECRET", OPS_SECRET)];
    let svc = start_with_ca(backend, ca, &env).await;
    let receiver = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let ep = register(&svc.a, &receiver.url(), None).await;
    let path = format!("/api/v1/webhooks/{}", ep["id"].as_str().unwrap());
    assert_eq!(svc.a.call("PATCH", &path, Some(json!({ "disabled": true }))).await.status, 200);
    wait_for_events(&ops, OPS_SECRET, "the disable", |l| !l.is_empty()).await;
    assert_eq!(svc.a.call("PATCH", &path, Some(json!({ "disabled": false }))).await.status, 200);
    let events = wait_for_events(&ops, OPS_SECRET, "the enable", |l| l.len() >= 2).await;
    let labels: Vec<String> = events.iter().map(label).collect();
    assert_eq!(labels, ["endpoint.disabled:manual", "endpoint.enabled:manual"]);
    for e in &events {
        let d = &e["data"];
        assert_eq!(
            (d["service"].as_str(), d["tenant"].as_str()),
            (Some("campaign-api"), Some(svc.a_id.as_str()))
        );
        assert_eq!(d["endpointId"], ep["id"]);
        let text = e.to_string();
        assert!(!text.contains(&receiver.url()) && !text.contains(ep["secret"].as_str().unwrap()), "{text}");
    }
    assert_eq!(events[0]["data"]["reason"], "disabled through the API");
    assert!(events[0]["data"]["lastAttempt"].is_null());
}

async fn another_workspaces_ids_are_404_like_unknown_ones(backend: Backend) {
    let svc = start(backend, &[]).await;
    let r = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let ep = register(&svc.a, &r.url(), None).await;
    let campaign = create_campaign(&svc.a, "Mine", "active").await;
    r.wait_for(1).await;
    let delivery = deliveries(&svc.a, "").await[0]["id"].as_str().unwrap().to_owned();
    let ids = [ep["id"].as_str().unwrap(), campaign["id"].as_str().unwrap(), delivery.as_str()];
    let unknown = uuid::Uuid::new_v4().to_string();
    assert_eq!(svc.b.call("GET", "/api/v1/webhooks", None).await.json(), json!([]));
    assert_eq!(deliveries(&svc.b, "").await, Vec::<Value>::new());
    for (method, path, body) in [
        ("GET", "/api/v1/webhooks/{ep}", None),
        ("PATCH", "/api/v1/webhooks/{ep}", Some(json!({ "disabled": true }))),
        ("DELETE", "/api/v1/webhooks/{ep}", None),
        ("GET", "/api/v1/webhook-deliveries/{d}", None),
        ("POST", "/api/v1/webhook-deliveries/{d}/replay", None),
        ("GET", "/api/v1/campaigns/{c}", None),
        ("PATCH", "/api/v1/campaigns/{c}", Some(json!({ "status": "paused" }))),
    ] {
        let theirs = path.replace("{ep}", ids[0]).replace("{c}", ids[1]).replace("{d}", ids[2]);
        let missing = path.replace("{ep}", &unknown).replace("{c}", &unknown).replace("{d}", &unknown);
        let a = svc.b.call(method, &theirs, body.clone()).await;
        assert_error(&a, 404, "not_found");
        assert_eq!(a.body, svc.b.call(method, &missing, body).await.body, "{method} {path}");
    }
    assert_eq!(
        svc.a.call("GET", &format!("/api/v1/campaigns/{}", ids[1]), None).await.json()["status"],
        "active"
    );
    assert_eq!(svc.a.call("GET", "/api/v1/webhooks", None).await.json()[0]["disabled"], false);
}

async fn bad_input_gets_a_clear_4xx_never_a_500(backend: Backend) {
    let svc = start(backend, &[]).await;
    let a = &svc.a;
    // Authentication.
    assert_error(&svc.anonymous.call("GET", "/api/v1/webhooks", None).await, 401, "unauthorized");
    assert_error(
        &svc.anonymous.with_bearer("ck_unknown").call("GET", "/api/v1/webhooks", None).await,
        401,
        "unauthorized",
    );
    assert_error(
        &svc.anonymous.raw("GET", "/api/v1/webhooks", None, &[("authorization", "Basic YTpi")]).await,
        401,
        "unauthorized",
    );
    // Endpoints.
    for (body, code) in [
        (json!({ "url": "http://hooks.example.com/x" }), "url_not_https"),
        (json!({ "url": "ftp://hooks.example.com/x" }), "url_not_https"),
        (json!({ "url": "not a url" }), "invalid_url"),
        (json!({ "url": "https://" }), "invalid_url"),
        (json!({ "url": "https://10.0.0.8/x" }), "url_forbidden_address"),
        (
            json!({ "url": "https://hooks.example.com/x", "eventTypes": ["campaign.created.v2"] }),
            "unknown_event_types",
        ),
        (
            json!({ "url": "https://hooks.example.com/x", "eventTypes": "campaign.created.v1" }),
            "invalid_body",
        ),
        (json!({ "eventTypes": [] }), "invalid_body"),
    ] {
        assert_error(&a.call("POST", "/api/v1/webhooks", Some(body)).await, 422, code);
    }
    let named = a
        .call("POST", "/api/v1/webhooks", Some(json!({ "url": "https://h.example.com/", "eventTypes": ["x.v1", "campaign.created.v1", "y"] })))
        .await;
    let detail = named.json()["detail"].as_str().unwrap().to_owned();
    assert!(
        detail.contains("x.v1") && detail.contains('y') && !detail.contains("campaign.created.v1"),
        "{detail}"
    );
    assert_error(
        &a.raw("POST", "/api/v1/webhooks", Some((b"{", "application/json")), &[]).await,
        400,
        "malformed_json",
    );
    assert_error(
        &a.raw("POST", "/api/v1/webhooks", Some((b"{}", "text/plain")), &[]).await,
        415,
        "unsupported_media_type",
    );
    let huge = format!(r#"{{"url":"https://h.example.com/","pad":"{}"}}"#, "x".repeat(300 * 1024));
    assert_error(
        &a.raw("POST", "/api/v1/webhooks", Some((huge.as_bytes(), "application/json")), &[]).await,
        413,
        "payload_too_large",
    );
    assert_error(&a.call("PATCH", "/api/v1/webhooks/not-a-uuid", Some(json!({}))).await, 404, "not_found");
    // Events.
    let entity = uuid::Uuid::new_v4().to_string();
    for (body, code) in [
        (
            json!({ "type": "campaign.deleted.v1", "entityType": "campaign", "entityId": entity, "payload": {} }),
            "unknown_event_type",
        ),
        (
            json!({ "type": "line_item.created.v1", "entityType": "campaign", "entityId": entity, "payload": { "campaignId": entity, "name": "x" } }),
            "entity_type_mismatch",
        ),
        (
            json!({ "type": "deal.created.v1", "entityType": "deal", "entityId": "42", "payload": { "name": "x" } }),
            "invalid_entity_id",
        ),
        (
            json!({ "type": "deal.created.v1", "entityType": "deal", "entityId": entity, "payload": { "title": "x" } }),
            "invalid_payload",
        ),
        (
            json!({ "type": "deal.created.v1", "entityType": "deal", "entityId": entity, "payload": "x" }),
            "invalid_payload",
        ),
        (json!({ "type": "deal.created.v1", "entityType": "deal", "entityId": entity }), "invalid_body"),
        (
            json!({ "type": "campaign.status_changed.v1", "entityType": "campaign", "entityId": entity, "payload": { "from": "x", "to": "y" } }),
            "event_type_not_publishable",
        ),
    ] {
        assert_error(&a.call("POST", "/api/v1/events", Some(body)).await, 422, code);
    }
    // Campaigns.
    assert_error(
        &a.call("POST", "/api/v1/campaigns", Some(json!({ "name": "" }))).await,
        422,
        "invalid_name",
    );
    assert_error(
        &a.call("POST", "/api/v1/campaigns", Some(json!({ "status": "active" }))).await,
        422,
        "invalid_body",
    );
    assert_error(
        &a.call("POST", "/api/v1/campaigns", Some(json!({ "name": "x", "status": "archived" }))).await,
        422,
        "invalid_status",
    );
    assert_error(
        &a.call("POST", "/api/v1/campaigns", Some(json!({ "name": "x", "status": "live" }))).await,
        422,
        "invalid_status",
    );
    let c = create_campaign(a, "x", "active").await;
    let path = format!("/api/v1/campaigns/{}", c["id"].as_str().unwrap());
    assert_error(
        &a.call("PATCH", &path, Some(json!({ "status": "draft" }))).await,
        409,
        "invalid_status_transition",
    );
    assert_error(&a.call("PATCH", &path, Some(json!({ "status": "nope" }))).await, 422, "invalid_status");
    assert_error(
        &a.call("PATCH", &path, Some(json!({ "name": "y".repeat(201) }))).await,
        422,
        "invalid_name",
    );
    // Deliveries.
    for (q, code) in [
        ("limit=0", "invalid_limit"),
        ("limit=251", "invalid_limit"),
        ("limit=x", "invalid_limit"),
        ("status=dead_letter", "invalid_status"),
        ("endpointId=42", "invalid_endpoint_id"),
    ] {
        assert_error(&a.call("GET", &format!("/api/v1/webhook-deliveries?{q}"), None).await, 422, code);
    }
    assert_eq!(
        a.call(
            "GET",
            &format!("/api/v1/webhook-deliveries?limit=250&status=pending&endpointId={entity}"),
            None
        )
        .await
        .status,
        200
    );
    assert_error(
        &a.call("POST", &format!("/api/v1/webhook-deliveries/{entity}/replay"), None).await,
        404,
        "not_found",
    );
    assert_error(&a.call("GET", "/api/v1/nope", None).await, 404, "not_found");
    assert_error(&a.call("PUT", "/api/v1/campaigns", None).await, 405, "method_not_allowed");
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM webhook_endpoints").await.unwrap(), 0);
}

async fn create_workspace_prints_its_id_and_a_key_shown_once(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let w = workspace(&db, "Acme").await;
    let obj = w.as_object().unwrap();
    assert_eq!(obj.len(), 3);
    assert!(uuid::Uuid::parse_str(w["workspaceId"].as_str().unwrap()).is_ok());
    assert!(uuid::Uuid::parse_str(w["apiKeyId"].as_str().unwrap()).is_ok(), "the key's id, to revoke it by");
    let key = w["apiKey"].as_str().unwrap();
    assert!(key.starts_with("ck_") && key.len() > 40);
    // Stored hashed: the key itself is nowhere in the database.
    let sql = format!(
        "SELECT count(*) AS n FROM api_keys WHERE key_hash = '{key}' OR key_hash LIKE '%{}%'",
        &key[3..]
    );
    assert_eq!(db.count(&sql).await.unwrap(), 0);
    assert_eq!(db.count("SELECT count(*) AS n FROM api_keys").await.unwrap(), 1);
}

async fn api_keys_can_be_added_and_revoked(backend: Backend) {
    let svc = start(backend, &[]).await;
    let db_env = [("DATABASE_URL", svc.db.url())];
    let out = run_cli(BIN, &["create-api-key", "--workspace-id", &svc.a_id], &db_env).await.unwrap();
    let second: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(second["workspaceId"], svc.a_id.as_str());
    let key = second["apiKey"].as_str().unwrap();
    let with_second = svc.anonymous.with_bearer(key);
    assert_eq!(with_second.call("GET", "/api/v1/webhooks", None).await.status, 200);
    let revoked = run_cli(BIN, &["revoke-api-key", "--api-key", key], &db_env).await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(revoked.trim()).unwrap(), json!({ "revoked": true }));
    refused_soon(&with_second).await;
    // The workspace's first key still works; revoking twice is an error.
    assert_eq!(svc.a.call("GET", "/api/v1/webhooks", None).await.status, 200);
    assert!(run_cli(BIN, &["revoke-api-key", "--api-key", key], &db_env).await.is_err());
    let unknown = uuid::Uuid::new_v4().to_string();
    assert!(run_cli(BIN, &["create-api-key", "--workspace-id", &unknown], &db_env).await.is_err());
}

async fn a_repeated_create_with_an_idempotency_key_creates_and_emits_once(backend: Backend) {
    let svc = start(backend, &[]).await;
    let r = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    register(&svc.a, &r.url(), None).await;
    let body = json!({ "name": "Once", "status": "active" }).to_string();
    let headers = [("idempotency-key", "campaign-once")];
    let first =
        svc.a.raw("POST", "/api/v1/campaigns", Some((body.as_bytes(), "application/json")), &headers).await;
    let second =
        svc.a.raw("POST", "/api/v1/campaigns", Some((body.as_bytes(), "application/json")), &headers).await;
    assert_eq!((first.status, second.status), (201, 201));
    assert_eq!(first.json()["id"], second.json()["id"]);
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM campaigns").await.unwrap(), 1);
    r.wait_for(1).await;
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM webhook_events").await.unwrap(), 1);
    let changed = json!({ "name": "Twice", "status": "active" }).to_string();
    let reused = svc
        .a
        .raw("POST", "/api/v1/campaigns", Some((changed.as_bytes(), "application/json")), &headers)
        .await;
    assert_error(&reused, 422, "idempotency_key_reused");
}

async fn every_route_in_the_table_is_served_and_openapi_json_is_public(backend: Backend) {
    let svc = start(backend, &[]).await;
    let doc = svc.anonymous.call("GET", "/openapi.json", None).await;
    assert_eq!(doc.status, 200);
    assert_eq!(doc.json()["openapi"], "3.0.3");
    // The operator routes are off here (no OPERATOR_KEYS: 404); tests/it/operator.rs calls each.
    let routes = campaign_api::routes::ROUTES.iter().filter(|r| !campaign_api::routes::OPERATOR.contains(r));
    test_support::assert_routes_served(&svc.a, &routes.copied().collect::<Vec<_>>()).await;
}

async fn nul_bytes_and_non_object_bodies_are_422_never_500(backend: Backend) {
    let svc = start(backend, &[]).await;
    let a = &svc.a;
    assert_error(
        &a.call("POST", "/api/v1/campaigns", Some(json!({ "name": "a\u{0}b" }))).await,
        422,
        "invalid_name",
    );
    let nul_url = json!({ "url": "https://hooks.example.com/a\u{0}b" });
    assert_error(&a.call("POST", "/api/v1/webhooks", Some(nul_url)).await, 422, "invalid_url");
    let array = b"[\"x\", \"active\"]";
    assert_error(
        &a.raw("POST", "/api/v1/campaigns", Some((array, "application/json")), &[]).await,
        422,
        "invalid_body",
    );
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM campaigns").await.unwrap(), 0);
}

/// A misspelt field is refused, never ignored (before, `event_types` registered an endpoint for
/// every type): 422 `unknown_field` on every write route with a body, naming the field meant.
/// The rule is the extractor's, the same on both stores: SQLite only.
#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_field_on_any_write_route_is_422_naming_the_field_meant() {
    let svc = start(Backend::Sqlite, &[]).await;
    let a = &svc.a;
    let receiver = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let url = receiver.url();
    let typo = json!({ "url": url, "event_types": ["campaign.created.v1"] });
    let res = a.call("POST", "/api/v1/webhooks", Some(typo)).await;
    assert_error(&res, 422, "unknown_field");
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.starts_with("unknown field `event_types` (did you mean `eventTypes`?)"), "{detail}");
    assert_eq!(a.call("GET", "/api/v1/webhooks", None).await.json(), json!([]), "nothing registered");
    // A type without its version is named with the type meant.
    let unversioned = json!({ "url": url, "eventTypes": ["campaign.created"] });
    let res = a.call("POST", "/api/v1/webhooks", Some(unversioned)).await;
    assert_error(&res, 422, "unknown_event_types");
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert_eq!(detail, "unknown event types: campaign.created (did you mean `campaign.created.v1`?)");

    let hook = register(a, &url, Some(&["campaign.created.v1"])).await["id"].as_str().unwrap().to_owned();
    let campaign = create_campaign(a, "C", "draft").await["id"].as_str().unwrap().to_owned();
    let entity = uuid::Uuid::new_v4().to_string();
    let event = json!({ "type": "deal.created.v1", "entityType": "deal", "entityId": entity,
                        "payload": { "name": "x" }, "entity_id": entity });
    for (path, method, body, meant) in [
        (format!("/api/v1/webhooks/{hook}"), "PATCH", json!({ "disabeld": true }), Some("disabled")),
        (format!("/api/v1/webhooks/{hook}"), "PATCH", json!({ "rate_limit": 5 }), Some("rateLimit")),
        ("/api/v1/campaigns".to_owned(), "POST", json!({ "name": "x", "stauts": "draft" }), Some("status")),
        (format!("/api/v1/campaigns/{campaign}"), "PATCH", json!({ "nmae": "y" }), Some("name")),
        ("/api/v1/events".to_owned(), "POST", event, Some("entityId")),
        (
            format!("/api/v1/webhooks/{hook}/recoveries"),
            "POST",
            json!({ "since": "2026-11-01T00:00:00Z", "dry_run": true }),
            Some("dryRun"),
        ),
        ("/api/v1/campaigns".to_owned(), "POST", json!({ "name": "x", "owner": "me" }), None),
    ] {
        let res = a.call(method, &path, Some(body)).await;
        test_support::assert_unknown_field(&res, meant, &format!("{method} {path}"));
    }
    let endpoint = a.call("GET", &format!("/api/v1/webhooks/{hook}"), None).await.json();
    assert_eq!((endpoint["disabled"].clone(), endpoint["rateLimit"].clone()), (json!(false), Value::Null));
    assert_eq!(svc.db.count("SELECT count(*) AS n FROM campaigns").await.unwrap(), 1);
    // The other service's credential is named as such.
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl";
    let res = svc.anonymous.with_bearer(jwt).call("GET", "/api/v1/webhooks", None).await;
    assert_error(&res, 401, "unauthorized");
    assert!(res.json()["detail"].as_str().unwrap().contains("workflow-api session token"), "{}", res.json());
}

async fn a_405_says_which_methods_are_allowed(backend: Backend) {
    let svc = start(backend, &[]).await;
    let res =
        svc.a.call("POST", &format!("/api/v1/webhooks/{}", uuid::Uuid::new_v4()), Some(json!({}))).await;
    assert_error(&res, 405, "method_not_allowed");
    assert_eq!(res.headers.get("allow").unwrap(), "GET, PATCH, DELETE");
}

async fn a_revoked_key_gets_401_not_the_stored_answer(backend: Backend) {
    let svc = start(backend, &[]).await;
    let db_env = [("DATABASE_URL", svc.db.url())];
    let out = run_cli(BIN, &["create-api-key", "--workspace-id", &svc.a_id], &db_env).await.unwrap();
    let key = serde_json::from_str::<Value>(out.trim()).unwrap()["apiKey"].as_str().unwrap().to_owned();
    let api = svc.anonymous.with_bearer(&key);
    let body = json!({ "url": "https://hooks.example.com/x" }).to_string();
    let keyed = [("idempotency-key", "create-x")];
    let first =
        api.raw("POST", "/api/v1/webhooks", Some((body.as_bytes(), "application/json")), &keyed).await;
    assert_eq!(first.status, 201);
    run_cli(BIN, &["revoke-api-key", "--api-key", &key], &db_env).await.unwrap();
    refused_soon(&api).await;
    let replay =
        api.raw("POST", "/api/v1/webhooks", Some((body.as_bytes(), "application/json")), &keyed).await;
    assert_error(&replay, 401, "unauthorized");
    assert!(!String::from_utf8_lossy(&replay.body).contains("whsec_"), "the stored secret leaked");
    // The workspace's other key shares the workspace's keys: it gets the stored answer.
    let shared =
        svc.a.raw("POST", "/api/v1/webhooks", Some((body.as_bytes(), "application/json")), &keyed).await;
    assert_eq!(shared.status, 201);
    assert_eq!(shared.json()["id"], first.json()["id"]);
}

/// A revoked key is refused at once in the revoking process and, in a running service, as
/// soon as it hears the revocation (PostgreSQL: the NOTIFY of the revoking transaction,
/// milliseconds). The deadline is the contract: 2 s, far below the cache's 10 s time-to-live,
/// so a service that did not hear it fails.
async fn refused_soon(api: &ApiClient) {
    let refused = within("the revoked key to be refused", Duration::from_secs(2), || async {
        let res = api.call("GET", "/api/v1/webhooks", None).await;
        if res.status == 401 {
            return Some(res);
        }
        assert_eq!(res.status, 200);
        // Paced to stay under the rate limit; the signal itself cannot be awaited from here.
        pace(Duration::from_millis(50)).await;
        None
    })
    .await;
    assert_error(&refused, 401, "unauthorized");
}

/// On PostgreSQL a live key's workspace is cached, and a revocation by any process drops every
/// cached key: shown with one key revoked behind the service's back (plain SQL, no
/// announcement: still served from the cache) and another revoked by the CLI.
#[tokio::test(flavor = "multi_thread")]
async fn a_revocation_by_any_process_drops_every_cached_key() {
    let svc = start(Backend::Postgres, &[]).await;
    // The service hears changes once its listener has subscribed.
    let listening = "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() \
                     AND query = 'LISTEN delivery_engine_changes'";
    eventually("the change listener to subscribe", || async {
        (svc.db.count(listening).await.unwrap() == 1).then_some(())
    })
    .await;
    let db_env = [("DATABASE_URL", svc.db.url())];
    let mut keys = Vec::new();
    for _ in 0..2 {
        let out = run_cli(BIN, &["create-api-key", "--workspace-id", &svc.a_id], &db_env).await.unwrap();
        keys.push(serde_json::from_str::<Value>(out.trim()).unwrap()["apiKey"].as_str().unwrap().to_owned());
    }
    let (first, second) = (svc.anonymous.with_bearer(&keys[0]), svc.anonymous.with_bearer(&keys[1]));
    for api in [&first, &second] {
        assert_eq!(api.call("GET", "/api/v1/webhooks", None).await.status, 200);
    }
    svc.db
        .execute(&format!(
            "UPDATE api_keys SET revoked_at = now() WHERE key_hash = '{}'",
            campaign_api::store::KeyHash::of(&keys[0]).hex()
        ))
        .await
        .unwrap();
    assert_eq!(first.call("GET", "/api/v1/webhooks", None).await.status, 200, "not served from the cache");
    run_cli(BIN, &["revoke-api-key", "--api-key", &keys[1]], &db_env).await.unwrap();
    refused_soon(&second).await;
    assert_error(&first.call("GET", "/api/v1/webhooks", None).await, 401, "unauthorized");
    assert_eq!(svc.a.call("GET", "/api/v1/webhooks", None).await.status, 200);
}

/// Extension: rotate-secret returns a new secret that signs every later delivery; the old one
/// no longer verifies; another workspace's endpoint is 404.
async fn rotate_secret_signs_later_deliveries_with_the_new_secret(backend: Backend) {
    let svc = start(backend, &[]).await;
    let rx = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let ep = register(&svc.a, &rx.url(), None).await;
    let (id, old) = (ep["id"].as_str().unwrap(), ep["secret"].as_str().unwrap());
    let res = svc.a.call("POST", &format!("/api/v1/webhooks/{id}/rotate-secret"), None).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    let rotated = res.json();
    assert_eq!(rotated["id"], id);
    let new = rotated["secret"].as_str().unwrap();
    assert!(new.starts_with("whsec_") && new != old);
    let created =
        svc.a.call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "draft" }))).await;
    assert_eq!(created.status, 201);
    let got = rx.wait_for(1).await;
    let signature =
        |secret: &str| format!("sha256={}", independent_hmac_sha256_hex(secret.as_bytes(), &got[0].body));
    assert_eq!(got[0].header("x-service-signature"), Some(signature(new).as_str()));
    assert_ne!(got[0].header("x-service-signature"), Some(signature(old).as_str()));
    let listed = svc.a.call("GET", &format!("/api/v1/webhooks/{id}"), None).await.json();
    assert!(listed.get("secret").is_none(), "never shown again: {listed}");
    assert_error(
        &svc.b.call("POST", &format!("/api/v1/webhooks/{id}/rotate-secret"), None).await,
        404,
        "not_found",
    );
    assert_error(&svc.a.call("POST", "/api/v1/webhooks/nope/rotate-secret", None).await, 404, "not_found");
}

/// Payload retention, with a short `PAYLOAD_RETENTION`: a dead delivery keeps its record but
/// loses its envelope and the receiver's answers; the log marks it, and a replay and a recovery
/// over it are refused with 409 `payload_expired`.
#[tokio::test(flavor = "multi_thread")]
async fn an_expired_payload_is_marked_and_cannot_be_replayed() {
    let settings = [("RETRY_SCHEDULE", "50ms"), ("PAYLOAD_RETENTION", "1s"), ("PRODUCT_NAME", "Acme")];
    let svc = start(Backend::Sqlite, &settings).await;
    let failing = Receiver::start_https(&svc.ca, |_, _| Reply::Text(503, "down".to_owned())).await;
    let ep = register(&svc.a, &failing.url(), Some(&["campaign.created.v1"])).await;
    create_campaign(&svc.a, "Expire me", "draft").await;
    let got = failing.wait_for(2).await;
    let id = got[0].header("x-acme-delivery").unwrap().to_owned();
    let dead = wait_delivery(&svc.a, &id, |d| d["status"] == "dead").await;
    assert_eq!(dead["payloadExpired"], false);
    assert_eq!(dead["attempts"][0]["responseBody"], "down");

    let expired = wait_delivery(&svc.a, &id, |d| d["payloadExpired"] == true).await;
    assert_eq!(expired["status"], "dead");
    assert_eq!(expired["attemptCount"], 2);
    assert!(expired["attempts"].as_array().unwrap().iter().all(|a| a["responseBody"].is_null()), "{expired}");
    let replay = svc.a.call("POST", &format!("/api/v1/webhook-deliveries/{id}/replay"), None).await;
    assert_eq!(replay.status, 409, "{}", String::from_utf8_lossy(&replay.body));
    assert_eq!(replay.json()["code"], "payload_expired");
    let recoveries = Recoveries { prefix: "/api/v1/webhooks" };
    let since = dead["createdAt"].as_str().unwrap();
    let window = json!({ "since": since, "until": just_after(&[&dead]), "dryRun": true });
    let refused = svc.a.call("POST", &recoveries.path(ep["id"].as_str().unwrap()), Some(window)).await;
    assert_eq!(refused.status, 409, "{}", String::from_utf8_lossy(&refused.body));
    assert_eq!(refused.json()["code"], "payload_expired");
    assert_eq!(failing.count(), 2, "nothing was sent again");
}

/// A receiver behind a gateway (D120): it refuses every request without `X-Tenant` and its
/// basic credential; the endpoint's headers and `auth` get each delivery through, the password
/// is never shown, reserved headers are refused by name, and removing `auth` shows in the API.
async fn a_receiver_behind_a_gateway_gets_the_endpoints_headers_and_credential(backend: Backend) {
    let svc = start(backend, &[]).await;
    // Basic (`hooks` / `pass word`), or a key header of its own choosing.
    let gateway = Receiver::start_https(&svc.ca, |_, r: &Recorded| {
        let credential = r.header("authorization") == Some("Basic aG9va3M6cGFzcyB3b3Jk")
            || r.header("x-api-key") == Some("k-123");
        Reply::Status(if credential && r.header("x-tenant") == Some("acme") { 204 } else { 401 })
    })
    .await;
    let body = json!({
        "url": gateway.url(),
        "headers": { "X-Tenant": "acme" },
        "auth": { "type": "basic", "username": "hooks", "password": "pass word" },
    });
    let res = svc.a.call("POST", "/api/v1/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let created = res.json();
    assert_eq!(created["headers"], json!({ "X-Tenant": "acme" }));
    assert_eq!(created["auth"], json!({ "type": "basic", "username": "hooks" }));
    assert!(!String::from_utf8_lossy(&res.body).contains("pass word"), "never shown");
    let id = created["id"].as_str().unwrap();
    create_campaign(&svc.a, "Behind a gateway", "active").await;
    let got = gateway.wait_for(1).await.remove(0);
    assert_eq!(got.header("x-tenant"), Some("acme"));
    eventually("the gateway's delivery logged delivered", || async {
        let logged = deliveries(&svc.a, &format!("endpointId={id}")).await;
        if logged.iter().any(|d| d["status"] == "delivered") {
            Ok(())
        } else {
            Err(Value::Array(logged))
        }
    })
    .await;
    // The detail shows what the attempt sent, the credential redacted.
    let delivery = deliveries(&svc.a, &format!("endpointId={id}")).await.remove(0);
    let detail = format!("/api/v1/webhook-deliveries/{}", delivery["id"].as_str().unwrap());
    let res = svc.a.call("GET", &detail, None).await;
    let sent = &res.json()["attempts"][0]["requestHeaders"];
    assert_eq!(
        (sent["authorization"].as_str(), sent["x-tenant"].as_str()),
        (Some("[redacted]"), Some("acme"))
    );
    assert_eq!(sent["x-service-delivery"], delivery["id"], "the profile's headers too: {sent}");
    let text = String::from_utf8_lossy(&res.body);
    assert!(!text.contains("pass word") && !text.contains("aG9va3M6cGFzcyB3b3Jk"), "{text}");

    // A key header instead: the next delivery carries it, and no Authorization.
    let key = json!({ "auth": { "type": "header", "name": "X-Api-Key", "value": "k-123" } });
    let res = svc.a.call("PATCH", &format!("/api/v1/webhooks/{id}"), Some(key)).await;
    assert_eq!(res.json()["auth"], json!({ "type": "header", "name": "X-Api-Key" }));
    create_campaign(&svc.a, "Keyed", "active").await;
    let keyed = gateway.wait_for(2).await.remove(1);
    assert_eq!((keyed.header("x-api-key"), keyed.header("authorization")), (Some("k-123"), None));

    let reserved = json!({ "url": gateway.url(), "headers": { "X-Service-Signature": "forged" } });
    let res = svc.a.call("POST", "/api/v1/webhooks", Some(reserved)).await;
    assert_error(&res, 422, "reserved_header");
    assert!(res.json()["detail"].as_str().unwrap().contains("X-Service-Signature"));
    let bad = json!({ "url": gateway.url(), "auth": { "type": "bearer", "token": "" } });
    assert_error(&svc.a.call("POST", "/api/v1/webhooks", Some(bad)).await, 422, "invalid_auth");
    let path = format!("/api/v1/webhooks/{id}");
    let removed = svc.a.call("PATCH", &path, Some(json!({ "auth": null, "headers": {} }))).await;
    assert_eq!(removed.status, 200);
    assert_eq!((removed.json()["auth"].clone(), removed.json()["headers"].clone()), (Value::Null, json!({})));
    let read = svc.a.call("GET", &path, None).await.json();
    assert_eq!(read["auth"], Value::Null);
}

/// An OAuth2 endpoint through campaign-api: its token from a token server over HTTPS, one token
/// for two deliveries, the client secret never shown, a plain-HTTP token URL refused (the
/// endpoint URLs' rules: HTTPS only).
async fn an_oauth2_endpoint_gets_its_token_from_the_token_server(backend: Backend) {
    let svc = start(backend, &[]).await;
    let tokens = Receiver::start_https(&svc.ca, |_, _| {
        Reply::Json(200, r#"{"access_token":"at-7","token_type":"Bearer","expires_in":600}"#.into())
    })
    .await;
    let gateway = Receiver::start_https(&svc.ca, |_, r: &Recorded| {
        Reply::Status(if r.header("authorization") == Some("Bearer at-7") { 204 } else { 401 })
    })
    .await;
    let auth =
        json!({ "type": "oauth2", "tokenUrl": tokens.url(), "clientId": "c7", "clientSecret": "sec-7" });
    let body = json!({ "url": gateway.url(), "eventTypes": ["campaign.created.v1"], "auth": auth });
    let res = svc.a.call("POST", "/api/v1/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    assert!(!String::from_utf8_lossy(&res.body).contains("sec-7"), "never shown");
    assert_eq!(res.json()["auth"]["clientId"], "c7");
    create_campaign(&svc.a, "First", "draft").await;
    create_campaign(&svc.a, "Second", "draft").await;
    let got = gateway.wait_for(2).await;
    assert!(got.iter().all(|r| r.header("authorization") == Some("Bearer at-7")));
    assert_eq!(tokens.count(), 1, "one token for both");
    let id = res.json()["id"].as_str().unwrap().to_owned();
    let plain = json!({ "auth": { "type": "oauth2", "tokenUrl": "http://auth.example.com/token", "clientId": "c", "clientSecret": "s" } });
    assert_error(
        &svc.a.call("PATCH", &format!("/api/v1/webhooks/{id}"), Some(plain)).await,
        422,
        "invalid_auth",
    );
}

/// A receiver that completes a handshake only with a client certificate its CA signed gets the
/// deliveries of the endpoint registered with one, and none of the endpoint without; the key is
/// never shown; a key that is not the certificate's is refused.
async fn a_receiver_that_requires_a_client_certificate_gets_the_endpoint_that_presents_one(backend: Backend) {
    let svc = start(backend, &[]).await;
    let mtls = Receiver::start_https_requiring_client_cert(&svc.ca, |_, _| Reply::Status(204)).await;
    let (certificate, private_key) = svc.ca.client_identity("campaign-hooks", 60).unwrap();
    let body = json!({
        "url": mtls.url(),
        "eventTypes": ["campaign.created.v1"],
        "clientCertificate": { "certificate": certificate, "privateKey": private_key },
    });
    let res = svc.a.call("POST", "/api/v1/webhooks", Some(body)).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    assert!(!String::from_utf8_lossy(&res.body).contains("PRIVATE KEY"), "the key is never shown");
    let with = res.json();
    assert_eq!(with["clientCertificate"]["subject"], "CN=campaign-hooks");
    let plain = json!({ "url": mtls.url(), "eventTypes": ["campaign.created.v1"] });
    let without = svc.a.call("POST", "/api/v1/webhooks", Some(plain)).await.json();
    create_campaign(&svc.a, "Mutual", "draft").await;
    mtls.wait_for(1).await;
    let (with, without) = (with["id"].as_str().unwrap(), without["id"].as_str().unwrap());
    eventually("one delivered, the other's attempt failed", || async {
        let a = deliveries(&svc.a, &format!("endpointId={with}")).await;
        let b = deliveries(&svc.a, &format!("endpointId={without}")).await;
        let done = a.iter().all(|d| d["status"] == "delivered")
            && b.iter().all(|d| d["status"] != "delivered" && d["attemptCount"].as_i64() >= Some(1));
        (done && a.len() == 1 && b.len() == 1).then_some(())
    })
    .await;
    assert_eq!(mtls.count(), 1, "no request without the certificate reached the receiver");
    let (certificate, _) = svc.ca.client_identity("a", 60).unwrap();
    let (_, other_key) = svc.ca.client_identity("b", 60).unwrap();
    let mismatched = json!({ "clientCertificate": { "certificate": certificate, "privateKey": other_key } });
    let res = svc.a.call("PATCH", &format!("/api/v1/webhooks/{without}"), Some(mismatched)).await;
    assert_error(&res, 422, "invalid_client_certificate");
}

/// An endpoint with a content filter receives only the matching events: here the status
/// changes to `paused` of the workspace's campaigns. Its log holds only those; the filter is
/// shown, refused when wrong (with a pointer, or naming the field meant) and cleared with
/// `null`; a replay sends a delivery again whatever the filter now says.
async fn a_content_filter_delivers_only_the_matching_events(backend: Backend) {
    let svc = start(backend, &[]).await;
    let (all, paused) = (
        Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await,
        Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await,
    );
    register(&svc.a, &all.url(), None).await;
    let filter = json!({ "type": "campaign.status_changed.v1", "payload": { "to": "paused" } });
    let res =
        svc.a.call("POST", "/api/v1/webhooks", Some(json!({ "url": paused.url(), "filter": filter }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let ep = res.json();
    assert_eq!(ep["filter"], filter);
    let id = ep["id"].as_str().unwrap();

    let cid = create_campaign(&svc.a, "Spring", "active").await["id"].as_str().unwrap().to_owned();
    for status in ["paused", "active", "paused"] {
        let res =
            svc.a.call("PATCH", &format!("/api/v1/campaigns/{cid}"), Some(json!({ "status": status }))).await;
        assert_eq!(res.status, 200);
    }
    // created, then updated and status_changed for each of the three changes.
    all.wait_for(7).await;
    let got = paused.wait_for(2).await;
    for req in &got {
        let env = assert_envelope(req);
        assert_eq!(
            (env["type"].as_str(), env["payload"]["to"].as_str()),
            (Some("campaign.status_changed.v1"), Some("paused"))
        );
    }
    let listed = deliveries(&svc.a, &format!("endpointId={id}")).await;
    assert_eq!(listed.len(), 2, "the other events never reach its log");

    // Refused with the place named; a misspelt declared field names the field meant.
    let wrong = json!({ "filter": { "payload": { "to": { "$inn": ["paused"] } } } });
    let res = svc.a.call("PATCH", &format!("/api/v1/webhooks/{id}"), Some(wrong)).await;
    assert_error(&res, 422, "invalid_filter");
    assert_eq!(res.json()["pointer"], "/filter/payload/to/$inn");
    let typo = json!({ "url": paused.url(), "filter": { "payload.ot": "paused" } });
    let res = svc.a.call("POST", "/api/v1/webhooks", Some(typo)).await;
    assert_error(&res, 422, "unknown_filter_field");
    assert!(res.json()["detail"].as_str().unwrap().contains("did you mean `payload.to`?"), "{}", res.json());
    let undeclared = json!({ "filter": { "payload.region": "eu", "type": "campaign.status_changed.v1" } });
    let res = svc.a.call("PATCH", &format!("/api/v1/webhooks/{id}"), Some(undeclared)).await;
    assert_eq!(
        res.status,
        200,
        "a field beyond the declared ones is allowed: {}",
        String::from_utf8_lossy(&res.body)
    );

    // The filter now matches neither delivered event; a replay sends one again all the same
    // (once its first attempt is recorded: a replay of a delivery in flight is a separate matter).
    let first = listed[0]["id"].as_str().unwrap();
    wait_delivery(&svc.a, first, |d| d["status"] == "delivered").await;
    let replay = svc
        .a
        .call(
            "POST",
            &format!("/api/v1/webhook-deliveries/{}/replay", listed[0]["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert!(replay.status < 300, "{}", String::from_utf8_lossy(&replay.body));
    paused.wait_for(3).await;
    let cleared =
        svc.a.call("PATCH", &format!("/api/v1/webhooks/{id}"), Some(json!({ "filter": null }))).await;
    assert_eq!(cleared.json()["filter"], Value::Null);
    let read = svc.a.call("GET", &format!("/api/v1/webhooks/{id}"), None).await;
    assert_eq!(read.json()["filter"], Value::Null);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_content_filter_delivers_only_the_matching_events,
    a_receiver_that_requires_a_client_certificate_gets_the_endpoint_that_presents_one,
    an_oauth2_endpoint_gets_its_token_from_the_token_server,
    rotate_secret_signs_later_deliveries_with_the_new_secret,
    a_receiver_behind_a_gateway_gets_the_endpoints_headers_and_credential,
    mutations_deliver_signed_envelopes_over_https_with_filters,
    eight_attempts_then_dead_then_replay_with_the_same_delivery_id,
    an_answer_after_the_timeout_is_a_failed_attempt,
    endpoints_can_be_read_changed_disabled_and_deleted,
    operational_webhooks_report_a_disable_and_an_enable_through_the_api,
    another_workspaces_ids_are_404_like_unknown_ones,
    bad_input_gets_a_clear_4xx_never_a_500,
    create_workspace_prints_its_id_and_a_key_shown_once,
    api_keys_can_be_added_and_revoked,
    a_repeated_create_with_an_idempotency_key_creates_and_emits_once,
    every_route_in_the_table_is_served_and_openapi_json_is_public,
    nul_bytes_and_non_object_bodies_are_422_never_500,
    a_405_says_which_methods_are_allowed,
    a_revoked_key_gets_401_not_the_stored_answer,
    a_rate_limited_endpoint_is_paced_and_an_unlimited_one_is_not,
);
