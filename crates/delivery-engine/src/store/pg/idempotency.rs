//! PostgreSQL: stored answers for `Idempotency-Key` requests.

use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use crate::store::idempotency::{Found, StoredKey};
use chrono::{DateTime, Utc};
use diesel::sql_types::{Bytea, Integer, Text, Timestamptz};
use diesel::OptionalExtension;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

/// Claims `key` for this request, or reports what happened to it before. Keys older than
/// `expire_before` are forgotten.
pub(crate) async fn begin(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
    expire_before: DateTime<Utc>,
) -> EngineResult<Found> {
    // Forget expired keys: this one, and a bounded batch of others, so stored answers (which
    // can hold a signing secret, sealed) do not outlive their 24 hours by much.
    diesel::sql_query(
        "DELETE FROM idempotency_keys WHERE (scope = $1 AND key = $2 AND created_at < $3) \
         OR ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at < $3 LIMIT 100)",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<Timestamptz, _>(expire_before)
    .execute(conn)
    .await?;
    // The row can vanish between the insert and the read (the first request was abandoned
    // meanwhile): then the key is free again, so try again.
    for _ in 0..3 {
        let inserted = diesel::sql_query(
            "INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (scope, key) DO NOTHING",
        )
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .bind::<Bytea, _>(request_hash)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await?;
        if inserted == 1 {
            return Ok(Found::New);
        }
        let row: Option<StoredKey> = diesel::sql_query(
            "SELECT request_hash, status_code, response_key_id, response_nonce, response_sealed \
             FROM idempotency_keys WHERE scope = $1 AND key = $2",
        )
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .get_result(conn)
        .await
        .optional()?;
        if let Some(row) = row {
            return Ok(row.classify(request_hash));
        }
    }
    Ok(Found::InProgress)
}

/// Stores the (sealed) answer to replay.
pub(crate) async fn finish(
    conn: &mut AsyncPgConnection,
    scope: &str,
    key: &str,
    status: u16,
    sealed: &SealedSecret,
) -> EngineResult<()> {
    diesel::sql_query(
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

/// Forgets the key (the request failed on our side; the client may retry it).
pub(crate) async fn abandon(conn: &mut AsyncPgConnection, scope: &str, key: &str) -> EngineResult<()> {
    diesel::sql_query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2")
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .execute(conn)
        .await?;
    Ok(())
}
