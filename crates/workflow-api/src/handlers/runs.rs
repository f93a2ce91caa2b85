use super::{path_id, ts, LIST_LIMITS};
use crate::auth::Account;
use crate::error_codes as codes;
use crate::runs::{self, Outcome, RunError};
use crate::store::Run;
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunIn {
    pub workflow_id: String,
}

#[derive(Debug, Serialize)]
pub struct RunOut {
    pub id: String,
    pub workflow_id: String,
    pub status: String,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<String>,
}

impl From<Run> for RunOut {
    fn from(r: Run) -> Self {
        Self {
            id: r.id.to_string(),
            workflow_id: r.workflow_id,
            status: r.status,
            created_at: ts(r.created_at),
            completed_at: r.completed_at.map(ts),
        }
    }
}

impl From<RunError> for ApiError {
    fn from(e: RunError) -> Self {
        match e {
            RunError::InvalidWorkflowId => ApiError::invalid(codes::INVALID_WORKFLOW_ID, e.to_string()),
            RunError::InvalidStatus => ApiError::invalid(codes::INVALID_STATUS, e.to_string()),
            RunError::NotFound => ApiError::not_found("run"),
            RunError::AlreadySettled(_) => {
                ApiError::new(StatusCode::CONFLICT, codes::RUN_ALREADY_SETTLED, e.to_string())
            }
            RunError::Engine(e) => ApiError::from_engine(e, "resource"),
        }
    }
}

pub async fn create(
    state: web::Data<AppState>,
    account: Account,
    body: web::Json<RunIn>,
) -> Result<HttpResponse, ApiError> {
    let run = state.runs.create_run(&account.0, body.into_inner().workflow_id).await?;
    Ok(HttpResponse::Created().json(RunOut::from(run)))
}

/// The account's runs, newest first, a page at a time (an extension of the spec).
pub async fn list(
    state: web::Data<AppState>,
    account: Account,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ApiError> {
    let page = LIST_LIMITS.page(&query)?;
    let runs = runs::list_runs(&state.engine, &account.0, page).await?;
    Ok(runs.map(RunOut::from).respond("/runs", &page))
}

pub async fn get(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "run")?;
    let run = runs::get_run(&state.engine, &account.0, id).await?;
    Ok(HttpResponse::Ok().json(RunOut::from(run)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettleIn {
    pub status: String,
}

/// The terminal settle (`RunWriter::settle_run`): settling again with the same outcome is a no-op
/// (200); with the other outcome, 409.
pub async fn settle(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<SettleIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "run")?;
    let outcome = Outcome::parse(&body.status)?;
    let run = state.runs.settle_run(&account.0, id, outcome).await?;
    Ok(HttpResponse::Ok().json(RunOut::from(run)))
}
