//! campaign-api's statements on SQLite, as bound SQL (timestamps in microseconds, UUIDs as
//! text: `delivery_engine::db::sqlite_values`).

use super::model::{ApiKeyRecord, Campaign, KeyRow, WorkspaceRecord};
use chrono::Utc;
use delivery_engine::db::prepared;
use delivery_engine::db::sqlite_values::{micros, time, uuid};
use delivery_engine::deliveries::LogPosition;
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{OptionalExtension, QueryResult, QueryableByName, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = Text)]
    id: String,
}

#[derive(QueryableByName)]
struct CampaignRow {
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

impl TryFrom<CampaignRow> for Campaign {
    type Error = diesel::result::Error;

    fn try_from(r: CampaignRow) -> QueryResult<Self> {
        Ok(Campaign {
            id: uuid(&r.id)?,
            workspace_id: uuid(&r.workspace_id)?,
            name: r.name,
            status: r.status,
            created_at: time(r.created_at)?,
            updated_at: time(r.updated_at)?,
        })
    }
}

pub(super) fn workspace_exists(c: &mut SqliteConnection, workspace: Uuid) -> QueryResult<bool> {
    let exists: Option<IdRow> = prepared("SELECT id FROM workspaces WHERE id = ?1")
        .bind::<Text, _>(workspace.to_string())
        .get_result(c)
        .optional()?;
    Ok(exists.is_some())
}

#[derive(QueryableByName)]
struct NameRow {
    #[diesel(sql_type = Text)]
    name: String,
}

pub(super) fn workspace_name(c: &mut SqliteConnection, workspace: Uuid) -> QueryResult<Option<String>> {
    let row: Option<NameRow> = prepared("SELECT name FROM workspaces WHERE id = ?1")
        .bind::<Text, _>(workspace.to_string())
        .get_result(c)
        .optional()?;
    Ok(row.map(|r| r.name))
}

pub(super) fn workspaces_named(c: &mut SqliteConnection, name: &str) -> QueryResult<Vec<Uuid>> {
    let rows: Vec<IdRow> =
        prepared("SELECT id FROM workspaces WHERE name = ?1 ORDER BY id").bind::<Text, _>(name).load(c)?;
    rows.iter().map(|r| uuid(&r.id)).collect()
}

pub(super) fn add_api_key(c: &mut SqliteConnection, workspace: Uuid, key: &KeyRow<'_>) -> QueryResult<bool> {
    if !workspace_exists(c, workspace)? {
        return Ok(false);
    }
    insert_key(c, workspace, key)?;
    Ok(true)
}

fn insert_key(c: &mut SqliteConnection, workspace: Uuid, key: &KeyRow<'_>) -> QueryResult<()> {
    prepared("INSERT INTO api_keys (id, workspace_id, key_hash, created_at) VALUES (?1, ?2, ?3, ?4)")
        .bind::<Text, _>(key.id.to_string())
        .bind::<Text, _>(workspace.to_string())
        .bind::<Text, _>(key.hash)
        .bind::<BigInt, _>(micros(key.created_at))
        .execute(c)
        .map(|_| ())
}

#[derive(QueryableByName)]
struct RecordRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    revoked_at: Option<i64>,
}

pub(super) fn list_workspaces(
    c: &mut SqliteConnection,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<WorkspaceRecord>> {
    let rows: Vec<RecordRow> = prepared(
        "SELECT id, name, created_at, NULL AS revoked_at FROM workspaces \
         WHERE created_at > ?1 OR (created_at = ?1 AND id > ?2) ORDER BY created_at, id LIMIT ?3",
    )
    .bind::<BigInt, _>(after.map_or(i64::MIN, |p| micros(p.created_at)))
    .bind::<Text, _>(after.map(|p| p.id.to_string()).unwrap_or_default())
    .bind::<BigInt, _>(limit)
    .load(c)?;
    rows.into_iter()
        .map(|r| Ok(WorkspaceRecord { id: uuid(&r.id)?, name: r.name, created_at: time(r.created_at)? }))
        .collect()
}

pub(super) fn list_api_keys(c: &mut SqliteConnection, workspace: Uuid) -> QueryResult<Vec<ApiKeyRecord>> {
    let rows: Vec<RecordRow> = prepared(
        "SELECT id, '' AS name, created_at, revoked_at FROM api_keys WHERE workspace_id = ?1 \
         ORDER BY created_at, id",
    )
    .bind::<Text, _>(workspace.to_string())
    .load(c)?;
    rows.into_iter()
        .map(|r| {
            let revoked_at = r.revoked_at.map(time).transpose()?;
            Ok(ApiKeyRecord { id: uuid(&r.id)?, created_at: time(r.created_at)?, revoked_at })
        })
        .collect()
}

#[derive(QueryableByName)]
struct HashRow {
    #[diesel(sql_type = Text)]
    key_hash: String,
}

/// Revokes the workspace's key `id` if it is live; the hash of the key it revoked.
pub(super) fn revoke_api_key_by_id(
    c: &mut SqliteConnection,
    workspace: Uuid,
    id: Uuid,
) -> QueryResult<Option<String>> {
    let row: Option<HashRow> = prepared(
        "UPDATE api_keys SET revoked_at = ?1 WHERE id = ?2 AND workspace_id = ?3 AND revoked_at IS NULL \
         RETURNING key_hash",
    )
    .bind::<BigInt, _>(micros(Utc::now()))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(workspace.to_string())
    .get_result(c)
    .optional()?;
    Ok(row.map(|r| r.key_hash))
}

pub(super) fn revoke_api_key(c: &mut SqliteConnection, hash: &str) -> QueryResult<bool> {
    let n = prepared("UPDATE api_keys SET revoked_at = ?1 WHERE key_hash = ?2 AND revoked_at IS NULL")
        .bind::<BigInt, _>(micros(Utc::now()))
        .bind::<Text, _>(hash)
        .execute(c)?;
    Ok(n == 1)
}

pub(super) fn create_workspace(
    c: &mut SqliteConnection,
    workspace: &WorkspaceRecord,
    key: &KeyRow<'_>,
) -> QueryResult<()> {
    prepared("INSERT INTO workspaces (id, name, created_at) VALUES (?1, ?2, ?3)")
        .bind::<Text, _>(workspace.id.to_string())
        .bind::<Text, _>(&workspace.name)
        .bind::<BigInt, _>(micros(workspace.created_at))
        .execute(c)?;
    insert_key(c, workspace.id, key)
}

pub(super) fn workspace_for_key(c: &mut SqliteConnection, hash: &str) -> QueryResult<Option<Uuid>> {
    let row: Option<IdRow> =
        prepared("SELECT workspace_id AS id FROM api_keys WHERE key_hash = ?1 AND revoked_at IS NULL")
            .bind::<Text, _>(hash)
            .get_result(c)
            .optional()?;
    row.map(|r| uuid(&r.id)).transpose()
}

pub(super) fn insert_campaign(c: &mut SqliteConnection, campaign: &Campaign) -> QueryResult<()> {
    prepared(
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

/// No `FOR UPDATE` on SQLite: a write transaction already holds the database's write lock.
pub(super) fn get_campaign(
    c: &mut SqliteConnection,
    workspace: Uuid,
    id: Uuid,
) -> QueryResult<Option<Campaign>> {
    let row: Option<CampaignRow> = prepared(
        "SELECT id, workspace_id, name, status, created_at, updated_at FROM campaigns \
         WHERE id = ?1 AND workspace_id = ?2",
    )
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(workspace.to_string())
    .get_result(c)
    .optional()?;
    row.map(Campaign::try_from).transpose()
}

pub(super) fn list_campaigns(
    c: &mut SqliteConnection,
    workspace: Uuid,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Campaign>> {
    let rows: Vec<CampaignRow> = prepared(
        "SELECT id, workspace_id, name, status, created_at, updated_at FROM campaigns \
         WHERE workspace_id = ?1 AND (?2 IS NULL OR created_at < ?2 OR (created_at = ?2 AND id < ?3)) \
         ORDER BY created_at DESC, id DESC LIMIT ?4",
    )
    .bind::<Text, _>(workspace.to_string())
    .bind::<Nullable<BigInt>, _>(after.map(|p| micros(p.created_at)))
    .bind::<Text, _>(after.map(|p| p.id.to_string()).unwrap_or_default())
    .bind::<BigInt, _>(limit)
    .load(c)?;
    rows.into_iter().map(Campaign::try_from).collect()
}

pub(super) fn update_campaign(c: &mut SqliteConnection, campaign: &Campaign) -> QueryResult<()> {
    prepared(
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
