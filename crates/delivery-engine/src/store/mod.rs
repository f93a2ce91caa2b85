//! The store: PostgreSQL through diesel-async, or an embedded SQLite file through diesel's
//! synchronous connection on blocking threads. All SQL of the delivery tables lives under this
//! module, once per backend (`pg/`, `sqlite/`); every function here dispatches on the connection
//! it is given. Every query that reads tenant data filters by tenant inside the query.
//!
//! The two backends keep the same rules (see `docs/decisions.md` D19): each function is atomic
//! on its own (one statement, or a transaction: `BEGIN IMMEDIATE` on SQLite), and joins the
//! caller's transaction when called inside one.

pub(crate) mod idempotency;
mod pg;
pub(crate) mod queue;
mod sqlite;

use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::{ConnectionError, SqliteConnection};
use diesel_async::pooled_connection::deadpool::Pool as DeadPool;
use diesel_async::pooled_connection::AsyncDieselConnectionManager;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures_util::future::BoxFuture;
use pg::schema::{webhook_attempts, webhook_endpoints};
use serde::Serialize;
use std::path::{Path, PathBuf};
use uuid::Uuid;

pub use diesel_async::AsyncPgConnection as PgConnection;
pub use diesel_migrations::EmbeddedMigrations;

/// How long a caller waits for a pooled connection, a new connection or a health check before
/// the database counts as unavailable (a 503, never a hang). SQLite waits as long for a lock.
pub const POOL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Which database a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// `postgres://…` or `postgresql://…`.
    Postgres,
    /// `sqlite://<path>` (`sqlite:///abs/path.db`, `sqlite://relative/path.db`) or `sqlite:<path>`.
    Sqlite(PathBuf),
}

impl Backend {
    pub fn from_url(url: &str) -> EngineResult<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Backend::Postgres);
        }
        let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"));
        match path {
            // Each pooled connection to `:memory:` would be a database of its own.
            Some(p) if p.is_empty() || p.contains(":memory:") || p.starts_with("file:") => Err(
                EngineError::Config(format!("`{url}`: SQLite needs a file path, e.g. sqlite://data/app.db")),
            ),
            Some(p) => Ok(Backend::Sqlite(PathBuf::from(p))),
            None => Err(EngineError::Config(
                "the database URL must start with postgres://, postgresql:// or sqlite://".into(),
            )),
        }
    }
}

/// A connection of either backend, as handed to the closures of [`Pool::run`] and
/// [`Pool::transaction`]. Services match on it in their own store functions.
pub enum DbConn<'a> {
    Pg(&'a mut AsyncPgConnection),
    /// Only ever handed out on a blocking thread, so synchronous queries on it are fine.
    Sqlite(&'a mut SqliteConnection),
}

impl std::fmt::Debug for DbConn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DbConn::Pg(_) => "DbConn::Pg",
            DbConn::Sqlite(_) => "DbConn::Sqlite",
        })
    }
}

/// A closure run on a connection: `|mut c| Box::pin(async move { … })`.
pub trait ConnFn<R, E>: for<'c> FnOnce(DbConn<'c>) -> BoxFuture<'c, Result<R, E>> + Send + 'static {}
impl<R, E, F> ConnFn<R, E> for F where
    F: for<'c> FnOnce(DbConn<'c>) -> BoxFuture<'c, Result<R, E>> + Send + 'static
{
}

type PgPool = DeadPool<AsyncPgConnection>;
type SqlitePool = deadpool::managed::Pool<SqliteManager>;

/// A pool of connections to one database of either backend.
#[derive(Clone)]
pub struct Pool {
    kind: PoolKind,
}

#[derive(Clone)]
enum PoolKind {
    Pg(PgPool),
    Sqlite(SqlitePool),
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (backend, status) = match &self.kind {
            PoolKind::Pg(p) => ("postgres", p.status()),
            PoolKind::Sqlite(p) => ("sqlite", p.status()),
        };
        f.debug_struct("Pool").field("backend", &backend).field("size", &status.size).finish()
    }
}

/// Opens SQLite connections with the engine's per-connection settings.
#[derive(Debug)]
pub(crate) struct SqliteManager {
    path: PathBuf,
    /// `FULL` for connections whose commits must survive power loss (the API's), `NORMAL` for
    /// the dispatcher's (WAL: a process crash loses nothing; power loss may lose the last claims
    /// and outcomes, which only leads to a re-send, as on PostgreSQL with asynchronous commit).
    synchronous: &'static str,
}

impl SqliteManager {
    fn open(path: &Path, synchronous: &str) -> Result<SqliteConnection, ConnectionError> {
        use diesel::connection::SimpleConnection;
        let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
        // One batch: `sql_query` would run only the first statement. busy_timeout comes first so
        // that switching to WAL waits for a lock instead of failing when processes start at once.
        conn.batch_execute(&format!(
            "PRAGMA busy_timeout = {}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; \
             PRAGMA synchronous = {synchronous};",
            POOL_TIMEOUT.as_millis()
        ))
        .map_err(ConnectionError::CouldntSetupConfiguration)?;
        Ok(conn)
    }
}

impl deadpool::managed::Manager for SqliteManager {
    type Type = SqliteConnection;
    type Error = ConnectionError;

    async fn create(&self) -> Result<SqliteConnection, ConnectionError> {
        let (path, synchronous) = (self.path.clone(), self.synchronous);
        tokio::task::spawn_blocking(move || Self::open(&path, synchronous))
            .await
            .map_err(|e| ConnectionError::BadConnection(e.to_string()))?
    }

    async fn recycle(
        &self,
        conn: &mut SqliteConnection,
        _: &deadpool::managed::Metrics,
    ) -> deadpool::managed::RecycleResult<ConnectionError> {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        // A connection is never handed back mid-transaction (transactions run to the end on a
        // blocking thread); should one be, after a panic, it is discarded.
        let idle = !AnsiTransactionManager::is_broken_transaction_manager(conn)
            && matches!(
                AnsiTransactionManager::transaction_manager_status_mut(conn).transaction_depth(),
                Ok(None)
            );
        if idle {
            Ok(())
        } else {
            Err(deadpool::managed::RecycleError::message("connection left inside a transaction"))
        }
    }
}

fn build_pg_pool(
    manager: AsyncDieselConnectionManager<AsyncPgConnection>,
    max_size: usize,
) -> EngineResult<Pool> {
    let pool = DeadPool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(POOL_TIMEOUT))
        .create_timeout(Some(POOL_TIMEOUT))
        .recycle_timeout(Some(POOL_TIMEOUT))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))?;
    Ok(Pool { kind: PoolKind::Pg(pool) })
}

fn build_sqlite_pool(path: &Path, max_size: usize, synchronous: &'static str) -> EngineResult<Pool> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| EngineError::Config(format!("creating {}: {e}", dir.display())))?;
    }
    let manager = SqliteManager { path: path.to_owned(), synchronous };
    let pool = deadpool::managed::Pool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(POOL_TIMEOUT))
        .create_timeout(Some(POOL_TIMEOUT))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))?;
    Ok(Pool { kind: PoolKind::Sqlite(pool) })
}

/// A pool for API handlers (durable commits). The URL picks the backend.
pub fn connect_pool(database_url: &str, max_size: usize) -> EngineResult<Pool> {
    match Backend::from_url(database_url)? {
        Backend::Postgres => {
            build_pg_pool(AsyncDieselConnectionManager::<AsyncPgConnection>::new(database_url), max_size)
        }
        Backend::Sqlite(path) => build_sqlite_pool(&path, max_size, "FULL"),
    }
}

/// A pool for dispatchers: its connections commit asynchronously (`synchronous_commit = off`
/// on PostgreSQL, `synchronous = NORMAL` on SQLite).
///
/// Safe because a dispatcher writes only claims and outcomes, and losing either in a database
/// crash leads to a re-send, never a loss: a lost claim leaves the row claimable; a lost outcome
/// leaves the lease to expire; the fence rejects the late result of the first attempt. Events
/// themselves are written by the caller's own (durable) transaction. It takes a WAL flush off
/// the path of every claim, which is most of the delivery latency.
pub fn connect_worker_pool(database_url: &str, max_size: usize) -> EngineResult<Pool> {
    use diesel_async::pooled_connection::ManagerConfig;
    use diesel_async::SimpleAsyncConnection;
    use ConnectionError;
    if let Backend::Sqlite(path) = Backend::from_url(database_url)? {
        return build_sqlite_pool(&path, max_size, "NORMAL");
    }
    let mut config = ManagerConfig::default();
    config.custom_setup = Box::new(|url| {
        Box::pin(async move {
            let mut conn = AsyncPgConnection::establish(url).await?;
            conn.batch_execute("SET synchronous_commit = off")
                .await
                .map_err(ConnectionError::CouldntSetupConfiguration)?;
            Ok(conn)
        })
    });
    build_pg_pool(
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config),
        max_size,
    )
}

/// The failure of a transaction: the database's, or the closure's own.
enum TxError<E> {
    Db(diesel::result::Error),
    Body(E),
}

impl<E> From<diesel::result::Error> for TxError<E> {
    fn from(e: diesel::result::Error) -> Self {
        TxError::Db(e)
    }
}

impl<E: From<EngineError>> TxError<E> {
    fn into_inner(self) -> E {
        match self {
            TxError::Db(e) => E::from(EngineError::from(e)),
            TxError::Body(e) => e,
        }
    }
}

fn join_error(e: tokio::task::JoinError) -> EngineError {
    EngineError::Internal(format!("a database task failed: {e}"))
}

impl Pool {
    pub fn is_sqlite(&self) -> bool {
        matches!(self.kind, PoolKind::Sqlite(_))
    }

    /// Runs `f` on a pooled connection, outside any transaction of the caller's (each store
    /// function is atomic by itself). On SQLite `f` runs on a blocking thread. On both stores it
    /// runs on a task of its own, to its end even if the caller stops waiting, so a write's
    /// outcome never depends on whether the client stayed.
    pub async fn run<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        match &self.kind {
            PoolKind::Pg(p) => {
                let p = p.clone();
                tokio::spawn(async move {
                    let mut conn = p.get().await.map_err(|e| E::from(e.into()))?;
                    f(DbConn::Pg(&mut conn)).await
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
            PoolKind::Sqlite(p) => {
                let mut conn = p.get().await.map_err(|e| E::from(sqlite_pool_error(e)))?;
                let handle = tokio::runtime::Handle::current();
                tokio::task::spawn_blocking(move || handle.block_on(f(DbConn::Sqlite(&mut conn))))
                    .await
                    .map_err(|e| E::from(join_error(e)))?
            }
        }
    }

    /// Runs `f` in one transaction (`BEGIN IMMEDIATE` on SQLite: it takes the write lock first,
    /// so it cannot fail half-way on a lock upgrade). It commits if `f` returns `Ok`. The
    /// transaction runs to its end even if the caller stops waiting for it.
    pub async fn transaction<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        match &self.kind {
            PoolKind::Pg(p) => {
                let mut conn = p.get().await.map_err(|e| E::from(e.into()))?;
                tokio::spawn(async move {
                    let conn: &mut AsyncPgConnection = &mut conn;
                    conn.transaction(pg_tx(|c| {
                        let fut = f(DbConn::Pg(c));
                        Box::pin(async move { fut.await.map_err(TxError::Body) })
                    }))
                    .await
                    .map_err(TxError::into_inner)
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
            PoolKind::Sqlite(p) => {
                let mut conn = p.get().await.map_err(|e| E::from(sqlite_pool_error(e)))?;
                let handle = tokio::runtime::Handle::current();
                tokio::task::spawn_blocking(move || {
                    conn.immediate_transaction(|c| {
                        handle.block_on(f(DbConn::Sqlite(c))).map_err(TxError::Body)
                    })
                    .map_err(TxError::into_inner)
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
        }
    }
}

/// Pins the higher-ranked signature diesel-async's `transaction` needs.
fn pg_tx<R, E, F>(f: F) -> F
where
    F: for<'r> FnOnce(&'r mut AsyncPgConnection) -> BoxFuture<'r, Result<R, TxError<E>>> + Send,
{
    f
}

fn sqlite_pool_error(e: deadpool::managed::PoolError<ConnectionError>) -> EngineError {
    EngineError::Unavailable(e.to_string())
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
/// transaction on SQLite (whose file, and its directory, are created if missing).
pub async fn run_migrations(database_url: &str, sets: Vec<MigrationSet>) -> EngineResult<()> {
    use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
    use diesel_migrations::MigrationHarness;

    let url = database_url.to_owned();
    let backend = Backend::from_url(&url)?;
    let migration_error = |e: Box<dyn std::error::Error + Send + Sync>| EngineError::Migration(e.to_string());
    tokio::task::spawn_blocking(move || -> EngineResult<()> {
        match backend {
            Backend::Postgres => {
                let mut conn = <AsyncConnectionWrapper<AsyncPgConnection> as Connection>::establish(&url)
                    .map_err(|e| EngineError::Unavailable(e.to_string()))?;
                RunQueryDsl::execute(diesel::sql_query("SELECT pg_advisory_lock(7262031001)"), &mut conn)?;
                let result = sets.into_iter().try_for_each(|set| {
                    conn.run_pending_migrations(set.postgres).map(|_| ()).map_err(migration_error)
                });
                RunQueryDsl::execute(diesel::sql_query("SELECT pg_advisory_unlock(7262031001)"), &mut conn)?;
                result
            }
            Backend::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| EngineError::Config(format!("creating {}: {e}", dir.display())))?;
                }
                let mut conn = SqliteManager::open(&path, "FULL")
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

/// Delivery states as stored. Services map them to their own vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    /// Not attempted yet.
    Pending,
    /// Attempted and awaiting an automatic retry.
    Failed,
    Delivered,
    /// Out of attempts (or its endpoint was deleted); can be re-sent by hand.
    Dead,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Failed => "failed",
            Self::Delivered => "delivered",
            Self::Dead => "dead",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "pending" => Self::Pending,
            "failed" => Self::Failed,
            "delivered" => Self::Delivered,
            "dead" => Self::Dead,
            _ => return None,
        })
    }

    pub(crate) fn parse_stored(s: &str) -> EngineResult<Self> {
        Self::parse(s).ok_or_else(|| corrupt(format!("unknown delivery status `{s}`")))
    }
}

/// A stored value this version cannot read (a bug or a hand-edited database: a 500).
pub(crate) fn corrupt(what: String) -> EngineError {
    EngineError::Database(diesel::result::Error::DeserializationError(what.into()))
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = webhook_endpoints, check_for_backend(diesel::pg::Pg))]
pub struct Endpoint {
    pub id: Uuid,
    pub tenant_id: String,
    pub url: String,
    pub event_types: Vec<String>,
    pub disabled_at: Option<DateTime<Utc>>,
    pub disabled_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new endpoint row.
pub(crate) struct EndpointRow<'a> {
    pub id: Uuid,
    pub tenant_id: &'a str,
    pub url: &'a str,
    pub event_types: &'a [String],
    pub sealed: &'a SealedSecret,
    pub created_at: DateTime<Utc>,
}

/// A delivery as shown in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub id: Uuid,
    pub endpoint_id: Uuid,
    pub event_id: Uuid,
    pub event_type: String,
    pub dedupe_key: String,
    pub status: DeliveryStatus,
    pub attempt_count: i32,
    pub last_response_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// One attempt of a delivery.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = webhook_attempts, check_for_backend(diesel::pg::Pg))]
pub struct Attempt {
    pub attempt_number: i32,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub response_code: Option<i32>,
    pub error: Option<String>,
    pub response_body: Option<Vec<u8>>,
}

/// Filters of the delivery log.
#[derive(Debug, Clone, Default)]
pub struct DeliveryQuery {
    pub limit: i64,
    pub status: Option<DeliveryStatus>,
    pub endpoint_id: Option<Uuid>,
    pub event_id: Option<Uuid>,
}

/// A partial update of an endpoint; `None` leaves a column as it is.
#[derive(Debug, Default, Clone)]
pub(crate) struct EndpointChanges {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    pub disabled_at: Option<Option<DateTime<Utc>>>,
    pub disabled_reason: Option<Option<String>>,
    /// Cleared on re-enabling, so the failure window starts afresh.
    pub failing_since: Option<Option<DateTime<Utc>>>,
    pub updated_at: Option<DateTime<Utc>>,
}

pub(crate) async fn insert_endpoint(conn: &mut DbConn<'_>, row: EndpointRow<'_>) -> EngineResult<Endpoint> {
    match conn {
        DbConn::Pg(c) => pg::insert_endpoint(c, row).await,
        DbConn::Sqlite(c) => sqlite::insert_endpoint(c, row),
    }
}

pub(crate) async fn list_endpoints(conn: &mut DbConn<'_>, tenant: &str) -> EngineResult<Vec<Endpoint>> {
    match conn {
        DbConn::Pg(c) => pg::list_endpoints(c, tenant).await,
        DbConn::Sqlite(c) => sqlite::list_endpoints(c, tenant),
    }
}

pub(crate) async fn get_endpoint(conn: &mut DbConn<'_>, tenant: &str, id: Uuid) -> EngineResult<Endpoint> {
    match conn {
        DbConn::Pg(c) => pg::get_endpoint(c, tenant, id).await,
        DbConn::Sqlite(c) => sqlite::get_endpoint(c, tenant, id),
    }
}

/// Applies `changes`; disabling parks the endpoint's open deliveries, enabling puts them back.
pub(crate) async fn update_endpoint(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    match conn {
        DbConn::Pg(c) => pg::update_endpoint(c, tenant, id, changes, now).await,
        DbConn::Sqlite(c) => sqlite::update_endpoint(c, tenant, id, changes, now),
    }
}

pub(crate) async fn load_sealed_secret(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
) -> EngineResult<SealedSecret> {
    match conn {
        DbConn::Pg(c) => pg::load_sealed_secret(c, tenant, id).await,
        DbConn::Sqlite(c) => sqlite::load_sealed_secret(c, tenant, id),
    }
}

pub(crate) async fn store_secret(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::store_secret(c, tenant, id, sealed, now).await,
        DbConn::Sqlite(c) => sqlite::store_secret(c, tenant, id, sealed, now),
    }
}

/// Soft-deletes the endpoint (its delivery log stays readable) and ends its open deliveries.
pub(crate) async fn delete_endpoint(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::delete_endpoint(c, tenant, id, now).await,
        DbConn::Sqlite(c) => sqlite::delete_endpoint(c, tenant, id, now),
    }
}

/// The delivery log, newest first.
pub(crate) async fn list_deliveries(
    conn: &mut DbConn<'_>,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    match conn {
        DbConn::Pg(c) => pg::list_deliveries(c, tenant, q).await,
        DbConn::Sqlite(c) => sqlite::list_deliveries(c, tenant, q),
    }
}

pub(crate) async fn get_delivery(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    match conn {
        DbConn::Pg(c) => pg::get_delivery(c, tenant, id).await,
        DbConn::Sqlite(c) => sqlite::get_delivery(c, tenant, id),
    }
}

pub(crate) async fn find_event_id(
    conn: &mut DbConn<'_>,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    match conn {
        DbConn::Pg(c) => pg::find_event_id(c, tenant, dedupe_key).await,
        DbConn::Sqlite(c) => sqlite::find_event_id(c, tenant, dedupe_key),
    }
}
