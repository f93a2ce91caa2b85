//! Signature schemes.
//!
//! - [`HmacSha256Hex`]: HMAC-SHA256 over the exact raw body bytes, rendered as
//!   `<prefix><lowercase hex>`. The workflow service uses `v1=` and the campaign service
//!   `sha256=`.
//! - `StandardWebhooks`: the [Standard Webhooks](https://www.standardwebhooks.com) scheme,
//!   `v1,<base64>` over `id.timestamp.body`: the engine's operational webhooks, and any
//!   service that takes [`Profile::standard_webhooks`](crate::Profile::standard_webhooks).
//!
//! A new scheme (another algorithm, a timestamped form) implements [`Signer`]; one that signs
//! more than the body says what in [`Signer::signed_content`].

use crate::secrets::SigningSecret;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use std::borrow::Cow;
use uuid::Uuid;
use webhook_verify::signature::{self as shared, Malformation, SIGNATURE_HEX_LEN};
use webhook_verify::standard::{self, StandardError};

/// What the header builder knows about one attempt.
#[derive(Debug, Clone, Copy)]
pub struct AttemptContext<'a> {
    pub delivery_id: Uuid,
    pub event_id: Uuid,
    pub event_type: &'a str,
    pub dedupe_key: &'a str,
    /// 1-based.
    pub attempt_number: u32,
    pub now: DateTime<Utc>,
}

/// Adds a service's own headers (ids, timestamps, event type) to an outbound request.
pub trait HeaderSet: Send + Sync + std::fmt::Debug {
    fn apply(&self, attempt: &AttemptContext<'_>, headers: &mut HeaderMap);
}

/// Why a signature header did not verify. Every failure has its own variant so receivers can log it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
// tidy: in the signature of Signer
pub enum SignatureError {
    #[error("the signature header does not start with `{expected}`")]
    WrongPrefix { expected: &'static str },
    #[error("the signature is not {expected_len} lowercase hex digits")]
    Malformed { expected_len: usize },
    #[error("the signature does not match the body")]
    Mismatch,
}

/// Computes and checks the signature header value for a body.
// tidy: in the signature of Profile (its `signer`)
pub trait Signer: Send + Sync + std::fmt::Debug {
    /// The header value for `body` signed with `secret`.
    fn sign(&self, secret: &[u8], body: &[u8]) -> String;
    /// Checks `header_value` against `body` in constant time.
    fn verify(&self, secret: &[u8], body: &[u8], header_value: &str) -> Result<(), SignatureError>;
    /// What one attempt's signature covers, passed to [`Signer::sign`] as its `body`: the body
    /// alone unless a scheme signs more (Standard Webhooks signs `id.timestamp.body`).
    fn signed_content<'b>(&self, _attempt: &AttemptContext<'_>, body: &'b [u8]) -> Cow<'b, [u8]> {
        Cow::Borrowed(body)
    }
    /// A fresh endpoint secret behind `prefix`, in the form this scheme's receivers take: by
    /// default 32 random bytes in URL-safe base64, the whole string being the key (D7).
    fn new_secret(&self, prefix: &str) -> SigningSecret {
        SigningSecret::generate(prefix)
    }
}

/// HMAC-SHA256 of the raw body, lowercase hex, behind a fixed prefix such as `v1=` or `sha256=`.
///
/// Signing and checking are `webhook-verify`'s own functions (the crate receivers use), so the
/// sender and the receivers' library cannot disagree about a signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HmacSha256Hex {
    prefix: &'static str,
}

impl HmacSha256Hex {
    /// `X-Webhook-Signature: v1=<hex>` (workflow-api).
    pub const V1: Self = Self { prefix: "v1=" };
    /// `X-<Product>-Signature: sha256=<hex>` (campaign-api; the GitHub form).
    pub const SHA256: Self = Self { prefix: "sha256=" };

    pub const fn new(prefix: &'static str) -> Self {
        Self { prefix }
    }

    pub const fn prefix(&self) -> &'static str {
        self.prefix
    }
}

impl Signer for HmacSha256Hex {
    fn sign(&self, secret: &[u8], body: &[u8]) -> String {
        shared::sign(self.prefix, secret, body)
    }

    fn verify(&self, secret: &[u8], body: &[u8], header_value: &str) -> Result<(), SignatureError> {
        let tag = shared::parse(self.prefix, header_value.as_bytes()).map_err(|m| match m {
            Malformation::WrongPrefix { expected, .. } => SignatureError::WrongPrefix { expected },
            _ => SignatureError::Malformed { expected_len: SIGNATURE_HEX_LEN },
        })?;
        // `matches` compares in constant time (subtle underneath).
        if shared::matches(secret, body, &tag) {
            Ok(())
        } else {
            Err(SignatureError::Mismatch)
        }
    }
}

/// [Standard Webhooks](https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
/// `webhook-id` (the event id, the same on every attempt), `webhook-timestamp` (Unix seconds of
/// the attempt) and `webhook-signature: v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>">`.
/// The secret is `whsec_<base64>`; the key is the base64 part decoded (unlike our services'
/// secrets, whose whole string is the key, D7). A secret that is not of that form is used as
/// raw bytes, as the reference libraries' `from_bytes` does; the services accept only the form.
/// The scheme itself (key, content, signature) is `webhook_verify::standard`, which receivers
/// use too.
///
/// It is both the headers and the signer of a [`Profile`](crate::Profile): the two share
/// [`StandardWebhooks::message_id`], so what is signed is what is sent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StandardWebhooks;

/// Why a Standard Webhooks secret is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
// tidy: in the signature of OpsTarget::new
pub enum StandardSecretError {
    #[error("the secret must start with `whsec_`")]
    Prefix,
    #[error("the part after `whsec_` must be standard base64")]
    NotBase64,
    #[error("the secret must hold 24 to 64 bytes (it holds {0}); e.g. `whsec_$(head -c 32 /dev/urandom | base64)`")]
    Length(usize),
}

impl StandardWebhooks {
    pub const ID_HEADER: HeaderName = HeaderName::from_static(standard::ID_HEADER);
    pub const TIMESTAMP_HEADER: HeaderName = HeaderName::from_static(standard::TIMESTAMP_HEADER);
    pub const SIGNATURE_HEADER: HeaderName = HeaderName::from_static(standard::SIGNATURE_HEADER);
    pub const SECRET_PREFIX: &'static str = standard::SECRET_PREFIX;

    /// The `webhook-id` of an attempt: its event's id.
    pub fn message_id(attempt: &AttemptContext<'_>) -> String {
        attempt.event_id.to_string()
    }

    /// The key of a `whsec_<base64>` secret of 24 to 64 bytes (the specification's range).
    pub fn key(secret: &str) -> Result<Vec<u8>, StandardSecretError> {
        let b64 = secret.strip_prefix(Self::SECRET_PREFIX).ok_or(StandardSecretError::Prefix)?;
        let key = STANDARD.decode(b64).map_err(|_| StandardSecretError::NotBase64)?;
        if !(24..=64).contains(&key.len()) {
            return Err(StandardSecretError::Length(key.len()));
        }
        Ok(key)
    }
}

/// Signs and verifies through `webhook_verify::standard`, the one implementation of the scheme.
impl Signer for StandardWebhooks {
    fn sign(&self, secret: &[u8], content: &[u8]) -> String {
        standard::sign(&standard::key(secret), content)
    }

    /// `header_value` may list several signatures separated by spaces (a rotation); one valid
    /// `v1` signature is enough.
    fn verify(&self, secret: &[u8], content: &[u8], header_value: &str) -> Result<(), SignatureError> {
        standard::verify(&[standard::key(secret)], content, header_value).map_err(|e| match e {
            StandardError::NoV1Signature => SignatureError::WrongPrefix { expected: "v1," },
            StandardError::Malformed => SignatureError::Malformed { expected_len: 44 },
            StandardError::Mismatch => SignatureError::Mismatch,
        })
    }

    fn signed_content<'b>(&self, attempt: &AttemptContext<'_>, body: &'b [u8]) -> Cow<'b, [u8]> {
        Cow::Owned(standard::content(&Self::message_id(attempt), attempt.now.timestamp(), body))
    }

    /// `whsec_<standard base64 of 32 bytes>`: the key is the decoded part, as every Standard
    /// Webhooks library reads it.
    fn new_secret(&self, prefix: &str) -> SigningSecret {
        SigningSecret::generate_standard_base64(prefix)
    }
}

impl HeaderSet for StandardWebhooks {
    fn apply(&self, attempt: &AttemptContext<'_>, headers: &mut HeaderMap) {
        if let Ok(id) = HeaderValue::from_str(&Self::message_id(attempt)) {
            headers.insert(Self::ID_HEADER, id);
        }
        headers.insert(Self::TIMESTAMP_HEADER, HeaderValue::from(attempt.now.timestamp()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_published_vector() {
        // https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
        let sig = HmacSha256Hex::SHA256.sign(b"It's a Secret to Everybody", b"Hello, World!");
        assert_eq!(sig, "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
    }

    #[test]
    fn rfc4231_case_2_in_v1_form() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let sig = HmacSha256Hex::V1.sign(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(sig, "v1=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn verify_accepts_own_signature_and_rejects_tampering() {
        let s = HmacSha256Hex::V1;
        let sig = s.sign(b"secret", b"{\"a\":1}");
        assert_eq!(s.verify(b"secret", b"{\"a\":1}", &sig), Ok(()));
        assert_eq!(s.verify(b"secret", b"{\"a\":2}", &sig), Err(SignatureError::Mismatch));
        assert_eq!(s.verify(b"other", b"{\"a\":1}", &sig), Err(SignatureError::Mismatch));
    }

    #[test]
    fn verify_names_each_malformation() {
        let s = HmacSha256Hex::SHA256;
        let good = s.sign(b"k", b"body");
        let hex = good.trim_start_matches("sha256=");
        assert_eq!(
            s.verify(b"k", b"body", &format!("v1={hex}")),
            Err(SignatureError::WrongPrefix { expected: "sha256=" })
        );
        assert_eq!(
            s.verify(b"k", b"body", "sha256=abc"),
            Err(SignatureError::Malformed { expected_len: 64 })
        );
        assert_eq!(
            s.verify(b"k", b"body", &format!("sha256={}", hex.to_uppercase())),
            Err(SignatureError::Malformed { expected_len: 64 })
        );
        let not_hex = format!("sha256={}zz", &hex[..62]);
        assert_eq!(s.verify(b"k", b"body", &not_hex), Err(SignatureError::Malformed { expected_len: 64 }));
    }
}

#[cfg(test)]
mod standard_webhooks_tests {
    use super::*;

    /// The test vector of the Standard Webhooks reference libraries
    /// (standard-webhooks/standard-webhooks, libraries/rust/src/lib.rs, `test_sign`).
    const SECRET: &str = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
    const MSG_ID: &str = "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk";
    const TIMESTAMP: i64 = 1_649_367_553;
    const PAYLOAD: &[u8] = br#"{"email":"test@example.com","username":"test_user"}"#;
    const SIGNATURE: &str = "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=";

    #[test]
    fn the_published_vector_signs_and_verifies() {
        let content = standard::content(MSG_ID, TIMESTAMP, PAYLOAD);
        assert_eq!(StandardWebhooks.sign(SECRET.as_bytes(), &content), SIGNATURE);
        assert_eq!(StandardWebhooks.verify(SECRET.as_bytes(), &content, SIGNATURE), Ok(()));
        // Without the prefix the base64 part is the same secret.
        let bare = SECRET.trim_start_matches("whsec_");
        assert_eq!(StandardWebhooks.sign(bare.as_bytes(), &content), SIGNATURE);
    }

    #[test]
    fn the_signature_covers_id_timestamp_and_body() {
        let sign = |id, ts, body| StandardWebhooks.sign(SECRET.as_bytes(), &standard::content(id, ts, body));
        assert_ne!(sign("msg_other", TIMESTAMP, PAYLOAD), SIGNATURE);
        assert_ne!(sign(MSG_ID, TIMESTAMP + 1, PAYLOAD), SIGNATURE);
        assert_ne!(sign(MSG_ID, TIMESTAMP, b"{}"), SIGNATURE);
    }

    #[test]
    fn verify_takes_one_valid_signature_among_several_and_names_failures() {
        let content = standard::content(MSG_ID, TIMESTAMP, PAYLOAD);
        let verify = |h: &str| StandardWebhooks.verify(SECRET.as_bytes(), &content, h);
        let other = "v1,R3PTzyfHASBKHH98a7yexTwaJ4yNIcGhFQc1yuN+BPU=";
        assert_eq!(verify(&format!("{other} {SIGNATURE}")), Ok(()));
        assert_eq!(verify(other), Err(SignatureError::Mismatch));
        assert_eq!(verify("v2,abc"), Err(SignatureError::WrongPrefix { expected: "v1," }));
        assert_eq!(verify("v1,not-base64!"), Err(SignatureError::Malformed { expected_len: 44 }));
    }

    #[test]
    fn a_new_secret_is_whsec_standard_base64_of_32_bytes() {
        let secret = StandardWebhooks.new_secret(StandardWebhooks::SECRET_PREFIX);
        assert_eq!(StandardWebhooks::key(secret.expose()).map(|k| k.len()), Ok(32), "{secret:?}");
    }

    #[test]
    fn secrets_must_be_whsec_base64_of_24_to_64_bytes() {
        assert_eq!(StandardWebhooks::key(SECRET).map(|k| k.len()), Ok(24));
        assert_eq!(
            StandardWebhooks::key("C2FVsBQIhrscChlQIMV+b5sSYspob7oD"),
            Err(StandardSecretError::Prefix)
        );
        assert_eq!(StandardWebhooks::key("whsec_***"), Err(StandardSecretError::NotBase64));
        assert_eq!(StandardWebhooks::key("whsec_AAAA"), Err(StandardSecretError::Length(3)));
    }

    #[test]
    fn the_headers_carry_the_id_and_time_the_signature_covers() {
        let attempt = AttemptContext {
            delivery_id: Uuid::nil(),
            event_id: Uuid::from_u128(7),
            event_type: "endpoint.disabled",
            dedupe_key: "k",
            attempt_number: 1,
            now: DateTime::from_timestamp(TIMESTAMP, 0).unwrap_or_default(),
        };
        let mut headers = HeaderMap::new();
        StandardWebhooks.apply(&attempt, &mut headers);
        assert_eq!(headers["webhook-id"], "00000000-0000-0000-0000-000000000007");
        assert_eq!(headers["webhook-timestamp"], "1649367553");
        let content = StandardWebhooks.signed_content(&attempt, b"{}");
        assert_eq!(&content[..], b"00000000-0000-0000-0000-000000000007.1649367553.{}");
    }
}
