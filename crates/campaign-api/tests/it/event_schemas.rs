//! The payload schemas campaign-api publishes, against what it delivers and what it accepts, on
//! both stores (each test runs as `<test>::postgres` and `<test>::sqlite`): the real binary on a
//! fresh database, an HTTPS receiver, and the schemas read from `GET /api/v1/event-types`
//! and checked with an independent JSON Schema validator (the `jsonschema` crate).

use serde_json::{json, Value};
use std::collections::BTreeMap;
use test_support::{
    on_both_backends, run_cli, ApiClient, Backend, Receiver, Reply, ServiceProcess, TestCa, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

struct Service {
    _db: TestDb,
    ca: TestCa,
    _process: ServiceProcess,
    anonymous: ApiClient,
    api: ApiClient,
}

async fn start(backend: Backend) -> Service {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let ca = TestCa::new().unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let out = run_cli(BIN, &["create-workspace", "--name", "Schemas"], &[("DATABASE_URL", db.url())])
        .await
        .unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    let anonymous = ApiClient::new(process.base_url());
    let api = anonymous.with_bearer(ws["apiKey"].as_str().unwrap());
    Service { _db: db, ca, _process: process, anonymous, api }
}

/// The catalog as the route serves it, by name, each schema checked against the draft 2020-12
/// meta-schema; each `GET /api/v1/event-types/{name}` answers its list item.
async fn published_catalog(api: &ApiClient) -> BTreeMap<String, Value> {
    let res = api.call("GET", "/api/v1/event-types", None).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    let mut catalog = BTreeMap::new();
    for t in res.json().as_array().unwrap() {
        let name = t["name"].as_str().unwrap().to_owned();
        jsonschema::meta::validate(&t["schema"]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let one = api.call("GET", &format!("/api/v1/event-types/{name}"), None).await;
        assert_eq!((one.status, one.json()), (200, t.clone()));
        catalog.insert(name, t.clone());
    }
    catalog
}

fn validator(catalog: &BTreeMap<String, Value>, name: &str) -> jsonschema::Validator {
    jsonschema::draft202012::new(&catalog[name]["schema"]).unwrap()
}

/// What the service delivers, its own campaign events and a published event of every other
/// type, is valid under the schema the catalog route serves for the delivery's type.
async fn delivered_payloads_are_valid_under_the_published_schemas(backend: Backend) {
    let svc = start(backend).await;
    let receiver = Receiver::start_https(&svc.ca, |_, _| Reply::Status(200)).await;
    let res = svc.api.call("POST", "/api/v1/webhooks", Some(json!({ "url": receiver.url() }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));

    let catalog = published_catalog(&svc.api).await;
    assert_eq!(catalog.len(), 23);
    let t = &catalog["campaign.status_changed.v1"];
    assert_eq!((t["version"].clone(), t["entityType"].clone()), (json!(1), json!("campaign")));
    assert_eq!(t["publishable"], false);
    assert_eq!(t["examplePayload"], json!({ "from": "active", "to": "paused" }));

    // The service's own events: created, then updated and status_changed twice.
    let res = svc.api.call("POST", "/api/v1/campaigns", Some(json!({ "name": "Winter sale" }))).await;
    assert_eq!(res.status, 201);
    let campaign = format!("/api/v1/campaigns/{}", res.json()["id"].as_str().unwrap());
    for patch in [json!({ "name": "Winter sale 2", "status": "active" }), json!({ "status": "paused" })] {
        assert_eq!(svc.api.call("PATCH", &campaign, Some(patch)).await.status, 200);
    }
    let own = 5;

    // Every publishable type, published with its published example (and a field the schema
    // does not name, which is allowed and passed through).
    let publishable: Vec<&Value> = catalog.values().filter(|t| t["publishable"] == true).collect();
    assert_eq!(publishable.len(), 20);
    for t in &publishable {
        let mut payload = t["examplePayload"].clone();
        assert!(validator(&catalog, t["name"].as_str().unwrap()).is_valid(&payload), "{t}");
        payload["extra"] = json!({ "passed": "through" });
        let event = json!({ "type": t["name"], "entityType": t["entityType"],
            "entityId": uuid::Uuid::new_v4(), "payload": payload });
        let res = svc.api.call("POST", "/api/v1/events", Some(event)).await;
        assert_eq!(res.status, 202, "{t}: {}", String::from_utf8_lossy(&res.body));
    }

    let received = receiver.wait_for(own + publishable.len()).await;
    let mut seen = BTreeMap::<String, usize>::new();
    for req in &received {
        let envelope: Value = serde_json::from_slice(&req.body).unwrap();
        let name = envelope["type"].as_str().unwrap();
        assert_eq!(req.header("x-service-event"), Some(name));
        let payload = &envelope["payload"];
        let errors: Vec<String> =
            validator(&catalog, name).iter_errors(payload).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{name} delivered {payload}, invalid under its schema: {errors:?}");
        if catalog[name]["publishable"] == false {
            // The service's own payloads carry exactly the schema's fields.
            let mut keys: Vec<&String> = payload.as_object().unwrap().keys().collect();
            let mut required: Vec<&str> = catalog[name]["schema"]["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_str().unwrap())
                .collect();
            keys.sort();
            required.sort_unstable();
            assert_eq!(keys, required, "{name}: {payload}");
        } else {
            assert_eq!(payload["extra"], json!({ "passed": "through" }));
        }
        *seen.entry(name.to_owned()).or_default() += 1;
    }
    assert_eq!(seen.keys().collect::<Vec<_>>(), catalog.keys().collect::<Vec<_>>(), "every type arrived");
    assert_eq!(seen["campaign.status_changed.v1"], 2);
    assert_eq!(seen["campaign.updated.v1"], 2);
}

/// A payload its type's schema refuses is 422 `invalid_payload`, naming the failing value by
/// its JSON pointer (in `detail` and in `field`), and nothing is queued; the published
/// schema refuses the same payloads.
async fn payloads_outside_their_schema_get_422_naming_the_field(backend: Backend) {
    let svc = start(backend).await;
    let res =
        svc.api.call("POST", "/api/v1/webhooks", Some(json!({ "url": "https://127.0.0.1:9/hook" }))).await;
    assert_eq!(res.status, 201);
    let catalog = published_catalog(&svc.api).await;

    let cases = [
        // A missing field.
        (
            "deal.created.v1",
            json!({ "title": "Q1" }),
            "/payload/name",
            "is required by deal.created.v1 (a string)",
        ),
        // A field of the wrong type (a number as a string).
        (
            "sync.succeeded.v1",
            json!({ "source": "google_ads", "records": "1200" }),
            "/payload/records",
            "must be a number (sync.succeeded.v1), not a string",
        ),
        // A null field is of the wrong type, not missing.
        (
            "segment.evaluated.v1",
            json!({ "size": null }),
            "/payload/size",
            "must be a number (segment.evaluated.v1), not null",
        ),
        // Payloads that are not objects.
        (
            "deal.created.v1",
            json!(["Q1"]),
            "/payload",
            "must be a JSON object (deal.created.v1), not an array",
        ),
        ("deal.created.v1", json!("Q1"), "/payload", "must be a JSON object (deal.created.v1), not a string"),
        ("deal.created.v1", json!(null), "/payload", "must be a JSON object (deal.created.v1), not null"),
    ];
    for (name, payload, field, problem) in cases {
        assert!(!validator(&catalog, name).is_valid(&payload), "the schema of {name} accepts {payload}");
        let event = json!({ "type": name, "entityType": name.split('.').next().unwrap(), "entityId": uuid::Uuid::new_v4(), "payload": payload });
        let res = svc.api.call("POST", "/api/v1/events", Some(event)).await;
        assert_eq!(res.status, 422, "{name} {payload}");
        assert_eq!(
            res.json(),
            json!({ "code": "invalid_payload", "detail": format!("`{field}` {problem}"), "field": field })
        );
    }
    let res = svc.api.call("GET", "/api/v1/webhook-deliveries", None).await;
    assert_eq!((res.status, res.json()), (200, json!([])), "a refused event queues nothing");

    // The catalog routes: an unknown name is 404, and the API key is required.
    let res = svc.api.call("GET", "/api/v1/event-types/deal.deleted.v1", None).await;
    assert_eq!((res.status, res.json()["code"].clone()), (404, json!("not_found")));
    for path in ["/api/v1/event-types", "/api/v1/event-types/deal.created.v1"] {
        let res = svc.anonymous.call("GET", path, None).await;
        assert_eq!((res.status, res.json()["code"].clone()), (401, json!("unauthorized")), "{path}");
    }
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    delivered_payloads_are_valid_under_the_published_schemas,
    payloads_outside_their_schema_get_422_naming_the_field,
);
