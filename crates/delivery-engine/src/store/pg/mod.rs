//! PostgreSQL: endpoints and the delivery log, in diesel's query builder. The queue's SQL is in
//! `queue.rs`, idempotency keys in `idempotency.rs`.

pub(crate) mod idempotency;
pub(crate) mod queue;
pub(crate) mod schema;

use super::{Attempt, Delivery, DeliveryQuery, DeliveryStatus, Endpoint, EndpointChanges, EndpointRow};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use schema::{webhook_attempts, webhook_deliveries, webhook_endpoints, webhook_events};
use uuid::Uuid;

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
        let status = DeliveryStatus::parse_stored(&t.5)?;
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

#[derive(Insertable)]
#[diesel(table_name = webhook_endpoints)]
struct NewEndpointRow<'a> {
    id: Uuid,
    tenant_id: &'a str,
    url: &'a str,
    event_types: &'a [String],
    secret_key_id: &'a str,
    secret_nonce: &'a [u8],
    secret_ciphertext: &'a [u8],
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

pub(crate) async fn insert_endpoint(
    conn: &mut AsyncPgConnection,
    row: EndpointRow<'_>,
) -> EngineResult<Endpoint> {
    let row = NewEndpointRow {
        id: row.id,
        tenant_id: row.tenant_id,
        url: row.url,
        event_types: row.event_types,
        secret_key_id: &row.sealed.key_id,
        secret_nonce: &row.sealed.nonce,
        secret_ciphertext: &row.sealed.ciphertext,
        created_at: row.created_at,
        updated_at: row.created_at,
    };
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

#[derive(AsChangeset)]
#[diesel(table_name = webhook_endpoints)]
struct Changeset {
    url: Option<String>,
    event_types: Option<Vec<String>>,
    disabled_at: Option<Option<DateTime<Utc>>>,
    disabled_reason: Option<Option<String>>,
    failing_since: Option<Option<DateTime<Utc>>>,
    updated_at: Option<DateTime<Utc>>,
}

pub(crate) async fn update_endpoint(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    changes: EndpointChanges,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    let disabling = changes.disabled_at.map(|d| d.is_some());
    let changes = Changeset {
        url: changes.url,
        event_types: changes.event_types,
        disabled_at: changes.disabled_at,
        disabled_reason: changes.disabled_reason,
        failing_since: changes.failing_since,
        updated_at: changes.updated_at,
    };
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
