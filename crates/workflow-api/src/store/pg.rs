//! The `workflow_runs` statements on PostgreSQL, in diesel's DSL.

use super::model::Run;
use chrono::{DateTime, Utc};
use delivery_engine::LogPosition;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

diesel::table! {
    workflow_runs (id) {
        id -> Uuid,
        account_id -> Text,
        workflow_id -> Text,
        status -> Text,
        created_at -> Timestamptz,
        completed_at -> Nullable<Timestamptz>,
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = workflow_runs, check_for_backend(diesel::pg::Pg))]
struct RunRow {
    id: Uuid,
    account_id: String,
    workflow_id: String,
    status: String,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
}

impl From<RunRow> for Run {
    fn from(r: RunRow) -> Self {
        let RunRow { id, account_id, workflow_id, status, created_at, completed_at } = r;
        Run { id, account_id, workflow_id, status, created_at, completed_at }
    }
}

impl From<&Run> for RunRow {
    fn from(r: &Run) -> Self {
        RunRow {
            id: r.id,
            account_id: r.account_id.clone(),
            workflow_id: r.workflow_id.clone(),
            status: r.status.clone(),
            created_at: r.created_at,
            completed_at: r.completed_at,
        }
    }
}

pub(super) async fn insert_run(c: &mut AsyncPgConnection, run: &Run) -> QueryResult<()> {
    diesel::insert_into(workflow_runs::table).values(RunRow::from(run)).execute(c).await.map(|_| ())
}

/// `for_update` adds `FOR UPDATE`: the same statement, locking.
pub(super) async fn get_run(
    c: &mut AsyncPgConnection,
    account: &str,
    id: Uuid,
    for_update: bool,
) -> QueryResult<Option<Run>> {
    let query = workflow_runs::table
        .filter(workflow_runs::id.eq(id))
        .filter(workflow_runs::account_id.eq(account))
        .select(RunRow::as_select());
    let row = if for_update {
        query.for_update().first(c).await.optional()?
    } else {
        query.first(c).await.optional()?
    };
    Ok(row.map(Run::from))
}

pub(super) async fn list_runs(
    c: &mut AsyncPgConnection,
    account: &str,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Run>> {
    let mut query = workflow_runs::table
        .filter(workflow_runs::account_id.eq(account))
        .select(RunRow::as_select())
        .order((workflow_runs::created_at.desc(), workflow_runs::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some(LogPosition { created_at, id }) = after {
        query = query.filter(
            workflow_runs::created_at
                .lt(created_at)
                .or(workflow_runs::created_at.eq(created_at).and(workflow_runs::id.lt(id))),
        );
    }
    Ok(query.load::<RunRow>(c).await?.into_iter().map(Run::from).collect())
}

pub(super) async fn settle_if_running(
    c: &mut AsyncPgConnection,
    account: &str,
    id: Uuid,
    status: &str,
    completed_at: DateTime<Utc>,
) -> QueryResult<Option<Run>> {
    let row = diesel::update(
        workflow_runs::table
            .filter(workflow_runs::id.eq(id))
            .filter(workflow_runs::account_id.eq(account))
            .filter(workflow_runs::status.eq(super::model::RUNNING)),
    )
    .set((workflow_runs::status.eq(status), workflow_runs::completed_at.eq(completed_at)))
    .returning(RunRow::as_returning())
    .get_result(c)
    .await
    .optional()?;
    Ok(row.map(Run::from))
}
