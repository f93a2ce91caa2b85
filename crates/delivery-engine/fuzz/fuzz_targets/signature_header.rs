//! Signature verification never panics on any header value, accepts its own signatures, and
//! accepts a header only if it is exactly the signature.
#![no_main]

use delivery_engine::signing::{HmacSha256Hex, Signer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&secret_len, rest)) = data.split_first() else { return };
    let (secret, rest) = rest.split_at((secret_len as usize).min(rest.len()));
    let (body, header) = rest.split_at(rest.len() / 2);
    let header = String::from_utf8_lossy(header);
    for scheme in [HmacSha256Hex::V1, HmacSha256Hex::SHA256] {
        let signed = scheme.sign(secret, body);
        assert!(scheme.verify(secret, body, &signed).is_ok());
        if scheme.verify(secret, body, &header).is_ok() {
            assert_eq!(header, signed);
        }
    }
});
