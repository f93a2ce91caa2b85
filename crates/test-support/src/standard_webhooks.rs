//! Operational webhooks as an operator's receiver sees them: Standard Webhooks verification
//! written from the specification (with the RFC 2104 HMAC of `hmac.rs`, not the engine's
//! signing code), and the events a receiver collected, in the order they arrived.

use crate::hmac::independent_hmac_sha256_hex;
use crate::receiver::{Receiver, Recorded};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde_json::Value;

/// A Standard Webhooks secret for tests: `whsec_` and the base64 of 32 bytes.
pub const OPS_SECRET: &str = "whsec_b3BzLXdlYmhvb2tzLXRlc3Qtc2VjcmV0LTMyYnl0ZXM=";

/// Checks `req` as the specification says a receiver must: `webhook-id`, `webhook-timestamp`
/// (Unix seconds, within five minutes of now) and `webhook-signature` (space-separated
/// `v1,<base64>` values, one of which must be the base64 HMAC-SHA256 of
/// `<id>.<timestamp>.<raw body>` under the secret's base64 part, decoded). Returns the body as
/// JSON.
pub fn verify(secret: &str, req: &Recorded) -> Result<Value, String> {
    let header = |name: &str| req.header(name).ok_or_else(|| format!("no {name} header"));
    let (id, timestamp, signatures) =
        (header("webhook-id")?, header("webhook-timestamp")?, header("webhook-signature")?);
    let sent: i64 =
        timestamp.parse().map_err(|_| format!("webhook-timestamp {timestamp:?} is not an integer"))?;
    let skew = (chrono::Utc::now().timestamp() - sent).abs();
    if skew > 300 {
        return Err(format!("webhook-timestamp is {skew} s away from now"));
    }
    let key_b64 = secret.strip_prefix("whsec_").ok_or("the secret does not start with whsec_")?;
    let key = STANDARD.decode(key_b64).map_err(|e| format!("the secret is not base64: {e}"))?;
    let mut content = format!("{id}.{timestamp}.").into_bytes();
    content.extend_from_slice(&req.body);
    let mac = hex::decode(independent_hmac_sha256_hex(&key, &content)).map_err(|e| e.to_string())?;
    let expected = format!("v1,{}", STANDARD.encode(mac));
    if !signatures.split(' ').any(|s| s == expected) {
        return Err(format!("no signature in {signatures:?} matches"));
    }
    if req.header("content-type") != Some("application/json") {
        return Err(format!("content-type is {:?}", req.header("content-type")));
    }
    serde_json::from_slice(&req.body).map_err(|e| format!("the body is not JSON: {e}"))
}

/// Every request `receiver` got, verified with `secret`, in arrival order (panics on one that
/// does not verify).
pub fn events(receiver: &Receiver, secret: &str) -> Vec<Value> {
    receiver
        .requests()
        .iter()
        .map(|r| {
            verify(secret, r).unwrap_or_else(|e| panic!("an operational webhook failed verification: {e}"))
        })
        .collect()
}

/// `type`, with `data.level` appended for `endpoint.failing` and `data.cause` or `data.by` for
/// the endpoint's state: a compact form to compare sequences with (`endpoint.failing:50`,
/// `endpoint.disabled:failing`, `endpoint.enabled:probe`).
pub fn label(event: &Value) -> String {
    let kind = event["type"].as_str().unwrap_or_default();
    let data = &event["data"];
    let detail = match kind {
        "endpoint.failing" => data["level"].to_string(),
        "endpoint.disabled" => data["cause"].as_str().unwrap_or_default().to_owned(),
        "endpoint.enabled" => data["by"].as_str().unwrap_or_default().to_owned(),
        "delivery.exhausted" => data["reason"].as_str().unwrap_or_default().to_owned(),
        "recovery_job.finished" => data["status"].as_str().unwrap_or_default().to_owned(),
        _ => return kind.to_owned(),
    };
    format!("{kind}:{detail}")
}

/// Waits until the labels of the events `receiver` got (verified, in arrival order) satisfy
/// `done`, and returns the events (panics after [`crate::WAIT`]).
pub async fn wait_for_events(
    receiver: &Receiver,
    secret: &str,
    what: &str,
    done: impl Fn(&[String]) -> bool,
) -> Vec<Value> {
    receiver
        .wait_until(what, |requests| {
            let labels: Vec<String> =
                requests.iter().filter_map(|r| verify(secret, r).ok()).map(|e| label(&e)).collect();
            done(&labels)
        })
        .await;
    events(receiver, secret)
}
