//! Stored answers for `Idempotency-Key` requests.

use super::model::Found;
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};

/// Claims `key` for this request, or reports what happened to it before. Keys created before
/// `expire_before` are forgotten first.
pub(crate) async fn begin(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
    expire_before: DateTime<Utc>,
) -> EngineResult<Found> {
    forget_expired(conn, scope, key, expire_before).await?;
    // The key can vanish between the insert and the read (its first request was abandoned
    // meanwhile): then it is free again, so try again.
    for _ in 0..3 {
        if insert_key(conn, scope, key, request_hash, now).await? {
            return Ok(Found::New);
        }
        if let Some(stored) = read_key(conn, scope, key).await? {
            return Ok(stored.classify(request_hash));
        }
    }
    Ok(Found::InProgress)
}

/// Deletes this key if it expired, and a bounded batch of other expired keys, so stored
/// answers (which can hold a signing secret, sealed) do not outlive their lifetime by much.
async fn forget_expired(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
    expire_before: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::idempotency::forget_expired(c, scope, key, expire_before).await,
        Backend::Sqlite(c) => sqlite::idempotency::forget_expired(c, scope, key, expire_before),
    }
}

/// Inserts the key for this request unless it exists; `true` if it was inserted.
async fn insert_key(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
) -> EngineResult<bool> {
    match conn.backend() {
        Backend::Pg(c) => pg::idempotency::insert_key(c, scope, key, request_hash, now).await,
        Backend::Sqlite(c) => sqlite::idempotency::insert_key(c, scope, key, request_hash, now),
    }
}

/// The stored key, if it exists.
async fn read_key(
    conn: &mut DbConn<'_>,
    scope: &str,
    key: &str,
) -> EngineResult<Option<super::model::StoredKey>> {
    match conn.backend() {
        Backend::Pg(c) => pg::idempotency::read_key(c, scope, key).await,
        Backend::Sqlite(c) => sqlite::idempotency::read_key(c, scope, key),
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
    match conn.backend() {
        Backend::Pg(c) => pg::idempotency::finish(c, scope, key, status, sealed).await,
        Backend::Sqlite(c) => sqlite::idempotency::finish(c, scope, key, status, sealed),
    }
}

/// Forgets the key (the request failed on our side; the client may retry it).
pub(crate) async fn abandon(conn: &mut DbConn<'_>, scope: &str, key: &str) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::idempotency::abandon(c, scope, key).await,
        Backend::Sqlite(c) => sqlite::idempotency::abandon(c, scope, key),
    }
}
