//! `Idempotency-Key` on POST requests: the first answer to a key is stored (sealed) and replayed
//! for a repeat of the same request; the same key with another request is refused. Keys are
//! scoped to the credential that sent them and kept for 24 hours. A 5xx answer is not kept, so
//! the client can retry.

use crate::ApiError;
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

fn hex_sha256(parts: &[&[u8]]) -> Vec<u8> {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().to_vec()
}

pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(raw_key) = req.headers().get(HEADER).cloned() else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let engine = req.app_data::<web::Data<Engine>>().cloned();
    let (Some(engine), true) = (engine, req.method() == Method::POST) else {
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
                "invalid_idempotency_key",
                format!("Idempotency-Key must be 1 to {MAX_KEY_LEN} visible ASCII characters"),
            );
            return Ok(req.error_response(e).map_into_boxed_body());
        }
    };
    let credential =
        req.headers().get(header::AUTHORIZATION).map(|v| v.as_bytes().to_vec()).unwrap_or_default();
    let scope = hex::encode(&hex_sha256(&[b"credential", &credential])[..16]);

    // Buffer the body (bounded) to hash it, then hand it on unchanged.
    let limit = req.app_data::<BodyLimit>().map(|l| l.0).unwrap_or(256 * 1024);
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > limit {
            let e = ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                format!("the request body is larger than {limit} bytes"),
            );
            return Ok(req.error_response(e).map_into_boxed_body());
        }
        body.extend_from_slice(&chunk);
    }
    let body = body.freeze();
    let hash = hex_sha256(&[req.method().as_str().as_bytes(), req.path().as_bytes(), &body]);

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
                "idempotency_request_in_progress",
                "a request with this Idempotency-Key is still being processed",
            );
            Ok(req.error_response(e).map_into_boxed_body())
        }
        IdempotencyState::Mismatch => {
            let e = ApiError::invalid(
                "idempotency_key_reused",
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
            let stored = if status.is_server_error() {
                engine.idempotency_abandon(&scope, &key).await
            } else {
                engine.idempotency_finish(&scope, &key, status.as_u16(), &bytes).await
            };
            if let Err(e) = stored {
                tracing::warn!(error = %e, "could not store the idempotent answer");
            }
            Ok(ServiceResponse::new(http_req, head.set_body(bytes).map_into_boxed_body()))
        }
    }
}
