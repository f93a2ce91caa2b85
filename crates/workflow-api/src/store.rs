//! workflow-api's own table (`workflow_runs`). The engine's tables are reached only through
//! the engine's API. Every query is scoped by account.

use chrono::{DateTime, Utc};
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

pub const MIGRATIONS: delivery_engine::EmbeddedMigrations =
    delivery_engine::embed_migrations!("../../migrations/workflow-api");

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = workflow_runs, check_for_backend(diesel::pg::Pg))]
pub struct Run {
    pub id: Uuid,
    pub account_id: String,
    pub workflow_id: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
}

pub async fn insert_run(conn: &mut AsyncPgConnection, run: &Run) -> QueryResult<()> {
    diesel::insert_into(workflow_runs::table).values(run).execute(conn).await.map(|_| ())
}

pub async fn get_run(conn: &mut AsyncPgConnection, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    workflow_runs::table
        .filter(workflow_runs::id.eq(id))
        .filter(workflow_runs::account_id.eq(account))
        .select(Run::as_select())
        .first(conn)
        .await
        .optional()
}

/// Reads the run and locks it until the end of the caller's transaction.
pub async fn lock_run(conn: &mut AsyncPgConnection, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    workflow_runs::table
        .filter(workflow_runs::id.eq(id))
        .filter(workflow_runs::account_id.eq(account))
        .select(Run::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
}

pub async fn settle_run(
    conn: &mut AsyncPgConnection,
    account: &str,
    id: Uuid,
    status: &str,
    completed_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(
        workflow_runs::table.filter(workflow_runs::id.eq(id)).filter(workflow_runs::account_id.eq(account)),
    )
    .set((workflow_runs::status.eq(status), workflow_runs::completed_at.eq(completed_at)))
    .execute(conn)
    .await
    .map(|_| ())
}
