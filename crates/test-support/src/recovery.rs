//! What the services' bulk-recovery tests share: the recovery routes as a client, a receiver
//! that is down until told otherwise, counting arrivals, window bounds, and holding a job
//! mid-way through the real store.

use crate::{eventually, ApiClient, Backend, Receiver, Recorded, Reply, TestCa, TestDb};
use serde_json::{json, Value};
use std::borrow::Borrow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A service's recovery routes: `<prefix>/{endpoint}/recoveries…`.
#[derive(Debug, Clone, Copy)]
pub struct Recoveries {
    /// `/webhooks` (workflow-api), `/api/v1/webhooks` (campaign-api).
    pub prefix: &'static str,
}

impl Recoveries {
    pub fn path(&self, endpoint: &str) -> String {
        format!("{}/{endpoint}/recoveries", self.prefix)
    }

    /// The dry run's `total`.
    pub async fn dry_run(
        &self,
        api: &ApiClient,
        endpoint: &str,
        since: &str,
        until: &str,
        include_delivered: bool,
    ) -> i64 {
        let body =
            json!({ "since": since, "until": until, "includeDelivered": include_delivered, "dryRun": true });
        let res = api.call("POST", &self.path(endpoint), Some(body)).await;
        assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
        res.json()["total"].as_i64().expect("total")
    }

    /// Starts a job (202, with its `Location`); the job.
    pub async fn start_job(&self, api: &ApiClient, endpoint: &str, body: Value) -> Value {
        let res = api.call("POST", &self.path(endpoint), Some(body)).await;
        assert_eq!(res.status, 202, "{}", String::from_utf8_lossy(&res.body));
        let job = res.json();
        let location = res.headers.get("location").and_then(|l| l.to_str().ok()).expect("a Location header");
        assert_eq!(location, format!("{}/{}", self.path(endpoint), job["id"].as_str().expect("an id")));
        job
    }

    pub async fn job(&self, api: &ApiClient, endpoint: &str, id: &str) -> Value {
        let res = api.call("GET", &format!("{}/{id}", self.path(endpoint)), None).await;
        assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
        res.json()
    }

    /// Polls the job until `pred` holds.
    pub async fn wait_job(
        &self,
        api: &ApiClient,
        endpoint: &str,
        id: &str,
        what: &str,
        pred: impl Fn(&Value) -> bool,
    ) -> Value {
        eventually(what, || async {
            let j = self.job(api, endpoint, id).await;
            pred(&j).then_some(j)
        })
        .await
    }
}

/// A receiver (HTTPS with `ca`) that answers 500 while the flag is set, 200 otherwise; it
/// starts down.
pub async fn switchable_receiver(ca: Option<&TestCa>) -> (Receiver, Arc<AtomicBool>) {
    let down = Arc::new(AtomicBool::new(true));
    let is_down = down.clone();
    let reply =
        move |_: usize, _: &Recorded| Reply::Status(if is_down.load(Ordering::SeqCst) { 500 } else { 200 });
    let receiver = match ca {
        Some(ca) => Receiver::start_https(ca, reply).await,
        None => Receiver::start(reply).await,
    };
    (receiver, down)
}

/// How many times each value of `header` (a delivery's id) arrived in `requests`.
pub fn arrivals(requests: &[Recorded], header: &str) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for r in requests {
        *counts.entry(r.header(header).expect("the id header").to_owned()).or_default() += 1;
    }
    counts
}

/// The latest `createdAt` of these log entries plus 1 ms: a window bound just after them (the
/// API shows milliseconds, the store keeps microseconds).
pub fn just_after(entries: &[impl Borrow<Value>]) -> String {
    let latest = entries
        .iter()
        .map(|d| {
            chrono::DateTime::parse_from_rfc3339(d.borrow()["createdAt"].as_str().expect("createdAt"))
                .expect("RFC 3339")
        })
        .max()
        .expect("at least one entry");
    (latest.with_timezone(&chrono::Utc) + chrono::TimeDelta::milliseconds(1))
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Sabotage through the real store: no recovery job may advance past `processed` deliveries. The
/// batch that would is rolled back (its re-sends with it) and the runner tries again after the
/// job's lease, so the job stays `running` mid-way for as long as the test needs. The job's pace
/// does not depend on the receiver (a batch only makes deliveries due), so this is how a test
/// makes sure a kill -9 or a cancel lands mid-job.
pub async fn hold_recovery_jobs_at(db: &TestDb, backend: Backend, processed: i64) {
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
    db.execute(&sql).await.expect("installing the hold");
}

pub async fn release_recovery_jobs(db: &TestDb, backend: Backend) {
    let sql = match backend {
        Backend::Postgres => {
            "DROP TRIGGER test_hold_recovery ON webhook_recovery_jobs; DROP FUNCTION test_hold_recovery();"
        }
        Backend::Sqlite => "DROP TRIGGER test_hold_recovery;",
    };
    db.execute(sql).await.expect("removing the hold");
}

/// The end of both services' kill -9 test, once every delivery of `[since, until)` on `endpoint`
/// (`many` of them) is delivered: a job that includes delivered ones is cancelled after its first
/// batch of 200. Those 200 arrive once each and the rest never; the cancelled job stays where it
/// stopped, and a new job runs (and finds nothing to do).
#[allow(clippy::too_many_arguments)]
pub async fn cancel_mid_job(
    rec: Recoveries,
    api: &ApiClient,
    endpoint: &str,
    (since, until): (&str, &str),
    many: usize,
    (db, backend): (&TestDb, Backend),
    receiver: &Receiver,
    id_header: &str,
) {
    let ep = endpoint;
    // Cancel mid-job: what it re-sent stays re-sent, the rest is never re-sent.
    hold_recovery_jobs_at(db, backend, 200).await;
    let mark = receiver.count();
    let again =
        rec.start_job(api, ep, json!({ "since": since, "until": until, "includeDelivered": true })).await;
    assert_eq!(again["total"], many);
    let again_id = again["id"].as_str().expect("an id").to_owned();
    rec.wait_job(api, ep, &again_id, "the first batch", |j| {
        j["status"] == "running" && j["processed"] == 200
    })
    .await;
    let cancel = format!("{}/{again_id}/cancel", rec.path(ep));
    let cancelled = api.call("POST", &cancel, None).await;
    assert_eq!(cancelled.status, 200, "{}", String::from_utf8_lossy(&cancelled.body));
    let cancelled = cancelled.json();
    assert_eq!(
        (cancelled["status"].clone(), cancelled["processed"].clone()),
        (json!("cancelled"), json!(200))
    );
    assert!(cancelled["finishedAt"].is_string());
    crate::assert_error(&api.call("POST", &cancel, None).await, 409, "recovery_job_ended");
    release_recovery_jobs(db, backend).await;
    // The endpoint has no active job now; a new one runs (and finds nothing to do) while the
    // cancelled one stays where it stopped.
    let last = rec.start_job(api, ep, json!({ "since": since, "until": until })).await;
    let last = rec
        .wait_job(api, ep, last["id"].as_str().expect("an id"), "the last job", |j| j["status"] == "finished")
        .await;
    assert_eq!((last["total"].clone(), last["processed"].clone()), (json!(0), json!(0)));
    receiver.wait_for(mark + 200).await;
    eventually("the cancelled job's re-sends to be delivered", || async {
        // A re-sent delivered delivery is `pending` until its one attempt is recorded.
        (rec.dry_run(api, ep, since, until, true).await == many as i64).then_some(())
    })
    .await;
    let after_cancel = arrivals(&receiver.requests()[mark..], id_header);
    assert_eq!(after_cancel.len(), 200, "the first batch, and nothing after the cancel");
    assert!(after_cancel.values().all(|n| *n == 1));
    assert_eq!(rec.job(api, ep, &again_id).await["processed"], 200);
}
