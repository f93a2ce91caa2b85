//! PostgreSQL: the delivery log (see `store/deliveries.rs` for each operation's contract).

use super::rows::{AttemptRow, DeliveryRow};
use super::schema::{webhook_attempts, webhook_deliveries, webhook_events};
use crate::error::{EngineError, EngineResult};
use crate::store::model::{Attempt, Delivery, DeliveryQuery};
use diesel::prelude::*;
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
        query = query.filter(webhook_deliveries::status.eq(status.as_str()));
    }
    if let Some(endpoint) = q.endpoint_id {
        query = query.filter(webhook_deliveries::endpoint_id.eq(endpoint));
    }
    if let Some(event) = q.event_id {
        query = query.filter(webhook_deliveries::event_id.eq(event));
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
