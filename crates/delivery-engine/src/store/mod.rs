//! PostgreSQL through diesel-async. All SQL of the project's delivery tables lives under this
//! module; every query that reads tenant data filters by tenant inside the query.

pub(crate) mod idempotency;
pub(crate) mod queue;
pub(crate) mod schema;

use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::pooled_connection::deadpool::Pool as DeadPool;
use diesel_async::pooled_connection::AsyncDieselConnectionManager;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use schema::{webhook_attempts, webhook_deliveries, webhook_endpoints, webhook_events};
use serde::Serialize;
use uuid::Uuid;

pub use diesel_async::AsyncPgConnection as PgConnection;
pub type Pool = DeadPool<AsyncPgConnection>;
pub type PooledConnection = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

/// The engine's own migrations; services embed theirs and pass both to [`run_migrations`].
pub const ENGINE_MIGRATIONS: diesel_migrations::EmbeddedMigrations =
    diesel_migrations::embed_migrations!("../../migrations/engine");

/// How long a caller waits for a pooled connection, a new connection or a health check before
/// the database counts as unavailable (a 503, never a hang).
pub const POOL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

fn build_pool(
    manager: AsyncDieselConnectionManager<AsyncPgConnection>,
    max_size: usize,
) -> EngineResult<Pool> {
    DeadPool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(POOL_TIMEOUT))
        .create_timeout(Some(POOL_TIMEOUT))
        .recycle_timeout(Some(POOL_TIMEOUT))
        .build()
        .map_err(|e| EngineError::Unavailable(e.to_string()))
}

pub fn connect_pool(database_url: &str, max_size: usize) -> EngineResult<Pool> {
    build_pool(AsyncDieselConnectionManager::<AsyncPgConnection>::new(database_url), max_size)
}

/// A pool for dispatchers: its connections commit asynchronously (`synchronous_commit = off`).
///
/// Safe because a dispatcher writes only claims and outcomes, and losing either in a database
/// crash leads to a re-send, never a loss: a lost claim leaves the row claimable; a lost outcome
/// leaves the lease to expire; the fence rejects the late result of the first attempt. Events
/// themselves are written by the caller's own (durable) transaction. It takes a WAL flush off
/// the path of every claim, which is most of the delivery latency.
pub fn connect_worker_pool(database_url: &str, max_size: usize) -> EngineResult<Pool> {
    use diesel::ConnectionError;
    use diesel_async::pooled_connection::ManagerConfig;
    use diesel_async::SimpleAsyncConnection;
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
    build_pool(
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config),
        max_size,
    )
}

/// Applies every pending migration of each set, in order, under an advisory lock so that
/// several processes starting at once migrate exactly once.
pub async fn run_migrations(
    database_url: &str,
    sets: Vec<diesel_migrations::EmbeddedMigrations>,
) -> EngineResult<()> {
    use diesel::Connection;
    use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
    use diesel_migrations::MigrationHarness;

    let url = database_url.to_owned();
    tokio::task::spawn_blocking(move || -> EngineResult<()> {
        let mut conn = <AsyncConnectionWrapper<AsyncPgConnection> as Connection>::establish(&url)
            .map_err(|e| EngineError::Unavailable(e.to_string()))?;
        diesel::RunQueryDsl::execute(diesel::sql_query("SELECT pg_advisory_lock(7262031001)"), &mut conn)?;
        let result = sets.into_iter().try_for_each(|set| {
            conn.run_pending_migrations(set).map(|_| ()).map_err(|e| EngineError::Migration(e.to_string()))
        });
        diesel::RunQueryDsl::execute(diesel::sql_query("SELECT pg_advisory_unlock(7262031001)"), &mut conn)?;
        result
    })
    .await
    .map_err(|e| EngineError::Migration(e.to_string()))?
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

#[derive(Insertable)]
#[diesel(table_name = webhook_endpoints)]
pub(crate) struct EndpointRow<'a> {
    pub id: Uuid,
    pub tenant_id: &'a str,
    pub url: &'a str,
    pub event_types: &'a [String],
    pub secret_key_id: &'a str,
    pub secret_nonce: &'a [u8],
    pub secret_ciphertext: &'a [u8],
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
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

type DeliveryTuple = (
    Uuid,
    Uuid,
    Uuid,
    String,
    String,
    String,
    i32,
    Option<i32>,
    Option<String>,
    DateTime<Utc>,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

impl TryFrom<DeliveryTuple> for Delivery {
    type Error = EngineError;
    fn try_from(t: DeliveryTuple) -> Result<Self, EngineError> {
        let status = DeliveryStatus::parse(&t.5).ok_or_else(|| {
            EngineError::Database(diesel::result::Error::DeserializationError(
                format!("unknown delivery status `{}`", t.5).into(),
            ))
        })?;
        Ok(Delivery {
            id: t.0,
            endpoint_id: t.1,
            event_id: t.2,
            event_type: t.3,
            dedupe_key: t.4,
            status,
            attempt_count: t.6,
            last_response_code: t.7,
            last_error: t.8,
            created_at: t.9,
            updated_at: t.10,
            next_attempt_at: t.11,
            delivered_at: t.12,
        })
    }
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

macro_rules! delivery_columns {
    () => {
        (
            webhook_deliveries::id,
            webhook_deliveries::endpoint_id,
            webhook_deliveries::event_id,
            webhook_events::event_type,
            webhook_events::dedupe_key,
            webhook_deliveries::status,
            webhook_deliveries::attempt_count,
            webhook_deliveries::last_response_code,
            webhook_deliveries::last_error,
            webhook_deliveries::created_at,
            webhook_deliveries::updated_at,
            webhook_deliveries::next_attempt_at,
            webhook_deliveries::delivered_at,
        )
    };
}

pub(crate) async fn insert_endpoint(
    conn: &mut AsyncPgConnection,
    row: EndpointRow<'_>,
) -> EngineResult<Endpoint> {
    Ok(diesel::insert_into(webhook_endpoints::table)
        .values(&row)
        .returning(Endpoint::as_returning())
        .get_result(conn)
        .await?)
}

pub(crate) async fn list_endpoints(
    conn: &mut AsyncPgConnection,
    tenant: &str,
) -> EngineResult<Vec<Endpoint>> {
    Ok(webhook_endpoints::table
        .filter(webhook_endpoints::tenant_id.eq(tenant))
        .filter(webhook_endpoints::deleted_at.is_null())
        .order((webhook_endpoints::created_at.asc(), webhook_endpoints::id.asc()))
        .select(Endpoint::as_select())
        .load(conn)
        .await?)
}

pub(crate) async fn get_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<Endpoint> {
    webhook_endpoints::table
        .filter(webhook_endpoints::id.eq(id))
        .filter(webhook_endpoints::tenant_id.eq(tenant))
        .filter(webhook_endpoints::deleted_at.is_null())
        .select(Endpoint::as_select())
        .first(conn)
        .await
        .optional()?
        .ok_or(EngineError::NotFound)
}

#[derive(Debug, Default, AsChangeset)]
#[diesel(table_name = webhook_endpoints)]
pub(crate) struct EndpointChanges {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    pub disabled_at: Option<Option<DateTime<Utc>>>,
    pub disabled_reason: Option<Option<String>>,
    /// Cleared on re-enabling, so the failure window starts afresh.
    pub failing_since: Option<Option<DateTime<Utc>>>,
    pub updated_at: Option<DateTime<Utc>>,
}

pub(crate) async fn update_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    let disabling = changes.disabled_at.map(|d| d.is_some());
    conn.transaction(async |conn| {
        let endpoint: Endpoint = diesel::update(
            webhook_endpoints::table
                .filter(webhook_endpoints::id.eq(id))
                .filter(webhook_endpoints::tenant_id.eq(tenant))
                .filter(webhook_endpoints::deleted_at.is_null()),
        )
        .set(&changes)
        .returning(Endpoint::as_returning())
        .get_result(conn)
        .await
        .optional()?
        .ok_or(EngineError::NotFound)?;
        match disabling {
            // Parked: a disabled endpoint's deliveries leave the queue until it is enabled again.
            Some(true) => queue::park_endpoint(conn, id).await?,
            Some(false) => queue::unpark_endpoint(conn, id, now).await?,
            None => {}
        }
        Ok(endpoint)
    })
    .await
}

pub(crate) async fn load_sealed_secret(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<SealedSecret> {
    let (key_id, nonce, ciphertext) = webhook_endpoints::table
        .filter(webhook_endpoints::id.eq(id))
        .filter(webhook_endpoints::tenant_id.eq(tenant))
        .filter(webhook_endpoints::deleted_at.is_null())
        .select((
            webhook_endpoints::secret_key_id,
            webhook_endpoints::secret_nonce,
            webhook_endpoints::secret_ciphertext,
        ))
        .first::<(String, Vec<u8>, Vec<u8>)>(conn)
        .await
        .optional()?
        .ok_or(EngineError::NotFound)?;
    Ok(SealedSecret { key_id, nonce, ciphertext })
}

pub(crate) async fn store_secret(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    sealed: &SealedSecret,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    let n = diesel::update(
        webhook_endpoints::table
            .filter(webhook_endpoints::id.eq(id))
            .filter(webhook_endpoints::tenant_id.eq(tenant))
            .filter(webhook_endpoints::deleted_at.is_null()),
    )
    .set((
        webhook_endpoints::secret_key_id.eq(&sealed.key_id),
        webhook_endpoints::secret_nonce.eq(&sealed.nonce),
        webhook_endpoints::secret_ciphertext.eq(&sealed.ciphertext),
        webhook_endpoints::updated_at.eq(now),
    ))
    .execute(conn)
    .await?;
    if n == 0 {
        return Err(EngineError::NotFound);
    }
    Ok(())
}

/// Soft-deletes the endpoint (its delivery log stays readable) and ends its open deliveries.
pub(crate) async fn delete_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    conn.transaction(async |conn| {
        let n = diesel::update(
            webhook_endpoints::table
                .filter(webhook_endpoints::id.eq(id))
                .filter(webhook_endpoints::tenant_id.eq(tenant))
                .filter(webhook_endpoints::deleted_at.is_null()),
        )
        .set((webhook_endpoints::deleted_at.eq(now), webhook_endpoints::updated_at.eq(now)))
        .execute(conn)
        .await?;
        if n == 0 {
            return Err(EngineError::NotFound);
        }
        queue::end_open_deliveries(conn, id, "endpoint deleted", now).await
    })
    .await
}

pub(crate) async fn list_deliveries(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    let mut query = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        .select(delivery_columns!())
        .order((webhook_deliveries::created_at.desc(), webhook_deliveries::id.desc()))
        .limit(q.limit)
        .into_boxed();
    if let Some(status) = q.status {
        query = query.filter(webhook_deliveries::status.eq(status.as_str()));
    }
    if let Some(endpoint) = q.endpoint_id {
        query = query.filter(webhook_deliveries::endpoint_id.eq(endpoint));
    }
    if let Some(event) = q.event_id {
        query = query.filter(webhook_deliveries::event_id.eq(event));
    }
    let rows: Vec<DeliveryTuple> = query.load(conn).await?;
    rows.into_iter().map(Delivery::try_from).collect()
}

pub(crate) async fn get_delivery(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    let row: DeliveryTuple = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        .filter(webhook_deliveries::id.eq(id))
        .select(delivery_columns!())
        .first(conn)
        .await
        .optional()?
        .ok_or(EngineError::NotFound)?;
    let attempts = webhook_attempts::table
        .filter(webhook_attempts::delivery_id.eq(id))
        .order(webhook_attempts::id.asc())
        .select(Attempt::as_select())
        .load(conn)
        .await?;
    Ok((Delivery::try_from(row)?, attempts))
}

pub(crate) async fn find_event_id(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    Ok(webhook_events::table
        .filter(webhook_events::tenant_id.eq(tenant))
        .filter(webhook_events::dedupe_key.eq(dedupe_key))
        .select(webhook_events::id)
        .first(conn)
        .await
        .optional()?)
}
