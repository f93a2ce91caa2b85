//! The `workflow_runs` statements on SQLite, as bound SQL (timestamps in microseconds, UUIDs
//! as text: `delivery_engine::db::sqlite_values`).

use super::model::{Run, RunSettle};
use chrono::{DateTime, Utc};
use delivery_engine::db::prepared;
use delivery_engine::db::sqlite_values::{micros, time, uuid};
use delivery_engine::deliveries::LogPosition;
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{OptionalExtension, QueryResult, QueryableByName, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

#[derive(QueryableByName)]
struct RunRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    account_id: String,
    #[diesel(sql_type = Text)]
    workflow_id: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    completed_at: Option<i64>,
}

impl TryFrom<RunRow> for Run {
    type Error = diesel::result::Error;

    fn try_from(r: RunRow) -> QueryResult<Self> {
        Ok(Run {
            id: uuid(&r.id)?,
            account_id: r.account_id,
            workflow_id: r.workflow_id,
            status: r.status,
            created_at: time(r.created_at)?,
            completed_at: r.completed_at.map(time).transpose()?,
        })
    }
}

/// One statement per run: SQLite's statements cost no round trip, and the batch's transaction
/// holds the write lock throughout.
pub(super) fn insert_runs(c: &mut SqliteConnection, runs: &[Run]) -> QueryResult<()> {
    runs.iter().try_for_each(|run| insert_run(c, run))
}

fn insert_run(c: &mut SqliteConnection, run: &Run) -> QueryResult<()> {
    prepared(
        "INSERT INTO workflow_runs (id, account_id, workflow_id, status, created_at, completed_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind::<Text, _>(run.id.to_string())
    .bind::<Text, _>(&run.account_id)
    .bind::<Text, _>(&run.workflow_id)
    .bind::<Text, _>(&run.status)
    .bind::<BigInt, _>(micros(run.created_at))
    .bind::<Nullable<BigInt>, _>(run.completed_at.map(micros))
    .execute(c)
    .map(|_| ())
}

/// No `FOR UPDATE` on SQLite: a write transaction already holds the database's write lock.
pub(super) fn get_run(c: &mut SqliteConnection, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    let row: Option<RunRow> = prepared(
        "SELECT id, account_id, workflow_id, status, created_at, completed_at FROM workflow_runs \
         WHERE id = ?1 AND account_id = ?2",
    )
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(account)
    .get_result(c)
    .optional()?;
    row.map(Run::try_from).transpose()
}

pub(super) fn list_runs(
    c: &mut SqliteConnection,
    account: &str,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Run>> {
    let rows: Vec<RunRow> = prepared(
        "SELECT id, account_id, workflow_id, status, created_at, completed_at FROM workflow_runs \
         WHERE account_id = ?1 AND (?2 IS NULL OR created_at < ?2 OR (created_at = ?2 AND id < ?3)) \
         ORDER BY created_at DESC, id DESC LIMIT ?4",
    )
    .bind::<Text, _>(account)
    .bind::<Nullable<BigInt>, _>(after.map(|p| micros(p.created_at)))
    .bind::<Text, _>(after.map(|p| p.id.to_string()).unwrap_or_default())
    .bind::<BigInt, _>(limit)
    .load(c)?;
    rows.into_iter().map(Run::try_from).collect()
}

/// One statement per settle, as [`insert_runs`].
pub(super) fn settle_if_running(
    c: &mut SqliteConnection,
    settles: &[RunSettle<'_>],
    completed_at: DateTime<Utc>,
) -> QueryResult<Vec<Run>> {
    let mut settled = Vec::with_capacity(settles.len());
    for s in settles {
        settled.extend(settle_one_if_running(c, s, completed_at)?);
    }
    Ok(settled)
}

fn settle_one_if_running(
    c: &mut SqliteConnection,
    settle: &RunSettle<'_>,
    completed_at: DateTime<Utc>,
) -> QueryResult<Option<Run>> {
    let row: Option<RunRow> = prepared(
        "UPDATE workflow_runs SET status = ?1, completed_at = ?2 \
         WHERE id = ?3 AND account_id = ?4 AND status = ?5 \
         RETURNING id, account_id, workflow_id, status, created_at, completed_at",
    )
    .bind::<Text, _>(settle.status)
    .bind::<BigInt, _>(micros(completed_at))
    .bind::<Text, _>(settle.id.to_string())
    .bind::<Text, _>(settle.account_id)
    .bind::<Text, _>(super::model::RUNNING)
    .get_result(c)
    .optional()?;
    row.map(Run::try_from).transpose()
}
