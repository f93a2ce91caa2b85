//! Signing secrets: generated here, shown to the caller once, stored sealed.
//!
//! Secrets are sealed with ChaCha20-Poly1305 under a master key named by a key id, with the
//! endpoint id as associated data (a ciphertext copied onto another row does not open). The
//! keyring holds one active key, which seals, and any number of older keys, which still open:
//! rotating the master key is adding a new active key and re-sealing at leisure.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::RngCore;
use std::collections::HashMap;
use std::fmt;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
// tidy: in the signature of Keyring::parse
pub enum KeyringError {
    #[error("MASTER_KEYS is empty: give at least one `key-id:base64-32-bytes` entry")]
    Empty,
    #[error("master key entry `{0}` is not `key-id:base64-of-32-bytes`")]
    Malformed(String),
    #[error("master key id `{0}` appears twice")]
    Duplicate(String),
    #[error("no master key with id `{0}` is configured; the secret cannot be opened")]
    UnknownKey(String),
    #[error("a stored secret failed authentication (wrong key or tampered row)")]
    Tampered,
}

/// A signing secret in the clear. `Debug` never prints it.
#[derive(Clone, PartialEq, Eq)]
// tidy: in the signature of CreatedEndpoint (its `secret`) and Engine::rotate_secret
pub struct SigningSecret(String);

impl SigningSecret {
    /// A fresh secret: `prefix` followed by 32 random bytes in URL-safe base64.
    /// The HMAC key is the UTF-8 bytes of the whole string, prefix included, so receivers
    /// use the secret exactly as shown.
    pub fn generate(prefix: &str) -> Self {
        let mut raw = [0u8; 32];
        rand::rng().fill_bytes(&mut raw);
        Self(format!("{prefix}{}", URL_SAFE_NO_PAD.encode(raw)))
    }

    /// A fresh secret for a scheme whose key is the base64 after the prefix (Standard
    /// Webhooks' `whsec_<base64>`): `prefix` followed by 32 random bytes in standard,
    /// padded base64, which every such scheme's verifiers decode.
    pub fn generate_standard_base64(prefix: &str) -> Self {
        let mut raw = [0u8; 32];
        rand::rng().fill_bytes(&mut raw);
        Self(format!("{prefix}{}", STANDARD.encode(raw)))
    }

    pub(crate) fn from_plain(text: String) -> Self {
        Self(text)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub(crate) fn as_hmac_key(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Debug for SigningSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SigningSecret(<redacted>)")
    }
}

/// A secret as stored: which key sealed it, the nonce and the ciphertext.
#[derive(Debug, Clone)]
pub(crate) struct SealedSecret {
    pub key_id: String,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

#[derive(Clone)]
pub struct Keyring {
    active: String,
    keys: HashMap<String, ChaCha20Poly1305>,
}

impl fmt::Debug for Keyring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut ids: Vec<_> = self.keys.keys().collect();
        ids.sort();
        f.debug_struct("Keyring").field("active", &self.active).field("key_ids", &ids).finish()
    }
}

impl Keyring {
    /// Parses `MASTER_KEYS`: comma-separated `key-id:base64(32 bytes)`; the first is active.
    pub fn parse(spec: &str) -> Result<Self, KeyringError> {
        let mut entries = spec.split(',').map(str::trim).filter(|s| !s.is_empty());
        let first = entries.next().ok_or(KeyringError::Empty)?;
        let (active, key) = Self::parse_entry(first)?;
        let mut ring = Self::single(&active, key);
        for entry in entries {
            let (id, key) = Self::parse_entry(entry)?;
            if ring.keys.contains_key(&id) {
                return Err(KeyringError::Duplicate(id));
            }
            ring.keys.insert(id, ChaCha20Poly1305::new(Key::from_slice(&key)));
        }
        Ok(ring)
    }

    fn parse_entry(entry: &str) -> Result<(String, [u8; 32]), KeyringError> {
        let malformed = || KeyringError::Malformed(entry.split(':').next().unwrap_or("").to_owned());
        let (id, b64) = entry.split_once(':').ok_or_else(malformed)?;
        let bytes = STANDARD.decode(b64.trim()).map_err(|_| malformed())?;
        let key: [u8; 32] = bytes.try_into().map_err(|_| malformed())?;
        if id.is_empty() {
            return Err(malformed());
        }
        Ok((id.to_owned(), key))
    }

    pub fn single(key_id: &str, key: [u8; 32]) -> Self {
        let mut keys = HashMap::new();
        keys.insert(key_id.to_owned(), ChaCha20Poly1305::new(Key::from_slice(&key)));
        Self { active: key_id.to_owned(), keys }
    }

    /// A random 32-byte key in the `MASTER_KEYS` entry form, for generating configuration.
    pub fn generate_entry(key_id: &str) -> String {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        format!("{key_id}:{}", STANDARD.encode(key))
    }

    #[cfg(test)]
    fn active_key_id(&self) -> &str {
        &self.active
    }

    pub(crate) fn seal(&self, endpoint_id: Uuid, secret: &SigningSecret) -> SealedSecret {
        let cipher = &self.keys[&self.active];
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let ciphertext = cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload { msg: secret.0.as_bytes(), aad: endpoint_id.as_bytes() },
            )
            .expect("ChaCha20-Poly1305 encryption of a short message cannot fail");
        SealedSecret { key_id: self.active.clone(), nonce: nonce.to_vec(), ciphertext }
    }

    /// Seals arbitrary bytes bound to `aad` (used for stored idempotent answers).
    pub(crate) fn seal_bytes(&self, aad: &[u8], plain: &[u8]) -> SealedSecret {
        let cipher = &self.keys[&self.active];
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let ciphertext = cipher
            .encrypt(Nonce::from_slice(&nonce), Payload { msg: plain, aad })
            .expect("ChaCha20-Poly1305 encryption cannot fail for in-memory sizes");
        SealedSecret { key_id: self.active.clone(), nonce: nonce.to_vec(), ciphertext }
    }

    pub(crate) fn open_bytes(&self, aad: &[u8], sealed: &SealedSecret) -> Result<Vec<u8>, KeyringError> {
        let cipher =
            self.keys.get(&sealed.key_id).ok_or_else(|| KeyringError::UnknownKey(sealed.key_id.clone()))?;
        if sealed.nonce.len() != 12 {
            return Err(KeyringError::Tampered);
        }
        cipher
            .decrypt(Nonce::from_slice(&sealed.nonce), Payload { msg: &sealed.ciphertext, aad })
            .map_err(|_| KeyringError::Tampered)
    }

    pub(crate) fn open(
        &self,
        endpoint_id: Uuid,
        sealed: &SealedSecret,
    ) -> Result<SigningSecret, KeyringError> {
        let cipher =
            self.keys.get(&sealed.key_id).ok_or_else(|| KeyringError::UnknownKey(sealed.key_id.clone()))?;
        if sealed.nonce.len() != 12 {
            return Err(KeyringError::Tampered);
        }
        let plain = cipher
            .decrypt(
                Nonce::from_slice(&sealed.nonce),
                Payload { msg: &sealed.ciphertext, aad: endpoint_id.as_bytes() },
            )
            .map_err(|_| KeyringError::Tampered)?;
        String::from_utf8(plain).map(SigningSecret).map_err(|_| KeyringError::Tampered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seal_open_round_trip_and_binding_to_the_endpoint() {
        let ring = Keyring::parse(&Keyring::generate_entry("k1")).expect("valid");
        let id = Uuid::new_v4();
        let secret = SigningSecret::generate("whsec_");
        let sealed = ring.seal(id, &secret);
        assert_eq!(sealed.key_id, "k1");
        assert!(!sealed.ciphertext.windows(8).any(|w| secret.expose().as_bytes().windows(8).any(|s| s == w)));
        assert_eq!(ring.open(id, &sealed).expect("opens"), secret);
        assert!(matches!(ring.open(Uuid::new_v4(), &sealed), Err(KeyringError::Tampered)));
    }

    #[test]
    fn rotation_keeps_old_secrets_readable() {
        let old = Keyring::generate_entry("old");
        let new = Keyring::generate_entry("new");
        let id = Uuid::new_v4();
        let secret = SigningSecret::generate("whsec_");
        let sealed = Keyring::parse(&old).expect("valid").seal(id, &secret);
        let rotated = Keyring::parse(&format!("{new},{old}")).expect("valid");
        assert_eq!(rotated.active_key_id(), "new");
        assert_eq!(rotated.open(id, &sealed).expect("opens"), secret);
        let only_new = Keyring::parse(&new).expect("valid");
        assert!(matches!(only_new.open(id, &sealed), Err(KeyringError::UnknownKey(k)) if k == "old"));
    }

    #[test]
    fn rejects_bad_key_specs() {
        assert!(matches!(Keyring::parse(""), Err(KeyringError::Empty)));
        assert!(matches!(Keyring::parse("k1"), Err(KeyringError::Malformed(_))));
        assert!(matches!(Keyring::parse("k1:c2hvcnQ="), Err(KeyringError::Malformed(_))));
        let e = Keyring::generate_entry("k1");
        assert!(matches!(Keyring::parse(&format!("{e},{e}")), Err(KeyringError::Duplicate(_))));
    }

    #[test]
    fn debug_redacts() {
        let s = SigningSecret::generate("whsec_");
        assert!(!format!("{s:?}").contains(s.expose()));
        assert!(s.expose().starts_with("whsec_") && s.expose().len() == 6 + 43);
    }
}
