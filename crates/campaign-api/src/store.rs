//! campaign-api's own tables (workspaces, api_keys, campaigns). The engine's tables are
//! reached only through the engine's API. Campaign queries are scoped by workspace.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

diesel::table! {
    workspaces (id) {
        id -> Uuid,
        name -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    api_keys (id) {
        id -> Uuid,
        workspace_id -> Uuid,
        key_hash -> Text,
        created_at -> Timestamptz,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    campaigns (id) {
        id -> Uuid,
        workspace_id -> Uuid,
        name -> Text,
        status -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

pub const MIGRATIONS: delivery_engine::EmbeddedMigrations =
    delivery_engine::embed_migrations!("../../migrations/campaign-api");

fn hash_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn new_key() -> String {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    format!("ck_{}", URL_SAFE_NO_PAD.encode(raw))
}

/// Adds an API key to an existing workspace (`None` if there is no such workspace).
pub async fn add_api_key(conn: &mut AsyncPgConnection, workspace: Uuid) -> QueryResult<Option<String>> {
    let exists: Option<Uuid> = workspaces::table
        .filter(workspaces::id.eq(workspace))
        .select(workspaces::id)
        .first(conn)
        .await
        .optional()?;
    if exists.is_none() {
        return Ok(None);
    }
    let key = new_key();
    diesel::insert_into(api_keys::table)
        .values((
            api_keys::id.eq(Uuid::now_v7()),
            api_keys::workspace_id.eq(workspace),
            api_keys::key_hash.eq(hash_key(&key)),
            api_keys::created_at.eq(Utc::now()),
        ))
        .execute(conn)
        .await?;
    Ok(Some(key))
}

/// Revokes a key; it stops authenticating at once. `false` if it was unknown or already revoked.
pub async fn revoke_api_key(conn: &mut AsyncPgConnection, key: &str) -> QueryResult<bool> {
    let n = diesel::update(
        api_keys::table.filter(api_keys::key_hash.eq(hash_key(key))).filter(api_keys::revoked_at.is_null()),
    )
    .set(api_keys::revoked_at.eq(Utc::now()))
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// Creates a workspace and its first API key; the key is returned once and stored hashed.
pub async fn create_workspace(conn: &mut AsyncPgConnection, name: &str) -> QueryResult<(Uuid, String)> {
    let id = Uuid::now_v7();
    let key = new_key();
    let now = Utc::now();
    conn.transaction(async |c| {
        diesel::insert_into(workspaces::table)
            .values((workspaces::id.eq(id), workspaces::name.eq(name), workspaces::created_at.eq(now)))
            .execute(c)
            .await?;
        diesel::insert_into(api_keys::table)
            .values((
                api_keys::id.eq(Uuid::now_v7()),
                api_keys::workspace_id.eq(id),
                api_keys::key_hash.eq(hash_key(&key)),
                api_keys::created_at.eq(now),
            ))
            .execute(c)
            .await
    })
    .await?;
    Ok((id, key))
}

/// The workspace of a live (unrevoked) key.
pub async fn workspace_for_key(conn: &mut AsyncPgConnection, key: &str) -> QueryResult<Option<Uuid>> {
    api_keys::table
        .filter(api_keys::key_hash.eq(hash_key(key)))
        .filter(api_keys::revoked_at.is_null())
        .select(api_keys::workspace_id)
        .first(conn)
        .await
        .optional()
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = campaigns, check_for_backend(diesel::pg::Pg))]
pub struct Campaign {
    pub id: Uuid,
    pub workspace_id: Uuid,
    pub name: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub async fn insert_campaign(conn: &mut AsyncPgConnection, c: &Campaign) -> QueryResult<()> {
    diesel::insert_into(campaigns::table).values(c).execute(conn).await.map(|_| ())
}

pub async fn get_campaign(
    conn: &mut AsyncPgConnection,
    workspace: Uuid,
    id: Uuid,
    for_update: bool,
) -> QueryResult<Option<Campaign>> {
    let q = campaigns::table
        .filter(campaigns::id.eq(id))
        .filter(campaigns::workspace_id.eq(workspace))
        .select(Campaign::as_select());
    if for_update {
        q.for_update().first(conn).await.optional()
    } else {
        q.first(conn).await.optional()
    }
}

pub async fn update_campaign(conn: &mut AsyncPgConnection, c: &Campaign) -> QueryResult<()> {
    diesel::update(
        campaigns::table.filter(campaigns::id.eq(c.id)).filter(campaigns::workspace_id.eq(c.workspace_id)),
    )
    .set((
        campaigns::name.eq(&c.name),
        campaigns::status.eq(&c.status),
        campaigns::updated_at.eq(c.updated_at),
    ))
    .execute(conn)
    .await
    .map(|_| ())
}
