//! workflow-api: run webhooks on the delivery engine. The binary is `src/main.rs`; this library
//! holds the application so it can be served by the binary and described in one place.

pub mod auth;
pub mod config;
pub mod error;
pub mod handlers;
pub mod profile;
pub mod routes;
pub mod store;

use actix_web::dev::ServiceResponse;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, HttpRequest, HttpResponse};
use error::{ApiError, ErrorBody};

/// Request bodies above this are refused with 413 before they are read in full.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

#[derive(Debug, Clone)]
pub struct AppState {
    pub engine: delivery_engine::Engine,
}

/// Everything an `App` needs besides the routes: state, extractor error mapping, JSON errors
/// for whatever actix answers on its own (unknown route, wrong method).
pub fn configure_app(state: AppState, jwt: auth::JwtKeys) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(web::Data::new(state))
            .app_data(web::Data::new(jwt))
            .app_data(web::JsonConfig::default().limit(MAX_BODY_BYTES).error_handler(json_error))
            .app_data(web::PathConfig::default().error_handler(path_error))
            .app_data(web::QueryConfig::default().error_handler(query_error))
            .configure(routes::configure)
            .default_service(web::to(unknown_route));
    }
}

/// Turns any client error actix produced without a JSON body into `{"code", "detail"}`.
pub fn json_errors<B: 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler_client(ensure_json)
}

fn ensure_json<B>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let (code, detail) = match status {
        StatusCode::NOT_FOUND => ("not_found", "no such route"),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "this route does not accept that method"),
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "the request body is too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            ("unsupported_media_type", "Content-Type must be application/json")
        }
        _ => ("bad_request", "the request could not be processed"),
    };
    let (req, _) = res.into_parts();
    let body = HttpResponse::build(status).json(ErrorBody { code, detail: detail.to_owned() });
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, body).map_into_right_body()))
}

async fn unknown_route() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such route"))
}

fn json_error(err: JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    let e = match &err {
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Content-Type must be application/json",
        ),
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
        ),
        JsonPayloadError::Deserialize(de) if de.is_data() => {
            ApiError::invalid("invalid_body", de.to_string())
        }
        JsonPayloadError::Deserialize(de) => ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            format!("the body is not valid JSON: {de}"),
        ),
        other => ApiError::new(StatusCode::BAD_REQUEST, "bad_request", other.to_string()),
    };
    e.into()
}

fn path_error(_: PathError, _: &HttpRequest) -> actix_web::Error {
    ApiError::not_found("resource").into()
}

fn query_error(err: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::invalid("invalid_query", err.to_string()).into()
}
