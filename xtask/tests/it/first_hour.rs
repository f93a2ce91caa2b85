//! The new user's first hour (issue 17), as one test: `cargo xtask run` on the embedded store,
//! the credentials it prints, an endpoint on each service pointing at `dev-receiver` (HTTPS
//! with the development certificate for campaign-api), an event on each, both signatures
//! verified by the receiver, the delivery logs read, a printed hint run, then SIGTERM to the
//! supervisor and both service ports closed.
//!
//! It uses the binaries already built in the target directory (`cargo xtask run --no-build`):
//! the workspace test run builds them (the services' and dev-receiver's integration tests).

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use test_support::ApiClient;
use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStdout, Command};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// The target directory this test was built in (`<target>/debug/xtask`).
fn target_dir() -> PathBuf {
    Path::new(XTASK).parent().unwrap().parent().unwrap().to_owned()
}

/// What `cargo xtask run` printed, up to its `State:` line.
#[derive(Debug, Default)]
struct Printed {
    workflow_url: String,
    campaign_url: String,
    token: String,
    api_key: String,
    hints: Vec<String>,
    ca_file: String,
    consoles: Vec<String>,
}

async fn read_until_started(lines: &mut Lines<BufReader<ChildStdout>>) -> Printed {
    let mut p = Printed::default();
    while let Some(line) = lines.next_line().await.unwrap() {
        println!("[xtask run] {line}");
        let url = || line.split_whitespace().nth(1).unwrap().to_owned();
        if line.starts_with("workflow-api  ") {
            p.workflow_url = url();
        } else if line.starts_with("campaign-api  ") {
            p.campaign_url = url();
        } else if let Some(assignments) = line.strip_prefix("export ") {
            for (name, value) in assignments.split_whitespace().filter_map(|a| a.split_once('=')) {
                match name {
                    "TOKEN" => p.token = value.to_owned(),
                    "API_KEY" => p.api_key = value.to_owned(),
                    _ => {}
                }
            }
        } else if let Some(link) = line.trim().strip_prefix("console: ") {
            p.consoles.push(link.to_owned());
        } else if let Some(h) = line.trim().strip_prefix("more: ") {
            p.hints.push(h.to_owned());
        } else if let Some(ca) = line.strip_prefix("HTTPS receivers: both services trust the development CA ")
        {
            p.ca_file = ca.trim().to_owned();
        } else if line.starts_with("State: ") {
            return p;
        }
    }
    panic!("cargo xtask run ended before it was ready: {p:?}");
}

/// `dev-receiver listen` (what `cargo xtask receiver` runs), and what it prints.
struct DevReceiver {
    _child: Child,
    printed: tokio::sync::watch::Receiver<Vec<String>>,
}

impl DevReceiver {
    async fn start(args: &[&str]) -> Self {
        let bin = target_dir().join("debug/dev-receiver");
        let mut child = Command::new(bin)
            .arg("listen")
            .args(args)
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next_line().await.unwrap().unwrap();
        assert!(first.starts_with("listening on https://localhost:"), "{first}");
        let (tx, printed) = tokio::sync::watch::channel(Vec::new());
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                println!("[receiver] {line}");
                tx.send_modify(|l| l.push(line));
            }
        });
        Self { _child: child, printed }
    }

    /// Waits for a printed line that starts with `prefix`.
    async fn wait_for_line(&self, prefix: &str) -> String {
        let mut rx = self.printed.clone();
        let found = tokio::time::timeout(
            test_support::WAIT,
            rx.wait_for(|l| l.iter().any(|l| l.starts_with(prefix))),
        );
        let lines =
            found.await.unwrap_or_else(|_| panic!("the receiver printed no line {prefix:?}")).unwrap();
        let line = lines.iter().find(|l: &&String| l.starts_with(prefix)).unwrap();
        line.clone()
    }
}

/// A loopback port free right now, for a receiver started after its URL is registered.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Reads the delivery log until its newest entry is `delivered` (the receiver prints before
/// the service records the answer).
async fn wait_for_delivered(api: &ApiClient, path: &str) {
    test_support::eventually(&format!("the newest entry of {path} delivered"), || async {
        let log: Value = api.call("GET", path, None).await.json();
        match log[0]["status"] == "delivered" {
            true => Ok(()),
            false => Err(log),
        }
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn from_cargo_xtask_run_to_two_verified_deliveries_and_a_clean_stop() {
    let data = tempfile::tempdir().unwrap();
    let mut run = Command::new(XTASK)
        .args(["run", "--no-build", "--free-ports", "--data-dir"])
        .arg(data.path())
        .env("CARGO_TARGET_DIR", target_dir())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(run.stdout.take().unwrap()).lines();
    let printed = tokio::time::timeout(test_support::WAIT, read_until_started(&mut lines)).await.unwrap();
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    assert_eq!(printed.ca_file, data.path().join("dev-tls/ca.pem").display().to_string());
    let tls_dir = data.path().join("dev-tls").display().to_string();

    // workflow-api: register, then start the receiver with the secret, then settle a run.
    let workflow = ApiClient::new(&printed.workflow_url).with_bearer(&printed.token);
    let port = free_port();
    let url = format!("https://localhost:{port}/");
    let res =
        workflow.call("POST", "/webhooks", Some(json!({ "url": url, "events": ["run.completed"] }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let secret = res.json()["signingSecret"].as_str().unwrap().to_owned();
    let addr = format!("127.0.0.1:{port}");
    let receiver =
        DevReceiver::start(&["--tls", "--tls-dir", &tls_dir, "--addr", &addr, "--secret", &secret]).await;
    let run_res =
        workflow.call("POST", "/runs", Some(json!({ "workflow_id": "wf_first_hour" }))).await.json();
    let settle = format!("/runs/{}/settle", run_res["id"].as_str().unwrap());
    assert_eq!(workflow.call("POST", &settle, Some(json!({ "status": "succeeded" }))).await.status, 200);
    let verified = receiver.wait_for_line("verified workflow-api delivery ").await;
    assert!(verified.ends_with(":run.completed"), "{verified}");
    wait_for_delivered(&workflow, "/webhooks/deliveries?limit=10").await;

    // campaign-api: the same over HTTPS (its only scheme), trusting the development CA.
    let campaign = ApiClient::new(&printed.campaign_url).with_bearer(&printed.api_key);
    let port = free_port();
    let url = format!("https://localhost:{port}/hooks");
    let res = campaign.call("POST", "/api/v1/webhooks", Some(json!({ "url": url }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    let secret = res.json()["secret"].as_str().unwrap().to_owned();
    let addr = format!("127.0.0.1:{port}");
    let receiver =
        DevReceiver::start(&["--tls", "--tls-dir", &tls_dir, "--addr", &addr, "--secret", &secret]).await;
    let created = campaign
        .call("POST", "/api/v1/campaigns", Some(json!({ "name": "First hour", "status": "draft" })))
        .await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    receiver.wait_for_line("verified campaign-api delivery ").await;
    wait_for_delivered(&campaign, "/api/v1/webhook-deliveries").await;

    // The printed hints reach the store that was started, from another directory.
    for hint in &printed.hints {
        let line = hint.replace("<id>", "second").replace("<name>", "second");
        let out =
            Command::new("sh").args(["-c", &line]).current_dir(std::env::temp_dir()).output().await.unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        let credential = String::from_utf8(out.stdout).unwrap();
        let (api, path) = match hint.contains("workflow-api") {
            true => (ApiClient::new(&printed.workflow_url).with_bearer(credential.trim()), "/webhooks"),
            false => {
                let ws: Value = serde_json::from_str(credential.trim()).unwrap();
                (
                    ApiClient::new(&printed.campaign_url).with_bearer(ws["apiKey"].as_str().unwrap()),
                    "/api/v1/webhooks",
                )
            }
        };
        assert_eq!(api.call("GET", path, None).await.status, 200, "{line}");
    }
    assert_eq!(printed.hints.len(), 2);
    // A console sign-in link for each service, pointing at it.
    assert_eq!(printed.consoles.len(), 2, "{printed:?}");
    for (link, base) in printed.consoles.iter().zip([&printed.workflow_url, &printed.campaign_url]) {
        let path = link.strip_prefix(base.as_str()).unwrap_or_else(|| panic!("{link} is not on {base}"));
        assert!(path.starts_with("/console/sign-in/link?code="), "{link}");
        assert_eq!(ApiClient::new(base).call("GET", path, None).await.status, 200, "{link}");
    }

    // SIGTERM to the supervisor stops both services.
    let pid = run.id().unwrap().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = tokio::time::timeout(test_support::WAIT, run.wait()).await.unwrap().unwrap();
    assert!(status.success(), "{status}");
    for url in [&printed.workflow_url, &printed.campaign_url] {
        let addr = url.trim_start_matches("http://");
        assert!(tokio::net::TcpStream::connect(addr).await.is_err(), "{addr} still listening");
    }
}
