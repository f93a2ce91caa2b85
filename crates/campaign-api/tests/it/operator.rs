//! The operator API (`/operator/v1`): a product provisions its customers' workspaces and keys
//! and mints their console links with an operator key, which is never a workspace's key, nor a
//! workspace's key an operator key. On both stores: provisioning writes the service's tables.

use serde_json::{json, Value};
use test_support::{
    assert_error, assert_unknown_field, eventually, on_both_backends, run_cli, ApiClient, Backend,
    ServiceProcess, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
/// Two operator keys: one being rotated out, one in.
const OLD: &str = "operator-key-old-0123456789abcdefghij";
const NEW: &str = "operator-key-new-0123456789abcdefghij";

async fn service(db: &TestDb, operator_keys: Option<&str>) -> ServiceProcess {
    let mut env =
        vec![("DATABASE_URL", db.url()), ("LISTEN_ADDR", "127.0.0.1:0"), ("MASTER_KEYS", MASTER_KEYS)];
    if let Some(keys) = operator_keys {
        env.push(("OPERATOR_KEYS", keys));
    }
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn provisions_workspaces_and_keys_with_an_operator_key(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let keys = format!("{OLD},{NEW}");
    let process = service(&db, Some(&keys)).await;
    let (base, op) = (process.base_url(), ApiClient::new(process.base_url()).with_bearer(OLD));
    let created = op.call("POST", "/operator/v1/workspaces", Some(json!({ "name": "Acme" }))).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let created = created.json();
    let (workspace, first_key) =
        (created["workspaceId"].as_str().unwrap(), created["apiKey"].as_str().unwrap());
    assert_eq!(created["name"], "Acme");
    let tenant = ApiClient::new(base).with_bearer(first_key);
    assert_eq!(tenant.call("GET", "/api/v1/webhooks", None).await.status, 200, "the key works on the API");
    assert_error(&tenant.call("GET", "/operator/v1/workspaces", None).await, 401, "unauthorized");
    assert_error(&op.call("GET", "/api/v1/webhooks", None).await, 401, "unauthorized");
    let rotated_in = ApiClient::new(base).with_bearer(NEW);
    let listed = rotated_in.call("GET", "/operator/v1/workspaces", None).await.json();
    assert_eq!(
        listed,
        json!([{ "workspaceId": workspace, "name": "Acme", "createdAt": created["createdAt"] }])
    );

    let keys_path = format!("/operator/v1/workspaces/{workspace}/api-keys");
    let second = op.call("POST", &keys_path, None).await;
    assert_eq!(second.status, 201);
    let second_key = second.json()["apiKey"].as_str().unwrap().to_owned();
    let records = op.call("GET", &keys_path, None).await.json();
    assert_eq!(records.as_array().unwrap().len(), 2);
    assert!(records
        .as_array()
        .unwrap()
        .iter()
        .all(|k| k["revokedAt"].is_null() && k.get("apiKey").is_none()));
    let first_id = created["apiKeyId"].as_str().unwrap();
    assert_eq!(op.call("DELETE", &format!("{keys_path}/{first_id}"), None).await.status, 204);
    eventually("the revoked key to be refused", || async {
        (tenant.call("GET", "/api/v1/webhooks", None).await.status == 401).then_some(())
    })
    .await;
    let still = ApiClient::new(base).with_bearer(&second_key);
    assert_eq!(still.call("GET", "/api/v1/webhooks", None).await.status, 200, "the other key lives on");
    assert_error(&op.call("DELETE", &format!("{keys_path}/{first_id}"), None).await, 404, "not_found");
    let revoked = op.call("GET", &keys_path, None).await.json();
    assert!(revoked[0]["revokedAt"].is_string() && revoked[1]["revokedAt"].is_null(), "{revoked}");

    let nobody = "01a20300-0000-7000-8000-000000000001";
    assert_error(
        &op.call("POST", &format!("/operator/v1/workspaces/{nobody}/api-keys"), None).await,
        404,
        "not_found",
    );
    let blank = op.call("POST", "/operator/v1/workspaces", Some(json!({ "name": " " }))).await;
    assert_error(&blank, 422, "invalid_name");
    let misspelt = op.call("POST", "/operator/v1/workspaces", Some(json!({ "nmae": "Acme" }))).await;
    assert_unknown_field(&misspelt, Some("name"), "a misspelt name");
}

async fn mints_single_use_console_links_for_a_page(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let process = service(&db, Some(OLD)).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OLD);
    let workspace = op.call("POST", "/operator/v1/workspaces", Some(json!({ "name": "Acme" }))).await.json();
    let asked = json!({ "workspaceId": workspace["workspaceId"], "page": "/console/deliveries" });
    let link = op.call("POST", "/operator/v1/console-links", Some(asked)).await;
    assert_eq!(link.status, 201, "{}", String::from_utf8_lossy(&link.body));
    let url = link.json()["url"].as_str().unwrap().to_owned();
    let path = url.strip_prefix(process.base_url()).expect("on the address the request came to");
    assert!(
        path.starts_with("/console/sign-in/link?code=") && path.ends_with("&next=%2Fconsole%2Fdeliveries"),
        "{url}"
    );
    let page = ApiClient::new(process.base_url()).call("GET", path, None).await;
    let html = String::from_utf8_lossy(&page.body);
    assert!(page.status == 200 && html.contains(r#"name="next" value="/console/deliveries""#), "{html}");
    for outside in ["/api/v1/webhooks", "https://evil.example/console", "//evil.example/console"] {
        let asked = json!({ "workspaceId": workspace["workspaceId"], "page": outside });
        assert_error(&op.call("POST", "/operator/v1/console-links", Some(asked)).await, 422, "invalid_body");
    }
    let unknown = json!({ "workspaceId": "01a20300-0000-7000-8000-000000000001" });
    assert_error(&op.call("POST", "/operator/v1/console-links", Some(unknown)).await, 404, "not_found");
}

/// The command line and the operator API provision the same way: a workspace the CLI made is
/// listed, with its key's id.
async fn the_cli_and_the_api_share_the_workspaces(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let out = run_cli(BIN, &["create-workspace", "--name", "From the CLI"], &[("DATABASE_URL", db.url())])
        .await
        .unwrap();
    let made: Value = serde_json::from_str(out.trim()).unwrap();
    let process = service(&db, Some(OLD)).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OLD);
    assert_eq!(
        op.call("GET", "/operator/v1/workspaces", None).await.json()[0]["workspaceId"],
        made["workspaceId"]
    );
    let keys = op
        .call(
            "GET",
            &format!("/operator/v1/workspaces/{}/api-keys", made["workspaceId"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(keys.json()[0]["apiKeyId"], made["apiKeyId"]);
}

/// The workspace list answers every workspace, or pages oldest first when asked (`limit`).
async fn lists_every_workspace_or_a_page(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let process = service(&db, Some(OLD)).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OLD);
    for name in ["One", "Two", "Three"] {
        assert_eq!(
            op.call("POST", "/operator/v1/workspaces", Some(json!({ "name": name }))).await.status,
            201
        );
    }
    let all = op.call("GET", "/operator/v1/workspaces", None).await;
    assert_eq!(all.headers.get("link"), None);
    let names: Vec<Value> = all.json().as_array().unwrap().iter().map(|w| w["name"].clone()).collect();
    assert_eq!(names, [json!("One"), json!("Two"), json!("Three")]);
    let first = op.call("GET", "/operator/v1/workspaces?limit=2", None).await;
    assert_eq!(first.json().as_array().unwrap().len(), 2);
    let link = first.headers.get("link").unwrap().to_str().unwrap().to_owned();
    let next = link.strip_prefix('<').unwrap().split('>').next().unwrap();
    assert!(next.starts_with("/operator/v1/workspaces?limit=2&after="), "{next}");
    let second = op.call("GET", next, None).await;
    assert_eq!((second.json()[0]["name"].clone(), second.headers.get("link")), (json!("Three"), None));
    assert_error(&op.call("GET", "/operator/v1/workspaces?limit=0", None).await, 422, "invalid_limit");
}

/// Without `OPERATOR_KEYS` the operator routes are not there.
async fn without_operator_keys_the_operator_api_is_absent(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let process = service(&db, None).await;
    let op = ApiClient::new(process.base_url()).with_bearer(OLD);
    assert_error(&op.call("GET", "/operator/v1/workspaces", None).await, 404, "not_found");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    provisions_workspaces_and_keys_with_an_operator_key,
    mints_single_use_console_links_for_a_page,
    the_cli_and_the_api_share_the_workspaces,
    lists_every_workspace_or_a_page,
    without_operator_keys_the_operator_api_is_absent,
);
