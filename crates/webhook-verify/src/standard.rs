//! [Standard Webhooks](https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
//! `webhook-id`, `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature:
//! v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>">`, keyed by the base64 part of a
//! `whsec_` secret, decoded (unlike our services' own scheme, whose key is the whole secret
//! string: see the crate's documentation).
//!
//! Pure functions, shared by the sender (`delivery-engine`'s `StandardWebhooks` signer: the
//! operator webhooks and any service on `Profile::standard_webhooks`) and the receivers (the dev
//! receiver), so the two cannot drift. The scheme's own libraries are the independent check
//! (the example service's test verifies with the Python one).

use crate::signature;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use std::borrow::Cow;

pub const ID_HEADER: &str = "webhook-id";
pub const TIMESTAMP_HEADER: &str = "webhook-timestamp";
pub const SIGNATURE_HEADER: &str = "webhook-signature";
pub const SECRET_PREFIX: &str = "whsec_";
/// How far a timestamp may be from now, in seconds, as the scheme's reference libraries allow.
pub const TOLERANCE_S: i64 = 5 * 60;
/// Characters of one signature's base64 (32 bytes).
const SIGNATURE_B64_LEN: usize = 44;

/// Why a `webhook-signature` value does not verify.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandardError {
    #[error("the value holds no `v1,<base64>` signature")]
    NoV1Signature,
    #[error("a `v1,` signature is not {SIGNATURE_B64_LEN} characters of standard base64 (32 bytes)")]
    Malformed,
    #[error("no v1 signature matches the body under the secret")]
    Mismatch,
}

/// The HMAC key of a secret (its UTF-8 bytes): decoded from `whsec_<base64>` when it is of that
/// form (with the prefix or without), the bytes themselves otherwise, as the reference
/// libraries' `from_bytes` takes them.
pub fn key(secret: &[u8]) -> Cow<'_, [u8]> {
    let b64 = secret.strip_prefix(SECRET_PREFIX.as_bytes()).unwrap_or(secret);
    STANDARD.decode(b64).map(Cow::Owned).unwrap_or(Cow::Borrowed(secret))
}

/// `<id>.<timestamp>.<body>`, the bytes the signature covers.
pub fn content(id: &str, timestamp: i64, body: &[u8]) -> Vec<u8> {
    let mut content = format!("{id}.{timestamp}.").into_bytes();
    content.extend_from_slice(body);
    content
}

/// `v1,<base64>` for `content` under `key`.
pub fn sign(key: &[u8], content: &[u8]) -> String {
    format!("v1,{}", STANDARD.encode(signature::tag(key, content)))
}

/// Whether one of the space-separated signatures of `header_value` (several during a rotation)
/// is a valid `v1` signature of `content` under one of `keys`. Every key and signature is
/// compared, each in constant time, so timing does not tell which matched.
pub fn verify<K: AsRef<[u8]>>(keys: &[K], content: &[u8], header_value: &str) -> Result<(), StandardError> {
    let mut tags = Vec::new();
    for candidate in header_value.split(' ').filter(|c| !c.is_empty()) {
        let Some(b64) = candidate.strip_prefix("v1,") else { continue };
        let tag: [u8; 32] =
            STANDARD.decode(b64).ok().and_then(|t| t.try_into().ok()).ok_or(StandardError::Malformed)?;
        tags.push(tag);
    }
    if tags.is_empty() {
        return Err(StandardError::NoV1Signature);
    }
    let mut matched = false;
    for key in keys {
        for tag in &tags {
            matched |= signature::matches(key.as_ref(), content, tag);
        }
    }
    if matched {
        Ok(())
    } else {
        Err(StandardError::Mismatch)
    }
}

/// Whether `timestamp` (Unix seconds) is within [`TOLERANCE_S`] of `now`.
pub fn is_fresh(timestamp: i64, now: i64) -> bool {
    (timestamp - now).abs() <= TOLERANCE_S
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Standard Webhooks reference libraries' test vector (their `test_sign_function`).
    #[test]
    fn the_reference_libraries_vector() {
        let key = key(b"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        let content = content("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, br#"{"test": 2432232314}"#);
        assert_eq!(sign(&key, &content), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
        assert_eq!(verify(&[&key], &content, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="), Ok(()));
    }

    #[test]
    fn a_rotation_lists_several_and_one_valid_is_enough() {
        let (old, new) =
            (key(b"whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), key(b"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
        let content = content("msg_1", 1, b"{}");
        let both = format!("{} {}", sign(&old, &content), sign(&new, &content));
        assert_eq!(verify(&[&new], &content, &both), Ok(()));
        assert_eq!(verify(&[&new], &content, &format!("v2,xyz {both}")), Ok(()));
        assert_eq!(verify(&[&new], b"{\"a\":1}", &both), Err(StandardError::Mismatch));
    }

    #[test]
    fn each_malformation_is_named() {
        let key = key(b"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assert_eq!(verify(&[&key], b"x", ""), Err(StandardError::NoV1Signature));
        assert_eq!(verify(&[&key], b"x", "v1=abcd"), Err(StandardError::NoV1Signature));
        assert_eq!(verify(&[&key], b"x", "v1,abcd"), Err(StandardError::Malformed));
    }

    #[test]
    fn a_secret_not_of_the_form_is_its_own_bytes() {
        assert_eq!(key(b"whsec_AAEC").as_ref(), &[0u8, 1, 2]);
        assert_eq!(key(b"AAEC").as_ref(), &[0u8, 1, 2]);
        assert_eq!(key(b"whsec_not base64").as_ref(), b"whsec_not base64");
    }

    #[test]
    fn five_minutes_either_way_is_fresh() {
        assert!(is_fresh(1_000, 1_300) && is_fresh(1_300, 1_000));
        assert!(!is_fresh(1_000, 1_301) && !is_fresh(1_301, 1_000));
    }
}
