//! JSON request bodies and `Idempotency-Key`. On an authenticated POST with a key, the first
//! answer is stored (sealed) and replayed for a repeat of the same request; the same key with
//! another request is refused. Keys are scoped to the credential that sent them and kept for
//! 24 hours. Answers that depend on the moment (5xx, 401, 403, 408, 425, 429) are not kept, so
//! the client can retry with the same key.

use crate::{codes, ApiError};
use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpResponse};
use delivery_engine::{Engine, IdempotencyState};
use futures_util::StreamExt;
use sha2::{Digest, Sha256};

pub const HEADER: &str = "idempotency-key";
const MAX_KEY_LEN: usize = 255;

/// The request-body limit the middleware enforces while buffering (the JSON extractor's own).
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// SHA-256 over `parts`, each prefixed with its length so that no two splits of the same
/// bytes collide. Raw digest bytes, not hex.
fn sha256_of(parts: &[&[u8]]) -> Vec<u8> {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().to_vec()
}

/// Answers that depend on the moment, not on the request, are not kept for replay.
fn replayable(status: StatusCode) -> bool {
    !(status.is_server_error() || matches!(status.as_u16(), 401 | 403 | 408 | 425 | 429))
}

/// For POST, PUT and PATCH with a JSON body: buffers the body (bounded: 413 above the limit),
/// requires a JSON object at the top level (422 `invalid_body` for an array or a scalar; serde
/// would otherwise read an array as a struct), and applies `Idempotency-Key` to authenticated
/// POSTs.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let has_body_method = matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH);
    let is_json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .is_some_and(|m| m == "application/json" || (m.starts_with("application/") && m.ends_with("+json")));
    if !(has_body_method && is_json) {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    // Every JSON write needs a credential: check it before reading the body or answering from
    // the idempotency store.
    let principal = match crate::auth::authenticate(req.request()).await {
        Ok(p) => p,
        Err(e) => return Ok(req.error_response(e).map_into_boxed_body()),
    };

    // Buffer the body (bounded) to check and hash it, then hand it on unchanged.
    let limit = req.app_data::<BodyLimit>().map(|l| l.0).unwrap_or(256 * 1024);
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > limit {
            let e = ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                codes::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than {limit} bytes"),
            );
            return Ok(req.error_response(e).map_into_boxed_body());
        }
        body.extend_from_slice(&chunk);
    }
    let body = body.freeze();
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if first.is_some_and(|b| *b != b'{') && serde_json::from_slice::<serde_json::Value>(&body).is_ok() {
        let e = ApiError::invalid(codes::INVALID_BODY, "the request body must be a JSON object");
        return Ok(req.error_response(e).map_into_boxed_body());
    }

    let raw_key = req.headers().get(HEADER).cloned();
    let engine = req.app_data::<web::Data<Engine>>().cloned();
    let (Some(raw_key), Some(engine), true) = (raw_key, engine, req.method() == Method::POST) else {
        req.set_payload(Payload::from(body));
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let key = match raw_key
        .to_str()
        .ok()
        .filter(|k| (1..=MAX_KEY_LEN).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()))
    {
        Some(k) => k.to_owned(),
        None => {
            let e = ApiError::invalid(
                codes::INVALID_IDEMPOTENCY_KEY,
                format!("Idempotency-Key must be 1 to {MAX_KEY_LEN} visible ASCII characters"),
            );
            return Ok(req.error_response(e).map_into_boxed_body());
        }
    };
    // Keys belong to the principal (account, workspace), not to one token of it.
    let scope = hex::encode(&sha256_of(&[b"principal", principal.as_bytes()])[..16]);
    let hash = sha256_of(&[req.method().as_str().as_bytes(), req.path().as_bytes(), &body]);

    let state = match engine.idempotency_begin(&scope, &key, &hash).await {
        Ok(s) => s,
        Err(e) => return Ok(req.error_response(ApiError::from(e)).map_into_boxed_body()),
    };
    match state {
        IdempotencyState::Replay { status, body } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
            let res = HttpResponse::build(status)
                .content_type("application/json")
                .insert_header(("idempotent-replayed", "true"))
                .body(body);
            Ok(req.into_response(res))
        }
        IdempotencyState::InProgress => {
            let e = ApiError::new(
                StatusCode::CONFLICT,
                codes::IDEMPOTENCY_REQUEST_IN_PROGRESS,
                "a request with this Idempotency-Key is still being processed",
            );
            Ok(req.error_response(e).map_into_boxed_body())
        }
        IdempotencyState::Mismatch => {
            let e = ApiError::invalid(
                codes::IDEMPOTENCY_KEY_REUSED,
                "this Idempotency-Key was used for a different request (method, path or body)",
            );
            Ok(req.error_response(e).map_into_boxed_body())
        }
        IdempotencyState::New => {
            req.set_payload(Payload::from(body));
            let res = next.call(req).await?;
            let status = res.status();
            let (http_req, res) = res.into_parts();
            let (head, res_body) = res.into_parts();
            let bytes = body::to_bytes(res_body).await.map_err(|e| e.into())?;
            let stored = if replayable(status) {
                engine.idempotency_finish(&scope, &key, status.as_u16(), &bytes).await
            } else {
                engine.idempotency_abandon(&scope, &key).await
            };
            if let Err(e) = stored {
                tracing::warn!(error = %e, "could not store the idempotent answer");
            }
            Ok(ServiceResponse::new(http_req, head.set_body(bytes).map_into_boxed_body()))
        }
    }
}
