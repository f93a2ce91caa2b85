//! SQLite: stored answers for `Idempotency-Key` requests (same rules as `pg/idempotency.rs`).

use super::micros;
use crate::error::EngineResult;
use crate::secrets::SealedSecret;
use crate::store::idempotency::Found;
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Binary, Integer, Nullable, Text};
use diesel::{OptionalExtension, QueryableByName, RunQueryDsl, SqliteConnection};

#[derive(QueryableByName)]
struct Row {
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

pub(crate) fn begin(
    c: &mut SqliteConnection,
    scope: &str,
    key: &str,
    request_hash: &[u8],
    now: DateTime<Utc>,
    expire_before: DateTime<Utc>,
) -> EngineResult<Found> {
    // Forget expired keys: this one, and a bounded batch of others.
    diesel::sql_query(
        "DELETE FROM idempotency_keys WHERE (scope = ?1 AND key = ?2 AND created_at < ?3) \
         OR rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ?3 LIMIT 100)",
    )
    .bind::<Text, _>(scope)
    .bind::<Text, _>(key)
    .bind::<BigInt, _>(micros(expire_before))
    .execute(c)?;
    // The row can vanish between the insert and the read (the first request was abandoned
    // meanwhile): then the key is free again, so try again.
    for _ in 0..3 {
        let inserted = diesel::sql_query(
            "INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (scope, key) DO NOTHING",
        )
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .bind::<Binary, _>(request_hash)
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
        if inserted == 1 {
            return Ok(Found::New);
        }
        let row: Option<Row> = diesel::sql_query(
            "SELECT request_hash, status_code, response_key_id, response_nonce, response_sealed \
             FROM idempotency_keys WHERE scope = ?1 AND key = ?2",
        )
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .get_result(c)
        .optional()?;
        if let Some(row) = row {
            return Ok(classify(row, request_hash));
        }
    }
    Ok(Found::InProgress)
}

fn classify(row: Row, request_hash: &[u8]) -> Found {
    match row {
        Row { request_hash: h, .. } if h != request_hash => Found::Mismatch,
        Row {
            status_code: Some(status),
            response_key_id: Some(key_id),
            response_nonce: Some(nonce),
            response_sealed: Some(ciphertext),
            ..
        } => Found::Replay { status: status as u16, sealed: SealedSecret { key_id, nonce, ciphertext } },
        Row { .. } => Found::InProgress,
    }
}

pub(crate) fn finish(
    c: &mut SqliteConnection,
    scope: &str,
    key: &str,
    status: u16,
    sealed: &SealedSecret,
) -> EngineResult<()> {
    diesel::sql_query(
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
    diesel::sql_query("DELETE FROM idempotency_keys WHERE scope = ?1 AND key = ?2")
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .execute(c)?;
    Ok(())
}
