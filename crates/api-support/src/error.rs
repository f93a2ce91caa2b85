//! The one error type of both APIs: every error response is JSON `{"code", "detail"}` with a
//! stable snake_case `code` from [`crate::codes`] or the service's own `error_codes.rs`; each
//! service documents its codes in `docs/<service>.md` (a test keeps them equal). A few errors
//! add one member that names what they are about (`activeRecoveryId`).

use crate::codes;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use delivery_engine::endpoints::AccessError;
use delivery_engine::EngineError;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct ErrorBody {
    pub code: &'static str,
    pub detail: String,
    /// Members beside `code` and `detail` naming what the error is about, e.g. the
    /// `activeRecoveryId` of a `recovery_already_active`; empty on most errors.
    #[serde(flatten)]
    pub related: std::collections::BTreeMap<&'static str, String>,
}

impl ErrorBody {
    pub fn new(code: &'static str, detail: impl Into<String>) -> Self {
        Self { code, detail: detail.into(), related: Default::default() }
    }
}

/// Seconds a client is told to wait after `507 storage_full`: space comes back when an
/// operator acts, or at the next retention pass, not within the 5 s of a database restart.
const STORAGE_FULL_RETRY_AFTER: u64 = 60;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{status}: {code}: {detail}")]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub detail: String,
    /// Sent as `Retry-After` (seconds) on 429, 503 and 507.
    pub retry_after: Option<u64>,
    /// A member of the body beside `code` and `detail` (name, value): what a client needs to
    /// act on the error without parsing `detail`.
    pub related: Option<(&'static str, String)>,
}

/// The detail of `url_forbidden_address`: what was refused, and the setting that allows it
/// (a developer pointing an endpoint at a local receiver needs to know it exists).
pub fn forbidden_address_detail(refused: &str) -> String {
    format!(
        "{refused}; internal addresses are refused unless the service's OUTBOUND_ALLOW_CIDRS allows them \
         (for local receivers: OUTBOUND_ALLOW_CIDRS=127.0.0.0/8,::1/128)"
    )
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> Self {
        Self { status, code, detail: detail.into(), retry_after: None, related: None }
    }

    /// Adds the member `name` with `value` to the body (see [`ApiError::related`]).
    pub fn with_related(self, name: &'static str, value: impl Into<String>) -> Self {
        Self { related: Some((name, value.into())), ..self }
    }

    pub fn rate_limited(retry_after: u64) -> Self {
        Self {
            retry_after: Some(retry_after),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                codes::RATE_LIMITED,
                format!("too many requests for this credential; retry in {retry_after} s"),
            )
        }
    }

    pub fn unauthorized(detail: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, codes::UNAUTHORIZED, detail)
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, codes::NOT_FOUND, format!("no such {what}"))
    }

    pub fn invalid(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }

    pub fn internal(detail: &str) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, codes::INTERNAL_ERROR, detail)
    }

    /// The JSON body: `code`, `detail` and the related member, if any.
    pub fn body(&self) -> ErrorBody {
        let mut body = ErrorBody::new(self.code, self.detail.clone());
        body.related.extend(self.related.clone());
        body
    }

    /// Maps an engine error; `what` names the resource for 404s.
    pub fn from_engine(e: EngineError, what: &str) -> Self {
        match e {
            EngineError::NotFound => Self::not_found(what),
            EngineError::InvalidUrl(d) => Self::invalid(codes::INVALID_URL, d),
            EngineError::UrlNotHttps => {
                Self::invalid(codes::URL_NOT_HTTPS, "the URL must be an absolute https:// URL")
            }
            EngineError::ForbiddenAddress(d) => {
                Self::invalid(codes::URL_FORBIDDEN_ADDRESS, forbidden_address_detail(&d))
            }
            EngineError::UnknownEventTypes(t) => {
                Self::invalid(codes::INVALID_EVENTS, format!("unknown event kinds: {}", t.join(", ")))
            }
            e @ EngineError::InvalidRateLimit(_) => Self::invalid(codes::INVALID_RATE_LIMIT, e.to_string()),
            EngineError::Access(e) => Self::invalid(access_code(&e), e.to_string()),
            EngineError::InvalidFilter(e) => {
                let pointer = format!("/filter{}", e.pointer);
                Self::invalid(codes::INVALID_FILTER, format!("`{pointer}`: {}", e.detail))
                    .with_related("pointer", pointer)
            }
            EngineError::UnknownFilterField { path, meant } => Self::invalid(
                codes::UNKNOWN_FILTER_FIELD,
                format!("the filter tests `{path}`, which no subscribed event type declares (did you mean `{meant}`?)"),
            )
            .with_related("field", path),
            EngineError::AlreadyDelivered => Self::new(
                StatusCode::CONFLICT,
                codes::ALREADY_DELIVERED,
                "the delivery was already delivered",
            ),
            EngineError::RecoveryJobEnded => Self::new(
                StatusCode::CONFLICT,
                codes::RECOVERY_JOB_ENDED,
                "the recovery job has already ended (finished, cancelled or failed)",
            ),
            e @ EngineError::ListenSessionLimit(_) => {
                Self::new(StatusCode::CONFLICT, codes::LISTEN_SESSION_LIMIT, e.to_string())
            }
            e @ EngineError::ListenReplyNotExpected => {
                Self::new(StatusCode::CONFLICT, codes::LISTEN_REPLY_NOT_EXPECTED, e.to_string())
            }
            // 410, not 409: the spec's 409 means "already delivered"; this target is gone.
            EngineError::EndpointDeleted => Self::new(
                StatusCode::GONE,
                codes::ENDPOINT_DELETED,
                "the delivery's endpoint was deleted; it cannot be re-sent",
            ),
            EngineError::PayloadExpired => Self::new(
                StatusCode::CONFLICT,
                codes::PAYLOAD_EXPIRED,
                "the delivery's payload was erased by retention (PAYLOAD_RETENTION); it cannot be sent again",
            ),
            EngineError::StorageFull(cause) => {
                tracing::error!(%cause, "the store is out of space");
                Self {
                    retry_after: Some(STORAGE_FULL_RETRY_AFTER),
                    ..Self::new(
                        StatusCode::INSUFFICIENT_STORAGE,
                        codes::STORAGE_FULL,
                        "the service's store is out of disk space, so nothing was stored; retry later. \
                         Operators: free or add space (or shorten RETENTION); the service resumes by itself",
                    )
                }
            }
            EngineError::Unavailable(cause) => {
                tracing::warn!(%cause, "database unavailable");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    codes::DATABASE_UNAVAILABLE,
                    "the database is unavailable; retry shortly",
                )
            }
            EngineError::Database(e) if e.to_string().contains("invalid byte sequence") => Self::invalid(
                codes::INVALID_TEXT,
                "a text field holds a character that cannot be stored (NUL)",
            ),
            other => {
                tracing::error!(error = %other, "internal error");
                Self::internal("an internal error occurred")
            }
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        if self.status == StatusCode::UNAUTHORIZED {
            res.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        match (self.retry_after, self.status) {
            (Some(secs), _) => {
                res.insert_header((header::RETRY_AFTER, secs.to_string()));
            }
            (None, StatusCode::SERVICE_UNAVAILABLE) => {
                res.insert_header((header::RETRY_AFTER, "5"));
            }
            _ => {}
        }
        res.json(self.body())
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        Self::from_engine(EngineError::from(e), "resource")
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        Self::from_engine(e, "resource")
    }
}

/// The code of an endpoint's refused headers or credential.
fn access_code(e: &AccessError) -> &'static str {
    match e {
        AccessError::ReservedHeader(_) => codes::RESERVED_HEADER,
        AccessError::InvalidAuth(_) => codes::INVALID_AUTH,
        AccessError::InvalidClientCertificate(_) => codes::INVALID_CLIENT_CERTIFICATE,
        _ => codes::INVALID_HEADERS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_loopback_url_names_the_setting_that_allows_it() {
        let e = ApiError::from_engine(
            EngineError::ForbiddenAddress("127.0.0.1 is a loopback address".into()),
            "x",
        );
        let detail = forbidden_address_detail("127.0.0.1 is a loopback address");
        assert!(detail.starts_with("127.0.0.1 is a loopback address; "), "{detail}");
        assert!(detail.contains("OUTBOUND_ALLOW_CIDRS=127.0.0.0/8,::1/128"), "{detail}");
        assert_eq!(e.to_string(), ApiError::invalid(codes::URL_FORBIDDEN_ADDRESS, detail).to_string());
    }

    #[test]
    fn a_related_member_sits_beside_code_and_detail() {
        let body = |e: &ApiError| serde_json::to_value(e.body()).unwrap_or_default();
        let plain = ApiError::not_found("thing");
        assert_eq!(body(&plain), serde_json::json!({ "code": "not_found", "detail": "no such thing" }));
        let related = ApiError::new(StatusCode::CONFLICT, codes::RECOVERY_ALREADY_ACTIVE, "busy")
            .with_related("activeRecoveryId", "42");
        assert_eq!(
            body(&related),
            serde_json::json!({ "code": "recovery_already_active", "detail": "busy", "activeRecoveryId": "42" })
        );
    }
}
