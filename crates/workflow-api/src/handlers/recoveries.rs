//! Bulk recovery of an endpoint's deliveries (an extension of the spec; docs/workflow-api.md
//! 4.13): the rule and the shapes are api-support's `recovery` and `views`, the work the engine's.

use super::path_id;
use crate::auth::Account;
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::recovery::{self, RecoveryIn};
use api_support::views::{RecoveryDryRunOut, RecoveryJobOut};
use api_support::ApiError;

/// A dry run (200, the count) or a new job (202, `Location`); 409 while the endpoint has an
/// active job.
pub async fn create(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<RecoveryIn>,
) -> Result<HttpResponse, ApiError> {
    let endpoint = path_id(&id, "endpoint")?;
    let request = body.parse(chrono::Utc::now())?;
    let engine_err = |e| ApiError::from_engine(e, "endpoint");
    if request.dry_run {
        let total =
            state.engine.recovery_dry_run(&account.0, endpoint, request.window).await.map_err(engine_err)?;
        return Ok(HttpResponse::Ok().json(RecoveryDryRunOut::new(endpoint, &request.window, total)));
    }
    let started =
        state.engine.start_recovery(&account.0, endpoint, request.window).await.map_err(engine_err)?;
    recovery::started_response(started, |job| format!("/webhooks/{endpoint}/recoveries/{job}"))
}

/// The endpoint's last 100 jobs, newest first.
pub async fn list(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let endpoint = path_id(&id, "endpoint")?;
    let jobs = state
        .engine
        .recovery_jobs(&account.0, endpoint)
        .await
        .map_err(|e| ApiError::from_engine(e, "endpoint"))?;
    Ok(HttpResponse::Ok().json(jobs.into_iter().map(RecoveryJobOut::from).collect::<Vec<_>>()))
}

pub async fn get(
    state: web::Data<AppState>,
    account: Account,
    ids: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (endpoint, job) = (path_id(&ids.0, "recovery job")?, path_id(&ids.1, "recovery job")?);
    let job = state
        .engine
        .recovery_job(&account.0, endpoint, job)
        .await
        .map_err(|e| ApiError::from_engine(e, "recovery job"))?;
    Ok(HttpResponse::Ok().json(RecoveryJobOut::from(job)))
}

/// Cancels an active job (what it re-sent stays re-sent); 409 once it has ended.
pub async fn cancel(
    state: web::Data<AppState>,
    account: Account,
    ids: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (endpoint, job) = (path_id(&ids.0, "recovery job")?, path_id(&ids.1, "recovery job")?);
    let job = state
        .engine
        .cancel_recovery(&account.0, endpoint, job)
        .await
        .map_err(|e| ApiError::from_engine(e, "recovery job"))?;
    Ok(HttpResponse::Ok().json(RecoveryJobOut::from(job)))
}
