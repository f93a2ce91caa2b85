//! campaign-api's own tables (workspaces, api_keys, campaigns): one function per operation,
//! each dispatching to the backend's file (`pg.rs`: diesel's DSL; `sqlite.rs`: bound SQL). The
//! engine's tables are reached only through the engine's API. Campaign queries are scoped by
//! workspace.

mod model;
mod pg;
mod sqlite;

pub use model::{ApiKeyRecord, Campaign, KeyHash, NewApiKey, WorkspaceRecord};

use delivery_engine::db::{Backend, DbConn, MigrationSet};
use delivery_engine::deliveries::LogPosition;
use delivery_engine::EngineResult;
use diesel::QueryResult;
use model::{hash_key, new_key, KeyRow};
use uuid::Uuid;

pub const MIGRATIONS: MigrationSet = MigrationSet {
    postgres: diesel_migrations::embed_migrations!("../../migrations/postgres/campaign-api"),
    sqlite: diesel_migrations::embed_migrations!("../../migrations/sqlite/campaign-api"),
};

/// Whether the workspace exists.
pub async fn workspace_exists(conn: &mut DbConn<'_>, workspace: Uuid) -> QueryResult<bool> {
    match conn.backend() {
        Backend::Pg(c) => pg::workspace_exists(c, workspace).await,
        Backend::Sqlite(c) => sqlite::workspace_exists(c, workspace),
    }
}

/// The workspace's name, if it exists.
pub async fn workspace_name(conn: &mut DbConn<'_>, workspace: Uuid) -> QueryResult<Option<String>> {
    match conn.backend() {
        Backend::Pg(c) => pg::workspace_name(c, workspace).await,
        Backend::Sqlite(c) => sqlite::workspace_name(c, workspace),
    }
}

/// The ids of the workspaces with this name (names need not be unique).
pub async fn workspaces_named(conn: &mut DbConn<'_>, name: &str) -> QueryResult<Vec<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::workspaces_named(c, name).await,
        Backend::Sqlite(c) => sqlite::workspaces_named(c, name),
    }
}

/// Adds an API key to an existing workspace (`None` if there is no such workspace). Run it in
/// a transaction.
pub async fn add_api_key(conn: &mut DbConn<'_>, workspace: Uuid) -> QueryResult<Option<NewApiKey>> {
    let key = NewApiKey { id: Uuid::now_v7(), key: new_key(), created_at: chrono::Utc::now() };
    let hash = hash_key(&key.key);
    let row = KeyRow { id: key.id, hash: &hash, created_at: key.created_at };
    let added = match conn.backend() {
        Backend::Pg(c) => pg::add_api_key(c, workspace, &row).await?,
        Backend::Sqlite(c) => sqlite::add_api_key(c, workspace, &row)?,
    };
    Ok(added.then_some(key))
}

/// The workspaces oldest first (by `created_at`, then `id`), at most `limit` (-1: every one);
/// with `after`, only those after that position in this order (a keyset page).
pub async fn list_workspaces(
    conn: &mut DbConn<'_>,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<WorkspaceRecord>> {
    match conn.backend() {
        Backend::Pg(c) => pg::list_workspaces(c, after, limit).await,
        Backend::Sqlite(c) => sqlite::list_workspaces(c, after, limit),
    }
}

/// The workspace's API keys, live and revoked, oldest first.
pub async fn list_api_keys(conn: &mut DbConn<'_>, workspace: Uuid) -> QueryResult<Vec<ApiKeyRecord>> {
    match conn.backend() {
        Backend::Pg(c) => pg::list_api_keys(c, workspace).await,
        Backend::Sqlite(c) => sqlite::list_api_keys(c, workspace),
    }
}

/// Revokes the workspace's live key `id`, as [`revoke_api_key`] revokes one by its value;
/// `false` if the workspace has no such live key. Run it in a transaction.
pub async fn revoke_api_key_by_id(conn: &mut DbConn<'_>, workspace: Uuid, id: Uuid) -> EngineResult<bool> {
    let hash = match conn.backend() {
        Backend::Pg(c) => pg::revoke_api_key_by_id(c, workspace, id).await?,
        Backend::Sqlite(c) => sqlite::revoke_api_key_by_id(c, workspace, id)?,
    };
    let Some(hash) = hash else { return Ok(false) };
    delivery_engine::db::announce_change(conn).await?;
    // The console sessions signed in with this key end with it: theirs is the same SHA-256.
    let credential_hash =
        hex::decode(&hash).map_err(|e| delivery_engine::EngineError::Internal(e.to_string()))?;
    web_console::store::end_sessions_of_credential(conn, &credential_hash).await?;
    Ok(true)
}

/// Revokes a key, and announces the change so that running services drop the workspaces
/// they cached (see `crate::auth`). `false` if it was unknown or already revoked. Run it in a
/// transaction: the announcement is heard only if the revocation commits.
pub async fn revoke_api_key(conn: &mut DbConn<'_>, key: &str) -> EngineResult<bool> {
    let revoked = match conn.backend() {
        Backend::Pg(c) => pg::revoke_api_key(c, &hash_key(key)).await?,
        Backend::Sqlite(c) => sqlite::revoke_api_key(c, &hash_key(key))?,
    };
    if revoked {
        delivery_engine::db::announce_change(conn).await?;
        // The console sessions signed in with this key end with it.
        let hash = web_console::session::credential_hash(key);
        web_console::store::end_sessions_of_credential(conn, &hash).await?;
    }
    Ok(revoked)
}

/// Creates a workspace and its first API key; the key is returned once and stored hashed. Run
/// it in a transaction.
pub async fn create_workspace(
    conn: &mut DbConn<'_>,
    name: &str,
) -> QueryResult<(WorkspaceRecord, NewApiKey)> {
    let now = chrono::Utc::now();
    let workspace = WorkspaceRecord { id: Uuid::now_v7(), name: name.to_owned(), created_at: now };
    let key = NewApiKey { id: Uuid::now_v7(), key: new_key(), created_at: now };
    let hash = hash_key(&key.key);
    let row = KeyRow { id: key.id, hash: &hash, created_at: now };
    match conn.backend() {
        Backend::Pg(c) => pg::create_workspace(c, &workspace, &row).await?,
        Backend::Sqlite(c) => sqlite::create_workspace(c, &workspace, &row)?,
    }
    Ok((workspace, key))
}

/// The workspace of a live (unrevoked) key.
pub async fn workspace_for_key(conn: &mut DbConn<'_>, key: &KeyHash) -> QueryResult<Option<Uuid>> {
    match conn.backend() {
        Backend::Pg(c) => pg::workspace_for_key(c, key.hex()).await,
        Backend::Sqlite(c) => sqlite::workspace_for_key(c, key.hex()),
    }
}

/// Stores a new campaign.
pub async fn insert_campaign(conn: &mut DbConn<'_>, campaign: &Campaign) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::insert_campaign(c, campaign).await,
        Backend::Sqlite(c) => sqlite::insert_campaign(c, campaign),
    }
}

/// The workspace's campaign with this id.
pub async fn get_campaign(conn: &mut DbConn<'_>, workspace: Uuid, id: Uuid) -> QueryResult<Option<Campaign>> {
    match conn.backend() {
        Backend::Pg(c) => pg::get_campaign(c, workspace, id, false).await,
        Backend::Sqlite(c) => sqlite::get_campaign(c, workspace, id),
    }
}

/// The workspace's campaigns, newest first (by `created_at`, then `id`), at most `limit`;
/// with `after`, only those after that position in this order (a keyset page).
pub async fn list_campaigns(
    conn: &mut DbConn<'_>,
    workspace: Uuid,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Campaign>> {
    match conn.backend() {
        Backend::Pg(c) => pg::list_campaigns(c, workspace, after, limit).await,
        Backend::Sqlite(c) => sqlite::list_campaigns(c, workspace, after, limit),
    }
}

/// Reads the campaign and locks it until the end of the caller's transaction (on SQLite the
/// transaction already holds the write lock).
pub async fn lock_campaign(
    conn: &mut DbConn<'_>,
    workspace: Uuid,
    id: Uuid,
) -> QueryResult<Option<Campaign>> {
    match conn.backend() {
        Backend::Pg(c) => pg::get_campaign(c, workspace, id, true).await,
        Backend::Sqlite(c) => sqlite::get_campaign(c, workspace, id),
    }
}

/// Writes a campaign's name, status and `updated_at`.
pub async fn update_campaign(conn: &mut DbConn<'_>, campaign: &Campaign) -> QueryResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::update_campaign(c, campaign).await,
        Backend::Sqlite(c) => sqlite::update_campaign(c, campaign),
    }
}
