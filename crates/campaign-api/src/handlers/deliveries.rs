use super::{engine_err, LIST_LIMITS};
use crate::error_codes as codes;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::pagination::{with_filters, Page, PageRequest};
use api_support::views::AttemptOut;
use api_support::{path_id, ts, ApiError};
use delivery_engine::deliveries::{Delivery, DeliveryQuery, DeliveryStatus, LogPosition, ResendRule};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

/// Delivery states as shown: `pending` (not attempted yet, or re-sent and not yet attempted),
/// `retrying` (attempted, awaiting an automatic retry), `delivered`, `dead` (replayable).
pub fn status_name(s: DeliveryStatus) -> &'static str {
    match s {
        DeliveryStatus::Pending => "pending",
        DeliveryStatus::Failed => "retrying",
        DeliveryStatus::Delivered => "delivered",
        DeliveryStatus::Dead => "dead",
    }
}

pub fn parse_status(s: &str) -> Option<DeliveryStatus> {
    Some(match s {
        "pending" => DeliveryStatus::Pending,
        "retrying" => DeliveryStatus::Failed,
        "delivered" => DeliveryStatus::Delivered,
        "dead" => DeliveryStatus::Dead,
        _ => return None,
    })
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOut {
    pub id: String,
    pub endpoint_id: String,
    pub event_id: String,
    pub event_type: String,
    pub status: &'static str,
    pub attempt_count: i32,
    pub last_response_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub next_attempt_at: Option<String>,
    pub delivered_at: Option<String>,
    /// Retention erased its payload (`PAYLOAD_RETENTION`): kept in the log, no longer replayable.
    pub payload_expired: bool,
}

impl From<Delivery> for DeliveryOut {
    fn from(d: Delivery) -> Self {
        Self {
            id: d.id.to_string(),
            endpoint_id: d.endpoint_id.to_string(),
            event_id: d.event_id.to_string(),
            event_type: d.event_type,
            status: status_name(d.status),
            attempt_count: d.attempt_count,
            last_response_code: d.last_response_code,
            last_error: d.last_error,
            created_at: ts(d.created_at),
            updated_at: ts(d.updated_at),
            next_attempt_at: d.next_attempt_at.map(ts),
            delivered_at: d.delivered_at.map(ts),
            payload_expired: d.payload_erased_at.is_some(),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryWithAttempts {
    #[serde(flatten)]
    delivery: DeliveryOut,
    attempts: Vec<AttemptOut>,
}

/// The log's filters ([`FILTERS`]) as a query for the rows of `page`.
fn parse_query(q: &HashMap<String, String>, page: &PageRequest) -> Result<DeliveryQuery, ApiError> {
    let status = match q.get("status") {
        None => None,
        Some(s) => Some(parse_status(s).ok_or_else(|| {
            ApiError::invalid(
                codes::INVALID_STATUS,
                "status must be one of pending, retrying, delivered, dead",
            )
        })?),
    };
    let endpoint_id = match q.get("endpointId") {
        None => None,
        Some(s) => Some(
            Uuid::parse_str(s)
                .map_err(|_| ApiError::invalid(codes::INVALID_ENDPOINT_ID, "endpointId must be a UUID"))?,
        ),
    };
    let event_type = match q.get("eventType") {
        Some(t) if crate::catalog::find(t).is_none() => {
            let hint = api_support::suggest::did_you_mean(t, crate::catalog::CATALOG.iter().map(|e| e.name));
            return Err(ApiError::invalid(
                codes::UNKNOWN_EVENT_TYPE,
                format!("eventType `{t}` is not in the catalog{hint} (GET /api/v1/event-types lists it)"),
            ));
        }
        t => t.cloned(),
    };
    let created = api_support::pagination::created_range(q)?;
    Ok(DeliveryQuery {
        limit: page.rows_to_read(),
        after: page.after,
        status,
        endpoint_id,
        event_type,
        created_from: created.from,
        created_before: created.before,
        ..Default::default()
    })
}

/// The filters given, as the next page's link repeats them.
fn given_filters(query: &HashMap<String, String>) -> Vec<(&'static str, &str)> {
    FILTERS.into_iter().filter_map(|k| query.get(k).map(|v| (k, v.as_str()))).collect()
}

/// The log's filters, as its query parameters name them.
const FILTERS: [&str; 5] = ["status", "endpointId", "eventType", "createdFrom", "createdBefore"];

pub async fn list(
    state: web::Data<AppState>,
    ws: Workspace,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page(&query)?;
    let q = parse_query(&query, &page)?;
    let rows = state.engine.list_deliveries(ws.tenant(), &q).await.map_err(|e| engine_err(e, "delivery"))?;
    let log = Page::from_rows(rows, page.limit, LogPosition::of).map(DeliveryOut::from);
    Ok(log.respond(&with_filters("/api/v1/webhook-deliveries", &given_filters(&query)), &page))
}

pub async fn get(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "delivery")?;
    let not_found = |e| engine_err(e, "delivery");
    let (d, attempts) = state.engine.get_delivery(ws.tenant(), id).await.map_err(not_found)?;
    let attempts = AttemptOut::all_of(&state.engine, ws.tenant(), &d, attempts).await.map_err(not_found)?;
    Ok(HttpResponse::Ok().json(DeliveryWithAttempts { delivery: d.into(), attempts }))
}

/// Sends the delivery now with the same delivery id. A dead or delivered delivery gets one
/// attempt; one awaiting retry is brought forward; one in flight is left to finish.
pub async fn replay(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "delivery")?;
    let d = state
        .engine
        .resend(ws.tenant(), id, ResendRule::AllowDelivered)
        .await
        .map_err(|e| engine_err(e, "delivery"))?;
    Ok(HttpResponse::Accepted().json(DeliveryOut::from(d)))
}
