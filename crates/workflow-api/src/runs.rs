//! The run rules: what a new run is, which settles are allowed and what they yield (the run's
//! final state and its `run.completed` / `run.failed` event), and the operations that apply
//! them on the store, the settle and its event in one transaction.

use crate::profile::{RUN_COMPLETED, RUN_FAILED};
use crate::store::{self, Run};
use api_support::pagination::{Page, PageRequest};
use api_support::ts;
use chrono::{DateTime, Utc};
use delivery_engine::on_conn;
use delivery_engine::{DbConn, Engine, EngineError, LogPosition, NewEvent, Tenant};
use serde::Serialize;
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

/// Stores a new run.
pub async fn create_run(engine: &Engine, account: &Tenant, workflow_id: String) -> Result<Run, RunError> {
    let run = new_run(account.as_str(), workflow_id, Utc::now())?;
    let stored = run.clone();
    engine.run(on_conn!(|c| store::insert_run(c, &stored).await.map_err(RunError::from))).await?;
    Ok(run)
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

/// Settles the run in one transaction with its event and deliveries; workers are woken by
/// the commit.
pub async fn settle_run(
    engine: &Engine,
    account: &Tenant,
    id: Uuid,
    outcome: Outcome,
) -> Result<Run, RunError> {
    let (outbox, account) = (engine.clone(), account.clone());
    engine.transaction(on_conn!(|c| settle_on(&outbox, c, &account, id, outcome, Utc::now()).await)).await
}

/// [`settle_run`] on the caller's connection, inside the caller's transaction.
pub async fn settle_on(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    account: &Tenant,
    id: Uuid,
    outcome: Outcome,
    now: DateTime<Utc>,
) -> Result<Run, RunError> {
    loop {
        // The common case in one statement: the run is running and settles now.
        if let Some(run) = store::settle_if_running(conn, account.as_str(), id, outcome.status(), now).await?
        {
            emit(engine, conn, account, &run_event(&run, outcome, now)).await?;
            return Ok(run);
        }
        // Settled already, or not the account's: the rule says what settling it again means.
        let run = store::lock_run(conn, account.as_str(), id).await?.ok_or(RunError::NotFound)?;
        match settle_rule(run, outcome, now)? {
            Settled::Unchanged(run) => return Ok(run),
            // Running after all (a run never returns to running, so this is not expected): it
            // is locked now, and the statement above settles it.
            Settled::Changed { .. } => continue,
        }
    }
}

/// Enqueues a run's event on `conn`, in the settle's transaction.
async fn emit(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    account: &Tenant,
    event: &RunEvent,
) -> Result<(), RunError> {
    let new_event = NewEvent {
        tenant: account,
        event_type: event.event_type,
        dedupe_key: &event.id,
        body: &event.body,
        only_endpoint: None,
        id: None,
    };
    engine.enqueue(conn, new_event).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
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
