//! The JSON API's shared pieces: timestamps, path ids, the bearer credential, extractor error
//! mapping, and JSON bodies for the errors actix answers by itself (unknown route, wrong method,
//! oversized or malformed body).

use crate::codes;
use crate::error::{ApiError, ErrorBody};
use actix_web::dev::ServiceResponse;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, SecondsFormat, Utc};
use uuid::Uuid;

/// The request-body limit the middleware enforces while buffering (the JSON extractor's own).
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// Equal strings (tokens, keys), compared in constant time (for equal lengths).
pub fn tokens_match(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Timestamps in responses and payloads: RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
pub fn ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// True for text PostgreSQL cannot store or that has no place in a name: NUL and other
/// control characters.
pub fn has_control_chars(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// An id in a path; one that is not a UUID names nothing, so it is a 404 like an unknown id.
pub fn path_id(raw: &str, what: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found(what))
}

/// The credential of an `Authorization: Bearer <credential>` header (scheme matched
/// case-insensitively, as RFC 9110 says), or the 401 to answer.
pub fn bearer_credential(req: &HttpRequest, what: &str) -> Result<String, ApiError> {
    let header = req.headers().get(header::AUTHORIZATION).ok_or_else(|| {
        ApiError::unauthorized(&format!("an Authorization: Bearer <{what}> header is required"))
    })?;
    header
        .to_str()
        .ok()
        .and_then(|h| h.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, credential)| credential.trim())
        .filter(|c| !c.is_empty() && c.len() <= 4096)
        .map(str::to_owned)
        .ok_or_else(|| ApiError::unauthorized(&format!("the Authorization header must be `Bearer <{what}>`")))
}

/// The (METHOD, path) operations of an OpenAPI document, for keeping it equal to a route table.
pub fn openapi_operations(doc: &str) -> Result<std::collections::BTreeSet<(String, String)>, String> {
    let doc: serde_json::Value = serde_json::from_str(doc).map_err(|e| e.to_string())?;
    let paths = doc["paths"].as_object().ok_or("no paths object")?;
    let mut ops = std::collections::BTreeSet::new();
    for (path, item) in paths {
        for method in item.as_object().ok_or("a path item is not an object")?.keys() {
            if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                ops.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    Ok(ops)
}

/// JSON bodies up to `max_body` bytes (413 above, before the whole body is read); extractor
/// failures as JSON errors: 415 wrong content type, 400 malformed JSON, 422 well-formed JSON
/// of the wrong shape, 404 for a path that does not parse, 422 for a query that does not.
pub fn configure_extractors(max_body: usize) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(BodyLimit(max_body))
            .app_data(
                web::JsonConfig::default()
                    .limit(max_body)
                    .error_handler(move |e, r| json_error(e, r, max_body)),
            )
            .app_data(web::PathConfig::default().error_handler(path_error))
            .app_data(web::QueryConfig::default().error_handler(query_error));
    }
}

/// A service's API routes (method, path pattern), registered as app data: the authentication
/// step (`crate::auth::middleware`) asks it which requests must carry a credential (every route
/// but the `public` ones), and 405 answers say which methods a path does allow.
#[derive(Debug, Clone, Copy)]
pub struct RouteTable {
    pub routes: &'static [(&'static str, &'static str)],
    /// The routes that answer without a credential (`GET /openapi.json`).
    pub public: &'static [(&'static str, &'static str)],
    /// The operator API's routes: they take an operator key ([`crate::operator`]), never a
    /// tenant's credential.
    pub operator: &'static [(&'static str, &'static str)],
}

impl RouteTable {
    /// `GET, POST` for a path pattern, in table order.
    pub fn allowed(&self, pattern: &str) -> Option<String> {
        let methods: Vec<&str> = self.routes.iter().filter(|(_, p)| *p == pattern).map(|(m, _)| *m).collect();
        (!methods.is_empty()).then(|| methods.join(", "))
    }

    /// Whether a request for `method` on the route `pattern` must carry a tenant's credential: a
    /// route of the table that is neither public nor the operator's. An unknown route or method
    /// answers 404 or 405 instead.
    pub fn needs_credential(&self, method: &str, pattern: &str) -> bool {
        let route = (method, pattern);
        self.routes.contains(&route) && !self.public.contains(&route) && !self.operator.contains(&route)
    }

    /// Whether `method` on `pattern` is an operator route: it takes an operator key.
    pub fn is_operator(&self, method: &str, pattern: &str) -> bool {
        self.operator.contains(&(method, pattern))
    }
}

/// Turns any client error actix produced without a JSON body (unknown route, wrong method,
/// payload limits) into `{"code", "detail"}`.
pub fn json_errors<B: 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler_client(ensure_json)
}

fn ensure_json<B>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    // JSON already, or a console page (which answers its errors as pages).
    let is_json_or_page = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if is_json_or_page {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let (code, detail) = match status {
        StatusCode::NOT_FOUND => (codes::NOT_FOUND, "no such route"),
        StatusCode::METHOD_NOT_ALLOWED => {
            (codes::METHOD_NOT_ALLOWED, "this route does not accept that method")
        }
        StatusCode::PAYLOAD_TOO_LARGE => (codes::PAYLOAD_TOO_LARGE, "the request body is too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            (codes::UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json")
        }
        _ => (codes::BAD_REQUEST, "the request could not be processed"),
    };
    let (req, _) = res.into_parts();
    let mut builder = HttpResponse::build(status);
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = req
            .match_pattern()
            .and_then(|pattern| req.app_data::<RouteTable>().and_then(|t| t.allowed(&pattern)));
        if let Some(allowed) = allowed {
            builder.insert_header((header::ALLOW, allowed));
        }
    }
    let body = builder.json(ErrorBody::new(code, detail));
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, body).map_into_right_body()))
}

/// The default service: a JSON 404 for unknown routes.
pub async fn unknown_route() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(StatusCode::NOT_FOUND, codes::NOT_FOUND, "no such route"))
}

fn json_error(err: JsonPayloadError, _: &HttpRequest, max_body: usize) -> actix_web::Error {
    let e = match &err {
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            codes::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type must be application/json",
        ),
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            codes::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {max_body} bytes"),
        ),
        JsonPayloadError::Deserialize(de) if de.is_data() => match unknown_field(&de.to_string()) {
            Some(detail) => ApiError::invalid(codes::UNKNOWN_FIELD, detail),
            None => ApiError::invalid(codes::INVALID_BODY, de.to_string()),
        },
        JsonPayloadError::Deserialize(de) => ApiError::new(
            StatusCode::BAD_REQUEST,
            codes::MALFORMED_JSON,
            format!("the body is not valid JSON: {de}"),
        ),
        other => ApiError::new(StatusCode::BAD_REQUEST, codes::BAD_REQUEST, other.to_string()),
    };
    e.into()
}

/// serde's message for a field a body type does not have (`#[serde(deny_unknown_fields)]` on
/// every write body): "unknown field `x`, expected one of `a`, `b` at line 1 column 9" (or
/// "expected `a`", or "there are no fields"), as the detail of an `unknown_field` error naming
/// the known field it resembles.
fn unknown_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    let hint = crate::suggest::did_you_mean(field, known.iter().copied());
    let fields = known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
    let fields = if fields.is_empty() { "none".to_owned() } else { fields };
    Some(format!("unknown field `{field}`{hint}; the fields of this body are {fields}"))
}

fn path_error(_: PathError, _: &HttpRequest) -> actix_web::Error {
    ApiError::not_found("resource").into()
}

fn query_error(err: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::invalid(codes::INVALID_QUERY, err.to_string()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_match_only_when_equal() {
        assert!(tokens_match("abc", "abc"));
        assert!(!tokens_match("abc", "abd"));
        assert!(!tokens_match("abc", "abcd"));
        assert!(!tokens_match("", "a"));
    }
    use chrono::TimeZone;

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        url: String,
        event_types: Option<Vec<String>>,
    }

    fn message(json: &str) -> String {
        serde_json::from_str::<Body>(json).expect_err("not a Body").to_string()
    }

    #[test]
    fn an_unknown_field_is_named_with_the_field_it_resembles() {
        let detail = unknown_field(&message(r#"{"url": "https://x", "event_types": []}"#)).expect("unknown");
        assert_eq!(
            detail,
            "unknown field `event_types` (did you mean `eventTypes`?); the fields of this body are `url`, `eventTypes`"
        );
        let detail = unknown_field(&message(r#"{"url": "https://x", "colour": 1}"#)).expect("unknown");
        assert_eq!(detail, "unknown field `colour`; the fields of this body are `url`, `eventTypes`");
    }

    #[test]
    fn other_shape_errors_are_not_unknown_fields() {
        assert_eq!(unknown_field(&message(r#"{"eventTypes": []}"#)), None);
        assert_eq!(unknown_field(&message(r#"{"url": 5}"#)), None);
    }

    #[test]
    fn route_table_lists_the_methods_of_a_pattern() {
        let t = RouteTable {
            routes: &[("POST", "/a"), ("GET", "/a"), ("DELETE", "/a/{id}"), ("GET", "/doc"), ("POST", "/op")],
            public: &[("GET", "/doc")],
            operator: &[("POST", "/op")],
        };
        assert_eq!(t.allowed("/a").as_deref(), Some("POST, GET"));
        assert_eq!(t.allowed("/a/{id}").as_deref(), Some("DELETE"));
        assert_eq!(t.allowed("/b"), None);
        assert!(t.needs_credential("POST", "/a") && t.needs_credential("DELETE", "/a/{id}"));
        assert!(!t.needs_credential("GET", "/doc"), "a public route");
        assert!(!t.needs_credential("PUT", "/a"), "a method the route does not take: 405");
        assert!(!t.needs_credential("GET", "/b"), "an unknown route: 404");
        assert!(
            !t.needs_credential("POST", "/op") && t.is_operator("POST", "/op"),
            "an operator key, not a tenant's"
        );
        assert!(!t.is_operator("POST", "/a"));
    }

    #[test]
    fn timestamps_are_utc_with_milliseconds() {
        let t = Utc.with_ymd_and_hms(2026, 11, 22, 10, 15, 30).single().expect("valid")
            + chrono::Duration::milliseconds(123);
        assert_eq!(ts(t), "2026-11-22T10:15:30.123Z");
        assert_eq!(ts(t - chrono::Duration::milliseconds(123)), "2026-11-22T10:15:30.000Z");
    }

    #[test]
    fn non_uuid_path_ids_are_not_found() {
        assert_eq!(path_id("nope", "run").map_err(|e| e.status), Err(StatusCode::NOT_FOUND));
        assert!(path_id("01a202fc-9077-77ee-9fd2-6488863392c0", "run").is_ok());
    }
}
