//! PostgreSQL pools (diesel-async on deadpool).

use crate::error::{EngineError, EngineResult};
use crate::store::model::Commit;
use diesel::ConnectionError;
use diesel_async::pooled_connection::deadpool::Pool as DeadPool;
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig};
use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
use std::time::Duration;

pub(crate) type PgPool = DeadPool<AsyncPgConnection>;

/// A pool whose waits (for a connection, a new connection, a health check) end after `timeout`.
pub(crate) fn pool(
    database_url: &str,
    max_size: usize,
    commit: Commit,
    timeout: Duration,
) -> EngineResult<PgPool> {
    let manager = match commit {
        Commit::Durable => AsyncDieselConnectionManager::<AsyncPgConnection>::new(database_url),
        Commit::Asynchronous => {
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
            AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config)
        }
    };
    DeadPool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(timeout))
        .create_timeout(Some(timeout))
        .recycle_timeout(Some(timeout))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))
}
