//! `campaign-api load` against a running service: every event it publishes arrives once at each
//! answering endpoint of its HTTPS receiver (one more hangs), it reports the service's memory and
//! data directory, and it leaves no endpoint behind; with `--filter-keep`, its endpoints' content
//! filter passes only the share asked for.

use serde_json::Value;
use test_support::{run_cli_in, ApiClient, ServiceProcess, TestCa};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

#[tokio::test(flavor = "multi_thread")]
async fn load_counts_every_event_once_per_answering_endpoint_and_removes_its_endpoints() {
    let (home, ca) = (tempfile::tempdir().unwrap(), TestCa::new().unwrap());
    let tls_dir = home.path().join("tls");
    ca.write_server_files(&tls_dir).unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("RATE_LIMIT", "0"),
    ];
    let process = ServiceProcess::start_in(home.path(), BIN, &[], &env).await.unwrap();
    let out = run_cli_in(home.path(), BIN, &["create-workspace", "--name", "load"], &[]).await.unwrap();
    let key = serde_json::from_str::<Value>(out.trim()).unwrap()["apiKey"].as_str().unwrap().to_owned();
    let pid = process.pid().unwrap().to_string();
    let data_dir = home.path().join("data").display().to_string();
    let tls = tls_dir.display().to_string();
    let args = [
        "load",
        "--server",
        process.base_url(),
        "--events",
        "300",
        "--concurrency",
        "8",
        "--endpoints",
        "3",
        "--hang",
        "1",
        "--tls-dir",
        &tls,
        "--report-every",
        "1s",
        "--watch-pid",
        &pid,
        "--watch-db",
        &data_dir,
    ];
    let out = run_cli_in(home.path(), BIN, &args, &[("API_KEY", &key)]).await.unwrap();
    let summary = out.lines().find(|l| l.starts_with("load service=campaign-api ")).unwrap();
    assert!(summary.starts_with("load service=campaign-api endpoints=3 hang=1 "), "{summary}");
    let counts = " accepted=300 filtered=0 errors=0 expected=600 delivered=600 lost=0 dup=0 unmatched=0 hung_requests=";
    assert!(summary.contains(counts), "{out}");
    assert!(!summary.contains(&format!("{counts}0 ")), "the hanging endpoint was sent to: {summary}");
    for unmeasured in ["p99_ms=-", "rss_peak_mb=-", "db_mb=-"] {
        assert!(!summary.contains(unmeasured), "{unmeasured} in {summary}");
    }
    let api = ApiClient::new(process.base_url()).with_bearer(&key);
    assert_eq!(api.call("GET", "/api/v1/webhooks", None).await.json(), serde_json::json!([]));

    // `--filter-keep`: each endpoint's content filter passes 30 % of the events; the rest are
    // expected nowhere, and none of them arrives.
    let filtered =
        ["load", "--server", process.base_url(), "--events", "100", "--tls-dir", &tls, "--filter-keep", "30"];
    let out = run_cli_in(home.path(), BIN, &filtered, &[("API_KEY", &key)]).await.unwrap();
    let counts = " accepted=100 filtered=70 errors=0 expected=30 delivered=30 lost=0 dup=0 unmatched=0 ";
    assert!(out.lines().any(|l| l.starts_with("load service=campaign-api ") && l.contains(counts)), "{out}");
}
