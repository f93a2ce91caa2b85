//! workflow-api's developer dashboard, under `/console`: the overview, endpoints, the delivery
//! log and each delivery's detail, in the spec's words (`pending`, `failed`, `delivered`,
//! `dead_letter`; retry). Handlers call the engine and this crate's rule functions, as the API
//! handlers do; the shared parts (sign-in, sessions, CSRF, layout, partials) are api-support's.

use crate::error_codes as codes;
use crate::handlers::deliveries::{parse_status, status_name};
use crate::handlers::webhooks::check_endpoint_in;
use crate::profile::{SUBSCRIBABLE, WEBHOOK_TEST};
use crate::test_event;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::console::views::{parse_time_bound, span_words, AttemptView, OverviewView, RequestView};
use api_support::console::{
    html, see_other, ConsoleError, ConsoleForm, ConsoleService, ConsoleSession, Layout, NavItem,
};
use api_support::ts;
use askama::Template;
use chrono::Utc;
use delivery_engine::{
    Delivery, DeliveryQuery, Endpoint, EndpointPatch, Engine, KeyMatch, LogPosition, NewEndpoint, ResendRule,
};
use serde::Deserialize;
use std::collections::HashMap;
use uuid::Uuid;

pub const SERVICE: ConsoleService = ConsoleService {
    name: "workflow-api",
    credential: "session token (JWT)",
    link_command: "workflow-api console-link --account <id>",
    nav: &[
        NavItem { path: "/console", label: "Overview" },
        NavItem { path: "/console/endpoints", label: "Endpoints" },
        NavItem { path: "/console/deliveries", label: "Delivery log" },
    ],
};

/// Rows of one page of the log.
pub const PAGE_SIZE: i64 = 50;

fn layout(session: &ConsoleSession, current: &'static str, title: impl Into<String>) -> Layout {
    Layout::new(SERVICE, session, current, title.into())
}

fn endpoint_id(raw: &str) -> Result<Uuid, ConsoleError> {
    Uuid::parse_str(raw).map_err(|_| ConsoleError::not_found("endpoint"))
}

// ---- Overview ----

/// An endpoint the overview points out: disabled (with why), or failing.
struct Attention {
    id: String,
    url: String,
    state: String,
}

#[derive(Template)]
#[template(path = "console/overview.html")]
struct OverviewPage {
    layout: Layout,
    overview: OverviewView,
    attention: Vec<Attention>,
}

async fn overview(engine: web::Data<Engine>, session: ConsoleSession) -> Result<HttpResponse, ConsoleError> {
    let now = Utc::now();
    let o = engine.tenant_overview(&session.tenant, now - chrono::TimeDelta::hours(24)).await?;
    let endpoints = engine.list_endpoints(&session.tenant).await?;
    let attention = endpoints
        .iter()
        .filter_map(|e| {
            let state = if let Some(at) = e.disabled_at {
                format!(
                    "disabled {} ago: {}",
                    span_words(now - at),
                    e.disabled_reason.as_deref().unwrap_or("no reason")
                )
            } else {
                let a = o.endpoints.iter().find(|a| a.endpoint_id == e.id)?;
                (a.failing > 0).then(|| format!("{} of its deliveries in 24 h failing or dead", a.failing))?
            };
            Some(Attention { id: e.id.to_string(), url: e.url.clone(), state })
        })
        .collect();
    let page = OverviewPage {
        layout: layout(&session, "/console", "Overview"),
        overview: OverviewView::new(&o, now),
        attention,
    };
    Ok(html(StatusCode::OK, &page))
}

// ---- Endpoints ----

struct EndpointRow {
    id: String,
    url: String,
    events: String,
    disabled: bool,
    state: String,
    last_delivery: String,
    success: String,
}

#[derive(Template)]
#[template(path = "console/endpoints.html")]
struct EndpointsPage {
    layout: Layout,
    endpoints: Vec<EndpointRow>,
    events: &'static [&'static str],
    /// A secret to show once (just created or rotated), and for which endpoint.
    secret: Option<String>,
    secret_for: String,
    notice: String,
    error: String,
    form_url: String,
}

async fn endpoints_page(
    engine: &Engine,
    session: &ConsoleSession,
    secret: Option<(String, Uuid)>,
    notice: &str,
    error: String,
    form_url: String,
) -> Result<EndpointsPage, ConsoleError> {
    let now = Utc::now();
    let listed = engine.list_endpoints(&session.tenant).await?;
    let activity =
        engine.tenant_overview(&session.tenant, now - chrono::TimeDelta::hours(24)).await?.endpoints;
    let endpoints = listed
        .into_iter()
        .map(|e: Endpoint| {
            let a = activity.iter().find(|a| a.endpoint_id == e.id);
            EndpointRow {
                id: e.id.to_string(),
                url: e.url,
                events: e.event_types.join(", "),
                disabled: e.disabled_at.is_some(),
                state: match e.disabled_at {
                    Some(at) => format!(
                        "disabled since {}: {}",
                        ts(at),
                        e.disabled_reason.as_deref().unwrap_or("no reason recorded")
                    ),
                    None => "active".to_owned(),
                },
                last_delivery: a.map_or_else(
                    || "none in 24 h".to_owned(),
                    |a| format!("{} ago", span_words(now - a.last_created_at)),
                ),
                success: a
                    .and_then(|a| a.success_percent())
                    .map_or_else(|| "–".to_owned(), |p| format!("{p:.0} %")),
            }
        })
        .collect();
    let (secret, secret_for) = match secret {
        Some((s, id)) => (Some(s), id.to_string()),
        None => (None, String::new()),
    };
    Ok(EndpointsPage {
        layout: layout(session, "/console/endpoints", "Endpoints"),
        endpoints,
        events: &SUBSCRIBABLE,
        secret,
        secret_for,
        notice: notice_text(notice).to_owned(),
        error,
        form_url,
    })
}

/// Fixed notices after a redirect (`?notice=`): never text from the request itself.
fn notice_text(key: &str) -> &'static str {
    match key {
        "disabled" => "The endpoint is disabled: it receives nothing until it is enabled.",
        "enabled" => "The endpoint is enabled; its waiting deliveries resume.",
        "deleted" => "The endpoint is deleted.",
        "test-sent" => "A webhook.test event is on its way; it appears in the log below.",
        "retried" => "The delivery is queued for one more attempt.",
        "already-delivered" => {
            "This delivery was already delivered: the spec's retry answers 409 and sends nothing."
        }
        _ => "",
    }
}

#[derive(Deserialize)]
struct NoticeQuery {
    #[serde(default)]
    notice: String,
}

async fn list_endpoints(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let page = endpoints_page(&engine, &session, None, &q.notice, String::new(), String::new()).await?;
    Ok(html(StatusCode::OK, &page))
}

#[derive(Deserialize)]
struct NewEndpointFields {
    url: String,
    #[serde(default)]
    events: Vec<String>,
}

async fn create_endpoint(
    engine: web::Data<Engine>,
    form: ConsoleForm<NewEndpointFields>,
) -> Result<HttpResponse, ConsoleError> {
    let ConsoleForm { session, fields } = form;
    let url = fields.url.trim().to_owned();
    let created = match check_endpoint_in(&url, &fields.events) {
        Ok(()) => engine
            .create_endpoint(&session.tenant, NewEndpoint { url: url.clone(), event_types: fields.events })
            .await
            .map_err(|e| api_support::ApiError::from_engine(e, "endpoint")),
        Err(e) => Err(e),
    };
    match created {
        Ok(c) => {
            let secret = Some((c.secret.expose().to_owned(), c.endpoint.id));
            let page = endpoints_page(&engine, &session, secret, "", String::new(), String::new()).await?;
            Ok(html(StatusCode::CREATED, &page))
        }
        // What the API would answer, shown beside the form with what was typed.
        Err(e) if e.status.is_client_error() => {
            let page = endpoints_page(&engine, &session, None, "", e.detail, url).await?;
            Ok(html(e.status, &page))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct NoFields {}

async fn rotate_secret(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let secret = engine.rotate_secret(&form.session.tenant, id).await?;
    let page = endpoints_page(
        &engine,
        &form.session,
        Some((secret.expose().to_owned(), id)),
        "",
        String::new(),
        String::new(),
    )
    .await?;
    Ok(html(StatusCode::OK, &page))
}

async fn set_disabled(
    engine: &Engine,
    tenant: &str,
    id: &str,
    disabled: bool,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(id)?;
    let patch = EndpointPatch {
        disabled: Some(disabled),
        disabled_reason: disabled.then(|| "disabled in the console".to_owned()),
        ..Default::default()
    };
    engine.update_endpoint(tenant, id, patch).await?;
    Ok(see_other(if disabled {
        "/console/endpoints?notice=disabled"
    } else {
        "/console/endpoints?notice=enabled"
    }))
}

async fn disable(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    set_disabled(&engine, &form.session.tenant, &id, true).await
}

async fn enable(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    set_disabled(&engine, &form.session.tenant, &id, false).await
}

#[derive(Template)]
#[template(path = "console/delete.html")]
struct DeletePage {
    layout: Layout,
    id: String,
    url: String,
}

async fn confirm_delete(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let e = engine.get_endpoint(&session.tenant, endpoint_id(&id)?).await?;
    let page = DeletePage {
        layout: layout(&session, "/console/endpoints", "Delete endpoint"),
        id: e.id.to_string(),
        url: e.url,
    };
    Ok(html(StatusCode::OK, &page))
}

async fn delete(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    engine.delete_endpoint(&form.session.tenant, endpoint_id(&id)?).await?;
    Ok(see_other("/console/endpoints?notice=deleted"))
}

async fn send_test(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    test_event::send_test_event(&engine, &form.session.tenant, id)
        .await
        .map_err(api_support::ApiError::from)?;
    Ok(see_other(&format!("/console/deliveries?endpoint={id}&notice=test-sent")))
}

// ---- Delivery log ----

/// The log's filters, as the URL carries them (so a view can be shared).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LogFilter {
    pub status: String,
    pub endpoint: String,
    pub event: String,
    pub from: String,
    pub to: String,
    pub q: String,
    pub after: String,
}

impl LogFilter {
    pub fn from_query(q: &HashMap<String, String>) -> Self {
        let get = |k: &str| q.get(k).map(|v| v.trim().to_owned()).unwrap_or_default();
        Self {
            status: get("status"),
            endpoint: get("endpoint"),
            event: get("event"),
            from: get("from"),
            to: get("to"),
            q: get("q"),
            after: get("after"),
        }
    }

    /// The engine queries that answer this filter, in order: a search term may name a
    /// delivery id, an event id (`<runId>:<event>`) or a run id; each is tried until one
    /// finds something. Errors name the field.
    pub fn queries(&self) -> Result<Vec<DeliveryQuery>, String> {
        let mut base = DeliveryQuery { limit: PAGE_SIZE + 1, ..Default::default() };
        if !self.status.is_empty() {
            base.status = Some(
                parse_status(&self.status)
                    .ok_or("status must be one of pending, failed, delivered, dead_letter")?,
            );
        }
        if !self.endpoint.is_empty() {
            base.endpoint_id =
                Some(Uuid::parse_str(&self.endpoint).map_err(|_| "endpoint must be an endpoint id")?);
        }
        if !self.event.is_empty() {
            base.event_type = Some(self.event.clone());
        }
        base.created_from = parse_time_bound(&self.from)?;
        base.created_before = parse_time_bound(&self.to)?;
        if !self.after.is_empty() {
            base.after = Some(LogPosition::parse_cursor(&self.after).ok_or("the page cursor is not valid")?);
        }
        let term = self.q.as_str();
        if term.is_empty() {
            return Ok(vec![base]);
        }
        if term.contains(':') {
            return Ok(vec![DeliveryQuery { dedupe_key: Some(KeyMatch::Exact(term.to_owned())), ..base }]);
        }
        let id = Uuid::parse_str(term)
            .map_err(|_| "search takes a delivery id, an event id (<runId>:<event>) or a run id")?;
        Ok(vec![
            DeliveryQuery { delivery_id: Some(id), ..base.clone() },
            DeliveryQuery { dedupe_key: Some(KeyMatch::Prefix(format!("{id}:"))), ..base },
        ])
    }

    /// This filter as a query string, with `after` replaced.
    pub fn to_query(&self, after: Option<&str>) -> String {
        let pairs = [
            ("status", self.status.as_str()),
            ("endpoint", self.endpoint.as_str()),
            ("event", self.event.as_str()),
            ("from", self.from.as_str()),
            ("to", self.to.as_str()),
            ("q", self.q.as_str()),
            ("after", after.unwrap_or("")),
        ];
        let kept: Vec<(&str, &str)> = pairs.into_iter().filter(|(_, v)| !v.is_empty()).collect();
        serde_html_form::to_string(kept).unwrap_or_default()
    }
}

struct LogRow {
    id: String,
    event: String,
    event_id: String,
    endpoint_id: String,
    status: &'static str,
    attempts: i32,
    response_code: String,
    created_at: String,
}

impl From<Delivery> for LogRow {
    fn from(d: Delivery) -> Self {
        Self {
            id: d.id.to_string(),
            event: d.event_type,
            event_id: d.dedupe_key,
            endpoint_id: d.endpoint_id.to_string(),
            status: status_name(d.status),
            attempts: d.attempt_count,
            response_code: d.last_response_code.map_or_else(|| "–".to_owned(), |c| c.to_string()),
            created_at: ts(d.created_at),
        }
    }
}

#[derive(Template)]
#[template(path = "console/delivery_rows.html")]
struct LogRows {
    rows: Vec<LogRow>,
}

#[derive(Template)]
#[template(path = "console/deliveries.html")]
struct LogPage {
    layout: Layout,
    filter: LogFilter,
    rows: Vec<LogRow>,
    endpoints: Vec<(String, String)>,
    statuses: [&'static str; 4],
    events: [&'static str; 3],
    next: Option<String>,
    live_url: Option<String>,
    error: String,
    notice: &'static str,
}

/// One page of the log for `filter`, and the cursor of the next page if there is one.
async fn log_page(
    engine: &Engine,
    tenant: &str,
    filter: &LogFilter,
) -> Result<(Vec<Delivery>, Option<String>), String> {
    for q in filter.queries()? {
        let mut found = engine.list_deliveries(tenant, &q).await.map_err(|e| e.to_string())?;
        if found.is_empty() {
            continue;
        }
        let next = (found.len() as i64 > PAGE_SIZE).then(|| {
            found.truncate(PAGE_SIZE as usize);
            found.last().map(|d| LogPosition::of(d).to_cursor())
        });
        return Ok((found, next.flatten()));
    }
    Ok((Vec::new(), None))
}

async fn deliveries(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::from_query(&query);
    let (found, next, error) = match log_page(&engine, &session.tenant, &filter).await {
        Ok((found, next)) => (found, next, String::new()),
        Err(e) => (Vec::new(), None, e),
    };
    let endpoints = engine
        .list_endpoints(&session.tenant)
        .await?
        .into_iter()
        .map(|e| (e.id.to_string(), e.url))
        .collect();
    let live_url = (filter.after.is_empty() && error.is_empty())
        .then(|| format!("/console/deliveries/rows?{}", filter.to_query(None)));
    let status = if error.is_empty() { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let page = LogPage {
        layout: layout(&session, "/console/deliveries", "Delivery log"),
        next: next.map(|c| filter.to_query(Some(&c))),
        filter,
        rows: found.into_iter().map(LogRow::from).collect(),
        endpoints,
        statuses: ["pending", "failed", "delivered", "dead_letter"],
        events: [crate::profile::RUN_COMPLETED, crate::profile::RUN_FAILED, WEBHOOK_TEST],
        live_url,
        error,
        notice: notice_text(query.get("notice").map_or("", String::as_str)),
    };
    Ok(html(status, &page))
}

/// The log's rows alone, for the page's live refresh.
async fn delivery_rows(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::from_query(&query);
    let (found, _) = log_page(&engine, &session.tenant, &filter).await.map_err(ConsoleError::bad_request)?;
    Ok(html(StatusCode::OK, &LogRows { rows: found.into_iter().map(LogRow::from).collect() }))
}

// ---- Delivery detail ----

#[derive(Template)]
#[template(path = "console/delivery.html")]
struct DeliveryPage {
    layout: Layout,
    d: LogRow,
    endpoint_url: String,
    last_error: String,
    next_attempt: String,
    delivered: bool,
    attempts: Vec<AttemptView>,
    request: RequestView,
    signature_prefix: &'static str,
    notice: &'static str,
}

async fn delivery(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let id = Uuid::parse_str(&id).map_err(|_| ConsoleError::not_found("delivery"))?;
    let (d, attempts) = engine
        .get_delivery(&session.tenant, id)
        .await
        .map_err(|e| api_support::ApiError::from_engine(e, "delivery"))?;
    let (number, started) =
        attempts.last().map_or((1, d.created_at), |a| (a.attempt_number as u32, a.started_at));
    let sent = engine.sent_request(&session.tenant, id, number, started).await?;
    let now = Utc::now();
    let page = DeliveryPage {
        layout: layout(&session, "/console/deliveries", format!("Delivery {id}")),
        endpoint_url: sent.url.clone(),
        last_error: d.last_error.clone().unwrap_or_default(),
        next_attempt: d.next_attempt_at.map_or_else(String::new, |t| {
            if t > now {
                format!("{} (in {})", ts(t), span_words(t - now))
            } else {
                format!("{} (due now)", ts(t))
            }
        }),
        delivered: d.delivered_at.is_some(),
        d: LogRow::from(d),
        attempts: attempts.iter().map(AttemptView::from).collect(),
        request: RequestView::new(&sent, "x-webhook-signature"),
        signature_prefix: "v1=",
        notice: notice_text(&q.notice),
    };
    Ok(html(StatusCode::OK, &page))
}

async fn retry(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = Uuid::parse_str(&id).map_err(|_| ConsoleError::not_found("delivery"))?;
    match engine.resend(&form.session.tenant, id, ResendRule::RejectDelivered).await {
        Ok(_) => Ok(see_other(&format!("/console/deliveries/{id}?notice=retried"))),
        Err(e) => {
            let e = api_support::ApiError::from_engine(e, "delivery");
            if e.code == codes::ALREADY_DELIVERED {
                Ok(see_other(&format!("/console/deliveries/{id}?notice=already-delivered")))
            } else {
                Err(e.into())
            }
        }
    }
}

/// The console's routes, registered inside the `/console` scope after the shared ones.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(SERVICE)
        .configure(api_support::console::configure_shared)
        .service(web::resource("").route(web::get().to(overview)))
        .service(web::resource("/").route(web::get().to(overview)))
        .service(
            web::resource("/endpoints")
                .route(web::get().to(list_endpoints))
                .route(web::post().to(create_endpoint)),
        )
        .service(web::resource("/endpoints/{id}/rotate-secret").route(web::post().to(rotate_secret)))
        .service(web::resource("/endpoints/{id}/disable").route(web::post().to(disable)))
        .service(web::resource("/endpoints/{id}/enable").route(web::post().to(enable)))
        .service(
            web::resource("/endpoints/{id}/delete")
                .route(web::get().to(confirm_delete))
                .route(web::post().to(delete)),
        )
        .service(web::resource("/endpoints/{id}/test").route(web::post().to(send_test)))
        .service(web::resource("/deliveries").route(web::get().to(deliveries)))
        .service(web::resource("/deliveries/rows").route(web::get().to(delivery_rows)))
        .service(web::resource("/deliveries/{id}").route(web::get().to(delivery)))
        .service(web::resource("/deliveries/{id}/retry").route(web::post().to(retry)))
        .default_service(web::to(api_support::console::not_found));
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn filter(pairs: &[(&str, &str)]) -> LogFilter {
        LogFilter::from_query(&pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect())
    }

    #[test]
    fn a_search_term_is_read_as_the_id_it_can_be() {
        let id = Uuid::now_v7();
        let qs = filter(&[("q", &id.to_string())]).queries().unwrap();
        assert_eq!(qs.len(), 2);
        assert_eq!(qs[0].delivery_id, Some(id));
        assert_eq!(qs[1].dedupe_key, Some(KeyMatch::Prefix(format!("{id}:"))));
        let event_id = format!("{id}:run.completed");
        let qs = filter(&[("q", &event_id)]).queries().unwrap();
        assert_eq!(qs.len(), 1);
        assert_eq!(qs[0].dedupe_key, Some(KeyMatch::Exact(event_id)));
        assert!(filter(&[("q", "hello")]).queries().is_err());
    }

    #[test]
    fn filters_are_checked_and_kept_in_the_url() {
        let f = filter(&[("status", "dead_letter"), ("from", "2026-11-20"), ("event", "run.failed")]);
        let q = &f.queries().unwrap()[0];
        assert_eq!(q.status, Some(delivery_engine::DeliveryStatus::Dead));
        assert_eq!(q.limit, PAGE_SIZE + 1, "one more than a page, to know whether there is a next");
        assert_eq!(f.to_query(Some("c")), "status=dead_letter&event=run.failed&from=2026-11-20&after=c");
        assert!(filter(&[("status", "dead")]).queries().unwrap_err().contains("dead_letter"));
        assert!(filter(&[("endpoint", "x")]).queries().is_err());
        assert!(filter(&[("after", "nope")]).queries().is_err());
        assert!(filter(&[("to", "tomorrow")]).queries().is_err());
    }

    #[test]
    fn notices_are_fixed_texts() {
        assert_eq!(notice_text("<script>"), "");
        assert!(notice_text("already-delivered").contains("409"));
    }
}
