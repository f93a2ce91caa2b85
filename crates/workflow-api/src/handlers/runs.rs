use super::{path_id, ts};
use crate::auth::Account;
use crate::profile::{RUN_COMPLETED, RUN_FAILED};
use crate::store::{self, Run};
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use delivery_engine::NewEvent;
use serde::{Deserialize, Serialize};

pub const MAX_WORKFLOW_ID: usize = 200;

#[derive(Debug, Deserialize)]
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

/// The delivery body: exactly these fields, in this order.
#[derive(Debug, Serialize)]
struct RunEvent<'a> {
    event: &'a str,
    id: &'a str,
    run_id: &'a str,
    workflow_id: &'a str,
    status: &'a str,
    created_at: &'a str,
    completed_at: &'a str,
}

pub async fn create(
    state: web::Data<AppState>,
    account: Account,
    body: web::Json<RunIn>,
) -> Result<HttpResponse, ApiError> {
    let workflow_id = body.into_inner().workflow_id;
    if workflow_id.trim().is_empty()
        || workflow_id.chars().count() > MAX_WORKFLOW_ID
        || api_support::has_control_chars(&workflow_id)
    {
        return Err(ApiError::invalid(
            "invalid_workflow_id",
            format!("workflow_id must be a non-empty string of at most {MAX_WORKFLOW_ID} characters"),
        ));
    }
    let run = Run {
        id: uuid::Uuid::now_v7(),
        account_id: account.0,
        workflow_id,
        status: "running".into(),
        created_at: chrono::Utc::now(),
        completed_at: None,
    };
    let stored = run.clone();
    state
        .engine
        .run(move |mut c| {
            Box::pin(async move { Ok::<_, ApiError>(store::insert_run(&mut c, &stored).await?) })
        })
        .await?;
    Ok(HttpResponse::Created().json(RunOut::from(run)))
}

pub async fn get(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "run")?;
    let run = state
        .engine
        .run(move |mut c| {
            Box::pin(async move { Ok::<_, ApiError>(store::get_run(&mut c, &account.0, id).await?) })
        })
        .await?
        .ok_or_else(|| ApiError::not_found("run"))?;
    Ok(HttpResponse::Ok().json(RunOut::from(run)))
}

#[derive(Debug, Deserialize)]
pub struct SettleIn {
    pub status: String,
}

/// The terminal settle: the run's final state, its event and its deliveries commit in one
/// transaction; workers are woken by that commit. Settling again with the same outcome is a
/// no-op (200); with the other outcome, 409.
pub async fn settle(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<SettleIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "run")?;
    let outcome = body.into_inner().status;
    let event = match outcome.as_str() {
        "succeeded" => RUN_COMPLETED,
        "failed" => RUN_FAILED,
        _ => {
            return Err(ApiError::invalid("invalid_status", "status must be \"succeeded\" or \"failed\""));
        }
    };
    let engine = state.engine.clone();
    let run = state
        .engine
        .transaction(move |mut c| {
            Box::pin(async move {
                let c = &mut c;
                let mut run =
                    store::lock_run(c, &account.0, id).await?.ok_or_else(|| ApiError::not_found("run"))?;
                if run.status == outcome {
                    return Ok(run);
                }
                if run.status != "running" {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        "run_already_settled",
                        format!("the run already settled as {}", run.status),
                    ));
                }
                let completed_at = chrono::Utc::now();
                store::settle_run(c, &account.0, id, &outcome, completed_at).await?;
                run.status = outcome.clone();
                run.completed_at = Some(completed_at);
                let (run_id, event_id) = (run.id.to_string(), format!("{}:{event}", run.id));
                let (created, completed) = (ts(run.created_at), ts(completed_at));
                let body = serde_json::to_vec(&RunEvent {
                    event,
                    id: &event_id,
                    run_id: &run_id,
                    workflow_id: &run.workflow_id,
                    status: &run.status,
                    created_at: &created,
                    completed_at: &completed,
                })
                .map_err(|_| ApiError::internal("could not build the event"))?;
                engine
                    .enqueue(
                        c,
                        NewEvent {
                            tenant_id: &account.0,
                            event_type: event,
                            dedupe_key: &event_id,
                            body: &body,
                            only_endpoint: None,
                            id: None,
                        },
                    )
                    .await?;
                Ok(run)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(RunOut::from(run)))
}
