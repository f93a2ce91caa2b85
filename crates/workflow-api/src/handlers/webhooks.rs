use super::{path_id, ts, LIST_LIMITS};
use crate::auth::Account;
use crate::error_codes as codes;
use crate::profile::{SUBSCRIBABLE, WEBHOOK_TEST};
use crate::test_event::{self, TestEventError};
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::endpoint_access::{
    auth_patch, certificate_patch, headers_in, headers_out, present, AuthIn, CertificateOut,
    ClientCertificateIn, HeadersJson,
};
use api_support::ApiError;
use delivery_engine::endpoints::{AuthSummary, Endpoint, EndpointAccess, EndpointAuth, NewEndpoint};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Longest accepted endpoint URL.
pub const MAX_URL_LEN: usize = 2048;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndpointIn {
    pub url: String,
    pub events: Vec<String>,
    /// Deliveries per second at most (an extension; absent or null: no limit).
    #[serde(default, rename = "rateLimit")]
    pub rate_limit: Option<i64>,
    /// Headers of the receiver's own, sent on every attempt (an extension; absent or null: none).
    #[serde(default)]
    pub headers: Option<HeadersJson>,
    /// A credential sent on every attempt (an extension; absent or null: none).
    #[serde(default)]
    pub auth: Option<AuthIn>,
    /// A client certificate presented on HTTPS attempts (an extension; absent or null: none).
    #[serde(default, rename = "clientCertificate")]
    pub client_certificate: Option<ClientCertificateIn>,
    /// A content filter: only runs whose event body matches it are delivered (an extension;
    /// absent or null: every run of its events).
    #[serde(default)]
    pub filter: Option<serde_json::Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointOut {
    pub endpoint_id: String,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: String,
    /// Set when deliveries stopped: the endpoint answered 410 Gone or kept failing.
    pub disabled: bool,
    pub disabled_reason: Option<String>,
    pub disabled_at: Option<String>,
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
}

impl From<Endpoint> for EndpointOut {
    fn from(e: Endpoint) -> Self {
        Self {
            endpoint_id: e.id.to_string(),
            url: e.url,
            events: e.event_types,
            created_at: ts(e.created_at),
            disabled: e.disabled_at.is_some(),
            disabled_reason: e.disabled_reason,
            disabled_at: e.disabled_at.map(ts),
            rate_limit: e.rate_limit_per_s,
            headers: headers_out(e.headers),
            auth: e.auth,
            client_certificate: e.client_certificate.map(CertificateOut::from),
            filter: e.content_filter,
        }
    }
}

/// Re-enables an endpoint the engine disabled; its parked deliveries resume.
pub async fn enable(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let patch = delivery_engine::endpoints::EndpointPatch { disabled: Some(false), ..Default::default() };
    apply(&state, &account, &id, patch).await
}

/// Applies `patch` to the account's endpoint `id` and answers it as it now is.
async fn apply(
    state: &AppState,
    account: &Account,
    id: &str,
    patch: delivery_engine::endpoints::EndpointPatch,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(id, "endpoint")?;
    let e = state
        .engine
        .update_endpoint(&account.0, id, patch)
        .await
        .map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::Ok().json(EndpointOut::from(e)))
}

/// The body of `PATCH /webhooks/{endpointId}` (an extension): what is present changes, the
/// signing secret stays.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndpointPatchIn {
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    /// `false` disables the endpoint (its deliveries wait, parked); `true` enables it again.
    pub enabled: Option<bool>,
    /// Replaces the custom headers; `null` or `{}` removes them.
    #[serde(default, deserialize_with = "present")]
    pub headers: Option<Option<HeadersJson>>,
    /// Replaces the credential; `null` removes it.
    #[serde(default, deserialize_with = "present")]
    pub auth: Option<Option<AuthIn>>,
    /// Replaces the client certificate; `null` removes it.
    #[serde(default, deserialize_with = "present", rename = "clientCertificate")]
    pub client_certificate: Option<Option<ClientCertificateIn>>,
    /// Replaces the content filter; `null` removes it.
    #[serde(default, deserialize_with = "present")]
    pub filter: Option<Option<serde_json::Value>>,
}

/// Changes an endpoint's URL, event kinds or whether it is enabled, keeping its id and secret.
pub async fn update(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<EndpointPatchIn>,
) -> Result<HttpResponse, ApiError> {
    let EndpointPatchIn { url, events, enabled, headers, auth, client_certificate, filter } =
        body.into_inner();
    if let Some(url) = &url {
        check_url_len(url)?;
    }
    if let Some(events) = &events {
        check_events(events)?;
    }
    let patch = delivery_engine::endpoints::EndpointPatch {
        url,
        event_types: events,
        disabled: enabled.map(|on| !on),
        disabled_reason: (enabled == Some(false)).then(|| "disabled through the API".to_owned()),
        headers: headers.map(headers_in),
        auth: auth_patch(auth),
        client_certificate: certificate_patch(client_certificate),
        content_filter: filter,
        ..Default::default()
    };
    apply(&state, &account, &id, patch).await
}

/// The body of `PUT /webhooks/{endpointId}/rate-limit` (an extension).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateLimitIn {
    /// Deliveries per second at most; absent or null removes the limit.
    #[serde(default, rename = "rateLimit")]
    pub rate_limit: Option<i64>,
}

/// Sets or removes an endpoint's rate limit.
pub async fn set_rate_limit(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<RateLimitIn>,
) -> Result<HttpResponse, ApiError> {
    let patch = delivery_engine::endpoints::EndpointPatch {
        rate_limit_per_s: Some(body.into_inner().rate_limit),
        ..Default::default()
    };
    apply(&state, &account, &id, patch).await
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedOut {
    pub endpoint_id: String,
    pub url: String,
    pub events: Vec<String>,
    pub signing_secret: String,
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

/// The checks the engine leaves to the service: a URL length bound and at least one event kind.
pub fn check_endpoint_in(url: &str, events: &[String]) -> Result<(), ApiError> {
    check_url_len(url)?;
    check_events(events)
}

fn check_url_len(url: &str) -> Result<(), ApiError> {
    if url.len() > MAX_URL_LEN {
        return Err(ApiError::invalid(
            codes::INVALID_URL,
            format!("the URL is longer than {MAX_URL_LEN} characters"),
        ));
    }
    Ok(())
}

fn check_events(events: &[String]) -> Result<(), ApiError> {
    if events.is_empty() {
        return Err(ApiError::invalid(
            codes::INVALID_EVENTS,
            format!("events must list at least one of: {}", SUBSCRIBABLE.join(", ")),
        ));
    }
    Ok(())
}

pub async fn create(
    state: web::Data<AppState>,
    account: Account,
    body: web::Json<EndpointIn>,
) -> Result<HttpResponse, ApiError> {
    let EndpointIn { url, events, rate_limit, headers, auth, client_certificate, filter } = body.into_inner();
    check_endpoint_in(&url, &events)?;
    let access = EndpointAccess {
        headers: headers_in(headers),
        auth: auth.map(EndpointAuth::from),
        client_certificate: client_certificate.map(Into::into),
    };
    let created = state
        .engine
        .create_endpoint(
            &account.0,
            NewEndpoint {
                url,
                event_types: events,
                rate_limit_per_s: rate_limit,
                access,
                content_filter: filter,
            },
        )
        .await
        .map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    let e = created.endpoint;
    Ok(HttpResponse::Created().json(CreatedOut {
        endpoint_id: e.id.to_string(),
        url: e.url,
        events: e.event_types,
        signing_secret: created.secret.expose().to_owned(),
        created_at: ts(e.created_at),
        rate_limit: e.rate_limit_per_s,
        headers: headers_out(e.headers),
        auth: e.auth,
        client_certificate: e.client_certificate.map(CertificateOut::from),
        filter: e.content_filter,
    }))
}

/// Every endpoint in a bare array, oldest first (the spec's list); a page of them with `limit`
/// (or `after`), and a `Link` to the next (an extension).
pub async fn list(
    state: web::Data<AppState>,
    account: Account,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page_if_asked(&query)?;
    api_support::pagination::endpoints(&state.engine, &account.0, page, "/webhooks", EndpointOut::from)
        .await
        .map_err(|e| ApiError::from_engine(e, "endpoint"))
}

/// One endpoint, as the list shows it (an extension of the spec).
pub async fn get(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "endpoint")?;
    let endpoint =
        state.engine.get_endpoint(&account.0, id).await.map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::Ok().json(EndpointOut::from(endpoint)))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RotatedOut {
    endpoint_id: String,
    signing_secret: String,
}

pub async fn rotate_secret(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "endpoint")?;
    let secret =
        state.engine.rotate_secret(&account.0, id).await.map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::Ok()
        .json(RotatedOut { endpoint_id: id.to_string(), signing_secret: secret.expose().to_owned() }))
}

pub async fn delete(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "endpoint")?;
    state.engine.delete_endpoint(&account.0, id).await.map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct TestOut {
    endpoint_id: String,
    event: &'static str,
    event_id: String,
}

impl From<TestEventError> for ApiError {
    fn from(e: TestEventError) -> Self {
        match e {
            TestEventError::EndpointDisabled => {
                ApiError::new(StatusCode::CONFLICT, codes::ENDPOINT_DISABLED, e.to_string())
            }
            TestEventError::Engine(e) => ApiError::from_engine(e, "endpoint"),
        }
    }
}

pub async fn send_test(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "endpoint")?;
    let event_id = test_event::send_test_event(&state.engine, &account.0, id).await?;
    Ok(HttpResponse::Accepted().json(TestOut { endpoint_id: id.to_string(), event: WEBHOOK_TEST, event_id }))
}
