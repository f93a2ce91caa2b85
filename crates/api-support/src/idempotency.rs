//! JSON request bodies and `Idempotency-Key`. On an authenticated POST with a key, the first
//! answer is stored (sealed) and replayed for a repeat of the same request; the same key with
//! another request is refused. Keys are scoped to the credential that sent them and kept for
//! 24 hours. Answers that depend on the moment (5xx, 401, 403, 408, 425, 429) are not kept, so
//! the client can retry with the same key.

use crate::api::BodyLimit;
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
/// The first byte of a JSON object.
const OBJECT_START: u8 = b'{';

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
    if !has_json_body(&req) {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    // The authentication step ran before: a JSON write without a principal is for no route
    // that takes one (404, 405), and its body is never read.
    let Some(principal) = crate::auth::principal(req.request()) else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    // Buffer the body (bounded) to check and hash it, then hand it on unchanged.
    let body = match read_json_object(&mut req).await? {
        Ok(body) => body,
        Err(e) => return Ok(req.error_response(e).map_into_boxed_body()),
    };
    let raw_key = req.headers().get(HEADER).cloned();
    let engine = req.app_data::<web::Data<Engine>>().cloned();
    let (Some(raw_key), Some(engine), true) = (raw_key, engine, req.method() == Method::POST) else {
        req.set_payload(Payload::from(body));
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let key = match idempotency_key(&raw_key) {
        Ok(key) => key,
        Err(e) => return Ok(req.error_response(e).map_into_boxed_body()),
    };
    // Keys belong to the principal (account, workspace), not to one token of it.
    let scope = hex::encode(&sha256_of(&[b"principal", principal.as_str().as_bytes()])[..16]);
    let hash = sha256_of(&[req.method().as_str().as_bytes(), req.path().as_bytes(), &body]);
    let state = match engine.idempotency_begin(&scope, &key, &hash).await {
        Ok(s) => s,
        Err(e) => return Ok(req.error_response(ApiError::from(e)).map_into_boxed_body()),
    };
    let keyed = Keyed { engine, scope, key };
    keyed.answer(state, req, next, body).await
}

/// A POST, PUT or PATCH whose body is JSON (`application/json` or `application/*+json`).
fn has_json_body(req: &ServiceRequest) -> bool {
    let has_body_method = matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH);
    let is_json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .is_some_and(|m| m == "application/json" || (m.starts_with("application/") && m.ends_with("+json")));
    has_body_method && is_json
}

/// The request's body, read up to the limit: `Err` (the answer) when it is larger, or when it
/// is JSON but not an object. Malformed JSON is left to the handler's extractor, which names
/// the fault.
async fn read_json_object(
    req: &mut ServiceRequest,
) -> Result<Result<web::Bytes, ApiError>, actix_web::Error> {
    let limit = req.app_data::<BodyLimit>().map(|l| l.0).unwrap_or(256 * 1024);
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > limit {
            let detail = format!("the request body is larger than {limit} bytes");
            return Ok(Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, codes::PAYLOAD_TOO_LARGE, detail)));
        }
        body.extend_from_slice(&chunk);
    }
    let body = body.freeze();
    let not_an_object = body.iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|b| *b != OBJECT_START);
    if not_an_object && serde_json::from_slice::<serde_json::Value>(&body).is_ok() {
        return Ok(Err(ApiError::invalid(codes::INVALID_BODY, "the request body must be a JSON object")));
    }
    Ok(Ok(body))
}

/// The `Idempotency-Key` header's value, if it is 1 to [`MAX_KEY_LEN`] visible ASCII characters.
fn idempotency_key(raw: &header::HeaderValue) -> Result<String, ApiError> {
    raw.to_str()
        .ok()
        .filter(|k| (1..=MAX_KEY_LEN).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
        .ok_or_else(|| {
            ApiError::invalid(
                codes::INVALID_IDEMPOTENCY_KEY,
                format!("Idempotency-Key must be 1 to {MAX_KEY_LEN} visible ASCII characters"),
            )
        })
}

/// A request with a valid `Idempotency-Key`, scoped to its principal.
struct Keyed {
    engine: web::Data<Engine>,
    scope: String,
    key: String,
}

impl Keyed {
    /// Answers as the key's state says: the stored answer again, 409 while the first request
    /// runs, 422 for another request under the key, or the handler's answer (then kept).
    async fn answer(
        self,
        state: IdempotencyState,
        mut req: ServiceRequest,
        next: Next<impl MessageBody + 'static>,
        body: web::Bytes,
    ) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
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
                self.first(next.call(req).await?).await
            }
        }
    }

    /// Keeps the first answer under the key (or forgets the key when the answer depends on the
    /// moment), and passes it on.
    async fn first(
        self,
        res: ServiceResponse<impl MessageBody + 'static>,
    ) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
        let status = res.status();
        let (http_req, res) = res.into_parts();
        let (head, res_body) = res.into_parts();
        let bytes = body::to_bytes(res_body).await.map_err(|e| e.into())?;
        let stored = if replayable(status) {
            self.engine.idempotency_finish(&self.scope, &self.key, status.as_u16(), &bytes).await
        } else {
            self.engine.idempotency_abandon(&self.scope, &self.key).await
        };
        if let Err(e) = stored {
            tracing::warn!(error = %e, "could not store the idempotent answer");
        }
        Ok(ServiceResponse::new(http_req, head.set_body(bytes).map_into_boxed_body()))
    }
}
