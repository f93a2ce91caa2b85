//! Standard Webhooks deliveries (`webhook-id`, `webhook-timestamp`, `webhook-signature:
//! v1,<base64>` over `id.timestamp.body`, keyed by the base64 part of a `whsec_` secret): what
//! the operator webhooks and a service on `Profile::standard_webhooks` send.

use hyper::header::HeaderMap;
use hyper::StatusCode;
use std::time::{SystemTime, UNIX_EPOCH};
use webhook_verify::standard::{self, ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER};

/// Whether the request is a Standard Webhooks delivery.
pub fn is_standard(headers: &HeaderMap) -> bool {
    headers.contains_key(SIGNATURE_HEADER)
}

/// The delivery's `webhook-id`.
pub fn id(headers: &HeaderMap) -> Option<String> {
    headers.get(ID_HEADER)?.to_str().ok().map(str::to_owned)
}

/// The verdict on a Standard Webhooks request under any of `secrets`, as [`crate::listen::check`] words it.
pub fn check(headers: &HeaderMap, body: &[u8], secrets: &[String]) -> (StatusCode, String) {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(id), Some(timestamp), Some(signatures)) =
        (text(ID_HEADER), text(TIMESTAMP_HEADER), text(SIGNATURE_HEADER))
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
    let Some(at) = timestamp.parse::<i64>().ok().filter(|t| standard::is_fresh(*t, now)) else {
        return (
            StatusCode::BAD_REQUEST,
            format!("not verified: the timestamp {timestamp} is not within 5 minutes of now"),
        );
    };
    let keys: Vec<_> = secrets.iter().map(|s| standard::key(s.as_bytes())).collect();
    match standard::verify(&keys, &standard::content(id, at, body), signatures) {
        Ok(()) => (StatusCode::OK, format!("verified Standard Webhooks delivery {id}")),
        Err(e) => (StatusCode::BAD_REQUEST, format!("not verified: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A delivery signed at the current time (the scheme's own vector is webhook-verify's test;
    /// this checks the verdicts).
    #[test]
    fn a_signed_delivery_verifies_and_a_tampered_or_stale_one_does_not() {
        let secret = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD".to_owned();
        let key = standard::key(secret.as_bytes()).into_owned();
        let body = br#"{"type":"invoice.paid.v1"}"#;
        let headers_at = |t: i64| {
            let signature = standard::sign(&key, &standard::content("msg_1", t, body));
            let mut h = HeaderMap::new();
            h.insert("webhook-id", "msg_1".parse().unwrap());
            h.insert("webhook-timestamp", t.to_string().parse().unwrap());
            h.insert("webhook-signature", signature.parse().unwrap());
            h
        };
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
        let secrets = [secret];
        assert_eq!(
            check(&headers_at(now), body, &secrets),
            (StatusCode::OK, "verified Standard Webhooks delivery msg_1".into())
        );
        assert_eq!(
            check(&headers_at(now), b"{}", &secrets),
            (
                StatusCode::BAD_REQUEST,
                "not verified: no v1 signature matches the body under the secret".into()
            )
        );
        assert!(check(&headers_at(now - 600), body, &secrets).1.contains("not within 5 minutes"));
        assert!(check(&headers_at(now), body, &[]).1.starts_with("not checked"));
    }
}
