//! campaign-api's statements on PostgreSQL, in diesel's DSL.

use super::model::{ApiKeyRecord, Campaign, KeyRow, WorkspaceRecord};
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::LogPosition;
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

impl From<CampaignRow> for Campaign {
    fn from(r: CampaignRow) -> Self {
        let CampaignRow { id, workspace_id, name, status, created_at, updated_at } = r;
        Campaign { id, workspace_id, name, status, created_at, updated_at }
    }
}

impl From<&Campaign> for CampaignRow {
    fn from(c: &Campaign) -> Self {
        CampaignRow {
            id: c.id,
            workspace_id: c.workspace_id,
            name: c.name.clone(),
            status: c.status.clone(),
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

/// Locks the row (`FOR SHARE`) until the end of the caller's transaction, if there is one.
pub(super) async fn workspace_exists(c: &mut AsyncPgConnection, workspace: Uuid) -> QueryResult<bool> {
    let exists: Option<Uuid> = workspaces::table
        .filter(workspaces::id.eq(workspace))
        .select(workspaces::id)
        .for_share()
        .first(c)
        .await
        .optional()?;
    Ok(exists.is_some())
}

pub(super) async fn workspace_name(
    c: &mut AsyncPgConnection,
    workspace: Uuid,
) -> QueryResult<Option<String>> {
    workspaces::table.filter(workspaces::id.eq(workspace)).select(workspaces::name).first(c).await.optional()
}

pub(super) async fn workspaces_named(c: &mut AsyncPgConnection, name: &str) -> QueryResult<Vec<Uuid>> {
    workspaces::table
        .filter(workspaces::name.eq(name))
        .select(workspaces::id)
        .order(workspaces::id)
        .load(c)
        .await
}

pub(super) async fn add_api_key(
    c: &mut AsyncPgConnection,
    workspace: Uuid,
    key: &KeyRow<'_>,
) -> QueryResult<bool> {
    if !workspace_exists(c, workspace).await? {
        return Ok(false);
    }
    insert_key(c, workspace, key).await?;
    Ok(true)
}

async fn insert_key(c: &mut AsyncPgConnection, workspace: Uuid, key: &KeyRow<'_>) -> QueryResult<()> {
    diesel::insert_into(api_keys::table)
        .values((
            api_keys::id.eq(key.id),
            api_keys::workspace_id.eq(workspace),
            api_keys::key_hash.eq(key.hash),
            api_keys::created_at.eq(key.created_at),
        ))
        .execute(c)
        .await
        .map(|_| ())
}

pub(super) async fn list_workspaces(
    c: &mut AsyncPgConnection,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<WorkspaceRecord>> {
    let mut query = workspaces::table
        .select((workspaces::id, workspaces::name, workspaces::created_at))
        .order((workspaces::created_at, workspaces::id))
        .into_boxed();
    if limit >= 0 {
        query = query.limit(limit);
    }
    if let Some(LogPosition { created_at, id }) = after {
        query = query.filter(
            workspaces::created_at
                .gt(created_at)
                .or(workspaces::created_at.eq(created_at).and(workspaces::id.gt(id))),
        );
    }
    let rows: Vec<(Uuid, String, DateTime<Utc>)> = query.load(c).await?;
    Ok(rows.into_iter().map(|(id, name, created_at)| WorkspaceRecord { id, name, created_at }).collect())
}

pub(super) async fn list_api_keys(
    c: &mut AsyncPgConnection,
    workspace: Uuid,
) -> QueryResult<Vec<ApiKeyRecord>> {
    let rows: Vec<(Uuid, DateTime<Utc>, Option<DateTime<Utc>>)> = api_keys::table
        .filter(api_keys::workspace_id.eq(workspace))
        .select((api_keys::id, api_keys::created_at, api_keys::revoked_at))
        .order((api_keys::created_at, api_keys::id))
        .load(c)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, created_at, revoked_at)| ApiKeyRecord { id, created_at, revoked_at })
        .collect())
}

/// Revokes the workspace's key `id` if it is live; the hash of the key it revoked.
pub(super) async fn revoke_api_key_by_id(
    c: &mut AsyncPgConnection,
    workspace: Uuid,
    id: Uuid,
) -> QueryResult<Option<String>> {
    diesel::update(
        api_keys::table
            .filter(api_keys::id.eq(id))
            .filter(api_keys::workspace_id.eq(workspace))
            .filter(api_keys::revoked_at.is_null()),
    )
    .set(api_keys::revoked_at.eq(Utc::now()))
    .returning(api_keys::key_hash)
    .get_result(c)
    .await
    .optional()
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
    workspace: &WorkspaceRecord,
    key: &KeyRow<'_>,
) -> QueryResult<()> {
    diesel::insert_into(workspaces::table)
        .values((
            workspaces::id.eq(workspace.id),
            workspaces::name.eq(&workspace.name),
            workspaces::created_at.eq(workspace.created_at),
        ))
        .execute(c)
        .await?;
    insert_key(c, workspace.id, key).await
}

pub(super) async fn workspace_for_key(c: &mut AsyncPgConnection, hash: &str) -> QueryResult<Option<Uuid>> {
    api_keys::table
        .filter(api_keys::key_hash.eq(hash))
        .filter(api_keys::revoked_at.is_null())
        .select(api_keys::workspace_id)
        .first(c)
        .await
        .optional()
}

pub(super) async fn insert_campaign(c: &mut AsyncPgConnection, campaign: &Campaign) -> QueryResult<()> {
    diesel::insert_into(campaigns::table).values(CampaignRow::from(campaign)).execute(c).await.map(|_| ())
}

/// `for_update` adds `FOR UPDATE`: the same statement, locking.
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
    let row =
        if for_update { q.for_update().first(c).await.optional()? } else { q.first(c).await.optional()? };
    Ok(row.map(Campaign::from))
}

pub(super) async fn list_campaigns(
    c: &mut AsyncPgConnection,
    workspace: Uuid,
    after: Option<LogPosition>,
    limit: i64,
) -> QueryResult<Vec<Campaign>> {
    let mut q = campaigns::table
        .filter(campaigns::workspace_id.eq(workspace))
        .select(CampaignRow::as_select())
        .order((campaigns::created_at.desc(), campaigns::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some(LogPosition { created_at, id }) = after {
        q = q.filter(
            campaigns::created_at
                .lt(created_at)
                .or(campaigns::created_at.eq(created_at).and(campaigns::id.lt(id))),
        );
    }
    Ok(q.load::<CampaignRow>(c).await?.into_iter().map(Campaign::from).collect())
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
