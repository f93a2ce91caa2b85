//! Bulk recovery through workflow-api's routes, on both stores: the real binary, a real receiver
//! that is down for a window and then comes back. A job re-sends exactly the window's failed and
//! never-delivered deliveries (with their delivery and event ids), its total is the dry run's, a
//! second job is a 409 naming the first, another account sees 404s, a kill -9 mid-job re-sends
//! nothing twice after the restart, and a cancelled job re-sends nothing more.

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use test_support::assert_error;
use test_support::eventually;
use test_support::recovery::{
    arrivals, cancel_mid_job, hold_recovery_jobs_at, just_after, release_recovery_jobs, switchable_receiver,
    Recoveries,
};

/// This service's recovery routes.
const REC: Recoveries = Recoveries { prefix: "/webhooks" };
/// The header that carries a delivery's id.
const ID_HEADER: &str = "x-webhook-id";
use test_support::{on_both_backends, run_cli, ApiClient, Backend, ServiceProcess, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
/// More than one batch of a job (200), so a job pages and can be stopped between batches.
const MANY: usize = 250;

async fn migrated_db(backend: Backend) -> TestDb {
    TestDb::migrated_by(backend, "workflow", BIN).await.unwrap()
}

/// One attempt fails and the next is an hour away: a failed delivery stays `failed`, with nothing
/// in flight, for the whole test. A job's lease is `DELIVERY_LEASE`: after a kill -9 the job is
/// taken over 2 s later.
async fn start(db: &TestDb) -> ServiceProcess {
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("RETRY_SCHEDULE", "1h"),
        ("DELIVERY_TIMEOUT", "5s"),
        ("DELIVERY_LEASE", "2s"),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
        ("RATE_LIMIT", "0"),
    ];
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn client(process: &ServiceProcess, account: &str) -> ApiClient {
    let token = run_cli(BIN, &["token", "--account", account], &[("JWT_SECRET", JWT_SECRET)]).await.unwrap();
    ApiClient::new(process.base_url()).with_bearer(token.trim())
}

async fn register(api: &ApiClient, url: &str) -> String {
    let res = api.call("POST", "/webhooks", Some(json!({ "url": url, "events": ["run.completed"] }))).await;
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    res.json()["endpointId"].as_str().unwrap().to_owned()
}

/// Settles a new run; its event id (`<runId>:run.completed`) is what receivers see in X-Webhook-ID.
async fn settle_new_run(api: &ApiClient) -> String {
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf" }))).await.json();
    let id = run["id"].as_str().unwrap().to_owned();
    let res = api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
    assert_eq!(res.status, 200);
    format!("{id}:run.completed")
}

async fn settle_runs(api: &ApiClient, n: usize) -> Vec<String> {
    futures_util::stream::iter(0..n).map(|_| settle_new_run(api)).buffer_unordered(8).collect().await
}

async fn log(api: &ApiClient) -> Vec<Value> {
    let res = api.call("GET", "/webhooks/deliveries?limit=100", None).await;
    assert_eq!(res.status, 200);
    res.json().as_array().unwrap().clone()
}

/// Waits until the log shows these deliveries (by event id, on each of these endpoints) in
/// `status`.
async fn wait_status(api: &ApiClient, endpoints: &[&str], events: &[&str], status: &str) {
    eventually(&format!("{events:?} to be {status}"), || async {
        let entries = log(api).await;
        let all = endpoints.iter().all(|ep| {
            events.iter().all(|e| {
                entries.iter().any(|d| d["endpointId"] == *ep && d["eventId"] == *e && d["status"] == status)
            })
        });
        all.then_some(())
    })
    .await
}

async fn a_job_resends_exactly_the_windows_failed_and_never_delivered_deliveries(backend: Backend) {
    let db = migrated_db(backend).await;
    let process = start(&db).await;
    let a = client(&process, "acct-a").await;
    let other = client(&process, "acct-b").await;
    let (receiver, down) = switchable_receiver(None).await;
    let ep = register(&a, &format!("{}/a", receiver.url())).await;
    let ep_b = register(&a, &format!("{}/b", receiver.url())).await;

    // Before the window: a failure.
    let before = settle_new_run(&a).await;
    wait_status(&a, &[&ep, &ep_b], &[&before], "failed").await;
    let since = just_after(&log(&a).await.iter().collect::<Vec<_>>());

    // The window: the receiver is down. Two deliveries are retried by hand while it is down (their
    // last attempt: dead letters), one after it came back (delivered since), one was delivered
    // while it was up; the fifth stays failed. Endpoint b fails throughout.
    let window = settle_runs(&a, 4).await;
    wait_status(&a, &[&ep, &ep_b], &window.iter().map(String::as_str).collect::<Vec<_>>(), "failed").await;
    let id_of = |entries: &[Value], event: &str| {
        let d = entries.iter().find(|d| d["endpointId"] == ep.as_str() && d["eventId"] == event).unwrap();
        d["deliveryId"].as_str().unwrap().to_owned()
    };
    let entries = log(&a).await;
    for event in &window[..2] {
        let res =
            a.call("POST", &format!("/webhooks/deliveries/{}/retry", id_of(&entries, event)), None).await;
        assert_eq!(res.status, 202);
    }
    wait_status(&a, &[&ep], &[&window[0], &window[1]], "dead_letter").await;
    down.store(false, Ordering::SeqCst);
    let res =
        a.call("POST", &format!("/webhooks/deliveries/{}/retry", id_of(&entries, &window[2])), None).await;
    assert_eq!(res.status, 202);
    let delivered = settle_new_run(&a).await;
    wait_status(&a, &[&ep], &[&window[2], &delivered], "delivered").await;
    wait_status(&a, &[&ep_b], &[&delivered], "delivered").await;
    down.store(true, Ordering::SeqCst);
    let in_window: Vec<Value> = log(&a).await;
    let until = just_after(&in_window.iter().collect::<Vec<_>>());

    // After the window: another failure.
    let after = settle_new_run(&a).await;
    wait_status(&a, &[&ep, &ep_b], &[&after], "failed").await;
    down.store(false, Ordering::SeqCst);
    let recoverable = [&window[0], &window[1], &window[3]];

    // The dry run counts what a job would re-send; with includeDelivered, the delivered two too.
    let dry =
        a.call("POST", &REC.path(&ep), Some(json!({ "since": since, "until": until, "dryRun": true }))).await;
    assert_eq!(dry.status, 200, "{}", String::from_utf8_lossy(&dry.body));
    assert_eq!(
        dry.json(),
        json!({ "endpointId": ep, "since": since, "until": until, "includeDelivered": false, "total": 3 })
    );
    assert_eq!(REC.dry_run(&a, &ep, &since, &until, true).await, 5);
    assert_eq!(REC.dry_run(&a, &ep_b, &since, &until, false).await, 4, "b failed but for the delivered one");
    let no_window_end = a.call("POST", &REC.path(&ep), Some(json!({ "since": since, "dryRun": true }))).await;
    assert_eq!(no_window_end.json()["total"], 4, "until defaults to now, so it takes in the later failure");

    // Another account's view of the endpoint is a 404, on every route.
    let body = json!({ "since": since, "until": until });
    assert_error(&other.call("POST", &REC.path(&ep), Some(body.clone())).await, 404, "not_found");
    assert_error(&other.call("GET", &REC.path(&ep), None).await, 404, "not_found");

    // The job, with an Idempotency-Key: a repeat gets the same answer, not a second job or a 409.
    let mark = receiver.count();
    let key = [("idempotency-key", "recover-a-1")];
    let raw = body.to_string();
    let first = a.raw("POST", &REC.path(&ep), Some((raw.as_bytes(), "application/json")), &key).await;
    assert_eq!(first.status, 202, "{}", String::from_utf8_lossy(&first.body));
    let started = first.json();
    assert_eq!(started["status"], "queued");
    assert_eq!(started["total"], 3, "the dry run's count");
    assert_eq!((started["processed"].clone(), started["since"].clone()), (json!(0), json!(since)));
    let replayed = a.raw("POST", &REC.path(&ep), Some((raw.as_bytes(), "application/json")), &key).await;
    assert_eq!((replayed.status, replayed.json()["id"].clone()), (202, started["id"].clone()));
    assert_eq!(replayed.headers.get("idempotent-replayed").unwrap(), "true");
    let job_id = started["id"].as_str().unwrap();

    let done = REC.wait_job(&a, &ep, job_id, "the job to finish", |j| j["status"] == "finished").await;
    assert_eq!(
        (done["total"].clone(), done["processed"].clone(), done["resent"].clone()),
        (json!(3), json!(3), json!(3))
    );
    assert!(
        done["startedAt"].is_string() && done["finishedAt"].is_string() && done["error"].is_null(),
        "{done}"
    );
    wait_status(&a, &[&ep], &recoverable.map(String::as_str), "delivered").await;

    // Exactly the window's failed and never-delivered deliveries of this endpoint, once each,
    // with their event ids and bodies; the log has no new entries (same delivery ids).
    let resent = &receiver.requests()[mark..];
    assert!(resent.iter().all(|r| r.path == "/hook/a"), "only endpoint a");
    let expected: HashMap<String, usize> = recoverable.iter().map(|e| ((*e).clone(), 1)).collect();
    assert_eq!(arrivals(resent, ID_HEADER), expected);
    let originals = receiver.requests();
    for r in resent {
        let first = originals.iter().find(|o| o.header("x-webhook-id") == r.header("x-webhook-id")).unwrap();
        assert_eq!(first.body, r.body, "the same bytes");
    }
    let now = log(&a).await;
    assert_eq!(now.len(), in_window.len() + 2, "the later failure on both endpoints, nothing new");
    for event in recoverable {
        assert_eq!(id_of(&now, event), id_of(&in_window, event), "the same delivery id");
    }
    assert_eq!(REC.dry_run(&a, &ep, &since, &until, false).await, 0);

    // The job is listed, newest first; an ended one cannot be cancelled; a new one can start.
    let cancel = format!("{}/{job_id}/cancel", REC.path(&ep));
    assert_error(&a.call("POST", &cancel, None).await, 409, "recovery_job_ended");
    let second =
        REC.start_job(&a, &ep, json!({ "since": since, "until": until, "includeDelivered": true })).await;
    assert_eq!(second["total"], 5);
    let listed = a.call("GET", &REC.path(&ep), None).await.json();
    let ids: Vec<&str> = listed.as_array().unwrap().iter().map(|j| j["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [second["id"].as_str().unwrap(), job_id]);
    assert_eq!(listed[1], REC.job(&a, &ep, job_id).await);

    // Ids of another account, another endpoint or no UUID are 404s.
    let get = format!("{}/{job_id}", REC.path(&ep));
    assert_error(&other.call("GET", &get, None).await, 404, "not_found");
    assert_error(&other.call("POST", &cancel, None).await, 404, "not_found");
    assert_error(&a.call("GET", &format!("{}/{job_id}", REC.path(&ep_b)), None).await, 404, "not_found");
    assert_error(&a.call("GET", &format!("{}/not-a-uuid", REC.path(&ep)), None).await, 404, "not_found");
    assert_error(&a.call("GET", &REC.path("not-a-uuid"), None).await, 404, "not_found");

    // Bad windows: 422 with a code that says which rule.
    let post = |body: Value| {
        let a = a.clone();
        let path = REC.path(&ep);
        async move { a.call("POST", &path, Some(body)).await }
    };
    assert_error(&post(json!({ "since": "yesterday" })).await, 422, "invalid_window");
    assert_error(&post(json!({ "since": until, "until": since })).await, 422, "invalid_window");
    assert_error(
        &post(json!({ "since": since, "until": "2999-01-01T00:00:00Z" })).await,
        422,
        "invalid_window",
    );
    assert_error(&post(json!({ "since": "2000-01-01T00:00:00Z" })).await, 422, "window_too_long");
    assert_error(&post(json!({ "until": until })).await, 422, "invalid_body");
    assert_error(&post(json!({ "since": since, "dryRun": "yes" })).await, 422, "invalid_body");
    // Odd but valid timestamps are windows like any other, never a 500.
    for (since, until) in [
        ("0001-01-01T00:00:00Z", "0001-01-02T00:00:00Z"),
        ("2016-12-31T23:59:59.999+14:00", "2016-12-31T23:59:60Z"),
    ] {
        let res = post(json!({ "since": since, "until": until, "dryRun": true })).await;
        assert_eq!((res.status, res.json()["total"].clone()), (200, json!(0)), "{since} {until}");
    }
}

async fn a_job_survives_kill_9_mid_way_without_resending_twice_and_can_be_cancelled(backend: Backend) {
    let db = migrated_db(backend).await;
    let mut process = start(&db).await;
    let api = client(&process, "acct").await;
    let (receiver, down) = switchable_receiver(None).await;
    let ep = register(&api, &receiver.url()).await;
    let since = api_support::ts(chrono::Utc::now() - chrono::TimeDelta::seconds(1));

    // The receiver is down for MANY events: each failed once (nothing in flight: the retry is an
    // hour away) once the dry run counts them all.
    let events = settle_runs(&api, MANY).await;
    let probe = api.call("POST", &REC.path(&ep), Some(json!({ "since": since, "dryRun": true }))).await;
    let until = probe.json()["until"].as_str().unwrap().to_owned();
    eventually("every first attempt to fail", || async {
        (REC.dry_run(&api, &ep, &since, &until, false).await == MANY as i64).then_some(())
    })
    .await;
    down.store(false, Ordering::SeqCst);

    // A job that stops after its first batch, until released.
    hold_recovery_jobs_at(&db, backend, 200).await;
    let mark = receiver.count();
    let started = REC.start_job(&api, &ep, json!({ "since": since, "until": until })).await;
    assert_eq!(started["total"], MANY);
    let id = started["id"].as_str().unwrap().to_owned();
    REC.wait_job(&api, &ep, &id, "the first batch", |j| j["status"] == "running" && j["processed"] == 200)
        .await;

    // One active job per endpoint: the second is a 409 naming the first.
    let second =
        api.call("POST", &REC.path(&ep), Some(json!({ "since": since, "includeDelivered": true }))).await;
    assert_error(&second, 409, "recovery_already_active");
    assert_eq!(second.json()["activeRecoveryId"], id.as_str());

    // The first batch's re-sends are delivered and recorded as such (a re-sent `failed` delivery
    // stays `failed` until its attempt is recorded), so nothing is in flight: whatever arrives
    // twice from here on would be the job's doing.
    eventually("the first batch to be delivered", || async {
        let recorded = REC.dry_run(&api, &ep, &since, &until, false).await == (MANY - 200) as i64;
        (recorded && receiver.count() == mark + 200).then_some(())
    })
    .await;

    // kill -9 mid-job, then the same store again: the job resumes after its lease and re-sends
    // only the rest.
    process.kill().await.unwrap();
    release_recovery_jobs(&db, backend).await;
    let process = start(&db).await;
    let api = client(&process, "acct").await;
    let done = REC.wait_job(&api, &ep, &id, "the resumed job to finish", |j| j["status"] == "finished").await;
    assert_eq!(
        (done["total"].clone(), done["processed"].clone(), done["resent"].clone()),
        (json!(MANY), json!(MANY), json!(MANY))
    );
    eventually("every re-sent delivery to be delivered", || async {
        let settled = REC.dry_run(&api, &ep, &since, &until, true).await == MANY as i64;
        (settled && REC.dry_run(&api, &ep, &since, &until, false).await == 0).then_some(())
    })
    .await;
    let expected: HashMap<String, usize> = events.iter().map(|e| (e.clone(), 1)).collect();
    assert_eq!(
        arrivals(&receiver.requests()[mark..], ID_HEADER),
        expected,
        "each one exactly once since the job started"
    );

    cancel_mid_job(REC, &api, &ep, (&since, &until), MANY, (&db, backend), &receiver, ID_HEADER).await;
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_job_resends_exactly_the_windows_failed_and_never_delivered_deliveries,
    a_job_survives_kill_9_mid_way_without_resending_twice_and_can_be_cancelled,
);
