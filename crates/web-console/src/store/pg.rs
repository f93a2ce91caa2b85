//! The console's statements on PostgreSQL, in diesel's DSL.

use super::model::StoredSession;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

diesel::table! {
    console_sessions (token_hash) {
        token_hash -> Bytea,
        tenant_id -> Text,
        csrf_token -> Text,
        credential_hash -> Nullable<Bytea>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    console_flashes (token_hash) {
        token_hash -> Bytea,
        sealed -> Bytea,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    console_sign_in_links (code_hash) {
        code_hash -> Bytea,
        tenant_id -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

pub(super) async fn insert_session(
    c: &mut AsyncPgConnection,
    token_hash: &[u8],
    s: &StoredSession,
    credential_hash: Option<&[u8]>,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(console_sessions::table.filter(console_sessions::expires_at.le(now))).execute(c).await?;
    diesel::delete(console_flashes::table.filter(console_flashes::expires_at.le(now))).execute(c).await?;
    diesel::insert_into(console_sessions::table)
        .values((
            console_sessions::token_hash.eq(token_hash),
            console_sessions::tenant_id.eq(&s.tenant),
            console_sessions::csrf_token.eq(&s.csrf_token),
            console_sessions::credential_hash.eq(credential_hash),
            console_sessions::created_at.eq(now),
            console_sessions::expires_at.eq(s.expires_at),
        ))
        .execute(c)
        .await
        .map(|_| ())
}

pub(super) async fn find_session(
    c: &mut AsyncPgConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<StoredSession>> {
    let row: Option<(String, String, DateTime<Utc>)> = console_sessions::table
        .filter(console_sessions::token_hash.eq(token_hash))
        .filter(console_sessions::expires_at.gt(now))
        .select((console_sessions::tenant_id, console_sessions::csrf_token, console_sessions::expires_at))
        .first(c)
        .await
        .optional()?;
    Ok(row.map(|(tenant, csrf_token, expires_at)| StoredSession { tenant, csrf_token, expires_at }))
}

pub(super) async fn end_sessions_of_credential(c: &mut AsyncPgConnection, hash: &[u8]) -> QueryResult<usize> {
    diesel::delete(console_sessions::table.filter(console_sessions::credential_hash.eq(hash)))
        .execute(c)
        .await
}

pub(super) async fn delete_session(c: &mut AsyncPgConnection, token_hash: &[u8]) -> QueryResult<()> {
    diesel::delete(console_sessions::table.filter(console_sessions::token_hash.eq(token_hash)))
        .execute(c)
        .await
        .map(|_| ())
}

pub(super) async fn insert_link(
    c: &mut AsyncPgConnection,
    code_hash: &[u8],
    tenant: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(console_sign_in_links::table.filter(console_sign_in_links::expires_at.le(now)))
        .execute(c)
        .await?;
    diesel::insert_into(console_sign_in_links::table)
        .values((
            console_sign_in_links::code_hash.eq(code_hash),
            console_sign_in_links::tenant_id.eq(tenant),
            console_sign_in_links::created_at.eq(now),
            console_sign_in_links::expires_at.eq(expires_at),
        ))
        .execute(c)
        .await
        .map(|_| ())
}

pub(super) async fn take_link(
    c: &mut AsyncPgConnection,
    code_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<String>> {
    diesel::delete(
        console_sign_in_links::table
            .filter(console_sign_in_links::code_hash.eq(code_hash))
            .filter(console_sign_in_links::expires_at.gt(now)),
    )
    .returning(console_sign_in_links::tenant_id)
    .get_result(c)
    .await
    .optional()
}

pub(super) async fn put_flash(
    c: &mut AsyncPgConnection,
    token_hash: &[u8],
    sealed: &[u8],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(console_flashes::table.filter(console_flashes::expires_at.le(now))).execute(c).await?;
    diesel::insert_into(console_flashes::table)
        .values((
            console_flashes::token_hash.eq(token_hash),
            console_flashes::sealed.eq(sealed),
            console_flashes::expires_at.eq(expires_at),
        ))
        .on_conflict(console_flashes::token_hash)
        .do_update()
        .set((console_flashes::sealed.eq(sealed), console_flashes::expires_at.eq(expires_at)))
        .execute(c)
        .await
        .map(|_| ())
}

pub(super) async fn take_flash(
    c: &mut AsyncPgConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<Vec<u8>>> {
    diesel::delete(
        console_flashes::table
            .filter(console_flashes::token_hash.eq(token_hash))
            .filter(console_flashes::expires_at.gt(now)),
    )
    .returning(console_flashes::sealed)
    .get_result(c)
    .await
    .optional()
}
