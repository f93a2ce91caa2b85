//! The zero-setup default: no DATABASE_URL and no secrets configured, only a working
//! directory. State and generated secrets live in `./data`; the CLI finds them there; a
//! restart (after `kill -9`) loses nothing.

use serde_json::{json, Value};
use std::path::Path;
use test_support::{
    independent_hmac_sha256_hex, run_cli_in, store_free_bytes, write_until_refused, ApiClient, ApiResponse,
    Receiver, Reply, ServiceProcess, SmallDisk,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");

/// Nothing about storage or secrets: only what a test needs to reach loopback quickly.
const ENV: &[(&str, &str)] = &[
    ("LISTEN_ADDR", "127.0.0.1:0"),
    ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
    ("RETRY_SCHEDULE", "2s"),
    ("WORKER_POLL_INTERVAL", "50ms"),
    ("DELIVERY_LEASE", "2s"),
];

async fn client(dir: &Path, process: &ServiceProcess) -> ApiClient {
    let token = run_cli_in(dir, BIN, &["token", "--account", "acct"], &[]).await.unwrap();
    ApiClient::new(process.base_url()).with_bearer(token.trim())
}

async fn register(api: &ApiClient, url: &str) -> String {
    let res = api.call("POST", "/webhooks", Some(json!({ "url": url, "events": ["run.completed"] }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()["signingSecret"].as_str().unwrap().to_owned()
}

async fn settle_new_run(api: &ApiClient) {
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let path = format!("/runs/{}/settle", run["id"].as_str().unwrap());
    assert_eq!(api.call("POST", &path, Some(json!({ "status": "succeeded" }))).await.status, 200);
}

/// Polls the delivery log (the observable state) until one delivery to `url` matches `pred`.
async fn wait_for(api: &ApiClient, endpoint: &str, pred: impl Fn(&Value) -> bool) -> Value {
    test_support::eventually(&format!("a delivery to {endpoint} to match"), || async {
        let log = api.call("GET", "/webhooks/deliveries?limit=100", None).await.json();
        log.as_array().unwrap().iter().find(|d| d["endpointId"] == endpoint && pred(d)).cloned()
    })
    .await
}

async fn endpoint_id(api: &ApiClient, url: &str) -> String {
    let list = api.call("GET", "/webhooks", None).await.json();
    let found = list.as_array().unwrap().iter().find(|e| e["url"] == url).cloned().unwrap();
    found["endpointId"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bare_start_keeps_state_and_secrets_in_data_and_a_restart_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = ServiceProcess::start_in(dir.path(), BIN, &[], ENV).await.unwrap();
    let data = dir.path().join("data");
    for file in ["workflow-api.db", "workflow-api.master-keys", "workflow-api.jwt-secret"] {
        assert!(data.join(file).is_file(), "{file} was not created in ./data");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&data.join("workflow-api.master-keys")), 0o600);
        assert_eq!(mode(&data.join("workflow-api.jwt-secret")), 0o600);
    }
    // The token CLI, run from the same directory, signs with the key the service generated.
    let api = client(dir.path(), &first).await;
    assert_eq!(api.call("GET", "/webhooks", None).await.status, 200);

    // One endpoint that answers 500 until its third request (it ends dead: 2 attempts), one
    // that answers 500 once (it is awaiting its retry when the process dies).
    let dead_rx = Receiver::start(|n, _| if n < 2 { Reply::Status(500) } else { Reply::Status(200) }).await;
    let failed_rx = Receiver::start(|n, _| if n < 1 { Reply::Status(500) } else { Reply::Status(200) }).await;
    let dead_secret = register(&api, &dead_rx.url()).await;
    let dead_ep = endpoint_id(&api, &dead_rx.url()).await;
    settle_new_run(&api).await;
    let dead = wait_for(&api, &dead_ep, |d| d["status"] == "dead_letter").await;
    assert_eq!(dead["attemptCount"], 2);
    let failed_secret = register(&api, &failed_rx.url()).await;
    let failed_ep = endpoint_id(&api, &failed_rx.url()).await;
    settle_new_run(&api).await;
    let failed = wait_for(&api, &failed_ep, |d| d["status"] == "failed").await;
    // Its retry is due 2 s after the failure: the process dies before that.
    first.kill().await.unwrap();
    assert_eq!(failed_rx.count(), 1);

    let second = ServiceProcess::start_in(dir.path(), BIN, &[], ENV).await.unwrap();
    let api = client(dir.path(), &second).await;
    // The failed delivery resumes on its schedule, signed with the same (stored) secret.
    let got = failed_rx.wait_for(2).await;
    assert_eq!(got[1].header("x-webhook-id"), got[0].header("x-webhook-id"));
    let expected = format!("v1={}", independent_hmac_sha256_hex(failed_secret.as_bytes(), &got[1].body));
    assert_eq!(got[1].header("x-webhook-signature"), Some(expected.as_str()));
    let delivered = wait_for(&api, &failed_ep, |d| d["status"] == "delivered").await;
    assert_eq!(delivered["deliveryId"], failed["deliveryId"]);
    assert_eq!(delivered["attemptCount"], 2);
    // The dead one stayed dead and is still replayable.
    let still = wait_for(&api, &dead_ep, |d| d["deliveryId"] == dead["deliveryId"]).await;
    assert_eq!(still["status"], "dead_letter");
    let id = dead["deliveryId"].as_str().unwrap();
    assert_eq!(api.call("POST", &format!("/webhooks/deliveries/{id}/retry"), None).await.status, 202);
    let got = dead_rx.wait_for(3).await;
    let expected = format!("v1={}", independent_hmac_sha256_hex(dead_secret.as_bytes(), &got[2].body));
    assert_eq!(got[2].header("x-webhook-signature"), Some(expected.as_str()));
    wait_for(&api, &dead_ep, |d| d["status"] == "delivered").await;
}

/// A CLI run where no service ever ran finds no key: it says where it looked and what to set,
/// and generates nothing (a key made there would sign tokens the service refuses).
#[tokio::test(flavor = "multi_thread")]
async fn the_token_cli_never_generates_a_key() {
    let elsewhere = tempfile::tempdir().unwrap();
    let err =
        run_cli_in(elsewhere.path(), BIN, &["token", "--account", "a"], &[]).await.unwrap_err().to_string();
    let looked = std::path::absolute(elsewhere.path().join("data/workflow-api.jwt-secret")).unwrap();
    assert!(err.contains(&looked.display().to_string()), "{err}");
    assert!(err.contains("set JWT_SECRET") && err.contains("DATA_DIR"), "{err}");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing created");

    // DATA_DIR pointing at the service's directory works from anywhere.
    let home = tempfile::tempdir().unwrap();
    let process = ServiceProcess::start_in(home.path(), BIN, &[], ENV).await.unwrap();
    let data_dir = home.path().join("data").display().to_string();
    let token = run_cli_in(elsewhere.path(), BIN, &["token", "--account", "a"], &[("DATA_DIR", &data_dir)])
        .await
        .unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(token.trim());
    assert_eq!(api.call("GET", "/webhooks", None).await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn with_postgres_the_secrets_must_be_configured() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/never_used")];
    let out = tokio::process::Command::new(BIN)
        .current_dir(dir.path())
        .env_clear()
        .envs(env)
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("MASTER_KEYS must be set") || stderr.contains("JWT_SECRET must be set"),
        "{stderr}"
    );
    // Nothing was generated for a PostgreSQL deployment.
    assert!(!dir.path().join("data").exists());
    let token = run_cli_in(dir.path(), BIN, &["token", "--account", "a"], &env).await;
    assert!(token.unwrap_err().to_string().contains("JWT_SECRET is not set"));
}

/// Creates and settles a run: its id, or the refusal of either call.
async fn try_settle_run(api: &ApiClient) -> Result<String, ApiResponse> {
    let created = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await;
    if created.status != 201 {
        return Err(created);
    }
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let settled =
        api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
    if settled.status != 200 {
        return Err(settled);
    }
    Ok(id)
}

/// A full disk: the data directory on a 4 MiB filesystem that a ballast file fills. Writes are
/// answered 507 `storage_full` (never 500) while reads still answer; a retry that falls due
/// cannot be claimed (the claim writes) and waits; once the ballast goes the service takes runs
/// again by itself, with no restart, and every run settled before, during and after is
/// delivered.
#[tokio::test(flavor = "multi_thread")]
async fn a_full_disk_is_answered_507_and_loses_nothing() {
    let home = tempfile::tempdir().unwrap();
    let disk = SmallDisk::mount(4 << 20).unwrap();
    let data_dir = disk.path().join("data").display().to_string();
    let env = [ENV, &[("DATA_DIR", data_dir.as_str())]].concat();
    let process = ServiceProcess::start_in(home.path(), BIN, &[], &env).await.unwrap();
    let token = run_cli_in(home.path(), BIN, &["token", "--account", "acct"], &[("DATA_DIR", &data_dir)])
        .await
        .unwrap();
    let api = ApiClient::new(process.base_url()).with_bearer(token.trim());
    // The first attempts fail: those deliveries are waiting for their retry (2 s) when the disk fills.
    let rx = Receiver::start(|n, _| if n < 3 { Reply::Status(500) } else { Reply::Status(200) }).await;
    register(&api, &rx.url()).await;
    let mut settled = Vec::new();
    for _ in 0..3 {
        settled.push(try_settle_run(&api).await.unwrap());
    }
    rx.wait_for(3).await;

    disk.fill().unwrap();
    settled.extend(write_until_refused(|| try_settle_run(&api)).await);
    assert_eq!(api.call("GET", "/webhooks/deliveries?limit=5", None).await.status, 200);
    let free = store_free_bytes(&api, "workflow-api").await;
    assert!(free < 65_536.0, "{free} bytes free on a full disk");
    process.wait_for_log("claiming deliveries failed").await;

    disk.free().unwrap();
    settled.push(try_settle_run(&api).await.expect("writes are taken again once space is back"));
    rx.wait_until("every settled run delivered", |got| {
        settled.iter().all(|run| got.iter().any(|r| String::from_utf8_lossy(&r.body).contains(run.as_str())))
    })
    .await;
}
