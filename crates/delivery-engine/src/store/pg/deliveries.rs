//! PostgreSQL: the delivery log (see `store/deliveries.rs` for each operation's contract).

use super::rows::{AttemptRow, DeliveryRow};
use super::schema::{webhook_attempts, webhook_deliveries, webhook_endpoints, webhook_events};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::store::model::{like_prefix, Attempt, Delivery, DeliveryQuery, KeyMatch, RequestParts};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

pub(crate) async fn list_deliveries(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    q: &DeliveryQuery,
) -> EngineResult<Vec<Delivery>> {
    let mut query = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
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
        query = query.filter(webhook_deliveries::event_type.eq(t.clone()));
    }
    if q.dedupe_key.is_some() {
        // The event's own tenant: the key is unique per tenant, and its index starts there.
        query = query.filter(webhook_events::tenant_id.eq(tenant));
    }
    match &q.dedupe_key {
        Some(KeyMatch::Exact(k)) => query = query.filter(webhook_events::dedupe_key.eq(k.clone())),
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
        // A row comparison, which the log index (tenant_id, created_at DESC, id DESC) answers
        // as a range: a deep page costs what the first does.
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
        .filter(webhook_events::dedupe_key.eq(dedupe_key))
        .select(webhook_events::id)
        .first(conn)
        .await
        .optional()?)
}

pub(crate) async fn request_parts(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
) -> EngineResult<RequestParts> {
    type Row = (String, String, Vec<u8>, Vec<u8>, Uuid, Uuid, String, String, Vec<u8>);
    let row: Option<Row> = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .inner_join(webhook_endpoints::table)
        .filter(webhook_deliveries::tenant_id.eq(tenant))
        .filter(webhook_deliveries::id.eq(id))
        .select((
            webhook_endpoints::url,
            webhook_endpoints::secret_key_id,
            webhook_endpoints::secret_nonce,
            webhook_endpoints::secret_ciphertext,
            webhook_deliveries::endpoint_id,
            webhook_deliveries::event_id,
            webhook_events::event_type,
            webhook_events::dedupe_key,
            webhook_events::body,
        ))
        .first(conn)
        .await
        .optional()?;
    let (url, key_id, nonce, ciphertext, endpoint_id, event_id, event_type, dedupe_key, body) =
        row.ok_or(EngineError::NotFound)?;
    Ok(RequestParts {
        url,
        sealed_secret: SealedSecret { key_id, nonce, ciphertext },
        endpoint_id,
        event_id,
        event_type,
        dedupe_key,
        body,
    })
}
