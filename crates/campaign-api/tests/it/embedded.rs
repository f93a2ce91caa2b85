//! The zero-setup default: no DATABASE_URL, no MASTER_KEYS; the CLI and the service find the
//! same database and keys in `./data` when run from the same directory (the service creates
//! them; the CLI never does).

use serde_json::{json, Value};
use test_support::{
    run_cli_in, store_free_bytes, write_until_refused, ApiClient, ApiResponse, Receiver, Reply,
    ServiceProcess, SmallDisk, TestCa,
};

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

/// Creates a campaign (a mutation: it emits `campaign.created.v1`): its id, or the refusal.
async fn try_create_campaign(api: &ApiClient) -> Result<String, ApiResponse> {
    let res =
        api.call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "draft" }))).await;
    match res.status {
        201 => Ok(res.json()["id"].as_str().unwrap().to_owned()),
        _ => Err(res),
    }
}

/// A full disk: the data directory on a 4 MiB filesystem that a ballast file fills. Mutations
/// are answered 507 `storage_full` (never 500) while reads still answer; a retry that falls due
/// cannot be claimed and waits; once the ballast goes the service takes mutations again by
/// itself, with no restart, and the event of every mutation taken before, during and after is
/// delivered.
#[tokio::test(flavor = "multi_thread")]
async fn a_full_disk_is_answered_507_and_loses_nothing() {
    let (home, ca) = (tempfile::tempdir().unwrap(), TestCa::new().unwrap());
    let disk = SmallDisk::mount(4 << 20).unwrap();
    let data_dir = disk.path().join("data").display().to_string();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("DATA_DIR", data_dir.as_str()),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("RETRY_SCHEDULE", "2s"),
        ("WORKER_POLL_INTERVAL", "50ms"),
        ("DELIVERY_LEASE", "2s"),
    ];
    let process = ServiceProcess::start_in(home.path(), BIN, &[], &env).await.unwrap();
    let out =
        run_cli_in(home.path(), BIN, &["create-workspace", "--name", "Acme"], &[("DATA_DIR", &data_dir)])
            .await
            .unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(ws["apiKey"].as_str().unwrap());
    // The first attempts fail: those deliveries are waiting for their retry (2 s) when the disk fills.
    let rx = Receiver::start_https(&ca, |n, _| Reply::Status(if n < 3 { 500 } else { 200 })).await;
    let registered = api.call("POST", "/api/v1/webhooks", Some(json!({ "url": rx.url() }))).await;
    assert_eq!(registered.status, 201, "{}", String::from_utf8_lossy(&registered.body));
    let mut taken = Vec::new();
    for _ in 0..3 {
        taken.push(try_create_campaign(&api).await.unwrap());
    }
    rx.wait_for(3).await;

    disk.fill().unwrap();
    taken.extend(write_until_refused(|| try_create_campaign(&api)).await);
    assert_eq!(api.call("GET", "/api/v1/webhook-deliveries", None).await.status, 200);
    let free = store_free_bytes(&api, "campaign-api").await;
    assert!(free < 65_536.0, "{free} bytes free on a full disk");
    process.wait_for_log("claiming deliveries failed").await;

    disk.free().unwrap();
    taken.push(try_create_campaign(&api).await.expect("mutations are taken again once space is back"));
    rx.wait_until("the event of every mutation delivered", |got| {
        taken.iter().all(|id| got.iter().any(|r| String::from_utf8_lossy(&r.body).contains(id.as_str())))
    })
    .await;
}
