//! Signing test deliveries, for receivers' own tests: the headers a real delivery of `body`
//! would carry, signed with `secret`.

use crate::format::DeliveryFormat;
use crate::signature;
use std::time::{SystemTime, UNIX_EPOCH};

/// The headers of a delivery of `body` signed with `secret` (the whole `whsec_…` string): the
/// signature, the id header set to `id`, `Content-Type`, and for workflow deliveries
/// `X-Webhook-Timestamp` (now). Send `body` byte for byte with them.
pub fn signed_headers(format: &DeliveryFormat, secret: &str, body: &[u8], id: &str) -> Vec<(String, String)> {
    let mut headers = vec![
        ("Content-Type".to_owned(), "application/json".to_owned()),
        (format.signature_header().to_owned(), sign(format, secret, body)),
        (format.id_header().to_owned(), id.to_owned()),
    ];
    if let Some(name) = format.timestamp_header() {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        headers.push((name.to_owned(), now.to_string()));
    }
    headers
}

/// The signature header value for `body` under `secret`, in the format's form.
pub fn sign(format: &DeliveryFormat, secret: &str, body: &[u8]) -> String {
    signature::sign(format.signature_prefix(), secret.as_bytes(), body)
}
