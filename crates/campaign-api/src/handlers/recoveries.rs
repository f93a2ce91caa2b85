//! Bulk recovery of an endpoint's deliveries (an extension of the spec; docs/campaign-api.md
//! 8.5): the rule and the shapes are api-support's `recovery` and `views`, the work the engine's.

use super::engine_err;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::recovery::{self, RecoveryIn};
use api_support::views::{RecoveryDryRunOut, RecoveryJobOut};
use api_support::{path_id, ApiError};

/// A dry run (200, the count) or a new job (202, `Location`); 409 while the endpoint has an
/// active job.
pub async fn create(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
    body: web::Json<RecoveryIn>,
) -> Result<HttpResponse, ApiError> {
    let endpoint = path_id(&id, "webhook")?;
    let request = body.parse(chrono::Utc::now())?;
    if request.dry_run {
        let total = state
            .engine
            .recovery_dry_run(ws.tenant(), endpoint, request.window)
            .await
            .map_err(|e| engine_err(e, "webhook"))?;
        return Ok(HttpResponse::Ok().json(RecoveryDryRunOut::new(endpoint, &request.window, total)));
    }
    let started = state
        .engine
        .start_recovery(ws.tenant(), endpoint, request.window)
        .await
        .map_err(|e| engine_err(e, "webhook"))?;
    recovery::started_response(started, |job| format!("/api/v1/webhooks/{endpoint}/recoveries/{job}"))
}

/// The endpoint's last 100 jobs, newest first.
pub async fn list(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let endpoint = path_id(&id, "webhook")?;
    let jobs =
        state.engine.recovery_jobs(ws.tenant(), endpoint).await.map_err(|e| engine_err(e, "webhook"))?;
    Ok(HttpResponse::Ok().json(jobs.into_iter().map(RecoveryJobOut::from).collect::<Vec<_>>()))
}

pub async fn get(
    state: web::Data<AppState>,
    ws: Workspace,
    ids: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (endpoint, job) = (path_id(&ids.0, "recovery job")?, path_id(&ids.1, "recovery job")?);
    let job = state
        .engine
        .recovery_job(ws.tenant(), endpoint, job)
        .await
        .map_err(|e| engine_err(e, "recovery job"))?;
    Ok(HttpResponse::Ok().json(RecoveryJobOut::from(job)))
}

/// Cancels an active job (what it re-sent stays re-sent); 409 once it has ended.
pub async fn cancel(
    state: web::Data<AppState>,
    ws: Workspace,
    ids: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (endpoint, job) = (path_id(&ids.0, "recovery job")?, path_id(&ids.1, "recovery job")?);
    let job = state
        .engine
        .cancel_recovery(ws.tenant(), endpoint, job)
        .await
        .map_err(|e| engine_err(e, "recovery job"))?;
    Ok(HttpResponse::Ok().json(RecoveryJobOut::from(job)))
}
