//! The event page: one event, its deliveries to every endpoint, and a re-send of those that
//! failed (issue 37). An event is reached from the log (its id under each delivery's type).

use super::error::ConsoleError;
use super::layout::Layout;
use super::render::{html, see_other};
use super::screens::{endpoint_urls, layout, log_rows, notice_text, LogRow, NoticeQuery};
use super::service::ServiceConsole;
use super::session::{ConsoleForm, ConsoleSession, NoFields};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ts;
use askama::Template;
use delivery_engine::deliveries::{Delivery, DeliveryQuery, DeliveryStatus};
use delivery_engine::{Engine, Tenant};
use uuid::Uuid;

/// An event has a delivery per endpoint it was sent to: a page shows them all.
const MOST_DELIVERIES: i64 = 1_000;

#[derive(Template)]
#[template(path = "console/event.html")]
struct EventPage {
    layout: Layout,
    id: String,
    event_type: String,
    key: String,
    created_at: String,
    rows: Vec<LogRow>,
    /// Deliveries a re-send would send again (failed or dead, payload kept).
    failed: usize,
    notice: &'static str,
}

fn event_id(raw: &str) -> Result<Uuid, ConsoleError> {
    Uuid::parse_str(raw).map_err(|_| ConsoleError::not_found("event"))
}

/// The event's deliveries, newest first; none is no such event (or another tenant's).
async fn deliveries(engine: &Engine, tenant: &Tenant, id: Uuid) -> Result<Vec<Delivery>, ConsoleError> {
    let q = DeliveryQuery { event_id: Some(id), limit: MOST_DELIVERIES, ..Default::default() };
    let found = engine.list_deliveries(tenant, &q).await?;
    if found.is_empty() {
        return Err(ConsoleError::not_found("event"));
    }
    Ok(found)
}

/// A delivery the re-send takes: failed (its next attempt is brought forward) or dead, with its
/// payload kept.
fn resendable(d: &Delivery) -> bool {
    matches!(d.status, DeliveryStatus::Failed | DeliveryStatus::Dead) && d.payload_erased_at.is_none()
}

async fn event_page<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let id = event_id(&id)?;
    let found = deliveries(&engine, &session.tenant, id).await?;
    let first = &found[found.len() - 1];
    let (event_type, key, created_at) =
        (first.event_type.clone(), first.dedupe_key.clone(), ts(first.created_at));
    let failed = found.iter().filter(|d| resendable(d)).count();
    let endpoints = endpoint_urls(&engine, &session.tenant).await?;
    let page = EventPage {
        layout: layout::<S>(&session, "/console/deliveries", format!("Event {key}")),
        id: id.to_string(),
        event_type,
        key,
        created_at,
        rows: log_rows::<S>(found, &endpoints),
        failed,
        notice: notice_text::<S>(&q.notice),
    };
    Ok(html(StatusCode::OK, &page))
}

/// Sends the event's failed and dead deliveries again (each as the log's re-send would), and
/// answers 303 to the event's page.
async fn resend_failed<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = event_id(&id)?;
    let tenant = &form.session.tenant;
    let mut sent = 0;
    for d in deliveries(&engine, tenant, id).await?.iter().filter(|d| resendable(d)) {
        // One that settled or expired meanwhile is left as it is.
        if engine.resend(tenant, d.id, S::RESEND.rule).await.is_ok() {
            sent += 1;
        }
    }
    let notice = if sent > 0 { "resent_failed" } else { "nothing_failed" };
    Ok(see_other(&format!("/console/events/{id}?notice={notice}")))
}

/// The event page's routes, inside the `/console` scope.
pub fn configure<S: ServiceConsole>(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/events/{id}").route(web::get().to(event_page::<S>)))
        .service(web::resource("/events/{id}/resend-failed").route(web::post().to(resend_failed::<S>)));
}
