//! The console's statements on SQLite, as bound SQL (timestamps in microseconds:
//! `delivery_engine::db::sqlite_values`).

use super::model::StoredSession;
use chrono::{DateTime, Utc};
use delivery_engine::db::prepared;
use delivery_engine::db::sqlite_values::{micros, time};
use diesel::sql_types::{BigInt, Binary, Nullable, Text};
use diesel::{OptionalExtension, QueryResult, QueryableByName, RunQueryDsl, SqliteConnection};

#[derive(QueryableByName)]
struct SessionRow {
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Text)]
    csrf_token: String,
    #[diesel(sql_type = BigInt)]
    expires_at: i64,
}

#[derive(QueryableByName)]
struct TenantRow {
    #[diesel(sql_type = Text)]
    tenant_id: String,
}

pub(super) fn insert_session(
    c: &mut SqliteConnection,
    token_hash: &[u8],
    s: &StoredSession,
    credential_hash: Option<&[u8]>,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    prepared("DELETE FROM console_sessions WHERE expires_at <= ?1")
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
    prepared("DELETE FROM console_flashes WHERE expires_at <= ?1")
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
    prepared(
        "INSERT INTO console_sessions (token_hash, tenant_id, csrf_token, credential_hash, created_at, expires_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind::<Binary, _>(token_hash)
    .bind::<Text, _>(&s.tenant)
    .bind::<Text, _>(&s.csrf_token)
    .bind::<Nullable<Binary>, _>(credential_hash)
    .bind::<BigInt, _>(micros(now))
    .bind::<BigInt, _>(micros(s.expires_at))
    .execute(c)
    .map(|_| ())
}

pub(super) fn find_session(
    c: &mut SqliteConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<StoredSession>> {
    let row: Option<SessionRow> = prepared(
        "SELECT tenant_id, csrf_token, expires_at FROM console_sessions \
         WHERE token_hash = ?1 AND expires_at > ?2",
    )
    .bind::<Binary, _>(token_hash)
    .bind::<BigInt, _>(micros(now))
    .get_result(c)
    .optional()?;
    row.map(|r| {
        Ok(StoredSession { tenant: r.tenant_id, csrf_token: r.csrf_token, expires_at: time(r.expires_at)? })
    })
    .transpose()
}

pub(super) fn end_sessions_of_credential(c: &mut SqliteConnection, hash: &[u8]) -> QueryResult<usize> {
    prepared("DELETE FROM console_sessions WHERE credential_hash = ?1").bind::<Binary, _>(hash).execute(c)
}

pub(super) fn delete_session(c: &mut SqliteConnection, token_hash: &[u8]) -> QueryResult<()> {
    prepared("DELETE FROM console_sessions WHERE token_hash = ?1")
        .bind::<Binary, _>(token_hash)
        .execute(c)
        .map(|_| ())
}

pub(super) fn insert_link(
    c: &mut SqliteConnection,
    code_hash: &[u8],
    tenant: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    prepared("DELETE FROM console_sign_in_links WHERE expires_at <= ?1")
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
    prepared(
        "INSERT INTO console_sign_in_links (code_hash, tenant_id, created_at, expires_at) \
         VALUES (?1, ?2, ?3, ?4)",
    )
    .bind::<Binary, _>(code_hash)
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(micros(now))
    .bind::<BigInt, _>(micros(expires_at))
    .execute(c)
    .map(|_| ())
}

pub(super) fn take_link(
    c: &mut SqliteConnection,
    code_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<String>> {
    let row: Option<TenantRow> = prepared(
        "DELETE FROM console_sign_in_links WHERE code_hash = ?1 AND expires_at > ?2 RETURNING tenant_id",
    )
    .bind::<Binary, _>(code_hash)
    .bind::<BigInt, _>(micros(now))
    .get_result(c)
    .optional()?;
    Ok(row.map(|r| r.tenant_id))
}

#[derive(QueryableByName)]
struct SealedRow {
    #[diesel(sql_type = Binary)]
    sealed: Vec<u8>,
}

pub(super) fn put_flash(
    c: &mut SqliteConnection,
    token_hash: &[u8],
    sealed: &[u8],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    prepared("DELETE FROM console_flashes WHERE expires_at <= ?1")
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
    prepared(
        "INSERT INTO console_flashes (token_hash, sealed, expires_at) VALUES (?1, ?2, ?3) \
         ON CONFLICT (token_hash) DO UPDATE SET sealed = excluded.sealed, expires_at = excluded.expires_at",
    )
    .bind::<Binary, _>(token_hash)
    .bind::<Binary, _>(sealed)
    .bind::<BigInt, _>(micros(expires_at))
    .execute(c)
    .map(|_| ())
}

pub(super) fn take_flash(
    c: &mut SqliteConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<Vec<u8>>> {
    let row: Option<SealedRow> =
        prepared("DELETE FROM console_flashes WHERE token_hash = ?1 AND expires_at > ?2 RETURNING sealed")
            .bind::<Binary, _>(token_hash)
            .bind::<BigInt, _>(micros(now))
            .get_result(c)
            .optional()?;
    Ok(row.map(|r| r.sealed))
}
