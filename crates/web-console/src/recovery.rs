//! Bulk recovery from an endpoint's page (issue 37): a window's dry-run count, a job started
//! over it, its progress, and its cancel; the API's recovery (`POST …/recoveries`) through the
//! same engine calls. Every form answers 303; a dry run's count reaches the page as a flash.

use super::error::ConsoleError;
use super::layout::Layout;
use super::render::{html, see_other};
use super::screens::{endpoint_id, layout, NoticeQuery};
use super::service::ServiceConsole;
use super::session::{self, ConsoleForm, ConsoleSession, NoFields};
use super::views::parse_time_bound;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ts;
use askama::Template;
use chrono::Utc;
use delivery_engine::recovery::{RecoveryJob, RecoveryWindow, StartRecovery};
use delivery_engine::Engine;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// What the form was given, and what it left for the page: a dry run's count, or an error.
#[derive(Debug, Default, Serialize, Deserialize)]
struct RecoveryFlash {
    since: String,
    include_delivered: bool,
    count: Option<i64>,
    error: String,
}

struct JobRow {
    id: String,
    status: &'static str,
    since: String,
    until: String,
    progress: String,
    active: bool,
}

impl From<RecoveryJob> for JobRow {
    fn from(j: RecoveryJob) -> Self {
        Self {
            id: j.id.to_string(),
            status: j.status.as_str(),
            since: ts(j.window.since),
            until: ts(j.window.until),
            progress: format!("{} of {} gone through, {} sent again", j.processed, j.total, j.resent),
            active: j.finished_at.is_none(),
        }
    }
}

#[derive(Template)]
#[template(path = "console/recovery.html")]
struct RecoveryPage {
    layout: Layout,
    id: String,
    url: String,
    form: RecoveryFlash,
    jobs: Vec<JobRow>,
    notice: &'static str,
}

fn notice(key: &str) -> &'static str {
    match key {
        "started" => "The recovery job is queued: it re-sends the window's deliveries in batches.",
        "active" => "This endpoint already has a recovery job running: cancel it or wait for it.",
        "cancelled" => "The job is cancelled: what it re-sent stays re-sent.",
        "ended" => "That job had already ended.",
        _ => "",
    }
}

async fn page<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let e = engine.get_endpoint(&session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
    let jobs = engine.recovery_jobs(&session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
    let left: Option<RecoveryFlash> = session::take_flash(&engine, &session).await?;
    let day_ago = (Utc::now() - chrono::TimeDelta::hours(24)).format("%Y-%m-%d %H:%M").to_string();
    let form = left.unwrap_or(RecoveryFlash { since: day_ago, ..Default::default() });
    let page = RecoveryPage {
        layout: layout::<S>(&session, "/console/endpoints", "Recover deliveries"),
        id: id.to_string(),
        url: e.url,
        form,
        jobs: jobs.into_iter().map(JobRow::from).collect(),
        notice: notice(&q.notice),
    };
    Ok(html(StatusCode::OK, &page))
}

#[derive(Debug, Deserialize)]
struct WindowFields {
    since: String,
    /// A ticked checkbox sends `on`.
    #[serde(default)]
    include_delivered: Option<String>,
    /// `dry-run` or `start`: the button pressed.
    action: String,
}

/// Counts (`dry-run`) or starts a job over the window from `since` until now.
async fn submit<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<WindowFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let ConsoleForm { session, fields } = form;
    let back = format!("/console/endpoints/{id}/recovery");
    let mut flash = RecoveryFlash {
        since: fields.since.trim().to_owned(),
        include_delivered: fields.include_delivered.is_some(),
        ..Default::default()
    };
    let window = parse_time_bound(&flash.since).and_then(|since| {
        let since = since.ok_or("give the window's start (YYYY-MM-DD HH:MM, UTC)")?;
        RecoveryWindow::new(since, None, flash.include_delivered, Utc::now()).map_err(|e| e.to_string())
    });
    let result = match (window, fields.action.as_str()) {
        (Err(e), _) => Err(e),
        (Ok(w), "start") => {
            return match engine
                .start_recovery(&session.tenant, id, w)
                .await
                .map_err(|e| S::api_error(e, "endpoint"))
            {
                Ok(StartRecovery::Started(_)) => Ok(see_other(&format!("{back}?notice=started"))),
                Ok(StartRecovery::AlreadyActive(_)) => Ok(see_other(&format!("{back}?notice=active"))),
                Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
                    flash.error = e.detail;
                    session::put_flash(&engine, &session, &flash).await?;
                    Ok(see_other(&back))
                }
                Err(e) => Err(e.into()),
            };
        }
        (Ok(w), _) => engine
            .recovery_dry_run(&session.tenant, id, w)
            .await
            .map_err(|e| S::api_error(e, "endpoint").detail),
    };
    match result {
        Ok(n) => flash.count = Some(n),
        Err(e) => flash.error = e,
    }
    session::put_flash(&engine, &session, &flash).await?;
    Ok(see_other(&back))
}

async fn cancel<S: ServiceConsole>(
    engine: web::Data<Engine>,
    path: web::Path<(String, String)>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let (id, job) = path.into_inner();
    let id = endpoint_id(&id)?;
    let job = Uuid::parse_str(&job).map_err(|_| ConsoleError::not_found("recovery job"))?;
    let back = format!("/console/endpoints/{id}/recovery");
    match engine
        .cancel_recovery(&form.session.tenant, id, job)
        .await
        .map_err(|e| S::api_error(e, "recovery job"))
    {
        Ok(_) => Ok(see_other(&format!("{back}?notice=cancelled"))),
        Err(e) if e.status == StatusCode::CONFLICT => Ok(see_other(&format!("{back}?notice=ended"))),
        Err(e) => Err(e.into()),
    }
}

/// The recovery routes, inside the `/console` scope.
pub fn configure<S: ServiceConsole>(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/endpoints/{id}/recovery")
            .route(web::get().to(page::<S>))
            .route(web::post().to(submit::<S>)),
    )
    .service(web::resource("/endpoints/{id}/recovery/{job}/cancel").route(web::post().to(cancel::<S>)));
}
