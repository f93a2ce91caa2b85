//! Stored answers for `Idempotency-Key` requests.

use super::{pg, sqlite, DbConn};
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use diesel::sql_types::{Binary, Integer, Nullable, Text};
use diesel::QueryableByName;

/// What to do with a request carrying an idempotency key (see [`crate::Engine::idempotency_begin`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdempotencyState {
    /// First use: process it, then finish or abandon the key.
    New,
    /// Seen with the same request: answer this again.
    Replay { status: u16, body: Vec<u8> },
    /// The first request with this key is still being processed.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

/// What `begin` found, before the stored answer is opened.
#[derive(Debug)]
pub(crate) enum Found {
    New,
    Replay { status: u16, sealed: SealedSecret },
    InProgress,
    Mismatch,
}

/// A stored key as read back (both stores; the columns have the same types).
#[derive(QueryableByName)]
pub(super) struct StoredKey {
    #[diesel(sql_type = Binary)]
    request_hash: Vec<u8>,
    #[diesel(sql_type = Nullable<Integer>)]
    status_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    response_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_sealed: Option<Vec<u8>>,
}

impl StoredKey {
    /// What a request with `request_hash` finds under this key.
    pub(super) fn classify(self, request_hash: &[u8]) -> Found {
        match self {
            StoredKey { request_hash: h, .. } if h != request_hash => Found::Mismatch,
            StoredKey {
                status_code: Some(status),
                response_key_id: Some(key_id),
                response_nonce: Some(nonce),
                response_sealed: Some(ciphertext),
                ..
            } => Found::Replay { status: status as u16, sealed: SealedSecret { key_id, nonce, ciphertext } },
            StoredKey { .. } => Found::InProgress,
        }
    }
}

/// Claims `key` for this request, or reports what happened to it before. Keys older than
/// `expire_before` are forgotten.
pub(crate) async fn begin(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
    expire_before: DateTime<Utc>,
) -> EngineResult<Found> {
    match conn {
        DbConn::Pg(c) => pg::idempotency::begin(c, scope, key, request_hash, now, expire_before).await,
        DbConn::Sqlite(c) => sqlite::idempotency::begin(c, scope, key, request_hash, now, expire_before),
    }
}

/// Stores the (sealed) answer to replay.
pub(crate) async fn finish(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
    status: u16,
    sealed: &SealedSecret,
) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::idempotency::finish(c, scope, key, status, sealed).await,
        DbConn::Sqlite(c) => sqlite::idempotency::finish(c, scope, key, status, sealed),
    }
}

/// Forgets the key (the request failed on our side; the client may retry it).
pub(crate) async fn abandon(conn: &mut DbConn<'_>, scope: &str, key: &str) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::idempotency::abandon(c, scope, key).await,
        DbConn::Sqlite(c) => sqlite::idempotency::abandon(c, scope, key),
    }
}
