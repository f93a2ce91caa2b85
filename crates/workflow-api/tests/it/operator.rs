//! The operator API (`/operator/v1`): a product mints its accounts' session tokens and console
//! links with an operator key, which is never an account's token, nor a token an operator key.
//! On both stores: a console link is written to the service's tables.

use serde_json::json;
use test_support::{
    assert_error, assert_unknown_field, on_both_backends, ApiClient, Backend, ServiceProcess, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const OPERATOR_KEY: &str = "operator-key-0123456789abcdefghijklmn";

async fn service(db: &TestDb, operator_keys: Option<&str>) -> ServiceProcess {
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("ROLE", "api"),
    ];
    if let Some(keys) = operator_keys {
        env.push(("OPERATOR_KEYS", keys));
    }
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn mints_tokens_and_console_links_with_an_operator_key(backend: Backend) {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let process = service(&db, Some(OPERATOR_KEY)).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OPERATOR_KEY);
    let minted =
        op.call("POST", "/operator/v1/tokens", Some(json!({ "account": "acct-7", "ttlSeconds": 600 }))).await;
    assert_eq!(minted.status, 201, "{}", String::from_utf8_lossy(&minted.body));
    let minted = minted.json();
    assert_eq!(minted["account"], "acct-7");
    let expires = chrono::DateTime::parse_from_rfc3339(minted["expiresAt"].as_str().unwrap()).unwrap();
    let lives = expires.signed_duration_since(chrono::Utc::now()).num_seconds();
    assert!((590..=600).contains(&lives), "{lives} s");
    let account = ApiClient::new(process.base_url()).with_bearer(minted["token"].as_str().unwrap());
    assert_eq!(account.call("GET", "/webhooks", None).await.status, 200, "the token works on the API");
    assert_error(
        &account.call("POST", "/operator/v1/tokens", Some(json!({ "account": "x" }))).await,
        401,
        "unauthorized",
    );
    assert_error(&op.call("GET", "/webhooks", None).await, 401, "unauthorized");
    for bad in
        [json!({ "account": "" }), json!({ "account": "a", "ttlSeconds": 59 }), json!({ "account": "__ops" })]
    {
        assert_error(&op.call("POST", "/operator/v1/tokens", Some(bad)).await, 422, "invalid_body");
    }
    let misspelt =
        op.call("POST", "/operator/v1/tokens", Some(json!({ "account": "a", "ttlSecond": 60 }))).await;
    assert_unknown_field(&misspelt, Some("ttlSeconds"), "a misspelt lifetime");

    let asked = json!({ "account": "acct-7", "page": "/console/deliveries" });
    let link = op.call("POST", "/operator/v1/console-links", Some(asked)).await;
    assert_eq!(link.status, 201, "{}", String::from_utf8_lossy(&link.body));
    let url = link.json()["url"].as_str().unwrap().to_owned();
    let path = url.strip_prefix(process.base_url()).expect("on the address the request came to");
    let page = ApiClient::new(process.base_url()).call("GET", path, None).await;
    assert!(String::from_utf8_lossy(&page.body).contains(r#"name="next" value="/console/deliveries""#));
    let outside = json!({ "account": "acct-7", "page": "https://evil.example/" });
    assert_error(&op.call("POST", "/operator/v1/console-links", Some(outside)).await, 422, "invalid_body");
}

/// Without `OPERATOR_KEYS` the operator routes are not there.
async fn without_operator_keys_the_operator_api_is_absent(backend: Backend) {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let process = service(&db, None).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OPERATOR_KEY);
    let res = op.call("POST", "/operator/v1/tokens", Some(json!({ "account": "acct-7" }))).await;
    assert_error(&res, 404, "not_found");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    mints_tokens_and_console_links_with_an_operator_key,
    without_operator_keys_the_operator_api_is_absent,
);
