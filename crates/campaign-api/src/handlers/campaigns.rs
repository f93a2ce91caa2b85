//! Campaigns: the one entity this service models itself. Every change and its events commit
//! in one transaction.
//!
//! States and transitions (anything else is 409 `invalid_status_transition`):
//! draft → active | archived; active → paused | completed; paused → active | completed | archived;
//! completed → archived; archived is final. New campaigns start as draft, active or paused.

use super::{emit, Emit};
use crate::auth::Workspace;
use crate::store::{self, Campaign};
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::{path_id, ts, ApiError};
use serde::{Deserialize, Serialize};
use serde_json::json;

pub const STATES: [&str; 5] = ["draft", "active", "paused", "completed", "archived"];
pub const INITIAL_STATES: [&str; 3] = ["draft", "active", "paused"];
pub const MAX_NAME: usize = 200;

pub fn can_transition(from: &str, to: &str) -> bool {
    matches!(
        (from, to),
        ("draft", "active" | "archived")
            | ("active", "paused" | "completed")
            | ("paused", "active" | "completed" | "archived")
            | ("completed", "archived")
    )
}

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

fn check_name(name: &str) -> Result<(), ApiError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME || api_support::has_control_chars(name) {
        return Err(ApiError::invalid(
            "invalid_name",
            format!("name must be 1 to {MAX_NAME} characters, without control characters"),
        ));
    }
    Ok(())
}

fn check_state(status: &str, allowed: &[&str]) -> Result<(), ApiError> {
    if !allowed.contains(&status) {
        return Err(ApiError::invalid(
            "invalid_status",
            format!("status must be one of {}", allowed.join(", ")),
        ));
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
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
    let status = status.unwrap_or_else(|| "draft".to_owned());
    check_name(&name)?;
    check_state(&status, &INITIAL_STATES)?;
    let now = chrono::Utc::now();
    let campaign = Campaign {
        id: uuid::Uuid::now_v7(),
        workspace_id: ws.0,
        name,
        status,
        created_at: now,
        updated_at: now,
    };
    let (engine, stored) = (state.engine.clone(), campaign.clone());
    state
        .engine
        .transaction(move |mut c| {
            Box::pin(async move {
                let c = &mut c;
                store::insert_campaign(c, &stored).await?;
                let payload = json!({ "name": stored.name, "status": stored.status });
                let e = Emit {
                    event_type: "campaign.created.v1",
                    entity_id: stored.id,
                    payload,
                    occurred_at: now,
                };
                emit(&engine, c, ws, e).await.map(|_| ())
            })
        })
        .await?;
    Ok(HttpResponse::Created().json(CampaignOut::from(campaign)))
}

pub async fn get(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "campaign")?;
    let c = state
        .engine
        .run(move |mut c| {
            Box::pin(async move { Ok::<_, ApiError>(store::get_campaign(&mut c, ws.0, id, false).await?) })
        })
        .await?
        .ok_or_else(|| ApiError::not_found("campaign"))?;
    Ok(HttpResponse::Ok().json(CampaignOut::from(c)))
}

#[derive(Debug, Deserialize)]
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
    let patch = body.into_inner();
    if let Some(name) = &patch.name {
        check_name(name)?;
    }
    if let Some(status) = &patch.status {
        check_state(status, &STATES)?;
    }
    let engine = state.engine.clone();
    let campaign = state
        .engine
        .transaction(move |mut c| {
            Box::pin(async move {
                let c = &mut c;
                let mut campaign = store::get_campaign(c, ws.0, id, true)
                    .await?
                    .ok_or_else(|| ApiError::not_found("campaign"))?;
                let mut changed = Vec::new();
                if let Some(name) = patch.name.filter(|n| *n != campaign.name) {
                    campaign.name = name;
                    changed.push("name");
                }
                let mut status_change = None;
                if let Some(to) = patch.status.filter(|s| *s != campaign.status) {
                    if !can_transition(&campaign.status, &to) {
                        return Err(ApiError::new(
                            StatusCode::CONFLICT,
                            "invalid_status_transition",
                            format!("a campaign cannot go from {} to {to}", campaign.status),
                        ));
                    }
                    status_change = Some((campaign.status.clone(), to.clone()));
                    campaign.status = to;
                    changed.push("status");
                }
                if changed.is_empty() {
                    return Ok(campaign);
                }
                let now = chrono::Utc::now();
                campaign.updated_at = now;
                store::update_campaign(c, &campaign).await?;
                let payload = json!({ "name": campaign.name, "status": campaign.status, "changed": changed });
                emit(
                    &engine,
                    c,
                    ws,
                    Emit { event_type: "campaign.updated.v1", entity_id: id, payload, occurred_at: now },
                )
                .await?;
                if let Some((from, to)) = status_change {
                    let payload = json!({ "from": from, "to": to });
                    let e = Emit {
                        event_type: "campaign.status_changed.v1",
                        entity_id: id,
                        payload,
                        occurred_at: now,
                    };
                    emit(&engine, c, ws, e).await?;
                }
                Ok(campaign)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(CampaignOut::from(campaign)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transitions() {
        assert!(can_transition("active", "paused"));
        assert!(can_transition("paused", "active"));
        assert!(can_transition("draft", "active"));
        assert!(!can_transition("archived", "active"));
        assert!(!can_transition("completed", "active"));
        assert!(!can_transition("draft", "paused"));
        for s in STATES {
            assert!(!can_transition(s, s));
        }
    }
}
