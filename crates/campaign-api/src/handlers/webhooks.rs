use super::{engine_err, LIST_LIMITS};
use crate::error_codes as codes;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::endpoint_access::{
    auth_patch, certificate_patch, headers_in, headers_out, present, AuthIn, CertificateOut,
    ClientCertificateIn, HeadersJson,
};
use api_support::{path_id, ts, ApiError};
use delivery_engine::endpoints::{
    AuthSummary, Endpoint, EndpointAccess, EndpointAuth, EndpointPatch, NewEndpoint,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const MAX_URL_LEN: usize = 2048;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointIn {
    pub url: String,
    /// Absent, null or empty: every type.
    #[serde(default)]
    pub event_types: Option<Vec<String>>,
    /// Deliveries per second at most (absent or null: no limit).
    #[serde(default)]
    pub rate_limit: Option<i64>,
    /// Headers of the receiver's own, sent on every attempt (absent or null: none).
    #[serde(default)]
    pub headers: Option<HeadersJson>,
    /// A credential sent on every attempt (absent or null: none).
    #[serde(default)]
    pub auth: Option<AuthIn>,
    /// A client certificate presented on HTTPS attempts (absent or null: none).
    #[serde(default)]
    pub client_certificate: Option<ClientCertificateIn>,
    /// A content filter: only events whose envelope matches it are delivered (absent or null:
    /// every event of its types).
    #[serde(default)]
    pub filter: Option<serde_json::Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedOut {
    pub id: String,
    pub url: String,
    pub event_types: Vec<String>,
    pub secret: String,
    pub created_at: String,
    /// Only when set: the response to a registration without a limit is the spec's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_limit: Option<i32>,
    /// Only when set, as `rateLimit`.
    #[serde(skip_serializing_if = "HeadersJson::is_empty")]
    pub headers: HeadersJson,
    /// Only when set; never its secret.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth: Option<AuthSummary>,
    /// Only when set: its subject and expiry, never its key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_certificate: Option<CertificateOut>,
    /// Only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<serde_json::Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointOut {
    pub id: String,
    pub url: String,
    pub event_types: Vec<String>,
    pub disabled: bool,
    pub disabled_reason: Option<String>,
    /// Deliveries per second at most, per worker process (`null`: no limit).
    pub rate_limit: Option<i32>,
    /// Headers of the receiver's own (`{}`: none).
    pub headers: HeadersJson,
    /// The credential without its secret (`null`: none).
    pub auth: Option<AuthSummary>,
    /// The client certificate's subject and expiry (`null`: none).
    pub client_certificate: Option<CertificateOut>,
    /// The content filter (`null`: none).
    pub filter: Option<serde_json::Value>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<Endpoint> for EndpointOut {
    fn from(e: Endpoint) -> Self {
        Self {
            id: e.id.to_string(),
            url: e.url,
            event_types: e.event_types,
            disabled: e.disabled_at.is_some(),
            disabled_reason: e.disabled_reason,
            rate_limit: e.rate_limit_per_s,
            headers: headers_out(e.headers),
            auth: e.auth,
            client_certificate: e.client_certificate.map(CertificateOut::from),
            filter: e.content_filter,
            created_at: ts(e.created_at),
            updated_at: ts(e.updated_at),
        }
    }
}

pub fn check_url(url: &str) -> Result<(), ApiError> {
    if url.len() > MAX_URL_LEN {
        return Err(ApiError::invalid(
            codes::INVALID_URL,
            format!("the URL is longer than {MAX_URL_LEN} characters"),
        ));
    }
    Ok(())
}

pub async fn create(
    state: web::Data<AppState>,
    ws: Workspace,
    body: web::Json<EndpointIn>,
) -> Result<HttpResponse, ApiError> {
    let EndpointIn { url, event_types, rate_limit, headers, auth, client_certificate, filter } =
        body.into_inner();
    check_url(&url)?;
    let created = state
        .engine
        .create_endpoint(
            ws.tenant(),
            NewEndpoint {
                url,
                event_types: event_types.unwrap_or_default(),
                rate_limit_per_s: rate_limit,
                access: EndpointAccess {
                    headers: headers_in(headers),
                    auth: auth.map(EndpointAuth::from),
                    client_certificate: client_certificate.map(Into::into),
                },
                content_filter: filter,
            },
        )
        .await
        .map_err(|e| engine_err(e, "webhook"))?;
    let e = created.endpoint;
    Ok(HttpResponse::Created().json(CreatedOut {
        id: e.id.to_string(),
        url: e.url,
        event_types: e.event_types,
        secret: created.secret.expose().to_owned(),
        created_at: ts(e.created_at),
        rate_limit: e.rate_limit_per_s,
        headers: headers_out(e.headers),
        auth: e.auth,
        client_certificate: e.client_certificate.map(CertificateOut::from),
        filter: e.content_filter,
    }))
}

/// Every endpoint, oldest first; a page of them with `limit` (or `after`), and a `Link` to the next.
pub async fn list(
    state: web::Data<AppState>,
    ws: Workspace,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page_if_asked(&query)?;
    api_support::pagination::endpoints(
        &state.engine,
        ws.tenant(),
        page,
        "/api/v1/webhooks",
        EndpointOut::from,
    )
    .await
    .map_err(|e| engine_err(e, "webhook"))
}

pub async fn get(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "webhook")?;
    let e = state.engine.get_endpoint(ws.tenant(), id).await.map_err(|e| engine_err(e, "webhook"))?;
    Ok(HttpResponse::Ok().json(EndpointOut::from(e)))
}

/// `null` and absent differ in a PATCH (`present`): absent keeps the value; for `eventTypes`,
/// `null` or `[]` means every type; for `rateLimit`, `headers`, `auth`, `clientCertificate` and
/// `filter`, `null` removes it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointPatchIn {
    pub url: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub event_types: Option<Option<Vec<String>>>,
    pub disabled: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    pub rate_limit: Option<Option<i64>>,
    #[serde(default, deserialize_with = "present")]
    pub headers: Option<Option<HeadersJson>>,
    #[serde(default, deserialize_with = "present")]
    pub auth: Option<Option<AuthIn>>,
    #[serde(default, deserialize_with = "present")]
    pub client_certificate: Option<Option<ClientCertificateIn>>,
    #[serde(default, deserialize_with = "present")]
    pub filter: Option<Option<serde_json::Value>>,
}

pub async fn update(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
    body: web::Json<EndpointPatchIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "webhook")?;
    let patch = body.into_inner();
    if let Some(url) = &patch.url {
        check_url(url)?;
    }
    let e = state
        .engine
        .update_endpoint(
            ws.tenant(),
            id,
            EndpointPatch {
                url: patch.url,
                event_types: patch.event_types.map(Option::unwrap_or_default),
                disabled: patch.disabled,
                disabled_reason: patch.disabled.filter(|d| *d).map(|_| "disabled through the API".to_owned()),
                rate_limit_per_s: patch.rate_limit,
                headers: patch.headers.map(headers_in),
                auth: auth_patch(patch.auth),
                client_certificate: certificate_patch(patch.client_certificate),
                content_filter: patch.filter,
            },
        )
        .await
        .map_err(|e| engine_err(e, "webhook"))?;
    Ok(HttpResponse::Ok().json(EndpointOut::from(e)))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RotatedOut {
    id: String,
    secret: String,
}

/// A new signing secret for the endpoint (an extension of the spec), returned only here.
pub async fn rotate_secret(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "webhook")?;
    let secret = state.engine.rotate_secret(ws.tenant(), id).await.map_err(|e| engine_err(e, "webhook"))?;
    Ok(HttpResponse::Ok().json(RotatedOut { id: id.to_string(), secret: secret.expose().to_owned() }))
}

pub async fn delete(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "webhook")?;
    state.engine.delete_endpoint(ws.tenant(), id).await.map_err(|e| engine_err(e, "webhook"))?;
    Ok(HttpResponse::NoContent().finish())
}
