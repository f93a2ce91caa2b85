//! The `workflow_runs` statements on PostgreSQL: reads in diesel's DSL, the batch writes as
//! prepared statements over arrays (`unnest`).

use super::model::{Run, RunSettle};
use chrono::{DateTime, Utc};
use delivery_engine::db::prepared;
use delivery_engine::deliveries::LogPosition;
use diesel::prelude::*;
use diesel::sql_types::{Array, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

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

#[derive(Queryable, QueryableByName, Selectable)]
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

/// One statement for the whole batch, its rows as arrays: the text is the same for any number
/// of runs, so it is prepared once per connection.
pub(super) async fn insert_runs(c: &mut AsyncPgConnection, runs: &[Run]) -> QueryResult<()> {
    prepared(
        "INSERT INTO workflow_runs (id, account_id, workflow_id, status, created_at, completed_at) \
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], \
                              $6::timestamptz[])",
    )
    .bind::<Array<SqlUuid>, _>(runs.iter().map(|r| r.id).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(runs.iter().map(|r| r.account_id.as_str()).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(runs.iter().map(|r| r.workflow_id.as_str()).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(runs.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
    .bind::<Array<Timestamptz>, _>(runs.iter().map(|r| r.created_at).collect::<Vec<_>>())
    .bind::<Array<Nullable<Timestamptz>>, _>(runs.iter().map(|r| r.completed_at).collect::<Vec<_>>())
    .execute(c)
    .await
    .map(|_| ())
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

/// One statement for the whole batch, as [`insert_runs`]. Two settles of one run in a batch
/// settle it once (the first the join meets); the caller tells which by the status returned.
pub(super) async fn settle_if_running(
    c: &mut AsyncPgConnection,
    settles: &[RunSettle<'_>],
    completed_at: DateTime<Utc>,
) -> QueryResult<Vec<Run>> {
    let rows: Vec<RunRow> = prepared(
        "UPDATE workflow_runs r SET status = v.status, completed_at = $4 \
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, account_id, status) \
         WHERE r.id = v.id AND r.account_id = v.account_id AND r.status = $5 \
         RETURNING r.id, r.account_id, r.workflow_id, r.status, r.created_at, r.completed_at",
    )
    .bind::<Array<SqlUuid>, _>(settles.iter().map(|s| s.id).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(settles.iter().map(|s| s.account_id).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(settles.iter().map(|s| s.status).collect::<Vec<_>>())
    .bind::<Timestamptz, _>(completed_at)
    .bind::<Text, _>(super::model::RUNNING)
    .load(c)
    .await?;
    Ok(rows.into_iter().map(Run::from).collect())
}
