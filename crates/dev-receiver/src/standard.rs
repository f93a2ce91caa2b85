//! Standard Webhooks deliveries (`webhook-id`, `webhook-timestamp`, `webhook-signature:
//! v1,<base64>` over `id.timestamp.body`, keyed by the base64 part of a `whsec_` secret): what
//! the operator webhooks and a service on `Profile::standard_webhooks` send.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use hyper::header::HeaderMap;
use hyper::StatusCode;
use std::time::{SystemTime, UNIX_EPOCH};

/// How far a timestamp may be from now, as the scheme's reference libraries allow.
const TOLERANCE_S: i64 = 5 * 60;

/// Whether the request is a Standard Webhooks delivery.
pub fn is_standard(headers: &HeaderMap) -> bool {
    headers.contains_key("webhook-signature")
}

/// The delivery's `webhook-id`.
pub fn id(headers: &HeaderMap) -> Option<String> {
    headers.get("webhook-id")?.to_str().ok().map(str::to_owned)
}

/// The verdict on a Standard Webhooks request under any of `secrets`, as [`crate::listen::check`] words it.
pub fn check(headers: &HeaderMap, body: &[u8], secrets: &[String]) -> (StatusCode, String) {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(id), Some(timestamp), Some(signatures)) =
        (text("webhook-id"), text("webhook-timestamp"), text("webhook-signature"))
    else {
        return (
            StatusCode::BAD_REQUEST,
            "not verified: a webhook-id or webhook-timestamp header is missing".into(),
        );
    };
    if secrets.is_empty() {
        let hint = "start with --secret whsec_… to verify";
        return (StatusCode::OK, format!("not checked: Standard Webhooks delivery; {hint}"));
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    match timestamp.parse::<i64>() {
        Ok(t) if (t - now).abs() <= TOLERANCE_S => {}
        _ => {
            return (
                StatusCode::BAD_REQUEST,
                format!("not verified: the timestamp {timestamp} is not within 5 minutes of now"),
            )
        }
    }
    let content = [format!("{id}.{timestamp}.").as_bytes(), body].concat();
    let tags: Vec<[u8; 32]> = signatures
        .split(' ')
        .filter_map(|s| STANDARD.decode(s.strip_prefix("v1,")?).ok()?.try_into().ok())
        .collect();
    let keys = secrets.iter().filter_map(|s| STANDARD.decode(s.strip_prefix("whsec_").unwrap_or(s)).ok());
    // Every key and tag is compared (in constant time each), so timing tells nothing.
    let mut verified = false;
    for key in keys {
        for tag in &tags {
            verified |= webhook_verify::signature::matches(&key, &content, tag);
        }
    }
    match verified {
        true => (StatusCode::OK, format!("verified Standard Webhooks delivery {id}")),
        false => (
            StatusCode::BAD_REQUEST,
            "not verified: no v1 signature matches the body under the secret".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// The Standard Webhooks reference libraries' vector, re-signed at the current time with
    /// the same key (the library's HMAC, so the scheme is checked, not our signer).
    #[test]
    fn a_signed_delivery_verifies_and_a_tampered_or_stale_one_does_not() {
        let secret = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD".to_owned();
        let key = STANDARD.decode("C2FVsBQIhrscChlQIMV+b5sSYspob7oD").unwrap();
        let body = br#"{"type":"invoice.paid.v1"}"#;
        let headers_at = |t: i64| {
            let tag =
                webhook_verify::signature::tag(&key, &[format!("msg_1.{t}.").as_bytes(), body].concat());
            let mut h = HeaderMap::new();
            h.insert("webhook-id", "msg_1".parse().unwrap());
            h.insert("webhook-timestamp", t.to_string().parse().unwrap());
            h.insert("webhook-signature", format!("v1,{}", STANDARD.encode(tag)).parse().unwrap());
            h
        };
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
        let secrets = [secret];
        assert_eq!(
            check(&headers_at(now), body, &secrets),
            (StatusCode::OK, "verified Standard Webhooks delivery msg_1".into())
        );
        assert_eq!(check(&headers_at(now), b"{}", &secrets).0, StatusCode::BAD_REQUEST);
        assert!(check(&headers_at(now - 600), body, &secrets).1.contains("not within 5 minutes"));
        assert!(check(&headers_at(now), body, &[]).1.starts_with("not checked"));
    }
}
