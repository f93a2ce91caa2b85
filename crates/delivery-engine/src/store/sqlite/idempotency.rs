//! SQLite: stored answers for `Idempotency-Key` requests (see `store/idempotency.rs`).

use super::rows::StoredKeyRow;
use super::values::micros;
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use crate::sql::prepared;
use crate::store::model::StoredKey;
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Binary, Integer, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};

pub(crate) fn forget_expired(
    c: &mut SqliteConnection,
    scope: &str,
    key: &str,
    expire_before: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "DELETE FROM idempotency_keys WHERE (scope = ?1 AND key = ?2 AND created_at < ?3) \
         OR rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ?3 LIMIT 100)",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<BigInt, _>(micros(expire_before))
    .execute(c)?;
    Ok(())
}

pub(crate) fn insert_key(
    c: &mut SqliteConnection,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
) -> EngineResult<bool> {
    let inserted = prepared(
        "INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (scope, key) DO NOTHING",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Binary, _>(request_hash)
    .bind::<BigInt, _>(micros(now))
    .execute(c)?;
    Ok(inserted == 1)
}

pub(crate) fn read_key(c: &mut SqliteConnection, scope: &str, key: &str) -> EngineResult<Option<StoredKey>> {
    let row: Option<StoredKeyRow> = prepared(
        "SELECT request_hash, status_code, response_key_id, response_nonce, response_sealed \
         FROM idempotency_keys WHERE scope = ?1 AND key = ?2",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .get_result(c)
    .optional()?;
    Ok(row.map(StoredKey::from))
}

pub(crate) fn finish(
    c: &mut SqliteConnection,
    scope: &str,
    key: &str,
    status: u16,
    sealed: &SealedSecret,
) -> EngineResult<()> {
    prepared(
        "UPDATE idempotency_keys SET status_code = ?3, response_key_id = ?4, response_nonce = ?5, \
         response_sealed = ?6 WHERE scope = ?1 AND key = ?2",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Integer, _>(i32::from(status))
    .bind::<Text, _>(&sealed.key_id)
    .bind::<Binary, _>(&sealed.nonce)
    .bind::<Binary, _>(&sealed.ciphertext)
    .execute(c)?;
    Ok(())
}

pub(crate) fn abandon(c: &mut SqliteConnection, scope: &str, key: &str) -> EngineResult<()> {
    prepared("DELETE FROM idempotency_keys WHERE scope = ?1 AND key = ?2")
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .execute(c)?;
    Ok(())
}
