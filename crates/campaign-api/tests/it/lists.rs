//! `GET /api/v1/campaigns` (an extension): newest first, a page at a time by keyset, a
//! workspace's own campaigns only, and bad parameters as JSON 422s. Each test runs as
//! `<test>::postgres` and `<test>::sqlite`; the HTTP ones start the real binary.

use api_support::pagination::PageRequest;
use campaign_api::campaigns::{self, CampaignError, NewCampaign};
use campaign_api::workspace::Workspace;
use campaign_api::{profile, store};
use delivery_engine::endpoints::UrlRule;
use delivery_engine::http::AddressPolicy;
use delivery_engine::on_conn;
use delivery_engine::secrets::Keyring;
use delivery_engine::{Engine, EngineConfig};
use serde_json::{json, Value};
use std::time::Duration;
use test_support::{on_both_backends, run_cli, ApiClient, ApiResponse, Backend, ServiceProcess, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const LIST: &str = "/api/v1/campaigns";

async fn database(backend: Backend) -> TestDb {
    TestDb::create_on(backend, "campaign", |url| async move {
        delivery_engine::db::run_migrations(
            &url,
            vec![delivery_engine::db::ENGINE_MIGRATIONS, store::MIGRATIONS],
        )
        .await?;
        Ok(())
    })
    .await
    .unwrap()
}

async fn service(db: &TestDb) -> ServiceProcess {
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", MASTER_KEYS),
        ("ROLE", "api"),
    ];
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn client(process: &ServiceProcess, db: &TestDb, name: &str) -> ApiClient {
    let out =
        run_cli(BIN, &["create-workspace", "--name", name], &[("DATABASE_URL", db.url())]).await.unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    ApiClient::new(process.base_url()).with_bearer(ws["apiKey"].as_str().unwrap())
}

async fn create(api: &ApiClient, name: &str) -> String {
    let res = api.call("POST", LIST, Some(json!({ "name": name }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()["id"].as_str().unwrap().to_owned()
}

/// Follows `Link: <…>; rel="next"` from `first` to the last page; every page but the last is
/// full, and its link's cursor is its last campaign's position.
async fn walk(api: &ApiClient, first: &str, limit: usize) -> Vec<Value> {
    let (mut items, mut path) = (Vec::new(), Some(first.to_owned()));
    while let Some(p) = path.take() {
        let res = api.call("GET", &p, None).await;
        assert_eq!(res.status, 200, "{p}: {}", String::from_utf8_lossy(&res.body));
        let page = res.json().as_array().unwrap().clone();
        if let Some(link) = res.headers.get("link") {
            let link = link.to_str().unwrap();
            assert_eq!(page.len(), limit, "a page followed by another is full: {link}");
            let next = link.strip_prefix('<').unwrap().strip_suffix(">; rel=\"next\"").unwrap();
            let cursor = next.strip_prefix(&format!("{LIST}?limit={limit}&after=")).unwrap();
            let last = page.last().unwrap()["id"].as_str().unwrap().replace('-', "");
            assert_eq!(cursor.split_once('.').unwrap().1, last, "the cursor is the last campaign's position");
            path = Some(next.to_owned());
        }
        items.extend(page);
    }
    items
}

fn ids(items: &[Value]) -> Vec<String> {
    items.iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect()
}

fn assert_error(res: &ApiResponse, status: u16, code: &str) {
    assert_eq!(res.status, status, "body: {}", String::from_utf8_lossy(&res.body));
    let body = res.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
    assert_eq!(body.as_object().unwrap().len(), 2, "{body}");
}

async fn campaigns_page_newest_first_each_once_and_only_the_workspaces_own(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let a = client(&process, &db, "A").await;
    let b = client(&process, &db, "B").await;
    let mut created_a = Vec::new();
    for i in 0..7 {
        created_a.push(create(&a, &format!("Campaign {i}")).await);
    }
    let created_b = vec![create(&b, "B0").await, create(&b, "B1").await];
    let patch = format!("{LIST}/{}", created_a[2]);
    assert_eq!(a.call("PATCH", &patch, Some(json!({ "status": "active" }))).await.status, 200);

    let newest_first = |created: &[String]| created.iter().rev().cloned().collect::<Vec<_>>();
    for limit in [1, 3, 7, 250] {
        let listed = walk(&a, &format!("{LIST}?limit={limit}"), limit).await;
        assert_eq!(ids(&listed), newest_first(&created_a), "limit {limit}");
    }
    let all = walk(&a, LIST, 50).await;
    assert_eq!(ids(&all), newest_first(&created_a));
    assert_eq!((all[4]["status"].as_str(), all[0]["name"].as_str()), (Some("active"), Some("Campaign 6")));
    assert_eq!(ids(&walk(&b, &format!("{LIST}?limit=1"), 1).await), newest_first(&created_b));

    // A cursor is a position, not a campaign: one taken from another workspace's list, used
    // here, pages through this workspace's campaigns only (B's are all newer than A's).
    let b_page = b.call("GET", &format!("{LIST}?limit=1"), None).await;
    let link = b_page.headers.get("link").unwrap().to_str().unwrap().to_owned();
    let after = link.split("after=").nth(1).unwrap().split('>').next().unwrap().to_owned();
    let res = a.call("GET", &format!("{LIST}?after={after}"), None).await;
    assert_eq!(ids(res.json().as_array().unwrap()), newest_first(&created_a));
}

async fn bad_limits_and_cursors_are_json_422s(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let a = client(&process, &db, "A").await;
    let one = create(&a, "One").await;
    for limit in ["0", "251", "-1", "1.5", "abc", "", "1e2", "99999999999999999999"] {
        let res = a.call("GET", &format!("{LIST}?limit={limit}"), None).await;
        assert_error(&res, 422, "invalid_limit");
        assert_eq!(res.json()["detail"], "limit must be an integer from 1 to 250 (default 50)");
    }
    let overflow = format!("99999999999999999999.{}", one.replace('-', ""));
    for after in ["", "x", "123", &one, "1.nope", "%00", &overflow] {
        let res = a.call("GET", &format!("{LIST}?after={after}"), None).await;
        assert_error(&res, 422, "invalid_cursor");
        assert_eq!(res.json()["detail"], "after must be a cursor from the `Link` header of a previous page");
    }
    let anonymous = ApiClient::new(process.base_url());
    assert_error(&anonymous.call("GET", LIST, None).await, 401, "unauthorized");
    assert_eq!(a.call("GET", &format!("{LIST}?limit=250"), None).await.status, 200);
    // A parameter the route does not take is refused, as an unknown body field is.
    let res = a.call("GET", &format!("{LIST}?limit=250&limt=1"), None).await;
    assert_error(&res, 422, "unknown_query_parameter");
    assert_eq!(
        res.json()["detail"],
        "unknown query parameter `limt` (did you mean `limit`?); the query parameters of this route are `limit`, `after`"
    );
}

/// The delivery log pages the same way (an extension): `Link` to the next page, which keeps
/// the filters; each delivery once, newest first. (`ROLE=api`: the deliveries wait, pending.)
async fn the_delivery_log_pages_by_the_same_rule_keeping_its_filters(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let a = client(&process, &db, "A").await;
    let hook = json!({ "url": "https://hooks.example.com/a" });
    assert_eq!(a.call("POST", "/api/v1/webhooks", Some(hook)).await.status, 201);
    for i in 0..5 {
        create(&a, &format!("Campaign {i}")).await;
    }
    let log = "/api/v1/webhook-deliveries";
    let all = a.call("GET", log, None).await;
    assert_eq!((all.json().as_array().unwrap().len(), all.headers.get("link")), (5, None));
    let (mut path, mut paged, mut pages) = (Some(format!("{log}?status=pending&limit=2")), Vec::new(), 0);
    while let Some(p) = path.take() {
        let res = a.call("GET", &p, None).await;
        assert_eq!(res.status, 200, "{p}");
        paged.extend(res.json().as_array().unwrap().iter().map(|d| d["id"].clone()));
        pages += 1;
        if let Some(link) = res.headers.get("link") {
            let next =
                link.to_str().unwrap().strip_prefix('<').unwrap().split('>').next().unwrap().to_owned();
            assert!(next.starts_with(&format!("{log}?status=pending&limit=2&after=")), "{next}");
            path = Some(next);
        }
    }
    let newest_first: Vec<Value> = all.json().as_array().unwrap().iter().map(|d| d["id"].clone()).collect();
    assert_eq!((paged, pages), (newest_first, 3));
    assert_error(&a.call("GET", &format!("{log}?after=x"), None).await, 422, "invalid_cursor");
}

/// The endpoint list answers every endpoint unless a page is asked for (`limit`), then pages
/// oldest first by `Link`; the log filters by event type and creation time (extensions).
async fn endpoints_page_when_asked_and_the_log_filters_by_type_and_time(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let a = client(&process, &db, "A").await;
    for i in 0..5 {
        let hook = json!({ "url": format!("https://hooks.example.com/{i}") });
        assert_eq!(a.call("POST", "/api/v1/webhooks", Some(hook)).await.status, 201);
    }
    let all = a.call("GET", "/api/v1/webhooks", None).await;
    assert_eq!(all.headers.get("link"), None, "no page asked for: every endpoint");
    let oldest_first: Vec<Value> = all.json().as_array().unwrap().iter().map(|e| e["url"].clone()).collect();
    let urls: Vec<Value> = (0..5).map(|i| json!(format!("https://hooks.example.com/{i}"))).collect();
    assert_eq!(oldest_first, urls);
    let (mut path, mut paged) = (Some("/api/v1/webhooks?limit=2".to_owned()), Vec::new());
    while let Some(p) = path.take() {
        let res = a.call("GET", &p, None).await;
        assert_eq!(res.status, 200, "{p}");
        paged.extend(res.json().as_array().unwrap().iter().map(|e| e["url"].clone()));
        if let Some(link) = res.headers.get("link") {
            let next =
                link.to_str().unwrap().strip_prefix('<').unwrap().split('>').next().unwrap().to_owned();
            assert!(next.starts_with("/api/v1/webhooks?limit=2&after="), "{next}");
            path = Some(next);
        }
    }
    assert_eq!(paged, urls);
    assert_error(&a.call("GET", "/api/v1/webhooks?limit=0", None).await, 422, "invalid_limit");

    let id = create(&a, "Spring").await;
    let active = json!({ "status": "active" });
    assert_eq!(a.call("PATCH", &format!("{LIST}/{id}"), Some(active)).await.status, 200);
    let log = "/api/v1/webhook-deliveries";
    let changed = a.call("GET", &format!("{log}?eventType=campaign.status_changed.v1"), None).await.json();
    let changed = changed.as_array().unwrap();
    assert_eq!(changed.len(), 5, "one status change, to five endpoints");
    assert!(changed.iter().all(|d| d["eventType"] == "campaign.status_changed.v1"));
    let misspelt = a.call("GET", &format!("{log}?eventType=campaign.status_chnged.v1"), None).await;
    assert_error(&misspelt, 422, "unknown_event_type");
    assert!(misspelt.json()["detail"]
        .as_str()
        .unwrap()
        .contains("did you mean `campaign.status_changed.v1`"));

    let every = a.call("GET", log, None).await.json();
    let every = every.as_array().unwrap();
    assert_eq!(every.len(), 15, "created, updated and status_changed, to five endpoints each");
    let (newest, oldest) = (&every[0]["createdAt"], &every[14]["createdAt"]);
    let from_newest = a.call("GET", &format!("{log}?createdFrom={}", newest.as_str().unwrap()), None).await;
    let from_newest = from_newest.json();
    assert!(!from_newest.as_array().unwrap().is_empty());
    assert!(from_newest.as_array().unwrap().iter().all(|d| d["createdAt"] == *newest));
    let before_oldest =
        a.call("GET", &format!("{log}?createdBefore={}", oldest.as_str().unwrap()), None).await;
    assert_eq!(before_oldest.json(), json!([]));
    let bad = a.call("GET", &format!("{log}?createdFrom=yesterday"), None).await;
    assert_error(&bad, 422, "invalid_query");
    assert!(bad.json()["detail"].as_str().unwrap().starts_with("createdFrom must be an RFC 3339 timestamp"));
}

/// Campaigns created in the same microsecond are ordered by id, so a page boundary between
/// them neither repeats nor skips one (the store's statements, on both backends).
async fn campaigns_with_one_creation_time_page_by_id(backend: Backend) {
    let db = database(backend).await;
    let engine = Engine::new(
        delivery_engine::db::connect_pool(db.url(), 2).unwrap(),
        Keyring::parse(MASTER_KEYS).unwrap(),
        profile::profile("Service", None, Duration::from_secs(2)).unwrap(),
        EngineConfig {
            url_rule: UrlRule::HttpsOnly,
            address_policy: AddressPolicy::default(),
            payload_retention: None,
        },
    );
    let (ws, _key) = engine
        .transaction(on_conn!(|c| Ok::<_, CampaignError>(store::create_workspace(c, "ws").await?)))
        .await
        .unwrap();
    let ws = ws.id;
    let workspace = Workspace::of(delivery_engine::Tenant::new(ws.to_string()).unwrap()).unwrap();
    let at = chrono::DateTime::from_timestamp_micros(1_790_000_000_123_456).unwrap();
    let insert = |name: &str, at| {
        let (campaign, _event) =
            campaigns::new_campaign(ws, NewCampaign { name: name.into(), status: None }, at).unwrap();
        let row = campaign.clone();
        let engine = engine.clone();
        async move {
            engine
                .run(on_conn!(|c| store::insert_campaign(c, &row).await.map_err(CampaignError::from)))
                .await
                .unwrap();
            campaign.id
        }
    };
    let mut same_time = Vec::new();
    for i in 0..5 {
        same_time.push(insert(&format!("c{i}"), at).await);
    }
    let older = insert("older", at - chrono::Duration::microseconds(1)).await;
    same_time.sort();
    let mut expected: Vec<_> = same_time.into_iter().rev().collect();
    expected.push(older);

    let mut seen = Vec::new();
    let mut page = PageRequest { limit: 2, after: None };
    loop {
        let listed = campaigns::list_campaigns(&engine, &workspace, page).await.unwrap();
        seen.extend(listed.items.iter().map(|c| c.id));
        match listed.next {
            Some(next) => page.after = Some(next),
            None => break,
        }
    }
    assert_eq!(seen, expected);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    campaigns_page_newest_first_each_once_and_only_the_workspaces_own,
    bad_limits_and_cursors_are_json_422s,
    campaigns_with_one_creation_time_page_by_id,
    the_delivery_log_pages_by_the_same_rule_keeping_its_filters,
    endpoints_page_when_asked_and_the_log_filters_by_type_and_time,
);
