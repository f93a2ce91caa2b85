//! `workflow-api load` against a running service: every run it settles arrives once, at a rate,
//! it leaves no endpoint behind, and a refused credential ends it with the service's reason; a
//! rate the service's limit cannot carry is refused before anything is registered.

use test_support::{run_cli_in, ApiClient, ServiceProcess};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");

#[tokio::test(flavor = "multi_thread")]
async fn load_counts_every_settled_run_once_and_names_a_refusal() {
    let home = tempfile::tempdir().unwrap();
    let env = [("LISTEN_ADDR", "127.0.0.1:0"), ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"), ("RATE_LIMIT", "0")];
    let process = ServiceProcess::start_in(home.path(), BIN, &[], &env).await.unwrap();
    let token = run_cli_in(home.path(), BIN, &["token", "--account", "load"], &[]).await.unwrap();
    let token = token.trim();
    let base = process.base_url();
    let args = ["load", "--server", base, "--events", "200", "--rate", "400", "--report-every", "200ms"];
    let out = run_cli_in(home.path(), BIN, &args, &[("TOKEN", token)]).await.unwrap();
    let summary = out.lines().find(|l| l.starts_with("load service=workflow-api ")).unwrap();
    assert!(summary.contains(" rate=400 "), "{summary}");
    assert!(
        summary.contains(
            " accepted=200 filtered=0 errors=0 expected=200 delivered=200 lost=0 dup=0 unmatched=0 "
        ),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("t=0s accepted=")), "progress lines: {out}");
    let api = ApiClient::new(base).with_bearer(token);
    assert_eq!(api.call("GET", "/webhooks", None).await.json(), serde_json::json!([]));

    let err = run_cli_in(home.path(), BIN, &args, &[("TOKEN", "not-a-token")]).await.unwrap_err();
    assert!(err.to_string().contains("reading the service's limits: HTTP 401"), "{err}");
}

#[tokio::test(flavor = "multi_thread")]
async fn load_says_before_it_starts_that_the_rate_limit_cannot_carry_its_rate() {
    let home = tempfile::tempdir().unwrap();
    let env =
        [("LISTEN_ADDR", "127.0.0.1:0"), ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"), ("RATE_LIMIT", "100")];
    let process = ServiceProcess::start_in(home.path(), BIN, &[], &env).await.unwrap();
    let token = run_cli_in(home.path(), BIN, &["token", "--account", "load"], &[]).await.unwrap();
    let token = token.trim();
    let base = process.base_url();
    let args = ["load", "--server", base, "--events", "200", "--rate", "60"];
    let err = run_cli_in(home.path(), BIN, &args, &[("TOKEN", token)]).await.unwrap_err().to_string();
    assert!(err.contains("allows 100 requests a second per credential"), "{err}");
    assert!(err.contains("--rate 60 needs 120 requests a second (2 per event)"), "{err}");
    assert!(err.contains("RATE_LIMIT=0 (no limit) or RATE_LIMIT=120"), "{err}");
    let api = ApiClient::new(base).with_bearer(token);
    assert_eq!(api.call("GET", "/webhooks", None).await.json(), serde_json::json!([]), "nothing registered");
}
