//! The example's HTTP API: endpoints, the two invoice events and the delivery log.
//! Each handler checks its input and calls the engine; api-support turns every error into
//! JSON `{"code", "detail"}`.

use crate::catalog::{self, INVOICE_PAID, INVOICE_VOIDED};
use actix_web::{web, HttpResponse};
use api_support::auth::Authenticated;
use api_support::{codes, path_id, ts, ApiError};
use delivery_engine::deliveries::DeliveryQuery;
use delivery_engine::endpoints::NewEndpoint;
use delivery_engine::{Engine, Enqueued, NewEvent, Tenant};
use serde::Deserialize;
use serde_json::json;

/// Every route [`routes`] registers, as (method, pattern): all of them take an API key (the
/// runner's authentication step reads this table).
pub const ROUTES: &[(&str, &str)] = &[
    ("POST", "/v1/endpoints"),
    ("GET", "/v1/endpoints"),
    ("DELETE", "/v1/endpoints/{id}"),
    ("POST", "/v1/invoices/{id}/paid"),
    ("POST", "/v1/invoices/{id}/voided"),
    ("GET", "/v1/deliveries"),
];

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/v1/endpoints", web::post().to(create_endpoint))
        .route("/v1/endpoints", web::get().to(list_endpoints))
        .route("/v1/endpoints/{id}", web::delete().to(delete_endpoint))
        .route("/v1/invoices/{id}/paid", web::post().to(invoice_paid))
        .route("/v1/invoices/{id}/voided", web::post().to(invoice_voided))
        .route("/v1/deliveries", web::get().to(deliveries));
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct EndpointIn {
    url: String,
    /// Empty or absent: every type.
    #[serde(default)]
    event_types: Vec<String>,
}

async fn create_endpoint(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
    body: web::Json<EndpointIn>,
) -> Result<HttpResponse, ApiError> {
    let EndpointIn { url, event_types } = body.into_inner();
    let new = NewEndpoint { url, event_types, rate_limit_per_s: None, ..Default::default() };
    let created =
        engine.create_endpoint(&tenant, new).await.map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    let e = &created.endpoint;
    let out =
        json!({ "id": e.id, "url": e.url, "eventTypes": e.event_types, "secret": created.secret.expose() });
    Ok(HttpResponse::Created().json(out))
}

async fn list_endpoints(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
) -> Result<HttpResponse, ApiError> {
    let endpoints = engine.list_endpoints(&tenant).await?;
    let out: Vec<_> =
        endpoints.iter().map(|e| json!({ "id": e.id, "url": e.url, "eventTypes": e.event_types })).collect();
    Ok(HttpResponse::Ok().json(out))
}

async fn delete_endpoint(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "endpoint")?;
    engine.delete_endpoint(&tenant, id).await.map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PaidIn {
    amount_cents: u64,
    currency: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VoidedIn {
    reason: String,
}

async fn invoice_paid(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
    id: web::Path<String>,
    body: web::Json<PaidIn>,
) -> Result<HttpResponse, ApiError> {
    let PaidIn { amount_cents, currency } = body.into_inner();
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ApiError::invalid(codes::INVALID_BODY, "`currency` is an ISO 4217 code such as EUR"));
    }
    let data = json!({ "invoiceId": *id, "amountCents": amount_cents, "currency": currency });
    emit(&tenant, &engine, INVOICE_PAID, &id, data).await
}

async fn invoice_voided(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
    id: web::Path<String>,
    body: web::Json<VoidedIn>,
) -> Result<HttpResponse, ApiError> {
    let data = json!({ "invoiceId": *id, "reason": body.into_inner().reason });
    emit(&tenant, &engine, INVOICE_VOIDED, &id, data).await
}

/// Queues one event for every endpoint that takes its type. An invoice is paid (or voided) once:
/// the same call again queues nothing (the dedupe key is `<invoiceId>:<type>`).
async fn emit(
    tenant: &Tenant,
    engine: &Engine,
    event_type: &str,
    invoice: &str,
    data: serde_json::Value,
) -> Result<HttpResponse, ApiError> {
    if invoice.is_empty() || invoice.len() > 64 || api_support::has_control_chars(invoice) {
        return Err(ApiError::invalid(codes::INVALID_TEXT, "an invoice id is 1 to 64 printable characters"));
    }
    let body = catalog::body(event_type, data);
    let key = format!("{invoice}:{event_type}");
    let event = NewEvent { tenant, event_type, dedupe_key: &key, body: &body, only_endpoint: None, id: None };
    let (event_id, duplicate) = match engine.enqueue_now(event).await? {
        Enqueued::New { event_id, .. } => (event_id, false),
        Enqueued::Duplicate { event_id } => (event_id, true),
    };
    Ok(HttpResponse::Accepted().json(json!({ "eventId": event_id, "duplicate": duplicate })))
}

/// The newest 100 deliveries.
async fn deliveries(
    Authenticated(tenant): Authenticated,
    engine: web::Data<Engine>,
) -> Result<HttpResponse, ApiError> {
    let query = DeliveryQuery { limit: 100, ..Default::default() };
    let log = engine.list_deliveries(&tenant, &query).await?;
    let out: Vec<_> = log
        .iter()
        .map(|d| {
            json!({ "id": d.id, "endpointId": d.endpoint_id, "eventId": d.event_id, "eventType": d.event_type,
                    "status": d.status.as_str(), "attempts": d.attempt_count, "createdAt": ts(d.created_at) })
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}
