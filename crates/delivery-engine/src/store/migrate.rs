//! Migrations: the engine's own, and the services' sets applied after them.

use super::conn::{join_error, Backend, Pool, StoreUrl, POOL_TIMEOUT};
use super::model::{Commit, DbSettings};
use super::sqlite;
use crate::error::{EngineError, EngineResult};
use diesel::RunQueryDsl;
use diesel_async::AsyncPgConnection;
use diesel_migrations::EmbeddedMigrations;

/// Where migrations run: an open PostgreSQL connection, or the SQLite file.
enum Migrating {
    Postgres(Box<diesel_async::async_connection_wrapper::AsyncConnectionWrapper<AsyncPgConnection>>),
    Sqlite(std::path::PathBuf),
}

/// A service's migrations, once per backend.
pub struct MigrationSet {
    pub postgres: EmbeddedMigrations,
    pub sqlite: EmbeddedMigrations,
}

impl std::fmt::Debug for MigrationSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MigrationSet").finish_non_exhaustive()
    }
}

/// The engine's own migrations; services embed theirs and pass both to [`run_migrations`].
pub const ENGINE_MIGRATIONS: MigrationSet = MigrationSet {
    postgres: diesel_migrations::embed_migrations!("../../migrations/postgres/engine"),
    sqlite: diesel_migrations::embed_migrations!("../../migrations/sqlite/engine"),
};

/// Applies every pending migration of each set, in order, so that several processes starting
/// at once migrate exactly once: under an advisory lock on PostgreSQL, inside one exclusive
/// transaction on SQLite (whose file, and its directory, are created if missing). With the
/// default [`DbSettings`]; a service passes its own to [`run_migrations_with`].
pub async fn run_migrations(database_url: &str, sets: Vec<MigrationSet>) -> EngineResult<()> {
    run_migrations_with(database_url, sets, &DbSettings::default()).await
}

/// [`run_migrations`] over a connection made with `settings` (TLS, the application name). A
/// migration may take longer than `DATABASE_TIMEOUT` allows a statement: its connection has no
/// statement deadline (docs/operations.md, "Upgrades").
pub async fn run_migrations_with(
    database_url: &str,
    sets: Vec<MigrationSet>,
    settings: &DbSettings,
) -> EngineResult<()> {
    use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
    use diesel_migrations::MigrationHarness;

    let url = database_url.to_owned();
    let backend = StoreUrl::from_url(&url)?;
    let migration_error = |e: Box<dyn std::error::Error + Send + Sync>| EngineError::Migration(e.to_string());
    // The connection is opened here, on the runtime (TLS, deadlines); the migrations run on a
    // blocking thread through diesel's synchronous harness.
    let target = match backend {
        StoreUrl::Postgres => {
            let target = super::pg::connect::PgTarget::new(&url, settings)?;
            let mut conn = target.connect().await.map_err(|e| EngineError::Unavailable(e.to_string()))?;
            diesel_async::SimpleAsyncConnection::batch_execute(&mut conn, "SET statement_timeout = 0")
                .await?;
            Migrating::Postgres(Box::new(AsyncConnectionWrapper::<AsyncPgConnection>::from(conn)))
        }
        StoreUrl::Sqlite(path) => Migrating::Sqlite(path),
    };
    tokio::task::spawn_blocking(move || -> EngineResult<()> {
        match target {
            Migrating::Postgres(mut conn) => {
                let conn = &mut *conn;
                diesel::sql_query("SELECT pg_advisory_lock(7262031001)").execute(conn)?;
                let result = sets.into_iter().try_for_each(|set| {
                    conn.run_pending_migrations(set.postgres).map(|_| ()).map_err(migration_error)
                });
                diesel::sql_query("SELECT pg_advisory_unlock(7262031001)").execute(conn)?;
                result
            }
            Migrating::Sqlite(path) => {
                sqlite::conn::create_parent_dir(&path)?;
                let mut conn = sqlite::conn::open(&path, Commit::Durable, POOL_TIMEOUT)
                    .map_err(|e| EngineError::Unavailable(e.to_string()))?;
                conn.exclusive_transaction(|c| {
                    sets.into_iter().try_for_each(|set| {
                        c.run_pending_migrations(set.sqlite).map(|_| ()).map_err(migration_error)
                    })
                })
            }
        }
    })
    .await
    .map_err(join_error)?
}

/// The version of every migration in `sets`, for the backend `database_url` names: what a
/// database must have applied to be at this binary's head.
pub fn migration_versions(database_url: &str, sets: &[MigrationSet]) -> EngineResult<Vec<String>> {
    use diesel::migration::MigrationSource;
    let migration_error = |e: Box<dyn std::error::Error + Send + Sync>| EngineError::Migration(e.to_string());
    let mut versions = Vec::new();
    for set in sets {
        match StoreUrl::from_url(database_url)? {
            StoreUrl::Postgres => {
                let all =
                    MigrationSource::<diesel::pg::Pg>::migrations(&set.postgres).map_err(migration_error)?;
                versions.extend(all.iter().map(|m| m.name().version().to_string()));
            }
            StoreUrl::Sqlite(_) => {
                let all = MigrationSource::<diesel::sqlite::Sqlite>::migrations(&set.sqlite)
                    .map_err(migration_error)?;
                versions.extend(all.iter().map(|m| m.name().version().to_string()));
            }
        }
    }
    Ok(versions)
}

#[derive(diesel::QueryableByName)]
struct AppliedRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    version: String,
}

/// Which of `versions` the database has not applied (one short read; a readiness check).
pub async fn unapplied_migrations(pool: &Pool, versions: Vec<String>) -> EngineResult<Vec<String>> {
    const SQL: &str = "SELECT version FROM __diesel_schema_migrations";
    let applied: Vec<AppliedRow> = pool
        .run(|mut c| {
            Box::pin(async move {
                Ok::<_, EngineError>(match c.backend() {
                    Backend::Pg(c) => diesel_async::RunQueryDsl::load(diesel::sql_query(SQL), c).await?,
                    Backend::Sqlite(c) => diesel::sql_query(SQL).load(c)?,
                })
            })
        })
        .await?;
    let applied: std::collections::HashSet<String> = applied.into_iter().map(|r| r.version).collect();
    Ok(versions.into_iter().filter(|v| !applied.contains(v)).collect())
}
