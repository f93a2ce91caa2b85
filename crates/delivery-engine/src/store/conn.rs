//! Connections: which backend a URL names, pools of either kind, and running a closure on a
//! pooled connection or in one transaction. The pools themselves are built by each backend
//! (`pg/conn.rs`, `sqlite/conn.rs`).

use super::model::{Commit, DbSettings};
use super::routes::Targets;
use super::{pg, sqlite};
use crate::cache::ChangeFeed;
use crate::error::{EngineError, EngineResult};
use diesel::SqliteConnection;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures_util::future::BoxFuture;
use std::path::PathBuf;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How long a caller waits for a pooled connection, a new connection or a health check before
/// the database counts as unavailable (a 503, never a hang). SQLite waits as long for a lock;
/// PostgreSQL takes `DATABASE_TIMEOUT` ([`DbSettings`]).
pub(crate) const POOL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Which database a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum StoreUrl {
    /// `postgres://…` or `postgresql://…`.
    Postgres,
    /// `sqlite://<path>` (`sqlite:///abs/path.db`, `sqlite://relative/path.db`) or `sqlite:<path>`.
    Sqlite(PathBuf),
}

impl StoreUrl {
    pub(crate) fn from_url(url: &str) -> EngineResult<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(StoreUrl::Postgres);
        }
        let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"));
        match path {
            // Each pooled connection to `:memory:` would be a database of its own.
            Some(p) if p.is_empty() || p.contains(":memory:") || p.starts_with("file:") => Err(
                EngineError::Config(format!("`{url}`: SQLite needs a file path, e.g. sqlite://data/app.db")),
            ),
            Some(p) => Ok(StoreUrl::Sqlite(PathBuf::from(p))),
            None => Err(EngineError::Config(
                "the database URL must start with postgres://, postgresql:// or sqlite://".into(),
            )),
        }
    }
}

/// A connection of either backend, as handed to the closures the pool runs, with the
/// receipt (`Receipt`) of what the work on it made due. Store functions match on [`DbConn::backend`].
pub struct DbConn<'a> {
    backend: Backend<'a>,
    receipt: &'a mut Receipt,
}

/// One backend's connection, for a store function to match on.
pub enum Backend<'a> {
    Pg(&'a mut AsyncPgConnection),
    /// Only ever handed out on a blocking thread, so synchronous queries on it are fine.
    Sqlite(&'a mut SqliteConnection),
}

impl<'a> DbConn<'a> {
    fn new(backend: Backend<'a>, receipt: &'a mut Receipt) -> Self {
        Self { backend, receipt }
    }

    /// The backend's connection.
    pub fn backend(&mut self) -> Backend<'_> {
        match &mut self.backend {
            Backend::Pg(c) => Backend::Pg(c),
            Backend::Sqlite(c) => Backend::Sqlite(c),
        }
    }

    /// Where the store's operations note what they made due.
    pub(crate) fn receipt(&mut self) -> &mut Receipt {
        self.receipt
    }
}

impl std::fmt::Debug for DbConn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.backend {
            Backend::Pg(_) => "DbConn::Pg",
            Backend::Sqlite(_) => "DbConn::Sqlite",
        })
    }
}

impl std::fmt::Debug for Backend<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Backend::Pg(_) => "Backend::Pg",
            Backend::Sqlite(_) => "Backend::Sqlite",
        })
    }
}

/// What the work on one connection made due, returned with its result once it has committed
/// ([`Pool::run_with_receipt`], [`Pool::transaction_with_receipt`]) for the engine to act on,
/// never inside the transaction (D22). The store's operations write it, each where it makes rows due: an
/// enqueue names the endpoints its rows went to; a resend, a fill, an enable, a recovery batch
/// or released claims say only that something became due.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Receipt {
    /// Deliveries became due for these endpoints.
    pub endpoints: Vec<Uuid>,
    /// Deliveries may have become due for any endpoint.
    pub anywhere: bool,
    /// The types of the tenants' events accepted (counted once committed).
    pub events: Vec<String>,
    /// Deliveries of those events that content filters kept from their endpoints.
    pub filtered: u64,
}

impl Receipt {
    /// An accepted event of `event_type` whose rows went to `endpoints`; `owed` when some of its
    /// deliveries wait as owed events of backlogged endpoints (no row due yet: dispatchers look
    /// everywhere if no endpoint got a row). `counted`: a tenant's event, not an operational one.
    pub(crate) fn enqueued(&mut self, event_type: &str, targets: &Targets, counted: bool) {
        self.endpoints.extend_from_slice(&targets.eager);
        self.anywhere |= targets.eager.is_empty() && targets.owed > 0;
        if counted {
            self.events.push(event_type.to_owned());
            self.filtered += targets.filtered as u64;
        }
    }

    /// Deliveries may have become due for any endpoint.
    pub(crate) fn made_due(&mut self) {
        self.anywhere = true;
    }

    /// Whether the work made anything due or accepted any event.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// A closure run on a connection: `|mut c| Box::pin(async move { … })`.
pub trait ConnFn<R, E>: for<'c> FnOnce(DbConn<'c>) -> BoxFuture<'c, Result<R, E>> + Send + 'static {}
impl<R, E, F> ConnFn<R, E> for F where
    F: for<'c> FnOnce(DbConn<'c>) -> BoxFuture<'c, Result<R, E>> + Send + 'static
{
}

/// A pool of connections to one database of either backend.
#[derive(Clone)]
pub struct Pool {
    kind: PoolKind,
    /// Changes announced by any process, as this pool's change listener hears them.
    changes: Arc<ChangeFeed>,
}

#[derive(Clone)]
enum PoolKind {
    /// With the database, for the LISTEN connections it opens beside the pool.
    Pg(pg::conn::PgPool, Arc<pg::listen::CoalescedNotify>, Arc<pg::connect::PgTarget>),
    /// With the turn its write transactions take (the dispatcher's pool goes first).
    Sqlite(sqlite::conn::SqlitePool, sqlite::Writer),
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (backend, status) = match &self.kind {
            PoolKind::Pg(p, ..) => ("postgres", p.status()),
            PoolKind::Sqlite(p, _) => ("sqlite", p.status()),
        };
        f.debug_struct("Pool").field("backend", &backend).field("size", &status.size).finish()
    }
}

/// A pool for API handlers (durable commits), with the default [`DbSettings`]. The URL picks
/// the backend.
pub fn connect_pool(database_url: &str, max_size: usize) -> EngineResult<Pool> {
    connect(database_url, max_size, Commit::Durable, &DbSettings::default())
}

/// [`connect_pool`] with the service's settings.
pub fn connect_pool_with(database_url: &str, max_size: usize, settings: &DbSettings) -> EngineResult<Pool> {
    connect(database_url, max_size, Commit::Durable, settings)
}

/// A pool for dispatchers: its connections commit asynchronously (`synchronous_commit = off`
/// on PostgreSQL, `synchronous = NORMAL` on SQLite).
///
/// Safe because a dispatcher writes only claims and outcomes, and losing either in a database
/// crash leads to a re-send, never a loss: a lost claim leaves the row claimable; a lost outcome
/// leaves the lease to expire; the fence rejects the late result of the first attempt. Events
/// themselves are written by the caller's own (durable) transaction. It takes a WAL flush off
/// the path of every claim, which is most of the delivery latency.
pub fn connect_worker_pool(database_url: &str, max_size: usize, settings: &DbSettings) -> EngineResult<Pool> {
    connect(database_url, max_size, Commit::Asynchronous, settings)
}

fn connect(database_url: &str, max_size: usize, commit: Commit, settings: &DbSettings) -> EngineResult<Pool> {
    let kind = match StoreUrl::from_url(database_url)? {
        StoreUrl::Postgres => {
            let target = Arc::new(pg::connect::PgTarget::new(database_url, settings)?);
            PoolKind::Pg(
                pg::conn::pool(target.clone(), max_size, commit)?,
                Arc::new(pg::listen::CoalescedNotify::new()),
                target,
            )
        }
        StoreUrl::Sqlite(path) => {
            let writer = match commit {
                Commit::Durable => sqlite::Writer::Api,
                Commit::Asynchronous => sqlite::Writer::Dispatcher,
            };
            PoolKind::Sqlite(sqlite::conn::pool(&path, max_size, commit, POOL_TIMEOUT)?, writer)
        }
    };
    Ok(Pool { kind, changes: Arc::default() })
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

pub(crate) fn join_error(e: tokio::task::JoinError) -> EngineError {
    EngineError::Internal(format!("a database task failed: {e}"))
}

impl Pool {
    /// Runs `f` on a pooled connection, outside any transaction of the caller's (each store
    /// function is atomic by itself), for a command with no [`crate::Engine`] (a CLI's reads and
    /// writes of its service's own tables). Nothing it makes due is announced: enqueue through
    /// an engine's `run` or `transaction`, whose dispatchers are woken after the commit.
    pub async fn run<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        let (result, receipt) = self.run_with_receipt(f).await?;
        debug_assert!(receipt.is_empty(), "work made due outside an engine is never announced");
        Ok(result)
    }

    /// Runs `f` on a pooled connection, outside any transaction of the caller's (each store
    /// function is atomic by itself), and returns what it made due. On SQLite `f` runs on a
    /// blocking thread. On both stores it runs on a task of its own, to its end even if the
    /// caller stops waiting, so a write's outcome never depends on whether the client stayed.
    pub(crate) async fn run_with_receipt<R, E, F>(&self, f: F) -> Result<(R, Receipt), E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        match &self.kind {
            PoolKind::Pg(p, _, target) => {
                let (p, deadline) = (p.clone(), Deadline::from_now(target.timeout));
                tokio::spawn(async move {
                    let mut conn = p.get().await.map_err(|e| E::from(e.into()))?;
                    let mut receipt = Receipt::default();
                    let work = f(DbConn::new(Backend::Pg(&mut conn), &mut receipt));
                    match tokio::time::timeout(deadline.left(), work).await {
                        Ok(result) => Ok((result?, receipt)),
                        Err(_) => Err(E::from(deadline.passed(conn))),
                    }
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
            PoolKind::Sqlite(p, _) => {
                let mut conn = p.get().await.map_err(|e| E::from(sqlite::conn::pool_error(e)))?;
                let handle = tokio::runtime::Handle::current();
                tokio::task::spawn_blocking(move || {
                    let mut receipt = Receipt::default();
                    let result = handle.block_on(f(DbConn::new(Backend::Sqlite(&mut conn), &mut receipt)))?;
                    Ok((result, receipt))
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
        }
    }

    /// [`Pool::run`] in one transaction, for a command with no [`crate::Engine`]: nothing it
    /// makes due is announced.
    pub async fn transaction<R, E, F>(&self, f: F) -> Result<R, E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        let (result, receipt) = self.transaction_with_receipt(f).await?;
        debug_assert!(receipt.is_empty(), "work made due outside an engine is never announced");
        Ok(result)
    }

    /// Runs `f` in one transaction (`BEGIN IMMEDIATE` on SQLite: it takes the write lock first,
    /// so it cannot fail half-way on a lock upgrade). It commits if `f` returns `Ok`, and then
    /// returns what `f` made due. The transaction runs to its end even if the caller stops
    /// waiting for it.
    pub(crate) async fn transaction_with_receipt<R, E, F>(&self, f: F) -> Result<(R, Receipt), E>
    where
        F: ConnFn<R, E>,
        R: Send + 'static,
        E: From<EngineError> + Send + 'static,
    {
        match &self.kind {
            PoolKind::Pg(p, _, target) => {
                let deadline = Deadline::from_now(target.timeout);
                let mut conn = p.get().await.map_err(|e| E::from(e.into()))?;
                tokio::spawn(async move {
                    let c: &mut AsyncPgConnection = &mut conn;
                    let tx = c.transaction(pg_tx(|c| {
                        Box::pin(async move {
                            let mut receipt = Receipt::default();
                            let result = f(DbConn::new(Backend::Pg(c), &mut receipt)).await;
                            Ok((result.map_err(TxError::Body)?, receipt))
                        })
                    }));
                    match tokio::time::timeout(deadline.left(), tx).await {
                        Ok(Err(TxError::Db(e))) if on_a_standby(&e) => {
                            // A failover demoted its node: never hand it out again.
                            drop(deadpool::managed::Object::take(conn));
                            Err(TxError::<E>::Db(e).into_inner())
                        }
                        Ok(result) => result.map_err(TxError::into_inner),
                        Err(_) => Err(E::from(deadline.passed(conn))),
                    }
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
            PoolKind::Sqlite(p, writer) => {
                let mut conn = p.get().await.map_err(|e| E::from(sqlite::conn::pool_error(e)))?;
                let (handle, writer) = (tokio::runtime::Handle::current(), *writer);
                tokio::task::spawn_blocking(move || {
                    let _turn = sqlite::write_gate(writer);
                    conn.immediate_transaction(|c| {
                        let mut receipt = Receipt::default();
                        let result = handle.block_on(f(DbConn::new(Backend::Sqlite(c), &mut receipt)));
                        Ok((result.map_err(TxError::Body)?, receipt))
                    })
                    .map_err(TxError::into_inner)
                })
                .await
                .map_err(|e| E::from(join_error(e)))?
            }
        }
    }

    /// Wakes `wake` whenever another process queues work, for as long as `shutdown` allows:
    /// a LISTEN connection of its own on PostgreSQL. `None` where the store has no such signal
    /// (SQLite: this process wakes its own dispatchers, and other processes poll).
    pub(crate) fn spawn_wake_listener(
        &self,
        wake: Arc<crate::wake::Wake>,
        shutdown: CancellationToken,
    ) -> Option<tokio::task::JoinHandle<()>> {
        match &self.kind {
            PoolKind::Pg(.., target) => {
                Some(tokio::spawn(pg::listen::listen(target.clone(), pg::listen::Wake(wake), shutdown)))
            }
            PoolKind::Sqlite(..) => None,
        }
    }

    /// Hears changes announced by any process (see `crate::cache`), for as long as `shutdown`
    /// allows: a LISTEN connection of its own on PostgreSQL. `None` on SQLite, whose caches
    /// therefore stay off.
    pub(crate) fn spawn_change_listener(
        &self,
        shutdown: CancellationToken,
    ) -> Option<tokio::task::JoinHandle<()>> {
        match &self.kind {
            PoolKind::Pg(.., target) => {
                Some(tokio::spawn(pg::listen::listen(target.clone(), self.changes.clone(), shutdown)))
            }
            PoolKind::Sqlite(..) => None,
        }
    }

    /// Lanes of a write batcher (`crate::batch`) on this pool: batches written at once. More
    /// lanes make batches smaller under the same load; four kept PostgreSQL busy in the workflow
    /// burst (docs/benchmarks.md). The embedded store has one: its one writer makes more lanes
    /// wait for each other, each holding a connection.
    /// `DATABASE_TIMEOUT` on PostgreSQL: what a caller may wait for its write, queueing
    /// included (`crate::batch`); `None` on SQLite.
    pub(crate) fn deadline(&self) -> Option<std::time::Duration> {
        match &self.kind {
            PoolKind::Pg(_, _, target) => Some(target.timeout),
            PoolKind::Sqlite(..) => None,
        }
    }

    pub(crate) fn write_lanes(&self) -> usize {
        match &self.kind {
            PoolKind::Pg(..) => 4,
            PoolKind::Sqlite(..) => 1,
        }
    }

    /// Connections `(in use, idle)` right now.
    pub(crate) fn connections(&self) -> (usize, usize) {
        let status = match &self.kind {
            PoolKind::Pg(p, ..) => p.status(),
            PoolKind::Sqlite(p, _) => p.status(),
        };
        (status.size.saturating_sub(status.available), status.available)
    }

    /// What this pool's change listener has heard.
    pub(crate) fn changes(&self) -> &Arc<ChangeFeed> {
        &self.changes
    }

    /// Tells workers in other processes that work was queued, after the commit that queued it:
    /// one coalesced NOTIFY per few milliseconds on PostgreSQL; nothing on SQLite (other
    /// processes poll).
    /// `token` names the signalling process (`crate::wake::Wake::token`).
    pub(crate) fn signal_other_processes(&self, token: &str) {
        if let PoolKind::Pg(pool, notify, _) = &self.kind {
            notify.signal(pool, token);
        }
    }
}

/// `DATABASE_TIMEOUT` counted from when a piece of work asked for its connection: the wait for
/// one and the work together end by it (docs/operations.md, "The database connection").
#[derive(Debug, Clone, Copy)]
struct Deadline {
    at: tokio::time::Instant,
    timeout: std::time::Duration,
}

impl Deadline {
    fn from_now(timeout: std::time::Duration) -> Self {
        Self { at: tokio::time::Instant::now() + timeout, timeout }
    }

    /// What is left of it for the work.
    fn left(&self) -> std::time::Duration {
        self.at.saturating_duration_since(tokio::time::Instant::now())
    }

    /// The work did not end in time: its connection is in an unknown state (a statement or a
    /// commit may be on its way), so it is closed, never handed out again, and the caller hears
    /// that the database is unavailable. A commit's outcome is then unknown (docs/operations.md).
    fn passed(&self, conn: pg::conn::PooledPg) -> EngineError {
        drop(deadpool::managed::Object::take(conn));
        EngineError::Unavailable(format!(
            "the database did not answer within DATABASE_TIMEOUT ({} ms)",
            self.timeout.as_millis()
        ))
    }
}

/// A write refused because the connection's node is in recovery (25006 `read_only_sql_transaction`).
fn on_a_standby(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::ReadOnlyTransaction, _)
    )
}

/// Pins the higher-ranked signature diesel-async's `transaction` needs.
fn pg_tx<R, E, F>(f: F) -> F
where
    F: for<'r> FnOnce(&'r mut AsyncPgConnection) -> BoxFuture<'r, Result<R, TxError<E>>> + Send,
{
    f
}
