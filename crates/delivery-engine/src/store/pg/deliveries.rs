//! PostgreSQL: the delivery log (see `store/deliveries.rs` for each operation's contract).

use super::rows::{AttemptRow, DeliveryRow};
use super::schema::{webhook_attempts, webhook_deliveries, webhook_endpoints, webhook_events};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::store::model::{
    key_is_id, key_or_id, like_prefix, stored_access, Attempt, Delivery, DeliveryQuery, KeyMatch,
    RequestParts,
};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The key of the log's indexes in place of the tenant's id: 8 bytes, where a campaign-api
/// workspace's id is 37 (migration 000021).
const TENANT_HASH: &str = "hashtextextended(webhook_deliveries.tenant_id, 0)";

pub(crate) async fn list_deliveries(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    let mut query = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        // The log index keys on a hash of the tenant (migration 000021): asked for as well.
        .filter(
            sql::<Bool>(&format!("{TENANT_HASH} = hashtextextended(")).bind::<Text, _>(tenant).sql(", 0)"),
        )
        .select(DeliveryRow::as_select())
        .order((webhook_deliveries::created_at.desc(), webhook_deliveries::id.desc()))
        .limit(q.limit)
        .into_boxed();
    if let Some(status) = q.status {
        // Written out, not bound: the planner then sees that the partial indexes of open
        // deliveries (the claim's, by endpoint: migration 000020) and dead ones (000017) hold
        // every row asked for.
        query = query.filter(sql::<Bool>(&status.log_condition("webhook_deliveries")));
    }
    if let Some(endpoint) = q.endpoint_id {
        query = query.filter(webhook_deliveries::endpoint_id.eq(endpoint));
    }
    if let Some(event) = q.event_id {
        query = query.filter(webhook_deliveries::event_id.eq(event));
    }
    if let Some(id) = q.delivery_id {
        query = query.filter(webhook_deliveries::id.eq(id));
    }
    if let Some(t) = &q.event_type {
        // The type index keys on one hash of tenant and type (migration 000021).
        query = query.filter(webhook_deliveries::event_type.eq(t.clone())).filter(
            sql::<Bool>(&format!(
                "hashtextextended(webhook_deliveries.event_type, {TENANT_HASH}) = hashtextextended("
            ))
            .bind::<Text, _>(t.clone())
            .sql(", hashtextextended(")
            .bind::<Text, _>(tenant.to_owned())
            .sql(", 0))"),
        );
    }
    if q.dedupe_key.is_some() {
        // The event's own tenant: the key is unique per tenant, and its index starts there.
        query = query.filter(webhook_events::tenant_id.eq(tenant));
    }
    match &q.dedupe_key {
        Some(KeyMatch::Exact(k)) => query = query.filter(key_is(k)),
        // Keys stored as given; an event stored without one (its key its id) is found exactly.
        Some(KeyMatch::Prefix(p)) => {
            query = query.filter(webhook_events::dedupe_key.like(like_prefix(p)).escape('\\'))
        }
        None => {}
    }
    if let Some(from) = q.created_from {
        query = query.filter(webhook_deliveries::created_at.ge(from));
    }
    if let Some(before) = q.created_before {
        query = query.filter(webhook_deliveries::created_at.lt(before));
    }
    if let Some(after) = q.after {
        // A row comparison, which the log indexes (…, created_at, id) answer as a range read
        // backwards: a deep page costs what the first does.
        query = query.filter(
            sql::<Bool>("(webhook_deliveries.created_at, webhook_deliveries.id) < (")
                .bind::<Timestamptz, _>(after.created_at)
                .sql(", ")
                .bind::<diesel::sql_types::Uuid, _>(after.id)
                .sql(")"),
        );
    }
    let rows: Vec<DeliveryRow> = query.load(conn).await?;
    rows.into_iter().map(Delivery::try_from).collect()
}

pub(crate) async fn get_delivery(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<(Delivery, Vec<Attempt>)> {
    // One statement, so the delivery and its attempts are read as of one moment.
    let rows: Vec<(DeliveryRow, Option<AttemptRow>)> = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .left_join(webhook_attempts::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        .filter(webhook_deliveries::id.eq(id))
        .order(webhook_attempts::id.asc())
        .select((DeliveryRow::as_select(), Option::<AttemptRow>::as_select()))
        .load(conn)
        .await?;
    let mut rows = rows.into_iter();
    let (delivery, first) = rows.next().ok_or(EngineError::NotFound)?;
    let attempts = first.into_iter().chain(rows.filter_map(|(_, a)| a)).map(Attempt::from).collect();
    Ok((Delivery::try_from(delivery)?, attempts))
}

pub(crate) async fn find_event_id(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    dedupe_key: &str,
) -> EngineResult<Option<Uuid>> {
    Ok(webhook_events::table
        .filter(webhook_events::tenant_id.eq(tenant))
        .filter(key_is(dedupe_key))
        .select(webhook_events::id)
        .first(conn)
        .await
        .optional()?)
}

/// The event whose dedupe key is `key`: stored as it, or stored without one when `key` is the
/// event's own id (`NewEventRow::stored_key`).
fn key_is<QS: 'static>(key: &str) -> Box<dyn BoxableExpression<QS, diesel::pg::Pg, SqlType = Bool>> {
    Box::new(
        sql::<Bool>("(webhook_events.dedupe_key = ")
            .bind::<Text, _>(key.to_owned())
            .sql(" OR (webhook_events.dedupe_key IS NULL AND webhook_events.id = ")
            .bind::<Nullable<diesel::sql_types::Uuid>, _>(key_is_id(key))
            .sql("))"),
    )
}

pub(crate) async fn request_parts(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<RequestParts> {
    type Row = (
        (String, String, Vec<u8>, Vec<u8>, Uuid, Uuid, String, Option<String>, Vec<u8>),
        (Option<String>, Option<String>),
    );
    let row: Option<Row> = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .inner_join(webhook_endpoints::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        .filter(webhook_deliveries::id.eq(id))
        .select((
            (
                webhook_endpoints::url,
                webhook_endpoints::secret_key_id,
                webhook_endpoints::secret_nonce,
                webhook_endpoints::secret_ciphertext,
                webhook_deliveries::endpoint_id,
                webhook_deliveries::event_id,
                webhook_events::event_type,
                webhook_events::dedupe_key,
                webhook_events::body,
            ),
            (webhook_endpoints::headers, webhook_endpoints::auth_summary),
        ))
        .first(conn)
        .await
        .optional()?;
    let (
        (url, key_id, nonce, ciphertext, endpoint_id, event_id, event_type, dedupe_key, body),
        (headers, auth),
    ) = row.ok_or(EngineError::NotFound)?;
    Ok(RequestParts {
        url,
        sealed_secret: SealedSecret { key_id, nonce, ciphertext },
        endpoint_id,
        event_id,
        event_type,
        dedupe_key: key_or_id(dedupe_key, event_id),
        body,
        access: stored_access(headers.as_deref(), auth.as_deref()),
    })
}
