//! Signature schemes: HMAC-SHA256 over the exact raw body bytes, rendered as `<prefix><lowercase hex>`.
//!
//! The workflow service uses `v1=` and the campaign service `sha256=`; both are values of
//! [`HmacSha256Hex`]. A new scheme (another algorithm, a timestamped form) implements [`Signer`].

use webhook_verify::signature::{self as shared, Malformation, SIGNATURE_HEX_LEN};

/// Why a signature header did not verify. Every failure has its own variant so receivers can log it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the signature header does not start with `{expected}`")]
    WrongPrefix { expected: &'static str },
    #[error("the signature is not {expected_len} lowercase hex digits")]
    Malformed { expected_len: usize },
    #[error("the signature does not match the body")]
    Mismatch,
}

/// Computes and checks the signature header value for a body.
pub trait Signer: Send + Sync + std::fmt::Debug {
    /// The header value for `body` signed with `secret`.
    fn sign(&self, secret: &[u8], body: &[u8]) -> String;
    /// Checks `header_value` against `body` in constant time.
    fn verify(&self, secret: &[u8], body: &[u8], header_value: &str) -> Result<(), SignatureError>;
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
