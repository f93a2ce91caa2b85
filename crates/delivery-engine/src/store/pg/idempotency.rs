//! PostgreSQL: stored answers for `Idempotency-Key` requests (see `store/idempotency.rs`).

use super::rows::StoredKeyRow;
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use crate::sql::prepared;
use crate::store::model::StoredKey;
use chrono::{DateTime, Utc};
use diesel::sql_types::{Bytea, Integer, Text, Timestamptz};
use diesel::OptionalExtension;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

pub(crate) async fn forget_expired(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
    expire_before: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "DELETE FROM idempotency_keys WHERE (scope = $1 AND key = $2 AND created_at < $3) \
         OR ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at < $3 LIMIT 100)",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Timestamptz, _>(expire_before)
    .execute(conn)
    .await?;
    Ok(())
}

pub(crate) async fn insert_key(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
) -> EngineResult<bool> {
    let inserted = prepared(
        "INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (scope, key) DO NOTHING",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Bytea, _>(request_hash)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await?;
    Ok(inserted == 1)
}

pub(crate) async fn read_key(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
) -> EngineResult<Option<StoredKey>> {
    let row: Option<StoredKeyRow> = prepared(
        "SELECT request_hash, status_code, response_key_id, response_nonce, response_sealed \
         FROM idempotency_keys WHERE scope = $1 AND key = $2",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .get_result(conn)
    .await
    .optional()?;
    Ok(row.map(StoredKey::from))
}

pub(crate) async fn finish(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
    status: u16,
    sealed: &SealedSecret,
) -> EngineResult<()> {
    prepared(
        "UPDATE idempotency_keys SET status_code = $3, response_key_id = $4, response_nonce = $5, \
         response_sealed = $6 WHERE scope = $1 AND key = $2",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Integer, _>(i32::from(status))
    .bind::<Text, _>(&sealed.key_id)
    .bind::<Bytea, _>(&sealed.nonce)
    .bind::<Bytea, _>(&sealed.ciphertext)
    .execute(conn)
    .await?;
    Ok(())
}

pub(crate) async fn abandon(conn: &mut AsyncPgConnection, scope: &str, key: &str) -> EngineResult<()> {
    prepared("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2")
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .execute(conn)
        .await?;
    Ok(())
}
