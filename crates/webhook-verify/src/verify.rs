//! [`Verifier`]: one delivery format, the endpoint's secret and any previous ones, and the
//! checks in order: the signature header's form, then the HMAC in constant time, then the id.

use crate::error::{InvalidSecret, LikelyCause, VerifyError};
use crate::format::DeliveryFormat;
use crate::headers::Headers;
use crate::signature;
use std::fmt;

/// The prefix of the secrets our services generate.
pub const SECRET_PREFIX: &str = "whsec_";

/// A signing secret. The HMAC key is the whole string as UTF-8, prefix included.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(secret: &str) -> Result<Self, InvalidSecret> {
        if secret.is_empty() {
            return Err(InvalidSecret::Empty);
        }
        if secret.trim() != secret {
            return Err(InvalidSecret::Whitespace);
        }
        Ok(Self(secret.to_owned()))
    }

    /// The HMAC key: the secret's UTF-8 bytes, exactly as shown at creation. Not base64-decoded.
    pub fn hmac_key(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// A delivery that verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The id header's value (`X-Webhook-ID` or `X-<Product>-Delivery`): the dedupe key.
    pub id: String,
    /// Which secret matched: 0 is the current one, 1 the first previous one, and so on. A
    /// previous secret matching means the sender has not switched yet.
    pub secret_index: usize,
}

/// Verifies deliveries of one format against the current secret and, during a rotation, the
/// previous ones.
#[derive(Clone)]
pub struct Verifier {
    format: DeliveryFormat,
    secrets: Vec<Secret>,
}

impl fmt::Debug for Verifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verifier")
            .field("format", &self.format)
            .field("secrets", &self.secrets.len())
            .finish()
    }
}

impl Verifier {
    /// `secret` is the endpoint's signing secret exactly as shown (`whsec_…`).
    pub fn new(format: DeliveryFormat, secret: &str) -> Result<Self, InvalidSecret> {
        Ok(Self { format, secrets: vec![Secret::new(secret)?] })
    }

    /// Also accepts deliveries signed with `secret`, tried after the ones already given. Use it
    /// while a rotation takes effect; remove it once [`Verified::secret_index`] stays 0.
    pub fn with_previous_secret(mut self, secret: &str) -> Result<Self, InvalidSecret> {
        self.secrets.push(Secret::new(secret)?);
        Ok(self)
    }

    pub fn format(&self) -> &DeliveryFormat {
        &self.format
    }

    /// Verifies `body`, the raw request bytes exactly as received, against the headers. On
    /// success returns the delivery's id for deduplication.
    pub fn verify<H: Headers + ?Sized>(&self, body: &[u8], headers: &H) -> Result<Verified, VerifyError> {
        let signature_value = single(headers, self.format.signature_header())?;
        let secret_index = self.verify_signature(body, signature_value)?;
        let id = single(headers, self.format.id_header())?;
        let id = std::str::from_utf8(id)
            .map_err(|_| VerifyError::MissingHeader { header: self.format.id_header().to_owned() })?;
        Ok(Verified { id: id.to_owned(), secret_index })
    }

    /// Checks one signature header value against `body`; returns the index of the secret that
    /// matched. Every secret is tried, so the time taken does not say which one matched.
    pub fn verify_signature(&self, body: &[u8], header_value: &[u8]) -> Result<usize, VerifyError> {
        let header = self.format.signature_header();
        let tag = signature::parse(self.format.signature_prefix(), header_value)
            .map_err(|problem| VerifyError::MalformedHeader { header: header.to_owned(), problem })?;
        let mut matched = None;
        for (i, secret) in self.secrets.iter().enumerate() {
            if signature::matches(secret.hmac_key(), body, &tag) && matched.is_none() {
                matched = Some(i);
            }
        }
        matched.ok_or_else(|| VerifyError::Mismatch {
            header: header.to_owned(),
            secrets_tried: self.secrets.len(),
            likely: self.likely_cause(body),
        })
    }

    fn likely_cause(&self, body: &[u8]) -> LikelyCause {
        if self.secrets.iter().any(|s| !s.0.starts_with(SECRET_PREFIX)) {
            LikelyCause::SecretNotWhole
        } else if body.contains(&b'\n') || body.windows(3).any(|w| w == b"\": ") {
            LikelyCause::BodyReformatted
        } else {
            LikelyCause::Unknown
        }
    }
}

/// The one value of header `name`.
fn single<'h, H: Headers + ?Sized>(headers: &'h H, name: &str) -> Result<&'h [u8], VerifyError> {
    match headers.header_values(name).as_slice() {
        [] => Err(VerifyError::MissingHeader { header: name.to_owned() }),
        [one] => Ok(one),
        many => Err(VerifyError::RepeatedHeader { header: name.to_owned(), count: many.len() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signature::Malformation;
    use crate::testing::signed_headers;

    const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
    const BODY: &[u8] = br#"{"event":"run.completed","id":"r1:run.completed"}"#;

    fn workflow() -> Verifier {
        Verifier::new(DeliveryFormat::workflow(), SECRET).expect("valid secret")
    }

    #[test]
    fn a_signed_delivery_verifies_and_yields_its_id() {
        let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "r1:run.completed");
        assert_eq!(
            workflow().verify(BODY, &headers),
            Ok(Verified { id: "r1:run.completed".into(), secret_index: 0 })
        );
    }

    #[test]
    fn a_campaign_delivery_verifies_with_its_product_word() {
        let format = DeliveryFormat::campaign("Acme").expect("valid");
        let headers = signed_headers(&format, SECRET, BODY, "d-1");
        let verifier = Verifier::new(format, SECRET).expect("valid");
        assert_eq!(verifier.verify(BODY, &headers).map(|v| v.id), Ok("d-1".to_owned()));
        // The workflow format looks for other headers.
        assert_eq!(workflow().verify(BODY, &headers).map_err(|e| e.code()), Err("missing_header"));
    }

    #[test]
    fn tampering_and_other_secrets_mismatch() {
        let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "id");
        let tampered = br#"{"event":"run.completed","id":"r2:run.completed"}"#;
        let err = workflow().verify(tampered, &headers).expect_err("tampered");
        assert!(matches!(err, VerifyError::Mismatch { secrets_tried: 1, likely: LikelyCause::Unknown, .. }));
        let other = Verifier::new(DeliveryFormat::workflow(), "whsec_other").expect("valid");
        assert_eq!(other.verify(BODY, &headers).map_err(|e| e.code()), Err("signature_mismatch"));
    }

    #[test]
    fn rotation_accepts_the_previous_secret_and_says_so() {
        let old = "whsec_old";
        let headers = signed_headers(&DeliveryFormat::workflow(), old, BODY, "id");
        let verifier = workflow().with_previous_secret(old).expect("valid");
        assert_eq!(verifier.verify(BODY, &headers).map(|v| v.secret_index), Ok(1));
        let fresh = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "id");
        assert_eq!(verifier.verify(BODY, &fresh).map(|v| v.secret_index), Ok(0));
    }

    #[test]
    fn a_decoded_or_stripped_secret_is_named_as_the_likely_cause() {
        let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "id");
        let stripped = Verifier::new(DeliveryFormat::workflow(), &SECRET[6..]).expect("valid");
        let err = stripped.verify(BODY, &headers).expect_err("stripped prefix");
        assert!(matches!(err, VerifyError::Mismatch { likely: LikelyCause::SecretNotWhole, .. }));
        assert!(err.to_string().contains("not base64-decoded"), "{err}");
    }

    #[test]
    fn a_pretty_printed_body_is_named_as_the_likely_cause() {
        let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "id");
        let pretty = br#"{"event": "run.completed", "id": "r1:run.completed"}"#;
        let err = workflow().verify(pretty, &headers).expect_err("re-serialised");
        assert!(matches!(err, VerifyError::Mismatch { likely: LikelyCause::BodyReformatted, .. }));
        assert!(err.to_string().contains("raw request bytes"), "{err}");
    }

    #[test]
    fn header_problems_come_before_any_hmac() {
        let good = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "id");
        let sig =
            good.iter().find(|(k, _)| k == "X-Webhook-Signature").map(|(_, v)| v.clone()).expect("signed");
        let v = workflow();
        assert_eq!(
            v.verify(BODY, &[("X-Webhook-ID", "id")]),
            Err(VerifyError::MissingHeader { header: "X-Webhook-Signature".into() })
        );
        assert_eq!(
            v.verify(BODY, &[("x-webhook-signature", sig.as_str()), ("x-webhook-signature", sig.as_str())]),
            Err(VerifyError::RepeatedHeader { header: "X-Webhook-Signature".into(), count: 2 })
        );
        let upper = format!("v1={}", sig[3..].to_uppercase());
        assert_eq!(
            v.verify(BODY, &[("x-webhook-signature", upper.as_str()), ("x-webhook-id", "id")]),
            Err(VerifyError::MalformedHeader {
                header: "X-Webhook-Signature".into(),
                problem: Malformation::UppercaseHex
            })
        );
        // A valid signature without the id header is not a delivery of ours.
        assert_eq!(
            v.verify(BODY, &[("x-webhook-signature", sig.as_str())]),
            Err(VerifyError::MissingHeader { header: "X-Webhook-ID".into() })
        );
    }

    #[test]
    fn secrets_are_checked_and_never_printed() {
        assert_eq!(Secret::new("").map(|_| ()), Err(InvalidSecret::Empty));
        assert_eq!(Secret::new("whsec_abc\n").map(|_| ()), Err(InvalidSecret::Whitespace));
        let printed = format!("{:?}", workflow());
        assert!(!printed.contains(SECRET) && !printed.contains("AAEC"), "{printed}");
    }
}
