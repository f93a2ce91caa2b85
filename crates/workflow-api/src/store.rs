//! workflow-api's own table (`workflow_runs`), on either backend. The engine's tables are
//! reached only through the engine's API. Every query is scoped by account.

use chrono::{DateTime, Utc};
use delivery_engine::{DbConn, MigrationSet};
use diesel::QueryResult;
use uuid::Uuid;

pub const MIGRATIONS: MigrationSet = MigrationSet {
    postgres: delivery_engine::embed_migrations!("../../migrations/postgres/workflow-api"),
    sqlite: delivery_engine::embed_migrations!("../../migrations/sqlite/workflow-api"),
};

#[derive(Debug, Clone)]
pub struct Run {
    pub id: Uuid,
    pub account_id: String,
    pub workflow_id: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
}

pub async fn insert_run(conn: &mut DbConn<'_>, run: &Run) -> QueryResult<()> {
    match conn {
        DbConn::Pg(c) => pg::insert_run(c, run).await,
        DbConn::Sqlite(c) => sqlite::insert_run(c, run),
    }
}

pub async fn get_run(conn: &mut DbConn<'_>, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    match conn {
        DbConn::Pg(c) => pg::get_run(c, account, id, false).await,
        DbConn::Sqlite(c) => sqlite::get_run(c, account, id),
    }
}

/// Reads the run and locks it until the end of the caller's transaction (on SQLite the
/// transaction already holds the write lock).
pub async fn lock_run(conn: &mut DbConn<'_>, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
    match conn {
        DbConn::Pg(c) => pg::get_run(c, account, id, true).await,
        DbConn::Sqlite(c) => sqlite::get_run(c, account, id),
    }
}

pub async fn settle_run(
    conn: &mut DbConn<'_>,
    account: &str,
    id: Uuid,
    status: &str,
    completed_at: DateTime<Utc>,
) -> QueryResult<()> {
    match conn {
        DbConn::Pg(c) => pg::settle_run(c, account, id, status, completed_at).await,
        DbConn::Sqlite(c) => sqlite::settle_run(c, account, id, status, completed_at),
    }
}

mod pg {
    use super::Run;
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

    pub(super) async fn insert_run(conn: &mut AsyncPgConnection, run: &Run) -> QueryResult<()> {
        let row = RunRow {
            id: run.id,
            account_id: run.account_id.clone(),
            workflow_id: run.workflow_id.clone(),
            status: run.status.clone(),
            created_at: run.created_at,
            completed_at: run.completed_at,
        };
        diesel::insert_into(workflow_runs::table).values(row).execute(conn).await.map(|_| ())
    }

    pub(super) async fn get_run(
        conn: &mut AsyncPgConnection,
        account: &str,
        id: Uuid,
        for_update: bool,
    ) -> QueryResult<Option<Run>> {
        let query = workflow_runs::table
            .filter(workflow_runs::id.eq(id))
            .filter(workflow_runs::account_id.eq(account))
            .select(RunRow::as_select());
        let row = if for_update {
            query.for_update().first(conn).await.optional()?
        } else {
            query.first(conn).await.optional()?
        };
        Ok(row.map(Run::from))
    }

    pub(super) async fn settle_run(
        conn: &mut AsyncPgConnection,
        account: &str,
        id: Uuid,
        status: &str,
        completed_at: DateTime<Utc>,
    ) -> QueryResult<()> {
        diesel::update(
            workflow_runs::table
                .filter(workflow_runs::id.eq(id))
                .filter(workflow_runs::account_id.eq(account)),
        )
        .set((workflow_runs::status.eq(status), workflow_runs::completed_at.eq(completed_at)))
        .execute(conn)
        .await
        .map(|_| ())
    }
}

mod sqlite {
    use super::Run;
    use chrono::{DateTime, Utc};
    use delivery_engine::sqlite_values::{micros, time, uuid};
    use diesel::sql_types::{BigInt, Nullable, Text};
    use diesel::{OptionalExtension, QueryResult, QueryableByName, RunQueryDsl, SqliteConnection};
    use uuid::Uuid;

    #[derive(QueryableByName)]
    struct RunDb {
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

    pub(super) fn insert_run(c: &mut SqliteConnection, run: &Run) -> QueryResult<()> {
        diesel::sql_query(
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

    pub(super) fn get_run(c: &mut SqliteConnection, account: &str, id: Uuid) -> QueryResult<Option<Run>> {
        let row: Option<RunDb> = diesel::sql_query(
            "SELECT id, account_id, workflow_id, status, created_at, completed_at FROM workflow_runs \
             WHERE id = ?1 AND account_id = ?2",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(account)
        .get_result(c)
        .optional()?;
        row.map(|r| {
            Ok(Run {
                id: uuid(&r.id)?,
                account_id: r.account_id,
                workflow_id: r.workflow_id,
                status: r.status,
                created_at: time(r.created_at)?,
                completed_at: r.completed_at.map(time).transpose()?,
            })
        })
        .transpose()
    }

    pub(super) fn settle_run(
        c: &mut SqliteConnection,
        account: &str,
        id: Uuid,
        status: &str,
        completed_at: DateTime<Utc>,
    ) -> QueryResult<()> {
        diesel::sql_query(
            "UPDATE workflow_runs SET status = ?1, completed_at = ?2 WHERE id = ?3 AND account_id = ?4",
        )
        .bind::<Text, _>(status)
        .bind::<BigInt, _>(micros(completed_at))
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(account)
        .execute(c)
        .map(|_| ())
    }
}
