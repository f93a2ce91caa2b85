//! The run rules: what a new run is, which settles are allowed and what they yield (the run's
//! final state and its `run.completed` / `run.failed` event), and the operations that apply
//! them on the store: creates and settles in batches ([`RunWriter`]), each settle with its
//! event in the batch's transaction.

use crate::profile::{RUN_COMPLETED, RUN_FAILED};
use crate::store::{self, Run, RunSettle};
use api_support::pagination::{Page, PageRequest};
use api_support::ts;
use chrono::{DateTime, Utc};
use delivery_engine::batch::{BatchFailure, Batcher};
use delivery_engine::db::DbConn;
use delivery_engine::deliveries::LogPosition;
use delivery_engine::on_conn;
use delivery_engine::{Engine, EngineError, NewEvent, Tenant};
use serde::Serialize;
use std::sync::Arc;
use uuid::Uuid;

pub const MAX_WORKFLOW_ID: usize = 200;
pub use crate::store::RUNNING;

/// Why a run operation was refused; the messages are the API's `detail`s.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("workflow_id must be a non-empty string of at most {MAX_WORKFLOW_ID} characters")]
    InvalidWorkflowId,
    #[error("status must be \"succeeded\" or \"failed\"")]
    InvalidStatus,
    #[error("no such run")]
    NotFound,
    #[error("the run already settled as {0}")]
    AlreadySettled(String),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl From<diesel::result::Error> for RunError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Engine(e.into())
    }
}

/// How a run ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Succeeded,
    Failed,
}

impl Outcome {
    pub fn parse(status: &str) -> Result<Self, RunError> {
        match status {
            "succeeded" => Ok(Self::Succeeded),
            "failed" => Ok(Self::Failed),
            _ => Err(RunError::InvalidStatus),
        }
    }

    /// The run's status once settled this way.
    pub fn status(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
        }
    }

    /// The event a settle this way emits.
    pub fn event_type(self) -> &'static str {
        match self {
            Self::Succeeded => RUN_COMPLETED,
            Self::Failed => RUN_FAILED,
        }
    }
}

/// A new, running run; the workflow id must be non-blank, at most [`MAX_WORKFLOW_ID`]
/// characters and free of control characters.
pub fn new_run(account: &str, workflow_id: String, now: DateTime<Utc>) -> Result<Run, RunError> {
    if workflow_id.trim().is_empty()
        || workflow_id.chars().count() > MAX_WORKFLOW_ID
        || api_support::has_control_chars(&workflow_id)
    {
        return Err(RunError::InvalidWorkflowId);
    }
    Ok(Run {
        id: Uuid::now_v7(),
        account_id: account.to_owned(),
        workflow_id,
        status: RUNNING.into(),
        created_at: now,
        completed_at: None,
    })
}

/// An event ready for the outbox: its type, its id (`<runId>:<event>`, the dedupe key
/// receivers see) and the exact body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunEvent {
    pub event_type: &'static str,
    pub id: String,
    pub body: Vec<u8>,
}

/// The delivery body: exactly these fields, in this order.
#[derive(Serialize)]
struct RunEventBody<'a> {
    event: &'a str,
    id: &'a str,
    run_id: &'a str,
    workflow_id: &'a str,
    status: &'a str,
    created_at: &'a str,
    completed_at: &'a str,
}

/// What a settle yields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// The run had already settled this way: nothing changes and nothing is emitted.
    Unchanged(Run),
    /// The run settles now, emitting `event`.
    Changed { run: Run, event: RunEvent },
}

/// The settle rule: a running run settles once; settling again the same way is a no-op; the
/// other way is refused.
pub fn settle_rule(mut run: Run, outcome: Outcome, now: DateTime<Utc>) -> Result<Settled, RunError> {
    if run.status == outcome.status() {
        return Ok(Settled::Unchanged(run));
    }
    if run.status != RUNNING {
        return Err(RunError::AlreadySettled(run.status));
    }
    run.status = outcome.status().to_owned();
    run.completed_at = Some(now);
    let event = run_event(&run, outcome, now);
    Ok(Settled::Changed { run, event })
}

/// The body of an example `event_type` event (`run.completed`, `run.failed`), as a run of the
/// workflow `nightly-billing` would send it: what the console's filter page tries filters on.
pub fn example_body(event_type: &str) -> Option<Vec<u8>> {
    let outcome = [Outcome::Succeeded, Outcome::Failed].into_iter().find(|o| o.event_type() == event_type)?;
    let at = DateTime::parse_from_rfc3339("2026-11-01T09:00:00Z").ok()?.with_timezone(&Utc);
    let run = Run {
        id: Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_0000_0001),
        account_id: String::new(),
        workflow_id: "nightly-billing".into(),
        status: outcome.status().into(),
        created_at: at,
        completed_at: Some(at),
    };
    Some(run_event(&run, outcome, at).body)
}

/// The event a run settled with `outcome` at `completed_at` emits.
fn run_event(run: &Run, outcome: Outcome, completed_at: DateTime<Utc>) -> RunEvent {
    let event_type = outcome.event_type();
    let (run_id, id) = (run.id.to_string(), format!("{}:{event_type}", run.id));
    let body = serde_json::to_vec(&RunEventBody {
        event: event_type,
        id: &id,
        run_id: &run_id,
        workflow_id: &run.workflow_id,
        status: &run.status,
        created_at: &ts(run.created_at),
        completed_at: &ts(completed_at),
    })
    .expect("a struct of strings serialises");
    RunEvent { event_type, id, body }
}

/// The run writes that go in batches (`delivery_engine::batch`): creates and settles. Handles are
/// cheap to clone and share the lanes.
#[derive(Debug, Clone)]
pub struct RunWriter {
    creates: Batcher<Run, (), RunError>,
    settles: Batcher<SettleRequest, Run, RunError>,
}

/// A settle: the account's run `id` ends with `outcome`.
#[derive(Debug, Clone)]
pub struct SettleRequest {
    pub account: Tenant,
    pub id: Uuid,
    pub outcome: Outcome,
}

impl RunWriter {
    /// Starts the lanes: batches of at most `max` writes (`WRITE_BATCH`; 1 writes each alone).
    pub fn spawn(engine: &Engine, max: usize) -> Self {
        let creates = Batcher::on_engine(engine, max, |e, runs| async move { create_runs(&e, runs).await });
        let settles = Batcher::on_engine(engine, max, |e, batch| async move { settle_runs(&e, batch).await });
        Self { creates, settles }
    }

    /// Stores a new run.
    pub async fn create_run(&self, account: &Tenant, workflow_id: String) -> Result<Run, RunError> {
        let run = new_run(account.as_str(), workflow_id, Utc::now())?;
        self.creates.write(run.clone()).await?;
        Ok(run)
    }

    /// Settles the run in one transaction with its event and deliveries (and with the other
    /// settles of its batch); workers are woken by the commit.
    pub async fn settle_run(&self, account: &Tenant, id: Uuid, outcome: Outcome) -> Result<Run, RunError> {
        self.settles.write(SettleRequest { account: account.clone(), id, outcome }).await
    }
}

/// As the engine's errors do: a batch's failure is the engine's.
impl BatchFailure for RunError {
    fn may_be_one_items(&self) -> bool {
        matches!(self, RunError::Engine(e) if e.may_be_one_items())
    }

    fn for_another_item(&self) -> Self {
        RunError::Engine(match self {
            RunError::Engine(e) => e.for_another_item(),
            other => EngineError::Internal(other.to_string()),
        })
    }

    fn lanes_stopped() -> Self {
        RunError::Engine(EngineError::lanes_stopped())
    }

    fn deadline_passed() -> Self {
        RunError::Engine(EngineError::deadline_passed())
    }
}

/// Stores new runs in one transaction (one statement on PostgreSQL).
pub async fn create_runs(engine: &Engine, runs: Arc<[Run]>) -> Result<Vec<Result<(), RunError>>, RunError> {
    let n = runs.len();
    engine.transaction(on_conn!(|c| store::insert_runs(c, &runs).await.map_err(RunError::from))).await?;
    Ok((0..n).map(|_| Ok(())).collect())
}

/// The account's run.
pub async fn get_run(engine: &Engine, account: &Tenant, id: Uuid) -> Result<Run, RunError> {
    let account = account.to_string();
    engine
        .run(on_conn!(|c| store::get_run(c, &account, id).await.map_err(RunError::from)))
        .await?
        .ok_or(RunError::NotFound)
}

/// A page of the account's runs, newest first, after `page.after` if given.
pub async fn list_runs(engine: &Engine, account: &Tenant, page: PageRequest) -> Result<Page<Run>, RunError> {
    let account = account.to_string();
    let rows = engine
        .run(on_conn!(|c| store::list_runs(c, &account, page.after, page.rows_to_read())
            .await
            .map_err(RunError::from)))
        .await?;
    Ok(Page::from_rows(rows, page.limit, |r| LogPosition { created_at: r.created_at, id: r.id }))
}

/// Settles a batch in one transaction: the running runs in one statement, each with its event;
/// the others by the rule. One result per settle, in order.
pub async fn settle_runs(
    engine: &Engine,
    batch: Arc<[SettleRequest]>,
) -> Result<Vec<Result<Run, RunError>>, RunError> {
    let outbox = engine.clone();
    engine.transaction(on_conn!(|c| settle_on(&outbox, c, &batch, Utc::now()).await)).await
}

/// Settles `batch` on the caller's connection, inside its transaction: the running runs in one
/// statement, each with its event; the others by the rule. One result per settle, in order; a
/// database error is the batch's (`Err`), a refusal the settle's own.
async fn settle_on(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    batch: &[SettleRequest],
    now: DateTime<Utc>,
) -> Result<Vec<Result<Run, RunError>>, RunError> {
    let mut settles: Vec<RunSettle<'_>> = batch.iter().map(SettleRequest::as_settle).collect();
    // In id order, as other batches lock them: fewer deadlocks between batches (D115).
    settles.sort_unstable_by_key(|s| s.id);
    let mut settled = store::settle_if_running(conn, &settles, now).await?;
    let mut results = Vec::with_capacity(batch.len());
    let mut events = Vec::new();
    for request in batch.iter() {
        let applied = settled.iter().position(|run| request.was_applied_to(run));
        let result = match applied.map(|i| settled.swap_remove(i)) {
            Some(run) => {
                events.push((&request.account, run_event(&run, request.outcome, now)));
                Ok(run)
            }
            None => settle_not_running(engine, conn, request, now).await?,
        };
        results.push(result);
    }
    let events: Vec<NewEvent<'_>> = events.iter().map(|(account, event)| new_event(account, event)).collect();
    engine.enqueue_all(conn, &events).await?;
    Ok(results)
}

/// A settle the statement did not apply: the run settled already (perhaps in this batch), or is
/// not the account's. The run is read under lock and the rule decides.
async fn settle_not_running(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    request: &SettleRequest,
    now: DateTime<Utc>,
) -> Result<Result<Run, RunError>, RunError> {
    let Some(run) = store::lock_run(conn, request.account.as_str(), request.id).await? else {
        return Ok(Err(RunError::NotFound));
    };
    match settle_rule(run, request.outcome, now) {
        Ok(Settled::Unchanged(run)) => Ok(Ok(run)),
        // Running after all (a run never returns to running, so this is not expected): it is
        // locked now, and the statement settles it.
        Ok(Settled::Changed { .. }) => {
            let settle = [request.as_settle()];
            let Some(run) = store::settle_if_running(conn, &settle, now).await?.pop() else {
                return Ok(Err(RunError::NotFound));
            };
            emit(engine, conn, &request.account, &run_event(&run, request.outcome, now)).await?;
            Ok(Ok(run))
        }
        Err(refused) => Ok(Err(refused)),
    }
}

impl SettleRequest {
    /// Whether the statement settled `run` by this request: its run, its account, its outcome
    /// (two requests for one run in a batch are told apart by the outcome the run took).
    fn was_applied_to(&self, run: &Run) -> bool {
        run.id == self.id && run.account_id == self.account.as_str() && run.status == self.outcome.status()
    }

    fn as_settle(&self) -> RunSettle<'_> {
        RunSettle { account_id: self.account.as_str(), id: self.id, status: self.outcome.status() }
    }
}

/// Enqueues a run's event on `conn`, in the settle's transaction.
async fn emit(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    account: &Tenant,
    event: &RunEvent,
) -> Result<(), RunError> {
    engine.enqueue(conn, new_event(account, event)).await?;
    Ok(())
}

/// The outbox's view of a run's event.
fn new_event<'a>(account: &'a Tenant, event: &'a RunEvent) -> NewEvent<'a> {
    NewEvent {
        tenant: account,
        event_type: event.event_type,
        dedupe_key: &event.id,
        body: &event.body,
        only_endpoint: None,
        id: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_bodies_are_run_bodies_of_their_kind_that_filters_match() {
        let failed: serde_json::Value = serde_json::from_slice(&example_body(RUN_FAILED).unwrap()).unwrap();
        let mut keys: Vec<&str> = failed.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut fields = crate::profile::RUN_EVENT_FIELDS.to_vec();
        fields.sort_unstable();
        assert_eq!(keys, fields);
        let filter = serde_json::json!({"event": "run.failed", "status": "failed", "workflow_id": {"$startsWith": "nightly-"}});
        let filter = delivery_engine::filter::Filter::compile(&filter).unwrap();
        assert!(filter.matches(&failed));
        assert!(!filter.matches_body(&example_body(RUN_COMPLETED).unwrap()));
        assert_eq!(example_body("webhook.test"), None);
    }
    use chrono::TimeZone;

    fn at(secs: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, secs).single().expect("valid")
    }

    fn running() -> Run {
        Run {
            id: Uuid::parse_str("01a202fc-9077-77ee-9fd2-6488863392c0").expect("uuid"),
            account_id: "acct".into(),
            workflow_id: "wf-1".into(),
            status: RUNNING.into(),
            created_at: at(0),
            completed_at: None,
        }
    }

    #[test]
    fn only_succeeded_and_failed_settle() {
        assert_eq!(Outcome::parse("succeeded").expect("valid"), Outcome::Succeeded);
        assert_eq!(Outcome::parse("failed").expect("valid").event_type(), "run.failed");
        for bad in ["", "running", "SUCCEEDED", "completed"] {
            assert!(matches!(Outcome::parse(bad), Err(RunError::InvalidStatus)), "{bad}");
        }
    }

    #[test]
    fn a_running_run_settles_with_its_event_body() {
        let Settled::Changed { run, event } =
            settle_rule(running(), Outcome::Succeeded, at(5)).expect("allowed")
        else {
            panic!("a running run must change");
        };
        assert_eq!((run.status.as_str(), run.completed_at), ("succeeded", Some(at(5))));
        assert_eq!(event.event_type, "run.completed");
        assert_eq!(event.id, "01a202fc-9077-77ee-9fd2-6488863392c0:run.completed");
        assert_eq!(
            String::from_utf8(event.body).expect("utf-8"),
            r#"{"event":"run.completed","id":"01a202fc-9077-77ee-9fd2-6488863392c0:run.completed","#
                .to_owned()
                + r#""run_id":"01a202fc-9077-77ee-9fd2-6488863392c0","workflow_id":"wf-1","status":"succeeded","#
                + r#""created_at":"2026-11-22T10:00:00.000Z","completed_at":"2026-11-22T10:00:05.000Z"}"#
        );
    }

    /// The published catalog (profile.rs, guarded by catalog-history.json) says what the body
    /// carries; this keeps it true.
    #[test]
    fn the_body_carries_exactly_the_published_fields_as_strings() {
        for outcome in [Outcome::Succeeded, Outcome::Failed] {
            let Ok(Settled::Changed { event, .. }) = settle_rule(running(), outcome, at(5)) else {
                panic!("a running run must change");
            };
            let body: serde_json::Map<String, serde_json::Value> =
                serde_json::from_slice(&event.body).expect("a JSON object");
            // The map sorts its keys; the order is the exact-body test's.
            let mut published = crate::profile::RUN_EVENT_FIELDS.to_vec();
            published.sort_unstable();
            assert_eq!(body.keys().map(String::as_str).collect::<Vec<_>>(), published);
            assert!(body.values().all(serde_json::Value::is_string), "{body:?}");
        }
    }

    #[test]
    fn settling_again_the_same_way_changes_nothing_and_the_other_way_is_refused() {
        let settled = Run { status: "failed".into(), completed_at: Some(at(5)), ..running() };
        assert_eq!(
            settle_rule(settled.clone(), Outcome::Failed, at(9)).expect("no-op"),
            Settled::Unchanged(settled.clone())
        );
        let refused = settle_rule(settled, Outcome::Succeeded, at(9)).expect_err("already settled");
        assert_eq!(refused.to_string(), "the run already settled as failed");
    }

    #[test]
    fn workflow_ids_are_non_blank_short_and_printable() {
        assert!(new_run("acct", "wf".into(), at(0))
            .is_ok_and(|r| r.status == RUNNING && r.completed_at.is_none()));
        assert!(new_run("acct", "x".repeat(MAX_WORKFLOW_ID), at(0)).is_ok());
        for bad in [String::new(), "  ".into(), "x".repeat(MAX_WORKFLOW_ID + 1), "a\u{0}b".into()] {
            assert!(matches!(new_run("acct", bad, at(0)), Err(RunError::InvalidWorkflowId)));
        }
    }
}
