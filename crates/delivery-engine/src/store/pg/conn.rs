//! PostgreSQL pools (diesel-async on deadpool).

use super::connect::PgTarget;
use crate::error::{EngineError, EngineResult};
use crate::store::model::Commit;
use diesel::ConnectionError;
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, PoolError, PoolableConnection,
};
use diesel_async::{AsyncPgConnection, SimpleAsyncConnection};
use std::sync::Arc;
use std::time::Duration;

pub(crate) type PgPool = deadpool::managed::Pool<Manager>;
/// A connection out of the pool, back in it when dropped.
pub(crate) type PooledPg = deadpool::managed::Object<Manager>;

/// A connection idle for longer than this is checked with a query before it is handed out (that
/// it works and is on a primary: one on a node in recovery, demoted by a failover while it sat
/// in the pool, is dropped); one used more recently is only checked for a broken state. Under load every checkout is
/// then free of extra statements (each would be a transaction of its own), and a connection
/// that died while idle, in a database restart say, is still replaced before use.
const VERIFY_AFTER_IDLE: Duration = Duration::from_secs(1);

/// diesel-async's manager, verifying only connections that sat idle.
pub(crate) struct Manager {
    inner: AsyncDieselConnectionManager<AsyncPgConnection>,
}

impl std::fmt::Debug for Manager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Manager").finish_non_exhaustive()
    }
}

impl deadpool::managed::Manager for Manager {
    type Type = AsyncPgConnection;
    type Error = PoolError;

    async fn create(&self) -> Result<AsyncPgConnection, PoolError> {
        self.inner.create().await
    }

    async fn recycle(
        &self,
        conn: &mut AsyncPgConnection,
        metrics: &deadpool::managed::Metrics,
    ) -> deadpool::managed::RecycleResult<PoolError> {
        if metrics.last_used() >= VERIFY_AFTER_IDLE {
            return on_a_primary(conn).await;
        }
        if std::thread::panicking() || conn.is_broken() {
            return Err(deadpool::managed::RecycleError::Message("broken connection".into()));
        }
        Ok(())
    }
}

/// The idle check: the connection answers, and not from a node in recovery.
async fn on_a_primary(conn: &mut AsyncPgConnection) -> deadpool::managed::RecycleResult<PoolError> {
    #[derive(diesel::QueryableByName)]
    struct Recovery {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        in_recovery: bool,
    }
    let row: Recovery = diesel_async::RunQueryDsl::get_result(
        diesel::sql_query("SELECT pg_is_in_recovery() AS in_recovery"),
        conn,
    )
    .await
    .map_err(|e| deadpool::managed::RecycleError::Message(e.to_string().into()))?;
    match row.in_recovery {
        true => Err(deadpool::managed::RecycleError::Message("the node is in recovery (a standby)".into())),
        false => Ok(()),
    }
}

/// A pool of connections to `target` (`connect.rs`), whose waits (for a connection, a new
/// connection, a health check) end after its `DATABASE_TIMEOUT`.
pub(crate) fn pool(target: Arc<PgTarget>, max_size: usize, commit: Commit) -> EngineResult<PgPool> {
    let timeout = target.timeout;
    let mut config = ManagerConfig::default();
    config.custom_setup = Box::new(move |_url| {
        let target = target.clone();
        Box::pin(async move {
            let mut conn = target.connect().await?;
            if commit == Commit::Asynchronous {
                conn.batch_execute("SET synchronous_commit = off")
                    .await
                    .map_err(ConnectionError::CouldntSetupConfiguration)?;
            }
            Ok(conn)
        })
    });
    // The URL is the target's; the manager's own copy is never used to connect.
    let inner = AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config("postgres://", config);
    deadpool::managed::Pool::builder(Manager { inner })
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(timeout))
        .create_timeout(Some(timeout))
        .recycle_timeout(Some(timeout))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))
}
