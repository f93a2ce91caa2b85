//! `GET /runs` (an extension): newest first, a page at a time by keyset, an account's own runs
//! only, and bad parameters as JSON 422s. Each test runs as `<test>::postgres` and
//! `<test>::sqlite`; the HTTP ones start the real binary.

use api_support::pagination::PageRequest;
use delivery_engine::endpoints::UrlRule;
use delivery_engine::http::AddressPolicy;
use delivery_engine::on_conn;
use delivery_engine::secrets::Keyring;
use delivery_engine::{Engine, EngineConfig, Tenant};
use serde_json::{json, Value};
use std::time::Duration;
use test_support::{on_both_backends, run_cli, ApiClient, Backend, ServiceProcess, TestDb};
use workflow_api::runs::{self, RunError};
use workflow_api::{profile, store};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

async fn database(backend: Backend) -> TestDb {
    TestDb::create_on(backend, "workflow", |url| async move {
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
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("ROLE", "api"),
    ];
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn client(process: &ServiceProcess, account: &str) -> ApiClient {
    let token = run_cli(BIN, &["token", "--account", account], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    ApiClient::new(process.base_url()).with_bearer(token.trim())
}

async fn new_run(api: &ApiClient, workflow: &str) -> String {
    let res = api.call("POST", "/runs", Some(json!({ "workflow_id": workflow }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()["id"].as_str().unwrap().to_owned()
}

/// Follows `Link: <…>; rel="next"` from `first` to the last page; every page but the last is
/// full, and its link's cursor is its last item's position.
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
            let cursor = next.strip_prefix(&format!("/runs?limit={limit}&after=")).unwrap();
            let last = page.last().unwrap()["id"].as_str().unwrap().replace('-', "");
            assert_eq!(cursor.split_once('.').unwrap().1, last, "the cursor is the last run's position");
            path = Some(next.to_owned());
        }
        items.extend(page);
    }
    items
}

fn ids(items: &[Value]) -> Vec<String> {
    items.iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect()
}

async fn runs_page_newest_first_each_once_and_only_the_accounts_own(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let (a, b) = (client(&process, "acct-a").await, client(&process, "acct-b").await);
    let mut created_a = Vec::new();
    for i in 0..7 {
        created_a.push(new_run(&a, &format!("wf-{i}")).await);
    }
    let created_b = vec![new_run(&b, "wf-b0").await, new_run(&b, "wf-b1").await];
    let settle = format!("/runs/{}/settle", created_a[3]);
    assert_eq!(a.call("POST", &settle, Some(json!({ "status": "failed" }))).await.status, 200);

    let newest_first = |created: &[String]| created.iter().rev().cloned().collect::<Vec<_>>();
    for limit in [1, 3, 7, 100] {
        let listed = walk(&a, &format!("/runs?limit={limit}"), limit).await;
        assert_eq!(ids(&listed), newest_first(&created_a), "limit {limit}");
    }
    let all = walk(&a, "/runs", 20).await;
    assert_eq!(ids(&all), newest_first(&created_a));
    assert_eq!(all[3]["status"], "failed");
    assert_eq!(all[0]["workflow_id"], "wf-6");
    assert_eq!(ids(&walk(&b, "/runs?limit=1", 1).await), newest_first(&created_b));

    // A cursor is a position, not a run: one taken from another account's list, used here,
    // pages through this account's runs only (B's runs are all newer than A's).
    let b_page = b.call("GET", "/runs?limit=1", None).await;
    let link = b_page.headers.get("link").unwrap().to_str().unwrap().to_owned();
    let after = link.split("after=").nth(1).unwrap().split('>').next().unwrap().to_owned();
    let res = a.call("GET", &format!("/runs?after={after}"), None).await;
    assert_eq!(ids(res.json().as_array().unwrap()), newest_first(&created_a));
}

fn assert_error(res: &test_support::ApiResponse, status: u16, code: &str) {
    assert_eq!(res.status, status, "body: {}", String::from_utf8_lossy(&res.body));
    let body = res.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
    assert_eq!(body.as_object().unwrap().len(), 2, "{body}");
}

async fn bad_limits_and_cursors_are_json_422s(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let a = client(&process, "acct-a").await;
    let run = new_run(&a, "wf").await;
    for limit in ["0", "101", "-1", "1.5", "abc", "", "1e2", "99999999999999999999"] {
        let res = a.call("GET", &format!("/runs?limit={limit}"), None).await;
        assert_error(&res, 422, "invalid_limit");
        assert_eq!(res.json()["detail"], "limit must be an integer from 1 to 100 (default 20)");
    }
    let overflow = format!("99999999999999999999.{}", run.replace('-', ""));
    for after in ["", "x", "123", &run, "1.nope", "%00", &overflow] {
        let res = a.call("GET", &format!("/runs?after={after}"), None).await;
        assert_error(&res, 422, "invalid_cursor");
        assert_eq!(res.json()["detail"], "after must be a cursor from the `Link` header of a previous page");
    }
    let anonymous = ApiClient::new(process.base_url());
    assert_error(&anonymous.call("GET", "/runs", None).await, 401, "unauthorized");
    assert_eq!(a.call("GET", "/runs?limit=100", None).await.status, 200);
    // A parameter the route does not take is refused, as an unknown body field is: a misspelt
    // filter would otherwise answer the unfiltered log.
    let res = a.call("GET", "/runs?limit=100&unknown=1", None).await;
    assert_error(&res, 422, "unknown_query_parameter");
    assert_eq!(
        res.json()["detail"],
        "unknown query parameter `unknown`; the query parameters of this route are `limit`, `after`"
    );
    let res = a.call("GET", "/webhooks/deliveries?evnt=run.failed", None).await;
    assert_error(&res, 422, "unknown_query_parameter");
    assert!(res.json()["detail"].as_str().unwrap().contains("(did you mean `event`?)"));
}

/// Runs created in the same microsecond are ordered by id, so a page boundary between them
/// neither repeats nor skips one (the store's statements, on both backends).
async fn runs_with_one_creation_time_page_by_id(backend: Backend) {
    let db = database(backend).await;
    let engine = Engine::new(
        delivery_engine::db::connect_pool(db.url(), 2).unwrap(),
        Keyring::parse(MASTER_KEYS).unwrap(),
        profile::profile(vec![Duration::from_secs(60)], Duration::from_secs(2)),
        EngineConfig {
            url_rule: UrlRule::HttpOrHttps,
            address_policy: AddressPolicy::default(),
            payload_retention: None,
        },
    );
    let at = chrono::DateTime::from_timestamp_micros(1_790_000_000_123_456).unwrap();
    let mut stored = Vec::new();
    for i in 0..5 {
        let run = runs::new_run("acct-a", format!("wf-{i}"), at).unwrap();
        let row = run.clone();
        engine
            .run(on_conn!(|c| store::insert_runs(c, std::slice::from_ref(&row))
                .await
                .map_err(RunError::from)))
            .await
            .unwrap();
        stored.push(run.id);
    }
    let older = runs::new_run("acct-a", "older".into(), at - chrono::Duration::microseconds(1)).unwrap();
    let row = older.clone();
    engine
        .run(on_conn!(|c| store::insert_runs(c, std::slice::from_ref(&row)).await.map_err(RunError::from)))
        .await
        .unwrap();
    stored.sort();
    let mut expected: Vec<_> = stored.into_iter().rev().collect();
    expected.push(older.id);

    let mut seen = Vec::new();
    let mut page = PageRequest { limit: 2, after: None };
    loop {
        let listed = runs::list_runs(&engine, &Tenant::new("acct-a").unwrap(), page).await.unwrap();
        seen.extend(listed.items.iter().map(|r| r.id));
        match listed.next {
            Some(next) => page.after = Some(next),
            None => break,
        }
    }
    assert_eq!(seen, expected);
}

/// An endpoint is read by its id (an extension), the account's own only; the list answers
/// every endpoint unless a page is asked for (`limit`), then pages oldest first by `Link`.
async fn endpoints_are_read_one_by_one_and_page_when_asked(backend: Backend) {
    let db = database(backend).await;
    let process = service(&db).await;
    let (a, b) = (client(&process, "acct-a").await, client(&process, "acct-b").await);
    for i in 0..5 {
        let hook = json!({ "url": format!("https://hooks.example.com/{i}"), "events": ["run.completed"] });
        assert_eq!(a.call("POST", "/webhooks", Some(hook)).await.status, 201);
    }
    let all = a.call("GET", "/webhooks", None).await;
    assert_eq!(all.headers.get("link"), None, "no page asked for: every endpoint, as the spec says");
    let all = all.json().as_array().unwrap().clone();
    let urls: Vec<Value> = (0..5).map(|i| json!(format!("https://hooks.example.com/{i}"))).collect();
    assert_eq!(all.iter().map(|e| e["url"].clone()).collect::<Vec<_>>(), urls, "oldest first");
    let id = all[3]["endpointId"].as_str().unwrap();
    let one = a.call("GET", &format!("/webhooks/{id}"), None).await;
    assert_eq!((one.status, one.json()), (200, all[3].clone()));
    assert_error(&b.call("GET", &format!("/webhooks/{id}"), None).await, 404, "not_found");
    assert_error(&a.call("GET", "/webhooks/not-a-uuid", None).await, 404, "not_found");

    let (mut path, mut paged) = (Some("/webhooks?limit=2".to_owned()), Vec::new());
    while let Some(p) = path.take() {
        let res = a.call("GET", &p, None).await;
        assert_eq!(res.status, 200, "{p}");
        paged.extend(res.json().as_array().unwrap().iter().cloned());
        if let Some(link) = res.headers.get("link") {
            let next =
                link.to_str().unwrap().strip_prefix('<').unwrap().split('>').next().unwrap().to_owned();
            assert!(next.starts_with("/webhooks?limit=2&after="), "{next}");
            path = Some(next);
        }
    }
    assert_eq!(paged, all);
    assert_error(&a.call("GET", "/webhooks?after=x", None).await, 422, "invalid_cursor");
    assert_eq!(b.call("GET", "/webhooks?limit=2", None).await.json(), json!([]), "another account's none");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    runs_page_newest_first_each_once_and_only_the_accounts_own,
    bad_limits_and_cursors_are_json_422s,
    runs_with_one_creation_time_page_by_id,
    endpoints_are_read_one_by_one_and_page_when_asked,
);
