//! Bulk recovery through workflow-api's routes, on both stores: the real binary, a real receiver
//! that is down for a window and then comes back. A job re-sends exactly the window's failed and
//! never-delivered deliveries (with their delivery and event ids), its total is the dry run's, a
//! second job is a 409 naming the first, another account sees 404s, a kill -9 mid-job re-sends
//! nothing twice after the restart, and a cancelled job re-sends nothing more.
#![allow(clippy::unwrap_used)]

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use test_support::{
    on_both_backends, run_cli, ApiClient, ApiResponse, Backend, Receiver, Recorded, Reply, ServiceProcess,
    TestDb,
};

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

/// A receiver that answers 500 while `down` is set and 200 otherwise.
async fn switchable_receiver() -> (Receiver, Arc<AtomicBool>) {
    let down = Arc::new(AtomicBool::new(true));
    let is_down = down.clone();
    let receiver =
        Receiver::start(
            move |_, _| {
                if is_down.load(Ordering::SeqCst) {
                    Reply::Status(500)
                } else {
                    Reply::Status(200)
                }
            },
        )
        .await;
    (receiver, down)
}

fn assert_error(res: &ApiResponse, status: u16, code: &str) {
    assert_eq!(res.status, status, "body: {}", String::from_utf8_lossy(&res.body));
    let body = res.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
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

/// Polls `check` until it yields a value (the observable state), failing after the test deadline.
async fn eventually<T, F, Fut>(what: &str, check: F) -> T
where
    F: Fn() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + test_support::WAIT;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
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

fn recoveries(endpoint: &str) -> String {
    format!("/webhooks/{endpoint}/recoveries")
}

async fn dry_run(api: &ApiClient, endpoint: &str, since: &str, until: &str, include_delivered: bool) -> i64 {
    let body =
        json!({ "since": since, "until": until, "includeDelivered": include_delivered, "dryRun": true });
    let res = api.call("POST", &recoveries(endpoint), Some(body)).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    res.json()["total"].as_i64().unwrap()
}

async fn start_job(api: &ApiClient, endpoint: &str, body: Value) -> Value {
    let res = api.call("POST", &recoveries(endpoint), Some(body)).await;
    assert_eq!(res.status, 202, "{}", String::from_utf8_lossy(&res.body));
    let job = res.json();
    let location = res.headers.get("location").unwrap().to_str().unwrap();
    assert_eq!(location, format!("{}/{}", recoveries(endpoint), job["id"].as_str().unwrap()));
    job
}

async fn job(api: &ApiClient, endpoint: &str, id: &str) -> Value {
    let res = api.call("GET", &format!("{}/{id}", recoveries(endpoint)), None).await;
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    res.json()
}

async fn wait_job(
    api: &ApiClient,
    endpoint: &str,
    id: &str,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    eventually(what, || async {
        let j = job(api, endpoint, id).await;
        pred(&j).then_some(j)
    })
    .await
}

/// The latest `createdAt` of these log entries plus 1 ms: a window bound just after them (the
/// log shows milliseconds, the store keeps microseconds).
fn just_after(entries: &[&Value]) -> String {
    let latest = entries
        .iter()
        .map(|d| chrono::DateTime::parse_from_rfc3339(d["createdAt"].as_str().unwrap()).unwrap())
        .max()
        .unwrap();
    api_support::ts(latest.with_timezone(&chrono::Utc) + chrono::TimeDelta::milliseconds(1))
}

/// How many times each X-Webhook-ID arrived in `requests`.
fn arrivals(requests: &[Recorded]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for r in requests {
        *counts.entry(r.header("x-webhook-id").unwrap().to_owned()).or_default() += 1;
    }
    counts
}

/// Sabotage through the real store: no recovery job may advance past `processed` deliveries. The
/// batch that would is rolled back (its re-sends with it) and the runner tries again after the
/// job's lease, so the job stays `running` mid-way for as long as the test needs. The job's pace
/// does not depend on the receiver (a batch only makes deliveries due), so this is how a test
/// makes sure a kill -9 or a cancel lands mid-job.
async fn hold_recovery_jobs_at(db: &TestDb, backend: Backend, processed: i64) {
    let sql = match backend {
        Backend::Postgres => format!(
            "CREATE FUNCTION test_hold_recovery() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'recovery held by the test'; END $$; \
             CREATE TRIGGER test_hold_recovery BEFORE UPDATE ON webhook_recovery_jobs FOR EACH ROW \
             WHEN (NEW.processed > {processed}) EXECUTE FUNCTION test_hold_recovery();"
        ),
        Backend::Sqlite => format!(
            "CREATE TRIGGER test_hold_recovery BEFORE UPDATE ON webhook_recovery_jobs \
             WHEN NEW.processed > {processed} BEGIN SELECT RAISE(ABORT, 'recovery held by the test'); END;"
        ),
    };
    db.execute(&sql).await.unwrap();
}

async fn release_recovery_jobs(db: &TestDb, backend: Backend) {
    let sql = match backend {
        Backend::Postgres => {
            "DROP TRIGGER test_hold_recovery ON webhook_recovery_jobs; DROP FUNCTION test_hold_recovery();"
        }
        Backend::Sqlite => "DROP TRIGGER test_hold_recovery;",
    };
    db.execute(sql).await.unwrap();
}

async fn a_job_resends_exactly_the_windows_failed_and_never_delivered_deliveries(backend: Backend) {
    let db = migrated_db(backend).await;
    let process = start(&db).await;
    let a = client(&process, "acct-a").await;
    let other = client(&process, "acct-b").await;
    let (receiver, down) = switchable_receiver().await;
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
    let dry = a
        .call(
            "POST",
            &recoveries(&ep),
            Some(json!({ "since": since, "until": until, "dryRun": true, "ignored": 1 })),
        )
        .await;
    assert_eq!(dry.status, 200, "{}", String::from_utf8_lossy(&dry.body));
    assert_eq!(
        dry.json(),
        json!({ "endpointId": ep, "since": since, "until": until, "includeDelivered": false, "total": 3 })
    );
    assert_eq!(dry_run(&a, &ep, &since, &until, true).await, 5);
    assert_eq!(dry_run(&a, &ep_b, &since, &until, false).await, 4, "b failed but for the delivered one");
    let no_window_end =
        a.call("POST", &recoveries(&ep), Some(json!({ "since": since, "dryRun": true }))).await;
    assert_eq!(no_window_end.json()["total"], 4, "until defaults to now, so it takes in the later failure");

    // Another account's view of the endpoint is a 404, on every route.
    let body = json!({ "since": since, "until": until });
    assert_error(&other.call("POST", &recoveries(&ep), Some(body.clone())).await, 404, "not_found");
    assert_error(&other.call("GET", &recoveries(&ep), None).await, 404, "not_found");

    // The job, with an Idempotency-Key: a repeat gets the same answer, not a second job or a 409.
    let mark = receiver.count();
    let key = [("idempotency-key", "recover-a-1")];
    let raw = body.to_string();
    let first = a.raw("POST", &recoveries(&ep), Some((raw.as_bytes(), "application/json")), &key).await;
    assert_eq!(first.status, 202, "{}", String::from_utf8_lossy(&first.body));
    let started = first.json();
    assert_eq!(started["status"], "queued");
    assert_eq!(started["total"], 3, "the dry run's count");
    assert_eq!((started["processed"].clone(), started["since"].clone()), (json!(0), json!(since)));
    let replayed = a.raw("POST", &recoveries(&ep), Some((raw.as_bytes(), "application/json")), &key).await;
    assert_eq!((replayed.status, replayed.json()["id"].clone()), (202, started["id"].clone()));
    assert_eq!(replayed.headers.get("idempotent-replayed").unwrap(), "true");
    let job_id = started["id"].as_str().unwrap();

    let done = wait_job(&a, &ep, job_id, "the job to finish", |j| j["status"] == "finished").await;
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
    assert_eq!(arrivals(resent), expected);
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
    assert_eq!(dry_run(&a, &ep, &since, &until, false).await, 0);

    // The job is listed, newest first; an ended one cannot be cancelled; a new one can start.
    let cancel = format!("{}/{job_id}/cancel", recoveries(&ep));
    assert_error(&a.call("POST", &cancel, None).await, 409, "recovery_job_ended");
    let second =
        start_job(&a, &ep, json!({ "since": since, "until": until, "includeDelivered": true })).await;
    assert_eq!(second["total"], 5);
    let listed = a.call("GET", &recoveries(&ep), None).await.json();
    let ids: Vec<&str> = listed.as_array().unwrap().iter().map(|j| j["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [second["id"].as_str().unwrap(), job_id]);
    assert_eq!(listed[1], job(&a, &ep, job_id).await);

    // Ids of another account, another endpoint or no UUID are 404s.
    let get = format!("{}/{job_id}", recoveries(&ep));
    assert_error(&other.call("GET", &get, None).await, 404, "not_found");
    assert_error(&other.call("POST", &cancel, None).await, 404, "not_found");
    assert_error(&a.call("GET", &format!("{}/{job_id}", recoveries(&ep_b)), None).await, 404, "not_found");
    assert_error(&a.call("GET", &format!("{}/not-a-uuid", recoveries(&ep)), None).await, 404, "not_found");
    assert_error(&a.call("GET", &recoveries("not-a-uuid"), None).await, 404, "not_found");

    // Bad windows: 422 with a code that says which rule.
    let post = |body: Value| {
        let a = a.clone();
        let path = recoveries(&ep);
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
    let (receiver, down) = switchable_receiver().await;
    let ep = register(&api, &receiver.url()).await;
    let since = api_support::ts(chrono::Utc::now() - chrono::TimeDelta::seconds(1));

    // The receiver is down for MANY events: each failed once (nothing in flight: the retry is an
    // hour away) once the dry run counts them all.
    let events = settle_runs(&api, MANY).await;
    let probe = api.call("POST", &recoveries(&ep), Some(json!({ "since": since, "dryRun": true }))).await;
    let until = probe.json()["until"].as_str().unwrap().to_owned();
    eventually("every first attempt to fail", || async {
        (dry_run(&api, &ep, &since, &until, false).await == MANY as i64).then_some(())
    })
    .await;
    down.store(false, Ordering::SeqCst);

    // A job that stops after its first batch, until released.
    hold_recovery_jobs_at(&db, backend, 200).await;
    let mark = receiver.count();
    let started = start_job(&api, &ep, json!({ "since": since, "until": until })).await;
    assert_eq!(started["total"], MANY);
    let id = started["id"].as_str().unwrap().to_owned();
    wait_job(&api, &ep, &id, "the first batch", |j| j["status"] == "running" && j["processed"] == 200).await;

    // One active job per endpoint: the second is a 409 naming the first.
    let second =
        api.call("POST", &recoveries(&ep), Some(json!({ "since": since, "includeDelivered": true }))).await;
    assert_error(&second, 409, "recovery_already_active");
    assert_eq!(second.json()["activeRecoveryId"], id.as_str());

    // The first batch's re-sends are delivered and recorded as such (a re-sent `failed` delivery
    // stays `failed` until its attempt is recorded), so nothing is in flight: whatever arrives
    // twice from here on would be the job's doing.
    eventually("the first batch to be delivered", || async {
        let recorded = dry_run(&api, &ep, &since, &until, false).await == (MANY - 200) as i64;
        (recorded && receiver.count() == mark + 200).then_some(())
    })
    .await;

    // kill -9 mid-job, then the same store again: the job resumes after its lease and re-sends
    // only the rest.
    process.kill().await.unwrap();
    release_recovery_jobs(&db, backend).await;
    let process = start(&db).await;
    let api = client(&process, "acct").await;
    let done = wait_job(&api, &ep, &id, "the resumed job to finish", |j| j["status"] == "finished").await;
    assert_eq!(
        (done["total"].clone(), done["processed"].clone(), done["resent"].clone()),
        (json!(MANY), json!(MANY), json!(MANY))
    );
    eventually("every re-sent delivery to be delivered", || async {
        let settled = dry_run(&api, &ep, &since, &until, true).await == MANY as i64;
        (settled && dry_run(&api, &ep, &since, &until, false).await == 0).then_some(())
    })
    .await;
    let expected: HashMap<String, usize> = events.iter().map(|e| (e.clone(), 1)).collect();
    assert_eq!(
        arrivals(&receiver.requests()[mark..]),
        expected,
        "each one exactly once since the job started"
    );

    // Cancel mid-job: what it re-sent stays re-sent, the rest is never re-sent.
    hold_recovery_jobs_at(&db, backend, 200).await;
    let mark = receiver.count();
    let again =
        start_job(&api, &ep, json!({ "since": since, "until": until, "includeDelivered": true })).await;
    assert_eq!(again["total"], MANY);
    let again_id = again["id"].as_str().unwrap().to_owned();
    wait_job(&api, &ep, &again_id, "the first batch", |j| j["status"] == "running" && j["processed"] == 200)
        .await;
    let cancel = format!("{}/{again_id}/cancel", recoveries(&ep));
    let cancelled = api.call("POST", &cancel, None).await;
    assert_eq!(cancelled.status, 200, "{}", String::from_utf8_lossy(&cancelled.body));
    let cancelled = cancelled.json();
    assert_eq!(
        (cancelled["status"].clone(), cancelled["processed"].clone()),
        (json!("cancelled"), json!(200))
    );
    assert!(cancelled["finishedAt"].is_string());
    assert_error(&api.call("POST", &cancel, None).await, 409, "recovery_job_ended");
    release_recovery_jobs(&db, backend).await;
    // The endpoint has no active job now; a new one runs (and finds nothing to do) while the
    // cancelled one stays where it stopped.
    let last = start_job(&api, &ep, json!({ "since": since, "until": until })).await;
    let last =
        wait_job(&api, &ep, last["id"].as_str().unwrap(), "the last job", |j| j["status"] == "finished")
            .await;
    assert_eq!((last["total"].clone(), last["processed"].clone()), (json!(0), json!(0)));
    receiver.wait_for(mark + 200).await;
    eventually("the cancelled job's re-sends to be delivered", || async {
        (dry_run(&api, &ep, &since, &until, true).await == MANY as i64).then_some(())
    })
    .await;
    let after_cancel = arrivals(&receiver.requests()[mark..]);
    assert_eq!(after_cancel.len(), 200, "the first batch, and nothing after the cancel");
    assert!(after_cancel.values().all(|n| *n == 1));
    assert_eq!(job(&api, &ep, &again_id).await["processed"], 200);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_job_resends_exactly_the_windows_failed_and_never_delivered_deliveries,
    a_job_survives_kill_9_mid_way_without_resending_twice_and_can_be_cancelled,
);
