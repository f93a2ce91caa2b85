//! HMAC-SHA256 written out from RFC 2104, independent of the `hmac` crate the engine uses, so
//! tests check signatures with a second implementation.

use sha2::{Digest, Sha256};

pub fn independent_hmac_sha256_hex(key: &[u8], msg: &[u8]) -> String {
    let mut k = [0u8; 64];
    if key.len() > 64 {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let inner: Vec<u8> = k.iter().map(|b| b ^ 0x36).chain(msg.iter().copied()).collect();
    let inner_hash = Sha256::digest(&inner);
    let outer: Vec<u8> = k.iter().map(|b| b ^ 0x5c).chain(inner_hash.iter().copied()).collect();
    hex::encode(Sha256::digest(&outer))
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc4231_case_2() {
        assert_eq!(
            super::independent_hmac_sha256_hex(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
