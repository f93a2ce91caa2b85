//! Campaign routes; the rules and the transaction are in `crate::campaigns`.

use super::{engine_err, LIST_LIMITS};
use crate::campaigns::{self, CampaignError, CampaignPatch, NewCampaign};
use crate::error_codes as codes;
use crate::store::Campaign;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::{path_id, ts, ApiError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CampaignOut {
    pub id: String,
    pub workspace_id: String,
    pub name: String,
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

impl From<Campaign> for CampaignOut {
    fn from(c: Campaign) -> Self {
        Self {
            id: c.id.to_string(),
            workspace_id: c.workspace_id.to_string(),
            name: c.name,
            status: c.status,
            created_at: ts(c.created_at),
            updated_at: ts(c.updated_at),
        }
    }
}

impl From<CampaignError> for ApiError {
    fn from(e: CampaignError) -> Self {
        match e {
            CampaignError::InvalidName => ApiError::invalid(codes::INVALID_NAME, e.to_string()),
            CampaignError::InvalidStatus { .. } => ApiError::invalid(codes::INVALID_STATUS, e.to_string()),
            CampaignError::NotFound => ApiError::not_found("campaign"),
            CampaignError::InvalidTransition { .. } => {
                ApiError::new(StatusCode::CONFLICT, codes::INVALID_STATUS_TRANSITION, e.to_string())
            }
            CampaignError::Engine(e) => engine_err(e, "resource"),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignIn {
    pub name: String,
    /// Defaults to `draft`.
    pub status: Option<String>,
}

pub async fn create(
    state: web::Data<AppState>,
    ws: Workspace,
    body: web::Json<CampaignIn>,
) -> Result<HttpResponse, ApiError> {
    let CampaignIn { name, status } = body.into_inner();
    let campaign = campaigns::create_campaign(&state.engine, &ws, NewCampaign { name, status }).await?;
    Ok(HttpResponse::Created().json(CampaignOut::from(campaign)))
}

/// The workspace's campaigns, newest first, a page at a time (an extension of the spec).
pub async fn list(
    state: web::Data<AppState>,
    ws: Workspace,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page(&query)?;
    let campaigns = campaigns::list_campaigns(&state.engine, &ws, page).await?;
    Ok(campaigns.map(CampaignOut::from).respond("/api/v1/campaigns", &page))
}

pub async fn get(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "campaign")?;
    let campaign = campaigns::get_campaign(&state.engine, &ws, id).await?;
    Ok(HttpResponse::Ok().json(CampaignOut::from(campaign)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignPatchIn {
    pub name: Option<String>,
    pub status: Option<String>,
}

/// Emits `campaign.updated.v1` when anything changed, and `campaign.status_changed.v1` too
/// when the status changed. A PATCH that changes nothing emits nothing.
pub async fn update(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
    body: web::Json<CampaignPatchIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "campaign")?;
    let CampaignPatchIn { name, status } = body.into_inner();
    let campaign = campaigns::update_campaign(&state.engine, &ws, id, CampaignPatch { name, status }).await?;
    Ok(HttpResponse::Ok().json(CampaignOut::from(campaign)))
}
