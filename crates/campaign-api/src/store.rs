//! campaign-api's own tables (workspaces, api_keys, campaigns), on either backend. The engine's
//! tables are reached only through the engine's API. Campaign queries are scoped by workspace.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use delivery_engine::{DbConn, MigrationSet};
use diesel::QueryResult;
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

pub const MIGRATIONS: MigrationSet = MigrationSet {
    postgres: delivery_engine::embed_migrations!("../../migrations/postgres/campaign-api"),
    sqlite: delivery_engine::embed_migrations!("../../migrations/sqlite/campaign-api"),
};

fn hash_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn new_key() -> String {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    format!("ck_{}", URL_SAFE_NO_PAD.encode(raw))
}

#[derive(Debug, Clone)]
pub struct Campaign {
    pub id: Uuid,
    pub workspace_id: Uuid,
    pub name: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Adds an API key to an existing workspace (`None` if there is no such workspace). Run it in
/// a transaction.
pub async fn add_api_key(conn: &mut DbConn<'_>, workspace: Uuid) -> QueryResult<Option<String>> {
    let key = new_key();
    let added = match conn {
        DbConn::Pg(c) => pg::add_api_key(c, workspace, &hash_key(&key)).await?,
        DbConn::Sqlite(c) => sqlite::add_api_key(c, workspace, &hash_key(&key))?,
    };
    Ok(added.then_some(key))
}

/// Revokes a key; it stops authenticating at once. `false` if it was unknown or already revoked.
pub async fn revoke_api_key(conn: &mut DbConn<'_>, key: &str) -> QueryResult<bool> {
    match conn {
        DbConn::Pg(c) => pg::revoke_api_key(c, &hash_key(key)).await,
        DbConn::Sqlite(c) => sqlite::revoke_api_key(c, &hash_key(key)),
    }
}

/// Creates a workspace and its first API key; the key is returned once and stored hashed. Run
/// it in a transaction.
pub async fn create_workspace(conn: &mut DbConn<'_>, name: &str) -> QueryResult<(Uuid, String)> {
    let (id, key) = (Uuid::now_v7(), new_key());
    match conn {
        DbConn::Pg(c) => pg::create_workspace(c, id, name, &hash_key(&key)).await?,
        DbConn::Sqlite(c) => sqlite::create_workspace(c, id, name, &hash_key(&key))?,
    }
    Ok((id, key))
}

/// The workspace of a live (unrevoked) key.
pub async fn workspace_for_key(conn: &mut DbConn<'_>, key: &str) -> QueryResult<Option<Uuid>> {
    match conn {
        DbConn::Pg(c) => pg::workspace_for_key(c, &hash_key(key)).await,
        DbConn::Sqlite(c) => sqlite::workspace_for_key(c, &hash_key(key)),
    }
}

pub async fn insert_campaign(conn: &mut DbConn<'_>, campaign: &Campaign) -> QueryResult<()> {
    match conn {
        DbConn::Pg(c) => pg::insert_campaign(c, campaign).await,
        DbConn::Sqlite(c) => sqlite::insert_campaign(c, campaign),
    }
}

/// `for_update` locks the row until the end of the caller's transaction (on SQLite the
/// transaction already holds the write lock).
pub async fn get_campaign(
    conn: &mut DbConn<'_>,
    workspace: Uuid,
    id: Uuid,
    for_update: bool,
) -> QueryResult<Option<Campaign>> {
    match conn {
        DbConn::Pg(c) => pg::get_campaign(c, workspace, id, for_update).await,
        DbConn::Sqlite(c) => sqlite::get_campaign(c, workspace, id),
    }
}

pub async fn update_campaign(conn: &mut DbConn<'_>, campaign: &Campaign) -> QueryResult<()> {
    match conn {
        DbConn::Pg(c) => pg::update_campaign(c, campaign).await,
        DbConn::Sqlite(c) => sqlite::update_campaign(c, campaign),
    }
}

mod pg {
    use super::Campaign;
    use chrono::{DateTime, Utc};
    use diesel::prelude::*;
    use diesel_async::{AsyncPgConnection, RunQueryDsl};
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

    #[derive(Queryable, Selectable, Insertable)]
    #[diesel(table_name = campaigns, check_for_backend(diesel::pg::Pg))]
    struct CampaignRow {
        id: Uuid,
        workspace_id: Uuid,
        name: String,
        status: String,
        created_at: DateTime<Utc>,
        updated_at: DateTime<Utc>,
    }

    pub(super) async fn add_api_key(
        c: &mut AsyncPgConnection,
        workspace: Uuid,
        hash: &str,
    ) -> QueryResult<bool> {
        let exists: Option<Uuid> = workspaces::table
            .filter(workspaces::id.eq(workspace))
            .select(workspaces::id)
            .for_share()
            .first(c)
            .await
            .optional()?;
        if exists.is_none() {
            return Ok(false);
        }
        insert_key(c, workspace, hash).await?;
        Ok(true)
    }

    async fn insert_key(c: &mut AsyncPgConnection, workspace: Uuid, hash: &str) -> QueryResult<()> {
        diesel::insert_into(api_keys::table)
            .values((
                api_keys::id.eq(Uuid::now_v7()),
                api_keys::workspace_id.eq(workspace),
                api_keys::key_hash.eq(hash),
                api_keys::created_at.eq(Utc::now()),
            ))
            .execute(c)
            .await
            .map(|_| ())
    }

    pub(super) async fn revoke_api_key(c: &mut AsyncPgConnection, hash: &str) -> QueryResult<bool> {
        let n = diesel::update(
            api_keys::table.filter(api_keys::key_hash.eq(hash)).filter(api_keys::revoked_at.is_null()),
        )
        .set(api_keys::revoked_at.eq(Utc::now()))
        .execute(c)
        .await?;
        Ok(n == 1)
    }

    pub(super) async fn create_workspace(
        c: &mut AsyncPgConnection,
        id: Uuid,
        name: &str,
        hash: &str,
    ) -> QueryResult<()> {
        diesel::insert_into(workspaces::table)
            .values((workspaces::id.eq(id), workspaces::name.eq(name), workspaces::created_at.eq(Utc::now())))
            .execute(c)
            .await?;
        insert_key(c, id, hash).await
    }

    pub(super) async fn workspace_for_key(
        c: &mut AsyncPgConnection,
        hash: &str,
    ) -> QueryResult<Option<Uuid>> {
        api_keys::table
            .filter(api_keys::key_hash.eq(hash))
            .filter(api_keys::revoked_at.is_null())
            .select(api_keys::workspace_id)
            .first(c)
            .await
            .optional()
    }

    pub(super) async fn insert_campaign(c: &mut AsyncPgConnection, campaign: &Campaign) -> QueryResult<()> {
        let row = CampaignRow {
            id: campaign.id,
            workspace_id: campaign.workspace_id,
            name: campaign.name.clone(),
            status: campaign.status.clone(),
            created_at: campaign.created_at,
            updated_at: campaign.updated_at,
        };
        diesel::insert_into(campaigns::table).values(row).execute(c).await.map(|_| ())
    }

    pub(super) async fn get_campaign(
        c: &mut AsyncPgConnection,
        workspace: Uuid,
        id: Uuid,
        for_update: bool,
    ) -> QueryResult<Option<Campaign>> {
        let q = campaigns::table
            .filter(campaigns::id.eq(id))
            .filter(campaigns::workspace_id.eq(workspace))
            .select(CampaignRow::as_select());
        let row = if for_update {
            q.for_update().first(c).await.optional()?
        } else {
            q.first(c).await.optional()?
        };
        Ok(row.map(|r| Campaign {
            id: r.id,
            workspace_id: r.workspace_id,
            name: r.name,
            status: r.status,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }))
    }

    pub(super) async fn update_campaign(c: &mut AsyncPgConnection, campaign: &Campaign) -> QueryResult<()> {
        diesel::update(
            campaigns::table
                .filter(campaigns::id.eq(campaign.id))
                .filter(campaigns::workspace_id.eq(campaign.workspace_id)),
        )
        .set((
            campaigns::name.eq(&campaign.name),
            campaigns::status.eq(&campaign.status),
            campaigns::updated_at.eq(campaign.updated_at),
        ))
        .execute(c)
        .await
        .map(|_| ())
    }
}

mod sqlite {
    use super::Campaign;
    use chrono::Utc;
    use delivery_engine::sqlite_values::{micros, time, uuid};
    use diesel::sql_types::{BigInt, Text};
    use diesel::{OptionalExtension, QueryResult, QueryableByName, RunQueryDsl, SqliteConnection};
    use uuid::Uuid;

    #[derive(QueryableByName)]
    struct IdDb {
        #[diesel(sql_type = Text)]
        id: String,
    }

    #[derive(QueryableByName)]
    struct CampaignDb {
        #[diesel(sql_type = Text)]
        id: String,
        #[diesel(sql_type = Text)]
        workspace_id: String,
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = Text)]
        status: String,
        #[diesel(sql_type = BigInt)]
        created_at: i64,
        #[diesel(sql_type = BigInt)]
        updated_at: i64,
    }

    pub(super) fn add_api_key(c: &mut SqliteConnection, workspace: Uuid, hash: &str) -> QueryResult<bool> {
        let exists: Option<IdDb> = diesel::sql_query("SELECT id FROM workspaces WHERE id = ?1")
            .bind::<Text, _>(workspace.to_string())
            .get_result(c)
            .optional()?;
        if exists.is_none() {
            return Ok(false);
        }
        insert_key(c, workspace, hash)?;
        Ok(true)
    }

    fn insert_key(c: &mut SqliteConnection, workspace: Uuid, hash: &str) -> QueryResult<()> {
        diesel::sql_query(
            "INSERT INTO api_keys (id, workspace_id, key_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
        )
        .bind::<Text, _>(Uuid::now_v7().to_string())
        .bind::<Text, _>(workspace.to_string())
        .bind::<Text, _>(hash)
        .bind::<BigInt, _>(micros(Utc::now()))
        .execute(c)
        .map(|_| ())
    }

    pub(super) fn revoke_api_key(c: &mut SqliteConnection, hash: &str) -> QueryResult<bool> {
        let n = diesel::sql_query(
            "UPDATE api_keys SET revoked_at = ?1 WHERE key_hash = ?2 AND revoked_at IS NULL",
        )
        .bind::<BigInt, _>(micros(Utc::now()))
        .bind::<Text, _>(hash)
        .execute(c)?;
        Ok(n == 1)
    }

    pub(super) fn create_workspace(
        c: &mut SqliteConnection,
        id: Uuid,
        name: &str,
        hash: &str,
    ) -> QueryResult<()> {
        diesel::sql_query("INSERT INTO workspaces (id, name, created_at) VALUES (?1, ?2, ?3)")
            .bind::<Text, _>(id.to_string())
            .bind::<Text, _>(name)
            .bind::<BigInt, _>(micros(Utc::now()))
            .execute(c)?;
        insert_key(c, id, hash)
    }

    pub(super) fn workspace_for_key(c: &mut SqliteConnection, hash: &str) -> QueryResult<Option<Uuid>> {
        let row: Option<IdDb> = diesel::sql_query(
            "SELECT workspace_id AS id FROM api_keys WHERE key_hash = ?1 AND revoked_at IS NULL",
        )
        .bind::<Text, _>(hash)
        .get_result(c)
        .optional()?;
        row.map(|r| uuid(&r.id)).transpose()
    }

    pub(super) fn insert_campaign(c: &mut SqliteConnection, campaign: &Campaign) -> QueryResult<()> {
        diesel::sql_query(
            "INSERT INTO campaigns (id, workspace_id, name, status, created_at, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .bind::<Text, _>(campaign.id.to_string())
        .bind::<Text, _>(campaign.workspace_id.to_string())
        .bind::<Text, _>(&campaign.name)
        .bind::<Text, _>(&campaign.status)
        .bind::<BigInt, _>(micros(campaign.created_at))
        .bind::<BigInt, _>(micros(campaign.updated_at))
        .execute(c)
        .map(|_| ())
    }

    pub(super) fn get_campaign(
        c: &mut SqliteConnection,
        workspace: Uuid,
        id: Uuid,
    ) -> QueryResult<Option<Campaign>> {
        let row: Option<CampaignDb> = diesel::sql_query(
            "SELECT id, workspace_id, name, status, created_at, updated_at FROM campaigns \
             WHERE id = ?1 AND workspace_id = ?2",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(workspace.to_string())
        .get_result(c)
        .optional()?;
        row.map(|r| {
            Ok(Campaign {
                id: uuid(&r.id)?,
                workspace_id: uuid(&r.workspace_id)?,
                name: r.name,
                status: r.status,
                created_at: time(r.created_at)?,
                updated_at: time(r.updated_at)?,
            })
        })
        .transpose()
    }

    pub(super) fn update_campaign(c: &mut SqliteConnection, campaign: &Campaign) -> QueryResult<()> {
        diesel::sql_query(
            "UPDATE campaigns SET name = ?1, status = ?2, updated_at = ?3 WHERE id = ?4 AND workspace_id = ?5",
        )
        .bind::<Text, _>(&campaign.name)
        .bind::<Text, _>(&campaign.status)
        .bind::<BigInt, _>(micros(campaign.updated_at))
        .bind::<Text, _>(campaign.id.to_string())
        .bind::<Text, _>(campaign.workspace_id.to_string())
        .execute(c)
        .map(|_| ())
    }
}
