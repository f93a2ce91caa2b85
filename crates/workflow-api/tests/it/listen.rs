//! `workflow-api listen` and `trigger` end to end, on both stores: the real binary serves, the
//! `listen` subcommand runs as a real process forwarding to a local receiver, and the stream is
//! dropped (the CLI killed) while events are produced, then taken again.

use serde_json::{json, Value};
use std::collections::HashSet;
use test_support::{
    assert_error, eventually, on_both_backends, run_cli, ApiClient, Backend, CliProcess, Receiver, Recorded,
    Reply, ServiceProcess, TestDb,
};
use webhook_verify::{DeliveryFormat, Verifier};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

async fn token(account: &str) -> String {
    run_cli(BIN, &["token", "--account", account], &[("JWT_SECRET", JWT_SECRET)])
        .await
        .unwrap()
        .trim()
        .to_owned()
}

fn listen(server: &str, token: &str, forward_to: &str, session: Option<&str>) -> CliProcess {
    let mut args = vec!["listen", "--server", server, "--forward-to", forward_to];
    if let Some(s) = session {
        args.extend(["--session", s]);
    }
    CliProcess::start(BIN, &args, &[("TOKEN", token)]).unwrap()
}

/// The session's deliveries in the log (newest first).
async fn session_log(api: &ApiClient, session: &str) -> Vec<Value> {
    let res = api.call("GET", "/webhooks/deliveries?limit=100", None).await;
    assert_eq!(res.status, 200);
    res.json().as_array().unwrap().iter().filter(|d| d["endpointId"] == session).cloned().collect()
}

fn verified(secret: &str, req: &Recorded) -> String {
    let verifier = Verifier::new(DeliveryFormat::workflow(), secret).unwrap();
    let delivery =
        verifier.verify(&req.body, &req.headers).expect("a delivery signed with the session's secret");
    delivery.id.to_string()
}

async fn settle_run(api: &ApiClient) -> String {
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf_listen" }))).await.json();
    let id = run["id"].as_str().unwrap().to_owned();
    let res = api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    id
}

async fn listen_forwards_retries_and_takes_a_dropped_session_again(backend: Backend) {
    let db = TestDb::migrated_by(backend, "listen", BIN).await.unwrap();
    let process = ServiceProcess::start(
        BIN,
        &[],
        &[
            ("DATABASE_URL", db.url()),
            ("LISTEN_ADDR", "127.0.0.1:0"),
            ("JWT_SECRET", JWT_SECRET),
            ("MASTER_KEYS", MASTER_KEYS),
            // A failed attempt is retried soon once, then only after an hour: a delivery that
            // arrives quickly after that was made due by the stream taking its session again.
            ("RETRY_SCHEDULE", "300ms,1h,1h,1h"),
            ("DELIVERY_TIMEOUT", "3s"),
            ("WORKER_POLL_INTERVAL", "50ms"),
            ("LISTEN_MAX_SESSIONS", "1"),
        ],
    )
    .await
    .unwrap();
    let server = process.base_url().to_owned();
    let (token_a, token_b) = (token("acct-a").await, token("acct-b").await);
    let anonymous = ApiClient::new(&server);
    let (a, b) = (anonymous.with_bearer(&token_a), anonymous.with_bearer(&token_b));
    // The local app: the first request fails, every later one succeeds.
    let local = Receiver::start(|n, _| if n == 0 { Reply::Status(500) } else { Reply::Status(200) }).await;
    let forward_to = format!("{}/hooks", local.url());

    let mut cli = listen(&server, &token_a, &forward_to, None);
    let opened = cli.wait_for_line("listening as session ").await;
    let session = opened.split_whitespace().next().unwrap().to_owned();
    let secret = cli.wait_for_line("signing secret ").await;
    assert!(secret.starts_with("whsec_"), "{secret}");

    // trigger webhook.test: the local 500 is the first attempt's outcome, retried, then 200.
    // The server is `WORKFLOW`'s, as `cargo xtask run` exports it.
    let out = run_cli(
        BIN,
        &["trigger", "webhook.test", "--session", &session],
        &[("TOKEN", token_a.as_str()), ("WORKFLOW", server.as_str())],
    )
    .await
    .unwrap();
    assert!(out.starts_with("webhook.test queued for"), "{out}");
    let got = local.wait_for(2).await;
    assert!(got[0].path.ends_with("/hooks"), "{}", got[0].path);
    let id = verified(&secret, &got[0]);
    assert_eq!(verified(&secret, &got[1]), id, "the retry is the same delivery");
    assert_eq!(got[0].body, got[1].body);
    assert_eq!(got[0].header("x-webhook-id"), Some(id.as_str()));
    let log = eventually("the test delivery delivered", || async {
        let log = session_log(&a, &session).await;
        log.first().filter(|d| d["status"] == "delivered").cloned()
    })
    .await;
    let detail =
        a.call("GET", &format!("/webhooks/deliveries/{}", log["deliveryId"].as_str().unwrap()), None).await;
    let codes: Vec<Value> =
        detail.json()["attempts"].as_array().unwrap().iter().map(|t| t["responseCode"].clone()).collect();
    assert_eq!(codes, [json!(500), json!(200)], "the local answers are the attempts' outcomes");

    // A run settles: run.completed arrives through the session like at any endpoint.
    settle_run(&a).await;
    let got = local.wait_for(3).await;
    assert_eq!(got[2].header("x-webhook-id").map(|h| h.ends_with(":run.completed")), Some(true));
    verified(&secret, &got[2]);

    // The session is no endpoint of the list; the cap holds; another account sees nothing.
    let endpoints = a.call("GET", "/webhooks", None).await.json();
    assert_eq!(endpoints, json!([]));
    let second = ["listen", "--server", &server, "--forward-to", &forward_to];
    let refused = run_cli(BIN, &second, &[("TOKEN", &token_a)]).await.unwrap_err().to_string();
    assert!(refused.contains("listen_session_limit"), "{refused}");
    assert_error(&b.call("DELETE", &format!("/webhooks/listen/{session}"), None).await, 404, "not_found");
    let reply = json!({ "deliveryId": session, "replyToken": "1", "status": 200 });
    let other = b.call("POST", &format!("/webhooks/listen/{session}/replies"), Some(reply.clone())).await;
    assert_error(&other, 404, "not_found");
    let late = a.call("POST", &format!("/webhooks/listen/{session}/replies"), Some(reply)).await;
    assert_error(&late, 409, "listen_reply_not_expected");
    let sse = [("accept", "text/event-stream")];
    let resumed_by_b = b.raw("GET", &format!("/webhooks/listen?session={session}"), None, &sse).await;
    assert_error(&resumed_by_b, 404, "not_found");
    assert_error(&anonymous.raw("GET", "/webhooks/listen", None, &sse).await, 401, "unauthorized");
    assert_error(&a.call("GET", "/webhooks/listen", None).await, 406, "not_acceptable");

    // The stream drops (the CLI is killed) while runs settle: each delivery fails at once
    // ("listener not connected") and again 300 ms later, leaving an hour until the next try.
    cli.kill().await.unwrap();
    let mut runs = HashSet::new();
    for _ in 0..3 {
        runs.insert(settle_run(&a).await);
    }
    eventually("every delivery of the dropped stream failed twice", || async {
        let log = session_log(&a, &session).await;
        let waiting: Vec<&Value> = log.iter().filter(|d| d["status"] != "delivered").collect();
        let twice = waiting.len() == runs.len()
            && waiting
                .iter()
                .all(|d| d["attemptCount"].as_i64() >= Some(2) && d["lastError"] == "listener not connected");
        twice.then_some(())
    })
    .await;

    // Taken again: every one arrives at once, none lost.
    let cli = listen(&server, &token_a, &forward_to, Some(&session));
    cli.wait_for_line("listening again as session ").await;
    let arrived = local
        .wait_until("every run's event", |got| {
            let ids: HashSet<String> = got
                .iter()
                .filter_map(|r| r.header("x-webhook-id")?.split(':').next().map(str::to_owned))
                .collect();
            runs.iter().all(|r| ids.contains(r))
        })
        .await;
    for req in &arrived[3..] {
        verified(&secret, req);
    }
    eventually("the log shows them delivered", || async {
        let log = session_log(&a, &session).await;
        log.iter().all(|d| d["status"] == "delivered").then_some(())
    })
    .await;

    // Ctrl-C ends the session: it cannot be taken again.
    cli.signal("INT").unwrap();
    cli.wait_for_line(&format!("session {session} ended")).await;
    let gone = a.raw("GET", &format!("/webhooks/listen?session={session}"), None, &sse).await;
    assert_error(&gone, 404, "not_found");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    listen_forwards_retries_and_takes_a_dropped_session_again
);

/// Two `ROLE=api` processes and a worker on one PostgreSQL database, as deployed: one API
/// process holds the stream, the other accepts the event and the answer, and the worker leaves
/// the held session alone (the delivery succeeds at its first attempt). SIGTERM to the process
/// holding the stream ends it, telling the client to reconnect.
#[tokio::test(flavor = "multi_thread")]
async fn a_stream_held_by_one_api_process_takes_answers_through_another() {
    use base64::Engine as _;
    use operator_cli::listen::{ServerArgs, ServerClient};
    let db = TestDb::migrated_by(Backend::Postgres, "listen", BIN).await.unwrap();
    let start = |role: &'static str| {
        let url = db.url().to_owned();
        async move {
            let env = [
                ("DATABASE_URL", url.as_str()),
                ("LISTEN_ADDR", "127.0.0.1:0"),
                ("JWT_SECRET", JWT_SECRET),
                ("MASTER_KEYS", MASTER_KEYS),
                ("WORKER_POLL_INTERVAL", "50ms"),
                ("ROLE", role),
            ];
            ServiceProcess::start(BIN, &[], &env).await.unwrap()
        }
    };
    let (holder, other, _worker) = (start("api").await, start("api").await, start("worker").await);
    let token = token("acct-a").await;
    let server = ServerArgs { server: holder.base_url().to_owned(), ca_file: None };
    let mut events =
        ServerClient::new(&server, &token).unwrap().stream("/webhooks/listen").await.unwrap().unwrap();
    let wait = test_support::WAIT;
    let opened = events.next(wait).await.unwrap();
    assert_eq!(opened.event, "session");
    let opened: Value = serde_json::from_str(&opened.data).unwrap();
    let (session, secret) = (opened["sessionId"].as_str().unwrap(), opened["secret"].as_str().unwrap());

    let api = ApiClient::new(other.base_url()).with_bearer(&token);
    settle_run(&api).await;
    let pushed = events.next(wait).await.unwrap();
    assert_eq!(pushed.event, "delivery");
    let pushed: Value = serde_json::from_str(&pushed.data).unwrap();
    let headers: Vec<(String, String)> = serde_json::from_value(pushed["headers"].clone()).unwrap();
    let body = base64::engine::general_purpose::STANDARD.decode(pushed["body"].as_str().unwrap()).unwrap();
    let verifier = Verifier::new(DeliveryFormat::workflow(), secret).unwrap();
    verifier.verify(&body, &headers).expect("signed with the session's secret");
    let reply = json!({
        "deliveryId": pushed["deliveryId"], "replyToken": pushed["replyToken"], "status": 204, "durationMs": 3
    });
    let answered = api.call("POST", &format!("/webhooks/listen/{session}/replies"), Some(reply)).await;
    assert_eq!(answered.status, 204, "{}", String::from_utf8_lossy(&answered.body));
    let delivered = eventually("the answer recorded", || async {
        let log = session_log(&api, session).await;
        log.into_iter().find(|d| d["status"] == "delivered")
    })
    .await;
    assert_eq!(
        (delivered["attemptCount"].clone(), delivered["responseCode"].clone()),
        (json!(1), json!(204))
    );

    holder.signal("TERM").unwrap();
    let end = events.next(wait).await.unwrap();
    assert_eq!(end.event, "end");
    assert_eq!(serde_json::from_str::<Value>(&end.data).unwrap()["reconnect"], true);
}

/// `listen --filter`: the session says its filter, and only the matching runs reach the local
/// app (the other gets no delivery at all: the session's log holds one).
#[tokio::test(flavor = "multi_thread")]
async fn listen_with_a_filter_forwards_only_the_matching_runs() {
    let db = TestDb::migrated_by(Backend::Sqlite, "listen", BIN).await.unwrap();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let process = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let server = process.base_url().to_owned();
    let token_a = token("acct-a").await;
    let a = ApiClient::new(&server).with_bearer(&token_a);
    let local = Receiver::start(|_, _| Reply::Status(200)).await;
    let forward_to = format!("{}/hooks", local.url());
    let filter = r#"{"workflow_id": {"$startsWith": "billing-"}}"#;
    let args = ["listen", "--server", &server, "--forward-to", &forward_to, "--filter", filter];
    let cli = CliProcess::start(BIN, &args, &[("TOKEN", token_a.as_str())]).unwrap();
    let opened = cli.wait_for_line("listening as session ").await;
    assert!(opened.contains(r#"matching {"workflow_id":{"$startsWith":"billing-"}}"#), "{opened}");
    let session = opened.split_whitespace().next().unwrap().to_owned();

    for workflow in ["reports-weekly", "billing-nightly"] {
        let run = a.call("POST", "/runs", Some(json!({ "workflow_id": workflow }))).await.json();
        let id = run["id"].as_str().unwrap();
        let res = a.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "failed" }))).await;
        assert_eq!(res.status, 200);
    }
    let got = local.wait_for(1).await;
    let body: Value = serde_json::from_slice(&got[0].body).unwrap();
    assert_eq!(body["workflow_id"], "billing-nightly");
    assert_eq!(session_log(&a, &session).await.len(), 1, "the other run made no delivery");
    let wrong =
        ["listen", "--server", &server, "--forward-to", &forward_to, "--filter", r#"{"workflowid": 1}"#];
    let refused = run_cli(BIN, &wrong, &[("TOKEN", token_a.as_str())]).await.unwrap_err().to_string();
    assert!(
        refused.contains("unknown_filter_field") || refused.contains("did you mean `workflow_id`"),
        "{refused}"
    );
}
