//! The signature itself: HMAC-SHA256 of the raw body, as `<prefix><64 lowercase hex digits>`.
//!
//! Pure functions, shared by the sender (`delivery-engine` signs through [`sign`]) and every
//! receiver, so the two cannot drift. The key is whatever bytes the caller passes; for our
//! secrets that is the whole secret string as UTF-8, `whsec_` prefix included.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

/// Hex digits after the prefix: 32 bytes of HMAC-SHA256.
pub const SIGNATURE_HEX_LEN: usize = 64;

/// The signature prefixes we send, with the service each belongs to (used in hints).
const KNOWN_PREFIXES: [(&str, &str); 2] = [
    ("v1=", "a workflow delivery (X-Webhook-Signature)"),
    ("sha256=", "a campaign delivery (X-<Product>-Signature)"),
];

/// Why a signature header value is not of the form `<prefix><64 lowercase hex>`. Checked
/// before any HMAC is computed; each names the usual cause.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Malformation {
    #[error("the value contains whitespace; pass the header value exactly as received (a signature never contains spaces, tabs or line breaks)")]
    Whitespace,
    #[error("the value is not visible ASCII; it was garbled on the way or is not one of our signatures")]
    NotAscii,
    #[error("the value starts with `{found}` but this format expects `{expected}`{}", prefix_hint(found))]
    WrongPrefix { expected: &'static str, found: String },
    #[error("the value has {found} hex digits after `{prefix}`, not {SIGNATURE_HEX_LEN}; was it truncated, or several signatures joined?")]
    WrongLength { prefix: &'static str, found: usize },
    #[error("the hex digits are uppercase; we send lowercase and compare exactly (something on the way changed the value)")]
    UppercaseHex,
    #[error("the value after `{prefix}` is not hexadecimal")]
    NotHex { prefix: &'static str },
}

fn prefix_hint(found: &str) -> String {
    match KNOWN_PREFIXES.iter().find(|(p, _)| *p == found) {
        Some((_, what)) => format!(": that is {what}; verify it with that format"),
        None if found.starts_with("v1,") => {
            ": `v1,<base64>` is the Standard Webhooks / Svix form, not ours".to_owned()
        }
        None => String::new(),
    }
}

/// `<prefix><hex>` for `body` under `key`.
pub fn sign(prefix: &str, key: &[u8], body: &[u8]) -> String {
    let tag = mac(key, body).finalize().into_bytes();
    let mut out = String::with_capacity(prefix.len() + SIGNATURE_HEX_LEN);
    out.push_str(prefix);
    out.push_str(&hex::encode(tag));
    out
}

/// The 32 bytes of HMAC-SHA256 of `message` under `key`, for schemes that render them otherwise
/// (the engine's Standard Webhooks signer: base64 over `id.timestamp.body`).
pub fn tag(key: &[u8], message: &[u8]) -> [u8; 32] {
    mac(key, message).finalize().into_bytes().into()
}

/// Checks the form of a header value strictly and returns the 32 signature bytes. Nothing is
/// trimmed or case-folded: a value that is not exactly what we send is refused.
pub fn parse(prefix: &'static str, value: &[u8]) -> Result<[u8; 32], Malformation> {
    if value.iter().any(u8::is_ascii_whitespace) {
        return Err(Malformation::Whitespace);
    }
    if value.iter().any(|b| !b.is_ascii_graphic()) {
        return Err(Malformation::NotAscii);
    }
    // Visible ASCII only from here, so byte offsets are char boundaries.
    let text = std::str::from_utf8(value).map_err(|_| Malformation::NotAscii)?;
    let Some(hex_part) = text.strip_prefix(prefix) else {
        let found = match text.find(['=', ',']) {
            Some(i) => &text[..=i],
            None => &text[..text.len().min(12)],
        };
        return Err(Malformation::WrongPrefix { expected: prefix, found: found.to_owned() });
    };
    if hex_part.len() != SIGNATURE_HEX_LEN {
        return Err(Malformation::WrongLength { prefix, found: hex_part.len() });
    }
    if hex_part.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(Malformation::UppercaseHex);
    }
    let mut tag = [0u8; 32];
    hex::decode_to_slice(hex_part, &mut tag).map_err(|_| Malformation::NotHex { prefix })?;
    Ok(tag)
}

/// Whether `tag` is the HMAC-SHA256 of `body` under `key`, compared in constant time.
pub fn matches(key: &[u8], body: &[u8], tag: &[u8; 32]) -> bool {
    let expected = mac(key, body).finalize().into_bytes();
    bool::from(expected.as_slice().ct_eq(tag.as_slice()))
}

fn mac(key: &[u8], body: &[u8]) -> HmacSha256 {
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac = <HmacSha256 as Mac>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(body);
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_published_vector() {
        // https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
        assert_eq!(
            sign("sha256=", b"It's a Secret to Everybody", b"Hello, World!"),
            "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        );
    }

    #[test]
    fn rfc4231_case_2() {
        assert_eq!(
            sign("v1=", b"Jefe", b"what do ya want for nothing?"),
            "v1=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn the_raw_tag_is_the_hex_signature_decoded() {
        let tag = tag(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(sign("", b"Jefe", b"what do ya want for nothing?"), hex::encode(tag));
        assert!(matches(b"Jefe", b"what do ya want for nothing?", &tag));
    }

    #[test]
    fn a_signature_parses_and_matches_only_its_body_and_key() {
        let header = sign("v1=", b"key", b"body");
        let tag = parse("v1=", header.as_bytes()).expect("well formed");
        assert!(matches(b"key", b"body", &tag));
        assert!(!matches(b"key", b"body ", &tag));
        assert!(!matches(b"other", b"body", &tag));
    }

    #[test]
    fn each_malformation_is_named() {
        let good = sign("v1=", b"k", b"b");
        let hex = &good[3..];
        let cases: [(String, Malformation); 8] = [
            (format!(" {good}"), Malformation::Whitespace),
            (format!("{good}\n"), Malformation::Whitespace),
            (format!("v1={}é", &hex[..62]), Malformation::NotAscii),
            (format!("sha256={hex}"), Malformation::WrongPrefix { expected: "v1=", found: "sha256=".into() }),
            (format!("V1={hex}"), Malformation::WrongPrefix { expected: "v1=", found: "V1=".into() }),
            (format!("v1={hex}{hex}"), Malformation::WrongLength { prefix: "v1=", found: 128 }),
            (format!("v1={}", hex.to_uppercase()), Malformation::UppercaseHex),
            (format!("v1={}zz", &hex[..62]), Malformation::NotHex { prefix: "v1=" }),
        ];
        for (value, expected) in cases {
            assert_eq!(parse("v1=", value.as_bytes()), Err(expected), "{value:?}");
        }
    }

    #[test]
    fn prefix_errors_point_at_the_other_format() {
        let err = parse("sha256=", b"v1=00").expect_err("wrong prefix");
        assert!(err.to_string().contains("workflow delivery"), "{err}");
        let err = parse("v1=", b"v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=").expect_err("svix form");
        assert!(err.to_string().contains("Standard Webhooks"), "{err}");
    }
}
