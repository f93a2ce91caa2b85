//! The screens both consoles have (overview, endpoints, delivery log, delivery detail), generic
//! over the service's [`ServiceConsole`]. Handlers call the engine as the API handlers do.

use super::error::ConsoleError;
use super::layout::Layout;
use super::render::{html, see_other};
use super::service::{EndpointAction, ServiceConsole};
use super::session::{self, ConsoleForm, ConsoleSession, NoFields};
use super::views::{parse_time_bound, span_words, AttemptView, OverviewView, RequestView};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::{ts, ApiError};
use askama::Template;
use chrono::Utc;
use delivery_engine::deliveries::{Delivery, DeliveryQuery, LogPosition, ResendRule};
use delivery_engine::endpoints::{Endpoint, EndpointPatch, NewEndpoint};
use delivery_engine::{Engine, Tenant};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::marker::PhantomData;
use uuid::Uuid;

/// Rows of one page of the log.
pub const PAGE_SIZE: i64 = 50;

pub(super) fn layout<S: ServiceConsole>(
    session: &ConsoleSession,
    current: &'static str,
    title: impl Into<String>,
) -> Layout {
    Layout::new(S::SERVICE, session, current, title.into())
}

/// An endpoint id from the path: anything else is no such endpoint.
pub fn endpoint_id(raw: &str) -> Result<Uuid, ConsoleError> {
    Uuid::parse_str(raw).map_err(|_| ConsoleError::not_found("endpoint"))
}

/// Why an expired delivery cannot be sent again.
const EXPIRED_NOTICE: &str =
    "Its payload has expired (PAYLOAD_RETENTION): the record stays in the log, but it \
     cannot be sent again.";

/// Fixed notices after a redirect (`?notice=`): never text from the request itself.
pub fn notice_text<S: ServiceConsole>(key: &str) -> &'static str {
    match key {
        "disabled" => "The endpoint is disabled: it receives nothing until it is enabled.",
        "enabled" => "The endpoint is enabled; its waiting deliveries resume.",
        "deleted" => "The endpoint is deleted.",
        "updated" => "The endpoint is updated.",
        "sent" => "The event is on its way; it appears in the log below.",
        "resent" => S::RESEND.done_notice,
        "refused" => S::RESEND.refused_notice,
        "expired" => EXPIRED_NOTICE,
        "resent_failed" => "The event's failed and dead deliveries are on their way again.",
        "nothing_failed" => "None of the event's deliveries has failed: nothing was sent again.",
        _ => "",
    }
}

#[derive(Debug, Deserialize)]
pub struct NoticeQuery {
    #[serde(default)]
    pub notice: String,
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

async fn overview<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
) -> Result<HttpResponse, ConsoleError> {
    let now = Utc::now();
    let since = now - chrono::TimeDelta::hours(24);
    let o = engine.tenant_overview(&session.tenant, since).await?;
    let activity = engine.endpoint_activity(&session.tenant, since).await?;
    let endpoints = engine.list_endpoints(&session.tenant).await?;
    let attention = endpoints
        .iter()
        .filter_map(|e| {
            let state = if let Some(at) = e.disabled_at {
                format!(
                    "disabled {} ago: {}",
                    span_words(now - at),
                    e.disabled_reason.as_deref().unwrap_or("no reason recorded")
                )
            } else {
                let a = activity.iter().find(|a| a.endpoint_id == e.id)?;
                (a.failed > 0).then(|| format!("{} failed attempts in 24 h", a.failed))?
            };
            Some(Attention { id: e.id.to_string(), url: e.url.clone(), state })
        })
        .collect();
    let page = OverviewPage {
        layout: layout::<S>(&session, "/console", "Overview"),
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
    /// "at most 5 a second", or empty.
    rate_limit: String,
    /// The example types this endpoint takes (its filter's, or every one).
    examples: Vec<&'static str>,
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
    events_checked: bool,
    events_hint: &'static str,
    actions: &'static [EndpointAction],
    editable: bool,
    /// A secret to show once (just created or rotated), and for which endpoint.
    secret: Option<String>,
    secret_for: String,
    notice: &'static str,
    error: String,
    form_url: String,
}

/// What the endpoints page shows besides the list: a notice named in its address, and what a
/// form left for it (a secret shown once, a refused registration's error and URL), once.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct EndpointsExtras {
    pub secret: Option<(String, Uuid)>,
    #[serde(skip)]
    pub notice: &'static str,
    pub error: String,
    pub form_url: String,
}

/// The endpoints page; `examples` are the event types the service's example form offers (each
/// endpoint's form, those it takes; none: no such form).
pub async fn endpoints_page<S: ServiceConsole>(
    engine: &Engine,
    session: &ConsoleSession,
    extras: EndpointsExtras,
    examples: &'static [&'static str],
) -> Result<HttpResponse, ConsoleError> {
    let now = Utc::now();
    let listed = engine.list_endpoints(&session.tenant).await?;
    let activity = engine.endpoint_activity(&session.tenant, now - chrono::TimeDelta::hours(24)).await?;
    let endpoints = listed
        .into_iter()
        .map(|e: Endpoint| {
            let a = activity.iter().find(|a| a.endpoint_id == e.id);
            EndpointRow {
                id: e.id.to_string(),
                examples: examples.iter().copied().filter(|t| takes(&e.event_types, t)).collect(),
                rate_limit: e.rate_limit_per_s.map_or_else(String::new, |n| format!("at most {n} a second")),
                events: if e.event_types.is_empty() {
                    "every type".to_owned()
                } else {
                    e.event_types.join(", ")
                },
                url: e.url,
                disabled: e.disabled_at.is_some(),
                state: match e.disabled_at {
                    Some(at) => format!(
                        "since {}: {}",
                        ts(at),
                        e.disabled_reason.as_deref().unwrap_or("no reason recorded")
                    ),
                    None => String::new(),
                },
                last_delivery: a.map_or_else(
                    || "none in 24 h".to_owned(),
                    |a| format!("{} ago", span_words(now - a.last_attempt_at)),
                ),
                success: a
                    .and_then(|a| a.success_percent())
                    .map_or_else(|| "–".to_owned(), |p| format!("{p:.0} %")),
            }
        })
        .collect();
    let (secret, secret_for) = match extras.secret {
        Some((s, id)) => (Some(s), id.to_string()),
        None => (None, String::new()),
    };
    let page = EndpointsPage {
        layout: layout::<S>(session, "/console/endpoints", "Endpoints"),
        endpoints,
        events: S::subscribable(),
        events_checked: S::EVENTS_CHECKED,
        events_hint: S::EVENTS_HINT,
        actions: S::ENDPOINT_ACTIONS,
        editable: S::EDITABLE_ENDPOINTS,
        secret,
        secret_for,
        notice: extras.notice,
        error: extras.error,
        form_url: extras.form_url,
    };
    Ok(html(StatusCode::OK, &page))
}

/// Whether an endpoint with the filter `event_types` takes `event_type` (an empty filter takes
/// every type).
pub fn takes(event_types: &[String], event_type: &str) -> bool {
    event_types.is_empty() || event_types.iter().any(|t| t == event_type)
}

/// The event types of the service's example form: none unless it registers one.
#[derive(Debug, Clone, Copy)]
pub struct ExampleTypes(pub &'static [&'static str]);

fn examples(ex: Option<web::Data<ExampleTypes>>) -> &'static [&'static str] {
    ex.map_or(&[], |e| e.0)
}

async fn list_endpoints<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    q: web::Query<NoticeQuery>,
    ex: Option<web::Data<ExampleTypes>>,
) -> Result<HttpResponse, ConsoleError> {
    let left: Option<EndpointsExtras> = session::take_flash(&engine, &session).await?;
    let extras = EndpointsExtras { notice: notice_text::<S>(&q.notice), ..left.unwrap_or_default() };
    endpoints_page::<S>(&engine, &session, extras, examples(ex)).await
}

#[derive(Debug, Deserialize)]
pub struct EndpointFields {
    pub url: String,
    #[serde(default)]
    pub events: Vec<String>,
    /// Deliveries a second at most; empty: no limit.
    #[serde(default)]
    pub rate_limit: String,
}

/// The form's rate limit: empty is none; otherwise a whole number, which the engine holds to
/// its bounds (1 to 10000) as for the API.
pub fn parse_rate_limit(raw: &str) -> Result<Option<i64>, ApiError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse().map(Some).map_err(|_| {
        ApiError::invalid(
            api_support::codes::INVALID_RATE_LIMIT,
            format!("the rate limit must be a whole number of deliveries a second, not `{raw}`"),
        )
    })
}

/// Registers an endpoint; answers 303 to the endpoints page, which shows the secret once (or
/// the error, beside the form with what was typed): a reload registers nothing again.
async fn create_endpoint<S: ServiceConsole>(
    engine: web::Data<Engine>,
    form: ConsoleForm<EndpointFields>,
) -> Result<HttpResponse, ConsoleError> {
    let ConsoleForm { session, fields } = form;
    let url = fields.url.trim().to_owned();
    let checked =
        S::check_new_endpoint(&url, &fields.events).and_then(|()| parse_rate_limit(&fields.rate_limit));
    let created = match checked {
        Ok(rate_limit_per_s) => engine
            .create_endpoint(
                &session.tenant,
                NewEndpoint { url: url.clone(), event_types: fields.events, rate_limit_per_s },
            )
            .await
            .map_err(|e| S::api_error(e, "endpoint")),
        Err(e) => Err(e),
    };
    let extras = match created {
        Ok(c) => EndpointsExtras {
            secret: Some((c.secret.expose().to_owned(), c.endpoint.id)),
            ..Default::default()
        },
        // What the API would answer, shown beside the form with what was typed.
        Err(e) if e.status.is_client_error() => {
            EndpointsExtras { error: e.detail, form_url: url, ..Default::default() }
        }
        Err(e) => return Err(e.into()),
    };
    session::put_flash(&engine, &session, &extras).await?;
    Ok(see_other("/console/endpoints"))
}

/// Rotates the signing secret; answers 303 to the endpoints page, which shows the new one once.
async fn rotate_secret<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let secret =
        engine.rotate_secret(&form.session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
    let extras = EndpointsExtras { secret: Some((secret.expose().to_owned(), id)), ..Default::default() };
    session::put_flash(&engine, &form.session, &extras).await?;
    Ok(see_other("/console/endpoints"))
}

async fn set_disabled<S: ServiceConsole>(
    engine: &Engine,
    tenant: &Tenant,
    id: &str,
    disabled: bool,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(id)?;
    let patch = EndpointPatch {
        disabled: Some(disabled),
        disabled_reason: disabled.then(|| "disabled in the console".to_owned()),
        ..Default::default()
    };
    engine.update_endpoint(tenant, id, patch).await.map_err(|e| S::api_error(e, "endpoint"))?;
    Ok(see_other(if disabled {
        "/console/endpoints?notice=disabled"
    } else {
        "/console/endpoints?notice=enabled"
    }))
}

async fn disable<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    set_disabled::<S>(&engine, &form.session.tenant, &id, true).await
}

async fn enable<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    set_disabled::<S>(&engine, &form.session.tenant, &id, false).await
}

#[derive(Template)]
#[template(path = "console/delete.html")]
struct DeletePage {
    layout: Layout,
    id: String,
    url: String,
}

async fn confirm_delete<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let e = engine
        .get_endpoint(&session.tenant, endpoint_id(&id)?)
        .await
        .map_err(|e| S::api_error(e, "endpoint"))?;
    let page = DeletePage {
        layout: layout::<S>(&session, "/console/endpoints", "Delete endpoint"),
        id: e.id.to_string(),
        url: e.url,
    };
    Ok(html(StatusCode::OK, &page))
}

async fn delete<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    engine
        .delete_endpoint(&form.session.tenant, endpoint_id(&id)?)
        .await
        .map_err(|e| S::api_error(e, "endpoint"))?;
    Ok(see_other("/console/endpoints?notice=deleted"))
}

// ---- Delivery log ----

/// The log's filters, as the URL carries them (so a view can be shared).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LogFilter<S> {
    pub status: String,
    pub endpoint: String,
    pub event: String,
    pub from: String,
    pub to: String,
    pub q: String,
    pub after: String,
    service: PhantomData<S>,
}

impl<S: ServiceConsole> LogFilter<S> {
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
            service: PhantomData,
        }
    }

    /// The engine queries that answer this filter, in order (a search term may be read as
    /// more than one kind of id; see [`ServiceConsole::search`]). Errors name the field.
    pub fn queries(&self) -> Result<Vec<DeliveryQuery>, String> {
        // One row more than the page: `pagination::Page` reads it as "another page follows".
        let mut base = DeliveryQuery { limit: PAGE_SIZE + 1, ..Default::default() };
        if !self.status.is_empty() {
            base.status = Some(
                S::parse_status(&self.status)
                    .ok_or_else(|| format!("status must be one of {}", S::STATUSES.join(", ")))?,
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
        if self.q.is_empty() {
            return Ok(vec![base]);
        }
        S::search(&self.q, base)
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

pub(super) struct LogRow {
    pub(super) id: String,
    pub(super) event: String,
    pub(super) event_id: String,
    /// The engine's id of the event, for its page (`/console/events/{id}`).
    pub(super) event_uuid: String,
    pub(super) endpoint_id: String,
    /// The endpoint's URL, shown in the log's Endpoint column; empty for a deleted endpoint.
    pub(super) endpoint_url: String,
    pub(super) status: &'static str,
    pub(super) attempts: i32,
    pub(super) response_code: String,
    pub(super) created_at: String,
    /// Retention erased its payload: it stays in the log but cannot be sent again.
    pub(super) expired: bool,
}

impl LogRow {
    /// The event id shown is the one receivers see, the event's dedupe key: workflow's
    /// `<runId>:<event>`, campaign's event UUID.
    fn new<S: ServiceConsole>(d: Delivery) -> Self {
        Self {
            id: d.id.to_string(),
            event: d.event_type,
            event_id: d.dedupe_key,
            event_uuid: d.event_id.to_string(),
            endpoint_id: d.endpoint_id.to_string(),
            endpoint_url: String::new(),
            status: S::status_name(d.status),
            attempts: d.attempt_count,
            response_code: d.last_response_code.map_or_else(|| "–".to_owned(), |c| c.to_string()),
            created_at: ts(d.created_at),
            expired: d.payload_erased_at.is_some(),
        }
    }
}

/// The log's rows, each with its endpoint's URL (`endpoints`: the tenant's live endpoints).
pub(super) fn log_rows<S: ServiceConsole>(
    found: Vec<Delivery>,
    endpoints: &[(String, String)],
) -> Vec<LogRow> {
    found
        .into_iter()
        .map(|d| {
            let mut row = LogRow::new::<S>(d);
            if let Some((_, url)) = endpoints.iter().find(|(id, _)| *id == row.endpoint_id) {
                row.endpoint_url.clone_from(url);
            }
            row
        })
        .collect()
}

/// The tenant's live endpoints, as (id, URL).
pub(super) async fn endpoint_urls(
    engine: &Engine,
    tenant: &Tenant,
) -> Result<Vec<(String, String)>, ConsoleError> {
    Ok(engine.list_endpoints(tenant).await?.into_iter().map(|e| (e.id.to_string(), e.url)).collect())
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
    filter_query: String,
    status: String,
    endpoint: String,
    event: String,
    from: String,
    to: String,
    q: String,
    paged: bool,
    rows: Vec<LogRow>,
    endpoints: Vec<(String, String)>,
    statuses: [&'static str; 4],
    events: &'static [&'static str],
    search_hint: &'static str,
    next: Option<String>,
    live_url: Option<String>,
    error: String,
    notice: &'static str,
}

/// Whether `endpoint` (the filter, when given) names none of `endpoints`.
fn unknown_endpoint(endpoint: &str, endpoints: &[(String, String)]) -> bool {
    !endpoint.is_empty() && !endpoints.iter().any(|(id, _)| id == endpoint)
}

/// One page of the log for `filter`, and the cursor of the next page if there is one.
async fn log_page<S: ServiceConsole>(
    engine: &Engine,
    tenant: &Tenant,
    filter: &LogFilter<S>,
) -> Result<(Vec<Delivery>, Option<String>), String> {
    for q in filter.queries()? {
        let found = engine.list_deliveries(tenant, &q).await.map_err(|e| e.to_string())?;
        if found.is_empty() {
            continue;
        }
        let page = api_support::pagination::Page::from_rows(found, PAGE_SIZE, LogPosition::of);
        return Ok((page.items, page.next.map(LogPosition::to_cursor)));
    }
    Ok((Vec::new(), None))
}

async fn deliveries<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::<S>::from_query(&query);
    let endpoints = endpoint_urls(&engine, &session.tenant).await?;
    let (found, next, error) = match log_page(&engine, &session.tenant, &filter).await {
        // A filter by an endpoint that is not one of the tenant's (nor a deleted one's with
        // deliveries) says so, rather than showing an empty log without a word.
        Ok((found, _)) if found.is_empty() && unknown_endpoint(&filter.endpoint, &endpoints) => {
            (found, None, format!("No endpoint of yours has the id {}.", filter.endpoint))
        }
        Ok((found, next)) => (found, next, String::new()),
        Err(e) => (Vec::new(), None, e),
    };
    let live_url = (filter.after.is_empty() && error.is_empty())
        .then(|| format!("/console/deliveries/rows?{}", filter.to_query(None)));
    let status = if error.is_empty() { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let page = LogPage {
        layout: layout::<S>(&session, "/console/deliveries", "Delivery log"),
        next: next.map(|c| filter.to_query(Some(&c))),
        filter_query: filter.to_query(None),
        paged: !filter.after.is_empty(),
        status: filter.status,
        endpoint: filter.endpoint,
        event: filter.event,
        from: filter.from,
        to: filter.to,
        q: filter.q,
        rows: log_rows::<S>(found, &endpoints),
        endpoints,
        statuses: S::STATUSES,
        events: S::log_event_types(),
        search_hint: S::SEARCH_HINT,
        live_url,
        error,
        notice: notice_text::<S>(query.get("notice").map_or("", String::as_str)),
    };
    Ok(html(status, &page))
}

/// The log's rows alone, for the page's live refresh.
async fn delivery_rows<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::<S>::from_query(&query);
    let (found, _) = log_page(&engine, &session.tenant, &filter).await.map_err(ConsoleError::bad_request)?;
    let endpoints = endpoint_urls(&engine, &session.tenant).await?;
    Ok(html(StatusCode::OK, &LogRows { rows: log_rows::<S>(found, &endpoints) }))
}

// ---- Delivery detail ----

#[derive(Template)]
#[template(path = "console/delivery.html")]
struct DeliveryPage {
    layout: Layout,
    d: LogRow,
    endpoint_url: String,
    last_error: String,
    /// When the next attempt is due, and how long until then as of the page (the script
    /// counts it down).
    next_attempt_left: String,
    next_attempt: String,
    delivered: bool,
    max_attempts: u32,
    resend_path: &'static str,
    resend_label: &'static str,
    delivered_hint: &'static str,
    /// A delivered delivery under `ResendRule::RejectDelivered` offers no button (the API
    /// would answer 409), only the hint.
    can_resend: bool,
    attempts: Vec<AttemptView>,
    request: RequestView,
    signature_prefix: &'static str,
    notice: &'static str,
}

fn delivery_id(raw: &str) -> Result<Uuid, ConsoleError> {
    Uuid::parse_str(raw).map_err(|_| ConsoleError::not_found("delivery"))
}

async fn delivery<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let id = delivery_id(&id)?;
    let (d, attempts) =
        engine.get_delivery(&session.tenant, id).await.map_err(|e| S::api_error(e, "delivery"))?;
    let (number, started) =
        attempts.last().map_or((1, d.created_at), |a| (a.attempt_number as u32, a.started_at));
    let sent = engine.sent_request(&session.tenant, id, number, started).await?;
    let now = Utc::now();
    let page = DeliveryPage {
        layout: layout::<S>(&session, "/console/deliveries", format!("Delivery {id}")),
        endpoint_url: sent.url.clone(),
        last_error: d.last_error.clone().unwrap_or_default(),
        next_attempt: d.next_attempt_at.map_or_else(String::new, ts),
        next_attempt_left: d.next_attempt_at.map_or_else(String::new, |t| {
            if t > now {
                format!("(in {})", span_words(t - now))
            } else {
                "(due now)".to_owned()
            }
        }),
        delivered: d.delivered_at.is_some(),
        can_resend: d.delivered_at.is_none() || S::RESEND.rule != ResendRule::RejectDelivered,
        max_attempts: engine.profile().retry.max_attempts(),
        resend_path: S::RESEND.path,
        resend_label: S::RESEND.label,
        delivered_hint: S::RESEND.delivered_hint,
        d: LogRow::new::<S>(d),
        attempts: attempts.iter().map(AttemptView::from).collect(),
        request: RequestView::new(&sent, engine.profile().signature_header.as_str()),
        signature_prefix: S::SIGNATURE_PREFIX,
        notice: notice_text::<S>(&q.notice),
    };
    Ok(html(StatusCode::OK, &page))
}

async fn resend<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = delivery_id(&id)?;
    match engine
        .resend(&form.session.tenant, id, S::RESEND.rule)
        .await
        .map_err(|e| S::api_error(e, "delivery"))
    {
        Ok(_) => Ok(see_other(&format!("/console/deliveries/{id}?notice=resent"))),
        Err(e) if e.code == S::RESEND.refused_code => {
            Ok(see_other(&format!("/console/deliveries/{id}?notice=refused")))
        }
        Err(e) if e.code == api_support::codes::PAYLOAD_EXPIRED => {
            Ok(see_other(&format!("/console/deliveries/{id}?notice=expired")))
        }
        Err(e) => Err(e.into()),
    }
}

/// The shared screens' routes, inside the `/console` scope (with the shared sign-in routes;
/// the service adds its own after).
pub fn configure<S: ServiceConsole>(cfg: &mut web::ServiceConfig) {
    let resend_path = format!("/deliveries/{{id}}/{}", S::RESEND.path);
    cfg.app_data(S::SERVICE)
        .app_data(session::CookieOwner(S::SERVICE.name))
        .configure(super::pages::configure_shared)
        .service(web::resource("").route(web::get().to(overview::<S>)))
        .service(web::resource("/").route(web::get().to(overview::<S>)))
        .service(
            web::resource("/endpoints")
                .route(web::get().to(list_endpoints::<S>))
                .route(web::post().to(create_endpoint::<S>)),
        )
        .service(web::resource("/endpoints/{id}/rotate-secret").route(web::post().to(rotate_secret::<S>)))
        .service(web::resource("/endpoints/{id}/disable").route(web::post().to(disable::<S>)))
        .service(web::resource("/endpoints/{id}/enable").route(web::post().to(enable::<S>)))
        .service(
            web::resource("/endpoints/{id}/delete")
                .route(web::get().to(confirm_delete::<S>))
                .route(web::post().to(delete::<S>)),
        )
        .service(web::resource("/deliveries").route(web::get().to(deliveries::<S>)))
        .service(web::resource("/deliveries/rows").route(web::get().to(delivery_rows::<S>)))
        .service(web::resource("/deliveries/{id}").route(web::get().to(delivery::<S>)))
        .service(web::resource(resend_path).route(web::post().to(resend::<S>)));
}
