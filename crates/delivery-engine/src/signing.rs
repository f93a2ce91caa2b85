//! Signature schemes: HMAC-SHA256 over the exact raw body bytes, rendered as `<prefix><lowercase hex>`.
//!
//! The workflow service uses `v1=` and the campaign service `sha256=`; both are values of
//! [`HmacSha256Hex`]. A new scheme (another algorithm, a timestamped form) implements [`Signer`].

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

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

    fn mac(secret: &[u8], body: &[u8]) -> HmacSha256 {
        // HMAC accepts keys of any length; new_from_slice cannot fail for it.
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes keys of any length");
        mac.update(body);
        mac
    }
}

impl Signer for HmacSha256Hex {
    fn sign(&self, secret: &[u8], body: &[u8]) -> String {
        let tag = Self::mac(secret, body).finalize().into_bytes();
        let mut out = String::with_capacity(self.prefix.len() + 64);
        out.push_str(self.prefix);
        out.push_str(&hex::encode(tag));
        out
    }

    fn verify(&self, secret: &[u8], body: &[u8], header_value: &str) -> Result<(), SignatureError> {
        let hex_part = header_value
            .strip_prefix(self.prefix)
            .ok_or(SignatureError::WrongPrefix { expected: self.prefix })?;
        let malformed = SignatureError::Malformed { expected_len: 64 };
        if hex_part.len() != 64 || hex_part.bytes().any(|b| b.is_ascii_uppercase()) {
            return Err(malformed);
        }
        let tag = hex::decode(hex_part).map_err(|_| malformed)?;
        // verify_slice compares in constant time (subtle underneath).
        Self::mac(secret, body).verify_slice(&tag).map_err(|_| SignatureError::Mismatch)
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
