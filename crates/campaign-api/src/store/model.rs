//! The plain types of campaign-api's own tables, as the rest of the service sees them, and how
//! API keys are made and stored.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// A campaign of a workspace; `status` is one of `campaigns::STATES`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Campaign {
    pub id: Uuid,
    pub workspace_id: Uuid,
    pub name: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A workspace, as the operator API lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceRecord {
    pub id: Uuid,
    pub name: String,
    pub created_at: DateTime<Utc>,
}

/// An API key's record: when it was made and revoked, never the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKeyRecord {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A key just made: its id, and the key itself, shown once and stored hashed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewApiKey {
    pub id: Uuid,
    pub key: String,
    pub created_at: DateTime<Utc>,
}

/// An API key's row as inserted: its hash, never the key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyRow<'a> {
    pub id: Uuid,
    pub hash: &'a str,
    pub created_at: DateTime<Utc>,
}

/// An API key as it is stored and looked up: its SHA-256 only; the key itself is shown once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyHash(String);

impl KeyHash {
    pub fn of(key: &str) -> Self {
        KeyHash(hex::encode(Sha256::digest(key.as_bytes())))
    }

    /// As stored: lowercase hex.
    pub fn hex(&self) -> &str {
        &self.0
    }
}

pub(crate) fn hash_key(key: &str) -> String {
    KeyHash::of(key).0
}

/// A new API key: `ck_` and 32 random bytes, base64url.
pub(crate) fn new_key() -> String {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    format!("ck_{}", URL_SAFE_NO_PAD.encode(raw))
}
