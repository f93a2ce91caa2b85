//! The zero-setup default: no DATABASE_URL, no MASTER_KEYS; the CLI and the service find the
//! same database and keys in `./data` when run from the same directory (the service creates
//! them; the CLI never does).
#![allow(clippy::unwrap_used)]

use serde_json::{json, Value};
use test_support::{run_cli_in, ApiClient, ServiceProcess};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

#[tokio::test(flavor = "multi_thread")]
async fn the_cli_and_the_service_share_the_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    // The CLI before the service ever ran: it creates nothing (the service would not see it)
    // and says where it looked and what to set.
    let err = run_cli_in(dir.path(), BIN, &["create-workspace", "--name", "Acme"], &[]).await.unwrap_err();
    let looked = std::path::absolute(dir.path().join("data/campaign-api.db")).unwrap();
    let err = err.to_string();
    assert!(err.contains(&looked.display().to_string()) && err.contains("DATABASE_URL"), "{err}");
    assert!(!dir.path().join("data").exists());

    let env = [("LISTEN_ADDR", "127.0.0.1:0")];
    let process = ServiceProcess::start_in(dir.path(), BIN, &[], &env).await.unwrap();
    assert!(dir.path().join("data/campaign-api.master-keys").is_file());
    let out = run_cli_in(dir.path(), BIN, &["create-workspace", "--name", "Acme"], &[]).await.unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    let key = ws["apiKey"].as_str().unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(key);
    let created =
        api.call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "draft" }))).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    // A key added by the CLI while the service runs works at once; a revoked one stops at once.
    let out = run_cli_in(
        dir.path(),
        BIN,
        &["create-api-key", "--workspace-id", ws["workspaceId"].as_str().unwrap()],
        &[],
    )
    .await
    .unwrap();
    let second: Value = serde_json::from_str(out.trim()).unwrap();
    let api2 = ApiClient::new(process.base_url()).with_bearer(second["apiKey"].as_str().unwrap());
    assert_eq!(api2.call("GET", "/api/v1/webhooks", None).await.status, 200);
    run_cli_in(dir.path(), BIN, &["revoke-api-key"], &[("API_KEY", second["apiKey"].as_str().unwrap())])
        .await
        .unwrap();
    assert_eq!(api2.call("GET", "/api/v1/webhooks", None).await.status, 401);
    assert_eq!(api.call("GET", "/api/v1/webhooks", None).await.status, 200);
}
