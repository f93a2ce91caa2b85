//! Why a delivery did not verify. Every failure is its own variant, each message says what
//! was wrong and the usual cause, and [`VerifyError::code`] is the same short code the Python
//! and JavaScript packages use.

use crate::signature::Malformation;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("no {header} header: the request was not sent by us, or a proxy or gateway dropped the header on the way")]
    MissingHeader { header: String },
    #[error("{header} appears {count} times; a delivery carries exactly one")]
    RepeatedHeader { header: String, count: usize },
    #[error("{header} is malformed: {problem}")]
    MalformedHeader { header: String, problem: Malformation },
    #[error("the signature in {header} does not match the body under {} tried. {likely}Usual causes: \
             (1) the body was parsed and re-serialised: verify the raw request bytes, before any JSON parsing; \
             (2) the secret was not used whole: the HMAC key is the entire secret string as UTF-8, `whsec_` prefix \
             included, not base64-decoded and not stripped; \
             (3) the endpoint's secret was rotated: pass the previous secret as well until deliveries use the new one",
            secrets(*secrets_tried))]
    Mismatch { header: String, secrets_tried: usize, likely: LikelyCause },
}

fn secrets(n: usize) -> String {
    if n == 1 {
        "the secret".to_owned()
    } else {
        format!("any of the {n} secrets")
    }
}

impl VerifyError {
    /// `missing_header`, `repeated_header`, `malformed_header` or `signature_mismatch`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MissingHeader { .. } => "missing_header",
            Self::RepeatedHeader { .. } => "repeated_header",
            Self::MalformedHeader { .. } => "malformed_header",
            Self::Mismatch { .. } => "signature_mismatch",
        }
    }
}

/// What a mismatch most likely comes from, when the inputs show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LikelyCause {
    /// Nothing in the inputs points to one cause.
    Unknown,
    /// The body has `": "` or a line break, which our compact JSON never has: it was probably
    /// parsed and serialised again (Python's `json.dumps` and `JSON.stringify(v, null, 2)` do this).
    BodyReformatted,
    /// A secret does not start with `whsec_`: its prefix was stripped or it was decoded.
    SecretNotWhole,
}

impl fmt::Display for LikelyCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown => Ok(()),
            Self::BodyReformatted => f.write_str(
                "The body looks re-serialised (it has `\": \"` or a line break; our bodies are compact JSON). ",
            ),
            Self::SecretNotWhole => f.write_str(
                "A secret does not start with `whsec_`: use the whole secret string exactly as shown at creation. ",
            ),
        }
    }
}

/// Why a secret cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSecret {
    #[error("the secret is empty; is the environment variable holding it set?")]
    Empty,
    #[error("the secret starts or ends with whitespace (often a newline from a file); our secrets never do, so trim it")]
    Whitespace,
}
