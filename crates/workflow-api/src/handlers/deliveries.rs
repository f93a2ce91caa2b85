use super::{path_id, ts, LIST_LIMITS};
use crate::auth::Account;
use crate::error_codes as codes;
use crate::profile::{RUN_COMPLETED, RUN_FAILED, WEBHOOK_TEST};
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::pagination::{with_filters, Page};
use api_support::suggest::did_you_mean;
use api_support::views::AttemptOut;
use api_support::ApiError;
use delivery_engine::deliveries::{Delivery, DeliveryQuery, DeliveryStatus, LogPosition, ResendRule};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

/// The delivery log entry.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOut {
    pub delivery_id: String,
    pub endpoint_id: String,
    /// The event id receivers see (`<runId>:<event>`).
    pub event_id: String,
    pub event: String,
    pub status: &'static str,
    pub attempt_count: i32,
    pub response_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: String,
    pub next_attempt_at: Option<String>,
    /// Retention erased its payload (`PAYLOAD_RETENTION`): kept in the log, no longer re-sendable.
    pub payload_expired: bool,
}

/// The spec's vocabulary: `pending`, `delivered`, `failed` (awaiting retry), `dead_letter`.
pub fn status_name(s: DeliveryStatus) -> &'static str {
    match s {
        DeliveryStatus::Pending => "pending",
        DeliveryStatus::Failed => "failed",
        DeliveryStatus::Delivered => "delivered",
        DeliveryStatus::Dead => "dead_letter",
    }
}

/// The log's `status` filter, in the same vocabulary as [`status_name`].
pub fn parse_status(s: &str) -> Option<DeliveryStatus> {
    Some(match s {
        "pending" => DeliveryStatus::Pending,
        "failed" => DeliveryStatus::Failed,
        "delivered" => DeliveryStatus::Delivered,
        "dead_letter" => DeliveryStatus::Dead,
        _ => return None,
    })
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryWithAttempts {
    #[serde(flatten)]
    delivery: DeliveryOut,
    attempts: Vec<AttemptOut>,
}

impl From<Delivery> for DeliveryOut {
    fn from(d: Delivery) -> Self {
        Self {
            delivery_id: d.id.to_string(),
            endpoint_id: d.endpoint_id.to_string(),
            event_id: d.dedupe_key,
            event: d.event_type,
            status: status_name(d.status),
            attempt_count: d.attempt_count,
            response_code: d.last_response_code,
            last_error: d.last_error,
            created_at: ts(d.created_at),
            next_attempt_at: d.next_attempt_at.map(ts),
            payload_expired: d.payload_erased_at.is_some(),
        }
    }
}

fn parse_status_filter(query: &HashMap<String, String>) -> Result<Option<DeliveryStatus>, ApiError> {
    let Some(raw) = query.get("status") else { return Ok(None) };
    parse_status(raw).map(Some).ok_or_else(|| {
        ApiError::invalid(
            codes::INVALID_STATUS,
            "status must be one of pending, failed, delivered, dead_letter",
        )
    })
}

/// The delivery log, newest first, a page at a time (the `Link` to the next page, and the
/// `endpointId` and `event` filters, are extensions of the spec; its default answer is
/// unchanged: the newest `limit` entries as a bare array).
pub async fn list(
    state: web::Data<AppState>,
    account: Account,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page(&query)?;
    let filters = LogFilters::parse(&query)?;
    let q = DeliveryQuery {
        limit: page.rows_to_read(),
        after: page.after,
        status: filters.status,
        endpoint_id: filters.endpoint_id,
        event_type: filters.event.clone(),
        created_from: filters.created.from,
        created_before: filters.created.before,
        ..Default::default()
    };
    let rows = state
        .engine
        .list_deliveries(&account.0, &q)
        .await
        .map_err(|e| ApiError::from_engine(e, "delivery"))?;
    let log = Page::from_rows(rows, page.limit, LogPosition::of).map(DeliveryOut::from);
    Ok(log.respond(&with_filters("/webhooks/deliveries", &given_filters(&query)), &page))
}

/// The log's filters: `status`, `endpointId`, `event`, `createdFrom`, `createdBefore`.
struct LogFilters {
    status: Option<DeliveryStatus>,
    endpoint_id: Option<Uuid>,
    event: Option<String>,
    created: api_support::pagination::CreatedRange,
}

impl LogFilters {
    fn parse(query: &HashMap<String, String>) -> Result<Self, ApiError> {
        let endpoint_id = match query.get("endpointId") {
            None => None,
            Some(s) => Some(Uuid::parse_str(s).map_err(|_| {
                ApiError::invalid(codes::INVALID_ENDPOINT_ID, "endpointId must be an endpoint's UUID")
            })?),
        };
        let event = match query.get("event") {
            Some(e) if !LOG_EVENTS.contains(&e.as_str()) => {
                return Err(ApiError::invalid(
                    codes::INVALID_EVENTS,
                    format!(
                        "event must be one of {}{}",
                        LOG_EVENTS.join(", "),
                        did_you_mean(e, LOG_EVENTS.iter().copied())
                    ),
                ))
            }
            e => e.cloned(),
        };
        let created = api_support::pagination::created_range(query)?;
        Ok(Self { status: parse_status_filter(query)?, endpoint_id, event, created })
    }
}

/// The filters given, as the next page's link repeats them.
fn given_filters(query: &HashMap<String, String>) -> Vec<(&'static str, &str)> {
    ["status", "endpointId", "event", "createdFrom", "createdBefore"]
        .into_iter()
        .filter_map(|k| query.get(k).map(|v| (k, v.as_str())))
        .collect()
}

/// The event kinds of the log: the two a run emits, and the test event.
const LOG_EVENTS: &[&str] = &[RUN_COMPLETED, RUN_FAILED, WEBHOOK_TEST];

/// One delivery with its attempts (an extension of the spec).
pub async fn get(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "delivery")?;
    let not_found = |e| ApiError::from_engine(e, "delivery");
    let (delivery, attempts) = state.engine.get_delivery(&account.0, id).await.map_err(not_found)?;
    let attempts =
        AttemptOut::all_of(&state.engine, &account.0, &delivery, attempts).await.map_err(not_found)?;
    Ok(HttpResponse::Ok().json(DeliveryWithAttempts { delivery: delivery.into(), attempts }))
}

pub async fn retry(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "delivery")?;
    let delivery = state
        .engine
        .resend(&account.0, id, ResendRule::RejectDelivered)
        .await
        .map_err(|e| ApiError::from_engine(e, "delivery"))?;
    Ok(HttpResponse::Accepted().json(DeliveryOut::from(delivery)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_filter_takes_exactly_the_words_the_log_shows() {
        for s in
            [DeliveryStatus::Pending, DeliveryStatus::Failed, DeliveryStatus::Delivered, DeliveryStatus::Dead]
        {
            assert_eq!(parse_status(status_name(s)), Some(s));
        }
        for other in ["", "dead", "retrying", "Delivered", "failed "] {
            assert_eq!(parse_status(other), None, "{other:?}");
        }
    }
}
