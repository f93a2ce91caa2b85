//! Nothing lost: the real binary killed with SIGKILL mid-delivery and frozen with SIGSTOP past
//! its lease (on both stores), and cut off from a PostgreSQL that goes down and comes back.

use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::Duration;
use test_support::{
    eventually, on_both_backends, run_cli, ApiClient, Backend, PrivatePostgres, Receiver, Recorded, Reply,
    ServiceProcess, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

async fn migrated_db(backend: Backend) -> TestDb {
    TestDb::migrated_by(backend, "workflow", BIN).await.unwrap()
}

fn env<'a>(db_url: &'a str, role: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("DATABASE_URL", db_url),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("RETRY_SCHEDULE", "200ms,200ms,200ms,200ms"),
        ("DELIVERY_TIMEOUT", "5s"),
        ("DELIVERY_LEASE", "2s"),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
        ("ROLE", role),
        ("RUST_LOG", "info"),
    ]
}

async fn client(process: &ServiceProcess) -> ApiClient {
    let token = run_cli(BIN, &["token", "--account", "acct"], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    ApiClient::new(process.base_url()).with_bearer(token.trim())
}

async fn register(api: &ApiClient, url: &str) {
    let res = api.call("POST", "/webhooks", Some(json!({ "url": url, "events": ["run.completed"] }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
}

async fn settle_new_run(api: &ApiClient) -> String {
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let id = run["id"].as_str().unwrap().to_owned();
    let res = api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
    assert_eq!(res.status, 200);
    id
}

fn distinct_ids(reqs: &[Recorded]) -> HashSet<String> {
    reqs.iter().filter_map(|r| r.header("x-webhook-id").map(str::to_owned)).collect()
}

async fn log(api: &ApiClient) -> Vec<Value> {
    api.call("GET", "/webhooks/deliveries?limit=100", None).await.json().as_array().unwrap().clone()
}

async fn kill_9_mid_delivery_loses_nothing_and_duplicates_only_what_was_in_flight(backend: Backend) {
    let db = migrated_db(backend).await;
    // Slow answers keep many attempts in flight at the moment of the kill.
    let receiver = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_millis(300))).await;
    let mut first = ServiceProcess::start(BIN, &[], &env(db.url(), "all")).await.unwrap();
    let api = client(&first).await;
    register(&api, &receiver.url()).await;
    let events = 60;
    let mut expected = HashSet::new();
    for _ in 0..events {
        expected.insert(format!("{}:run.completed", settle_new_run(&api).await));
    }
    receiver.wait_for(10).await;
    first.kill().await.unwrap();
    // What the dead process had sent, and what it had recorded as delivered, at its death.
    let received_before = distinct_ids(&receiver.requests());
    let recorded =
        db.count("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'").await.unwrap();

    let second = ServiceProcess::start(BIN, &[], &env(db.url(), "all")).await.unwrap();
    let got = receiver.wait_until("every committed event", |r| distinct_ids(r) == expected).await;
    // Duplicates are only of events in flight at the kill: sent, but not recorded as delivered.
    let mut seen = HashSet::new();
    let duplicated: Vec<&str> =
        got.iter().filter_map(|r| r.header("x-webhook-id")).filter(|id| !seen.insert(*id)).collect();
    assert!(
        duplicated.iter().all(|id| received_before.contains(*id)),
        "a duplicate of an event that had not been sent at the kill"
    );
    let in_flight = received_before.len() as i64 - recorded;
    assert!(
        duplicated.len() as i64 <= in_flight,
        "{} duplicates, but only {in_flight} events were in flight ({} sent, {recorded} recorded)",
        duplicated.len(),
        received_before.len()
    );
    let api = client(&second).await;
    eventually("every delivery recorded as delivered", || async {
        let entries = log(&api).await;
        (entries.len() == events && entries.iter().all(|d| d["status"] == "delivered")).then_some(())
    })
    .await;
}

async fn a_worker_frozen_past_its_lease_is_replaced_and_its_late_result_is_fenced_off(backend: Backend) {
    let db = migrated_db(backend).await;
    // The first attempt gets a 500 after a while; any later attempt succeeds at once.
    let receiver = Receiver::start(|n, _| {
        if n == 0 {
            Reply::StatusAfter(500, Duration::from_millis(500))
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let api_process = ServiceProcess::start(BIN, &[], &env(db.url(), "api")).await.unwrap();
    let api = client(&api_process).await;
    register(&api, &receiver.url()).await;
    let stale = ServiceProcess::start(BIN, &[], &env(db.url(), "worker")).await.unwrap();
    settle_new_run(&api).await;

    receiver.wait_for(1).await;
    stale.signal("STOP").unwrap(); // frozen while its attempt is in flight
    let fresh = ServiceProcess::start(BIN, &[], &env(db.url(), "worker")).await.unwrap();
    let got = receiver.wait_for(2).await;
    assert_eq!(got[0].header("x-webhook-id"), got[1].header("x-webhook-id"));
    // The 2 s lease runs from the claim, a little before the first request arrived.
    let taken_over_after = got[1].received - got[0].received;
    assert!(
        taken_over_after >= Duration::from_millis(1700),
        "taken over before the lease ran out: {taken_over_after:?}"
    );
    let id = log(&api).await[0]["deliveryId"].as_str().unwrap().to_owned();
    eventually("the fresh worker's attempt recorded as delivered", || async {
        (log(&api).await[0]["status"] == "delivered").then_some(())
    })
    .await;

    // Thawed, the stale worker reads its 500 and tries to record it: the fence refuses.
    stale.signal("CONT").unwrap();
    stale.wait_for_log("fenced off").await;
    let d = log(&api).await.into_iter().find(|d| d["deliveryId"] == id.as_str()).unwrap();
    assert_eq!(d["status"], "delivered");
    assert_eq!(d["responseCode"], 200);
    assert_eq!(d["attemptCount"], 1);
    assert_eq!(db.count("SELECT count(*) AS n FROM webhook_attempts").await.unwrap(), 1);
    assert_eq!(receiver.count(), 2);
    drop(fresh);
}

#[tokio::test(flavor = "multi_thread")]
async fn postgres_going_down_gives_503s_and_the_service_recovers_by_itself() {
    let pg = PrivatePostgres::start().unwrap();
    pg.create_database("wf").unwrap();
    let url = pg.url("wf");
    // The receiver is slow, so an attempt is in flight when the database goes down.
    let receiver = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_millis(1500))).await;
    let process = ServiceProcess::start(BIN, &[], &env(&url, "all")).await.unwrap();
    let api = client(&process).await;
    register(&api, &receiver.url()).await;
    let before = settle_new_run(&api).await;
    receiver.wait_for(1).await;

    pg.down().unwrap();
    // Never a hang, never a 500: a JSON 503 within the pool's timeout.
    for (method, path, body) in [
        ("GET", "/webhooks", None),
        ("GET", "/webhooks/deliveries", None),
        ("POST", "/runs", Some(json!({ "workflow_id": "wf" }))),
    ] {
        let res = tokio::time::timeout(Duration::from_secs(15), api.call(method, path, body))
            .await
            .expect("no hang");
        assert_eq!(res.status, 503, "{method} {path}: {}", String::from_utf8_lossy(&res.body));
        assert_eq!(res.json()["code"], "database_unavailable");
        assert!(res.headers.get("retry-after").is_some());
    }
    // The probes: alive (never asks the database), not ready (says why).
    let anonymous = ApiClient::new(process.base_url());
    assert_eq!(anonymous.call("GET", "/livez", None).await.status, 200);
    let ready = anonymous.call("GET", "/readyz?verbose", None).await;
    assert_eq!(ready.status, 503);
    assert_eq!(ready.json()["code"], "not_ready");
    assert!(ready.json()["detail"].as_str().unwrap().starts_with("database: "), "{}", ready.json());
    assert_eq!(ready.json()["checks"]["draining"], "ok");

    pg.up().unwrap();
    // The same process recovers: the API answers again and the run settled before the outage,
    // whose outcome could not be recorded, is delivered; a run settled after it is delivered too.
    eventually("the API to recover", || async {
        (api.call("GET", "/webhooks", None).await.status == 200).then_some(())
    })
    .await;
    let after = settle_new_run(&api).await;
    let want: HashSet<String> = [before, after].iter().map(|r| format!("{r}:run.completed")).collect();
    receiver.wait_until("both runs", |r| distinct_ids(r) == want).await;
    eventually("both deliveries recorded as delivered", || async {
        let entries = log(&api).await;
        match entries.len() == 2 && entries.iter().all(|d| d["status"] == "delivered") {
            true => Ok(()),
            false => Err(format!("{entries:?}")),
        }
    })
    .await;
}

/// SIGTERM drains a worker: its attempts in flight may finish within `SHUTDOWN_GRACE`; those
/// still hanging then are stopped and released at once, so another worker sends them while
/// their lease (an hour) has far to run: only a release lets them go out within the test.
/// Every delivery arrives; each has exactly one attempt on record (the stopped ones left none,
/// and none ran on to its 5 s timeout), and the drained worker exits cleanly within the grace.
async fn sigterm_drains_a_worker_and_releases_what_it_could_not_finish(backend: Backend) {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let db = migrated_db(backend).await;
    let hang = Arc::new(AtomicBool::new(true));
    let hanging = hang.clone();
    let receiver = Receiver::start(move |_, _| {
        if hanging.load(Ordering::SeqCst) {
            Reply::StatusAfter(200, Duration::from_secs(60))
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let long_lease = |role| {
        let mut e = env(db.url(), role);
        e.retain(|(k, _)| *k != "DELIVERY_LEASE");
        e.extend([("DELIVERY_LEASE", "1h"), ("SHUTDOWN_GRACE", "1s")]);
        e
    };
    let api_process = ServiceProcess::start(BIN, &[], &long_lease("api")).await.unwrap();
    let api = client(&api_process).await;
    // Five endpoints, so that five attempts hang at once (an endpoint that has not answered
    // yet gets one attempt at a time).
    for i in 0..5 {
        register(&api, &format!("{}/ep{i}", receiver.url())).await;
    }
    let mut draining = ServiceProcess::start(BIN, &[], &long_lease("worker")).await.unwrap();
    settle_new_run(&api).await;
    let held = receiver.wait_for(5).await.len();
    let _other = ServiceProcess::start(BIN, &[], &long_lease("worker")).await.unwrap();
    hang.store(false, Ordering::SeqCst);
    let signalled = std::time::Instant::now();
    let status = draining.terminate().await.unwrap();
    let draining_took = signalled.elapsed();
    assert!(status.success(), "the drained worker exited with {status}");
    // The contract is SHUTDOWN_GRACE (1 s here): a drained worker exits soon after it. The
    // bound leaves a busy machine 14 s of room; a worker that lingers after its drain fails it.
    // That the hanging attempts were stopped at the grace, not left to run to their 5 s
    // timeout, shows in the attempt counts below.
    assert!(draining_took < Duration::from_secs(15), "draining took {draining_took:?}");
    // Released, not left to their hour-long lease: the other worker sends them again.
    let got = receiver.wait_for(held + 5).await;
    let paths_of = |reqs: &[Recorded]| reqs.iter().map(|r| r.path.clone()).collect::<HashSet<_>>();
    assert_eq!(paths_of(&got[held..]), paths_of(&got[..held]), "each endpoint got its delivery again");
    assert_eq!(paths_of(&got[held..]).len(), 5);
    let entries = eventually("every delivery recorded as delivered", || async {
        let entries = log(&api).await;
        match entries.len() == 5 && entries.iter().all(|d| d["status"] == "delivered") {
            true => Ok(entries),
            false => Err(format!("{entries:?}")),
        }
    })
    .await;
    assert!(entries.iter().all(|d| d["attemptCount"] == 1), "{entries:?}");
    // An API process with nothing in flight stops on one SIGTERM, cleanly.
    let mut api_process = api_process;
    let status = api_process.terminate().await.unwrap();
    assert!(status.success(), "the API process exited with {status}");
}

/// The probes through a stop: ready while serving; once SIGTERM arrives and an attempt is still
/// in flight, not ready (draining) while the API still answers; alive throughout.
async fn readyz_answers_503_while_draining_and_livez_stays_200(backend: Backend) {
    let db = migrated_db(backend).await;
    let receiver = Receiver::start(|_, _| Reply::StatusAfter(200, Duration::from_secs(60))).await;
    let mut e = env(db.url(), "all");
    e.push(("SHUTDOWN_GRACE", "3s"));
    let mut process = ServiceProcess::start(BIN, &[], &e).await.unwrap();
    let anonymous = ApiClient::new(process.base_url());
    let live = anonymous.call("GET", "/livez", None).await;
    assert_eq!((live.status, live.json()), (200, json!({ "status": "ok" })));
    let ready = anonymous.call("GET", "/readyz", None).await;
    assert_eq!((ready.status, ready.json()), (200, json!({ "status": "ready" })));
    let verbose = anonymous.call("GET", "/readyz?verbose", None).await.json();
    assert_eq!(verbose["checks"], json!({ "database": "ok", "migrations": "ok", "draining": "ok" }));

    let api = client(&process).await;
    register(&api, &receiver.url()).await;
    settle_new_run(&api).await;
    receiver.wait_for(1).await;
    process.signal("TERM").unwrap();
    process.wait_for_log("stopping: /readyz answers 503").await;
    let draining = anonymous.call("GET", "/readyz", None).await;
    assert_eq!(draining.status, 503);
    assert_eq!(draining.json()["code"], "not_ready");
    assert_eq!(draining.json()["detail"], "draining: the process is stopping");
    assert_eq!(anonymous.call("GET", "/livez", None).await.status, 200);
    let exit = process.terminate().await;
    assert!(exit.is_ok_and(|s| !s.success()), "a second SIGTERM stops at once, with status 1");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    readyz_answers_503_while_draining_and_livez_stays_200,
    sigterm_drains_a_worker_and_releases_what_it_could_not_finish,
    kill_9_mid_delivery_loses_nothing_and_duplicates_only_what_was_in_flight,
    a_worker_frozen_past_its_lease_is_replaced_and_its_late_result_is_fenced_off,
);
