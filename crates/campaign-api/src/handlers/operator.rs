//! The operator API (`/operator/v1`): a product that runs campaign-api for its customers
//! provisions their workspaces and API keys and mints their console links. Every handler takes
//! [`Operator`]: the request carried an operator key (`OPERATOR_KEYS`), never a workspace's.
//! The rules are `crate::provisioning`'s, which the command line calls too.

use crate::error_codes as codes;
use crate::provisioning::{self, ProvisionError};
use crate::store::{ApiKeyRecord, NewApiKey, WorkspaceRecord};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::auth::Operator;
use api_support::pagination::Page;
use api_support::{path_id, ts, ApiError};
use delivery_engine::deliveries::LogPosition;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

impl From<ProvisionError> for ApiError {
    fn from(e: ProvisionError) -> Self {
        match e {
            ProvisionError::InvalidName(detail) => ApiError::invalid(codes::INVALID_NAME, detail),
            ProvisionError::NoSuchWorkspace => ApiError::not_found("workspace"),
            ProvisionError::NoSuchKey => ApiError::not_found("API key"),
            ProvisionError::Engine(e) => ApiError::from_engine(e, "workspace"),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceIn {
    name: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct WorkspaceOut {
    workspace_id: String,
    name: String,
    created_at: String,
}

impl From<WorkspaceRecord> for WorkspaceOut {
    fn from(w: WorkspaceRecord) -> Self {
        Self { workspace_id: w.id.to_string(), name: w.name, created_at: ts(w.created_at) }
    }
}

/// A key just made: shown here once.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct NewKeyOut {
    workspace_id: String,
    api_key_id: String,
    api_key: String,
    created_at: String,
}

impl NewKeyOut {
    fn of(workspace: uuid::Uuid, key: NewApiKey) -> Self {
        Self {
            workspace_id: workspace.to_string(),
            api_key_id: key.id.to_string(),
            api_key: key.key,
            created_at: ts(key.created_at),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct KeyOut {
    api_key_id: String,
    created_at: String,
    revoked_at: Option<String>,
}

impl From<ApiKeyRecord> for KeyOut {
    fn from(k: ApiKeyRecord) -> Self {
        Self { api_key_id: k.id.to_string(), created_at: ts(k.created_at), revoked_at: k.revoked_at.map(ts) }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CreatedOut {
    #[serde(flatten)]
    workspace: WorkspaceOut,
    api_key_id: String,
    api_key: String,
}

pub async fn create_workspace(
    state: web::Data<AppState>,
    _: Operator,
    body: web::Json<WorkspaceIn>,
) -> Result<HttpResponse, ApiError> {
    let (workspace, key) = provisioning::create_workspace(state.engine.pool(), &body.name).await?;
    let out = CreatedOut { workspace: workspace.into(), api_key_id: key.id.to_string(), api_key: key.key };
    Ok(HttpResponse::Created().json(out))
}

/// Every workspace, oldest first; a page of them with `limit` (or `after`), and a `Link` to the next.
pub async fn list_workspaces(
    state: web::Data<AppState>,
    _: Operator,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let Some(page) = super::LIST_LIMITS.page_if_asked(&query)? else {
        let all = provisioning::list_workspaces(state.engine.pool(), None).await?;
        return Ok(HttpResponse::Ok().json(all.into_iter().map(WorkspaceOut::from).collect::<Vec<_>>()));
    };
    let rows =
        provisioning::list_workspaces(state.engine.pool(), Some((page.after, page.rows_to_read()))).await?;
    let position = |w: &WorkspaceRecord| LogPosition { created_at: w.created_at, id: w.id };
    let page_of = Page::from_rows(rows, page.limit, position).map(WorkspaceOut::from);
    Ok(page_of.respond("/operator/v1/workspaces", &page))
}

pub async fn add_api_key(
    state: web::Data<AppState>,
    _: Operator,
    workspace: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let workspace = path_id(&workspace, "workspace")?;
    let key = provisioning::add_api_key(state.engine.pool(), workspace).await?;
    Ok(HttpResponse::Created().json(NewKeyOut::of(workspace, key)))
}

pub async fn list_api_keys(
    state: web::Data<AppState>,
    _: Operator,
    workspace: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let workspace = path_id(&workspace, "workspace")?;
    let keys = provisioning::list_api_keys(state.engine.pool(), workspace).await?;
    Ok(HttpResponse::Ok().json(keys.into_iter().map(KeyOut::from).collect::<Vec<_>>()))
}

pub async fn revoke_api_key(
    state: web::Data<AppState>,
    _: Operator,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (workspace, key) = (path_id(&path.0, "workspace")?, path_id(&path.1, "API key")?);
    provisioning::revoke_api_key(state.engine.pool(), workspace, key).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleLinkIn {
    workspace_id: String,
    page: Option<String>,
}

/// A single-use console sign-in link for a workspace, opening `page`.
pub async fn console_link(
    state: web::Data<AppState>,
    _: Operator,
    req: HttpRequest,
    body: web::Json<ConsoleLinkIn>,
) -> Result<HttpResponse, ApiError> {
    let workspace = path_id(&body.workspace_id, "workspace")?;
    let exists = crate::store::workspace_exists;
    let found = state
        .engine
        .run(delivery_engine::on_conn!(|c| Ok::<_, delivery_engine::EngineError>(
            exists(c, workspace).await?
        )))
        .await
        .map_err(|e| ApiError::from_engine(e, "workspace"))?;
    if !found {
        return Err(ApiError::not_found("workspace"));
    }
    let page = body.page.as_deref().unwrap_or("/console");
    web_console::session::link_answer(state.engine.pool(), &workspace.to_string(), &req, page).await
}
