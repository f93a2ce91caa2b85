//! The consoles' own tables (`console_sessions`, `console_sign_in_links`, `console_flashes`): one function per
//! operation, each dispatching to the backend's file. Only SHA-256 hashes of session tokens and
//! link codes are stored, so a copy of the database signs nobody in.

mod model;
mod pg;
mod sqlite;

pub use model::StoredSession;

use chrono::{DateTime, Utc};
use delivery_engine::db::{Backend, DbConn, MigrationSet};
use diesel::QueryResult;

pub const MIGRATIONS: MigrationSet = MigrationSet {
    postgres: diesel_migrations::embed_migrations!("../../migrations/postgres/console"),
    sqlite: diesel_migrations::embed_migrations!("../../migrations/sqlite/console"),
};

/// Stores a new session, started with the credential whose hash is `credential_hash` (none for
/// a sign-in link), and drops every expired one (and every expired flash), so the tables stay
/// small.
pub async fn insert_session(
    conn: &mut DbConn<'_>,
    token_hash: &[u8],
    session: &StoredSession,
    credential_hash: Option<&[u8]>,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::insert_session(c, token_hash, session, credential_hash, now).await,
        Backend::Sqlite(c) => sqlite::insert_session(c, token_hash, session, credential_hash, now),
    }
}

/// Ends every session started with the credential whose hash is `credential_hash` (its
/// revocation); answers how many.
pub async fn end_sessions_of_credential(conn: &mut DbConn<'_>, credential_hash: &[u8]) -> QueryResult<usize> {
    match conn.backend() {
        Backend::Pg(c) => pg::end_sessions_of_credential(c, credential_hash).await,
        Backend::Sqlite(c) => sqlite::end_sessions_of_credential(c, credential_hash),
    }
}

/// The unexpired session with this token hash.
pub async fn find_session(
    conn: &mut DbConn<'_>,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<StoredSession>> {
    match conn.backend() {
        Backend::Pg(c) => pg::find_session(c, token_hash, now).await,
        Backend::Sqlite(c) => sqlite::find_session(c, token_hash, now),
    }
}

/// Ends a session (signing out).
pub async fn delete_session(conn: &mut DbConn<'_>, token_hash: &[u8]) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::delete_session(c, token_hash).await,
        Backend::Sqlite(c) => sqlite::delete_session(c, token_hash),
    }
}

/// Stores a single-use sign-in link (and drops every expired one).
pub async fn insert_link(
    conn: &mut DbConn<'_>,
    code_hash: &[u8],
    tenant: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::insert_link(c, code_hash, tenant, now, expires_at).await,
        Backend::Sqlite(c) => sqlite::insert_link(c, code_hash, tenant, now, expires_at),
    }
}

/// Uses up a sign-in link: deletes it and answers its tenant, if it existed and had not
/// expired. One statement, so two concurrent uses cannot both succeed.
pub async fn take_link(
    conn: &mut DbConn<'_>,
    code_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<String>> {
    match conn.backend() {
        Backend::Pg(c) => pg::take_link(c, code_hash, now).await,
        Backend::Sqlite(c) => sqlite::take_link(c, code_hash, now),
    }
}

/// Leaves a sealed flash for the session whose token hash is `token_hash` (replacing any it
/// had), and drops every expired one.
pub async fn put_flash(
    conn: &mut DbConn<'_>,
    token_hash: &[u8],
    sealed: &[u8],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::put_flash(c, token_hash, sealed, now, expires_at).await,
        Backend::Sqlite(c) => sqlite::put_flash(c, token_hash, sealed, now, expires_at),
    }
}

/// Takes the session's flash: deletes it and answers it, if there was one that had not
/// expired. One statement, so a flash is read once.
pub async fn take_flash(
    conn: &mut DbConn<'_>,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> QueryResult<Option<Vec<u8>>> {
    match conn.backend() {
        Backend::Pg(c) => pg::take_flash(c, token_hash, now).await,
        Backend::Sqlite(c) => sqlite::take_flash(c, token_hash, now),
    }
}
