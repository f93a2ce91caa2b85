//! An actix-web extractor (feature `actix`): a handler that takes a [`VerifiedWebhook`] runs
//! only for a delivery that verified, and gets the raw body bytes that were verified.
//!
//! ```no_run
//! use actix_web::{web, App, HttpResponse, HttpServer};
//! use webhook_verify::actix::VerifiedWebhook;
//! use webhook_verify::{DeliveryFormat, Verifier};
//!
//! async fn receive(hook: VerifiedWebhook) -> HttpResponse {
//!     // hook.delivery.id is the dedupe key; hook.body the exact bytes that were signed.
//!     let _event: serde_json::Value = serde_json::from_slice(&hook.body).unwrap_or_default();
//!     HttpResponse::NoContent().finish()
//! }
//!
//! # async fn run() -> std::io::Result<()> {
//! let verifier = Verifier::new(DeliveryFormat::workflow(), "whsec_…").expect("a whole secret");
//! HttpServer::new(move || App::new().app_data(web::Data::new(verifier.clone())).route("/hooks", web::post().to(receive)))
//!     .bind("127.0.0.1:3000")?
//!     .run()
//!     .await
//! # }
//! ```
//!
//! The body is read raw (never through a JSON extractor, which would re-serialise it) up to
//! [`MAX_BODY`]. A delivery that does not verify is answered 400 with
//! `{"code": "signature_mismatch" | "missing_header" | …, "detail": …}` before the handler runs;
//! a missing `Verifier` is a 500 that says so.

use crate::{Headers, Verified, Verifier};
use actix_web::dev::Payload;
use actix_web::http::header::HeaderMap;
use actix_web::http::StatusCode;
use actix_web::web::{Bytes, BytesMut, Data};
use actix_web::{FromRequest, HttpRequest, HttpResponse, ResponseError};
use futures_util::StreamExt;
use std::future::Future;
use std::pin::Pin;

/// The largest body read: our deliveries are far smaller (workflow bodies are under 1 KiB;
/// campaign bodies are bounded by the publishing limit of 64 KiB).
pub const MAX_BODY: usize = 256 * 1024;

/// A delivery that verified, with the raw body bytes that were signed.
#[derive(Debug, Clone)]
pub struct VerifiedWebhook {
    pub delivery: Verified,
    pub body: Bytes,
}

/// Why a request was not accepted as a delivery.
#[derive(Debug, thiserror::Error)]
pub enum WebhookRejection {
    #[error(transparent)]
    Verify(#[from] crate::VerifyError),
    #[error("the body is larger than {MAX_BODY} bytes")]
    TooLarge,
    #[error("the body could not be read: {0}")]
    Unreadable(String),
    #[error(
        "no webhook_verify::Verifier is registered as app data (App::app_data(web::Data::new(verifier)))"
    )]
    NoVerifier,
}

impl WebhookRejection {
    /// The stable code of the answer's body.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Verify(e) => e.code(),
            Self::TooLarge => "payload_too_large",
            Self::Unreadable(_) => "unreadable_body",
            Self::NoVerifier => "no_verifier",
        }
    }
}

impl ResponseError for WebhookRejection {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Verify(_) | Self::Unreadable(_) => StatusCode::BAD_REQUEST,
            Self::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::NoVerifier => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let body = format!("{{\"code\":\"{}\",\"detail\":{}}}", self.code(), json_string(&self.to_string()));
        HttpResponse::build(self.status_code()).content_type("application/json").body(body)
    }
}

/// A JSON string literal (this crate has no JSON dependency).
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Headers for HeaderMap {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.get_all(name).map(|v| v.as_bytes()).collect()
    }
}

impl FromRequest for VerifiedWebhook {
    type Error = WebhookRejection;
    type Future = Pin<Box<dyn Future<Output = Result<Self, WebhookRejection>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let mut payload = payload.take();
        Box::pin(async move {
            let verifier = req
                .app_data::<Data<Verifier>>()
                .map(|d| d.get_ref().clone())
                .or_else(|| req.app_data::<Verifier>().cloned())
                .ok_or(WebhookRejection::NoVerifier)?;
            let mut body = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| WebhookRejection::Unreadable(e.to_string()))?;
                if body.len() + chunk.len() > MAX_BODY {
                    return Err(WebhookRejection::TooLarge);
                }
                body.extend_from_slice(&chunk);
            }
            let body = body.freeze();
            let delivery = verifier.verify(&body, req.headers())?;
            Ok(VerifiedWebhook { delivery, body })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::json_string;

    #[test]
    fn details_are_json_strings() {
        assert_eq!(json_string(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(json_string("line\nbreak"), r#""line\u000abreak""#);
    }
}
