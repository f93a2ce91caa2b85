//! The endpoints screen: the list with each endpoint's last 24 hours and its actions, and the
//! forms behind them (register, rotate the secret, disable and enable, delete after a
//! confirmation). Every form answers 303 to the list.

use super::access::{access_summary, AccessFields};
use super::filter::{filter_summary, parse_filter_text};
use super::shared::{endpoint_id, layout, notice_text, takes, NoticeQuery, RECENT};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::{html, see_other};
use crate::service::{EndpointAction, ServiceConsole};
use crate::session::{self, ConsoleForm, ConsoleSession, NoFields};
use crate::views::span_words;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::{ts, ApiError};
use askama::Template;
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::EndpointActivity;
use delivery_engine::endpoints::{Endpoint, EndpointAccess, EndpointPatch, NewEndpoint};
use delivery_engine::{Engine, Tenant};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

struct EndpointRow {
    id: String,
    url: String,
    events: String,
    /// "at most 5 a second", or empty.
    rate_limit: String,
    /// The example types this endpoint takes (its filter's, or every one).
    examples: Vec<&'static str>,
    disabled: bool,
    /// Since when and why it is disabled; empty while it is active.
    state: String,
    /// Its headers' names and its credential in words; empty without either.
    access: String,
    /// Its content filter on one line; empty without one.
    filter: String,
    last_delivery: String,
    success: String,
}

impl EndpointRow {
    /// `e`'s row: `activity` is its attempts of the last 24 hours (if it had any), `examples`
    /// the types of the service's example form.
    fn new(
        e: Endpoint,
        activity: Option<&EndpointActivity>,
        examples: &[&'static str],
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            id: e.id.to_string(),
            examples: examples.iter().copied().filter(|t| takes(&e.event_types, t)).collect(),
            rate_limit: e.rate_limit_per_s.map_or_else(String::new, |n| format!("at most {n} a second")),
            events: if e.event_types.is_empty() { "every type".to_owned() } else { e.event_types.join(", ") },
            disabled: e.disabled_at.is_some(),
            state: disabled_state(&e),
            access: access_summary(&e, now),
            filter: filter_summary(e.content_filter.as_ref()),
            last_delivery: activity.map_or_else(
                || "none in 24 h".to_owned(),
                |a| format!("{} ago", span_words(now - a.last_attempt_at)),
            ),
            success: activity
                .and_then(EndpointActivity::success_percent)
                .map_or_else(|| "–".to_owned(), |p| format!("{p:.0} %")),
            url: e.url,
        }
    }
}

/// Since when and why `e` is disabled; empty while it is active.
fn disabled_state(e: &Endpoint) -> String {
    match e.disabled_at {
        Some(at) => {
            format!("since {}: {}", ts(at), e.disabled_reason.as_deref().unwrap_or("no reason recorded"))
        }
        None => String::new(),
    }
}

/// The list's rows, each endpoint with its own figures from `activity` (the last 24 hours).
fn endpoint_rows(
    endpoints: Vec<Endpoint>,
    activity: &[EndpointActivity],
    examples: &[&'static str],
    now: DateTime<Utc>,
) -> Vec<EndpointRow> {
    endpoints
        .into_iter()
        .map(|e| {
            let a = activity.iter().find(|a| a.endpoint_id == e.id);
            EndpointRow::new(e, a, examples, now)
        })
        .collect()
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
    /// The registration form's headers (what a refused form had typed).
    headers_text: String,
    /// The registration form's content filter (what a refused form had typed).
    filter_text: String,
    /// The registration form has no credential or certificate to keep.
    auth_now: String,
    cert_now: String,
    cert_soon: bool,
}

impl EndpointsPage {
    fn new<S: ServiceConsole>(layout: Layout, endpoints: Vec<EndpointRow>, extras: EndpointsExtras) -> Self {
        let (secret, secret_for) = match extras.secret {
            Some((s, id)) => (Some(s), id.to_string()),
            None => (None, String::new()),
        };
        Self {
            layout,
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
            headers_text: extras.form_headers,
            filter_text: extras.form_filter,
            auth_now: String::new(),
            cert_now: String::new(),
            cert_soon: false,
        }
    }
}

/// What the endpoints page shows besides the list: a notice named in its address, and what a
/// form left for it (a secret shown once, a refused registration's error and URL), once.
#[derive(Debug, Default, Serialize, Deserialize)]
struct EndpointsExtras {
    secret: Option<(String, Uuid)>,
    #[serde(skip)]
    notice: &'static str,
    error: String,
    form_url: String,
    form_headers: String,
    form_filter: String,
}

/// The event types of the service's example form: none unless it registers one.
#[derive(Debug, Clone, Copy)]
pub struct ExampleTypes(pub &'static [&'static str]);

fn examples(ex: Option<web::Data<ExampleTypes>>) -> &'static [&'static str] {
    ex.map_or(&[], |e| e.0)
}

/// The list; `ex`: the event types the service's example form offers (each endpoint's row,
/// those it takes; none: no such form).
pub(super) async fn list_endpoints<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    q: web::Query<NoticeQuery>,
    ex: Option<web::Data<ExampleTypes>>,
) -> Result<HttpResponse, ConsoleError> {
    let left: Option<EndpointsExtras> = session::take_flash(&engine, &session).await?;
    let extras = EndpointsExtras { notice: notice_text::<S>(&q.notice), ..left.unwrap_or_default() };
    let now = Utc::now();
    let listed = engine.list_endpoints(&session.tenant).await?;
    let activity = engine.endpoint_activity(&session.tenant, now - RECENT).await?;
    let rows = endpoint_rows(listed, &activity, examples(ex), now);
    let layout = layout::<S>(&session, "/console/endpoints", "Endpoints");
    Ok(html(StatusCode::OK, &EndpointsPage::new::<S>(layout, rows, extras)))
}

#[derive(Debug, Deserialize)]
pub struct EndpointFields {
    pub url: String,
    #[serde(default)]
    pub events: Vec<String>,
    /// Deliveries a second at most; empty: no limit.
    #[serde(default)]
    pub rate_limit: String,
    /// Headers and a credential (the registration form's; campaign-api's edit form has none).
    #[serde(flatten)]
    pub access: AccessFields,
    /// A content filter as JSON; empty: none.
    #[serde(default)]
    pub filter: String,
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
pub(super) async fn create_endpoint<S: ServiceConsole>(
    engine: web::Data<Engine>,
    form: ConsoleForm<EndpointFields>,
) -> Result<HttpResponse, ConsoleError> {
    let ConsoleForm { session, fields } = form;
    let url = fields.url.trim().to_owned();
    let created = match new_endpoint::<S>(&url, &fields) {
        Ok(new) => {
            engine.create_endpoint(&session.tenant, new).await.map_err(|e| S::api_error(e, "endpoint"))
        }
        Err(e) => Err(e),
    };
    let extras = match created {
        Ok(c) => EndpointsExtras {
            secret: Some((c.secret.expose().to_owned(), c.endpoint.id)),
            ..Default::default()
        },
        // What the API would answer, shown beside the form with what was typed.
        Err(e) if e.status.is_client_error() => EndpointsExtras {
            error: e.detail,
            form_url: url,
            form_headers: fields.access.headers,
            form_filter: fields.filter,
            ..Default::default()
        },
        Err(e) => return Err(e.into()),
    };
    session::put_flash(&engine, &session, &extras).await?;
    Ok(see_other("/console/endpoints"))
}

/// The endpoint the registration form asks for, after the service's own checks.
fn new_endpoint<S: ServiceConsole>(url: &str, fields: &EndpointFields) -> Result<NewEndpoint, ApiError> {
    S::check_new_endpoint(url, &fields.events)?;
    let auth = fields.access.auth_choice()?.set();
    let client_certificate = fields.access.certificate_choice()?.set();
    Ok(NewEndpoint {
        url: url.to_owned(),
        event_types: fields.events.clone(),
        rate_limit_per_s: parse_rate_limit(&fields.rate_limit)?,
        access: EndpointAccess { headers: fields.access.header_pairs()?, auth, client_certificate },
        content_filter: parse_filter_text(&fields.filter)?,
    })
}

/// Rotates the signing secret; answers 303 to the endpoints page, which shows the new one once.
pub(super) async fn rotate_secret<S: ServiceConsole>(
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

pub(super) async fn disable<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    set_disabled::<S>(&engine, &form.session.tenant, &id, true).await
}

pub(super) async fn enable<S: ServiceConsole>(
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

impl DeletePage {
    fn new(layout: Layout, e: Endpoint) -> Self {
        Self { layout, id: e.id.to_string(), url: e.url }
    }
}

pub(super) async fn confirm_delete<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let e = engine
        .get_endpoint(&session.tenant, endpoint_id(&id)?)
        .await
        .map_err(|e| S::api_error(e, "endpoint"))?;
    let layout = layout::<S>(&session, "/console/endpoints", "Delete endpoint");
    Ok(html(StatusCode::OK, &DeletePage::new(layout, e)))
}

pub(super) async fn delete<S: ServiceConsole>(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{at, endpoint, has_csrf_form, test_layout, TestConsole, CSRF, NOW};
    use delivery_engine::endpoints::EndpointAuth;

    const HOSTILE_URL: &str = "https://x/<script>alert(1)</script>";

    fn render(endpoints: Vec<Endpoint>, activity: &[EndpointActivity], extras: EndpointsExtras) -> String {
        let rows = endpoint_rows(endpoints, activity, &["order.created", "order.paid"], at(NOW));
        EndpointsPage::new::<TestConsole>(test_layout(), rows, extras).render().unwrap()
    }

    #[test]
    fn an_endpoints_url_is_shown_escaped() {
        let html = render(vec![endpoint(HOSTILE_URL)], &[], EndpointsExtras::default());
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("https://x/&#60;script&#62;alert(1)&#60;/script&#62;</a>"), "{html}");
        assert!(html.contains("aria-label=\"Actions for https://x/&#60;script&#62;"), "{html}");
    }

    #[test]
    fn a_disabled_endpoint_shows_since_when_and_why_and_offers_enable() {
        let mut e = endpoint("https://down.example/hook");
        e.disabled_at = Some(at("2026-11-22T08:00:00Z"));
        e.disabled_reason = Some("failing for 5 days".to_owned());
        let id = e.id;
        let html = render(vec![e], &[], EndpointsExtras::default());
        assert!(html.contains("<span class=\"status disabled\">disabled</span>"), "{html}");
        assert!(html.contains(
            "<div class=\"muted disabled-reason\">since 2026-11-22T08:00:00.000Z: failing for 5 days</div>"
        ));
        assert!(has_csrf_form(&html, &format!("/console/endpoints/{id}/enable")), "{html}");
        assert!(!html.contains(&format!("/console/endpoints/{id}/disable")));
    }

    #[test]
    fn an_active_endpoint_offers_its_actions_each_a_form_with_the_csrf_token() {
        let e = endpoint("https://up.example/hook");
        let id = e.id;
        let html = render(vec![e], &[], EndpointsExtras::default());
        assert!(html.contains("<span class=\"status active\">active</span>"));
        assert!(!html.contains("disabled-reason"));
        for action in ["disable", "rotate-secret", "ping", "example"] {
            assert!(has_csrf_form(&html, &format!("/console/endpoints/{id}/{action}")), "{action}: {html}");
        }
        assert!(!html.contains(&format!("/console/endpoints/{id}/enable")));
        assert!(html.contains("<button type=\"submit\" class=\"secondary\">Ping it</button>"));
        for link in ["edit", "recovery", "delete"] {
            assert!(html.contains(&format!("href=\"/console/endpoints/{id}/{link}\"")), "{link}");
        }
        assert!(has_csrf_form(&html, "/console/endpoints"), "the registration form");
    }

    #[test]
    fn the_example_form_offers_only_the_types_an_endpoint_takes() {
        let mut e = endpoint("https://paid.example/hook");
        e.event_types = vec!["order.paid".to_owned()];
        let html = render(vec![e], &[], EndpointsExtras::default());
        assert!(html.contains("<option value=\"order.paid\">order.paid</option>"));
        assert!(!html.contains("<option value=\"order.created\">"), "{html}");
        assert!(html.contains("<td>order.paid</td>"), "its filter, as the Events column");
    }

    #[test]
    fn the_last_attempt_and_success_rate_come_from_the_last_24_hours() {
        let mut busy = endpoint("https://busy.example/hook");
        busy.rate_limit_per_s = Some(5);
        let quiet = endpoint("https://quiet.example/hook");
        let activity = EndpointActivity {
            endpoint_id: busy.id,
            last_attempt_at: at(NOW) - chrono::TimeDelta::minutes(12),
            delivered: 3,
            failed: 1,
        };
        let rows = endpoint_rows(vec![busy, quiet], &[activity], &[], at(NOW));
        let shown: Vec<_> = rows.iter().map(|r| (r.last_delivery.as_str(), r.success.as_str())).collect();
        assert_eq!(shown, [("12 min ago", "75 %"), ("none in 24 h", "–")]);
        assert_eq!(
            (rows[0].rate_limit.as_str(), rows[0].events.as_str()),
            ("at most 5 a second", "every type")
        );
        assert!(rows.iter().all(|r| r.examples.is_empty()), "no example form, no examples");
    }

    #[test]
    fn without_endpoints_the_page_says_so_and_offers_the_form() {
        let html = render(Vec::new(), &[], EndpointsExtras::default());
        assert!(html.contains("No endpoint yet: register one below."));
        assert!(html.contains("<input type=\"checkbox\" name=\"events\" value=\"order.paid\"> order.paid"));
        assert!(html.contains("None ticked: every type."));
        assert!(!html.contains("signing-secret"));
    }

    #[test]
    fn a_new_secret_is_shown_once_and_a_refused_form_keeps_what_was_typed() {
        let id = Uuid::now_v7();
        let extras = EndpointsExtras {
            secret: Some(("whsec_abc".to_owned(), id)),
            notice: notice_text::<TestConsole>("updated"),
            ..Default::default()
        };
        let html = render(Vec::new(), &[], extras);
        assert!(html.contains(&format!("For endpoint <code>{id}</code>:")));
        assert!(html.contains("<code id=\"signing-secret\">whsec_abc</code>"));
        assert!(html.contains("<p class=\"notice\" role=\"status\">The endpoint is updated.</p>"));
        let refused = EndpointsExtras {
            error: "the URL must use https".to_owned(),
            form_url: HOSTILE_URL.to_owned(),
            ..Default::default()
        };
        let html = render(Vec::new(), &[], refused);
        assert!(
            html.contains("<p class=\"error\" role=\"alert\" id=\"form-error\">the URL must use https</p>")
        );
        assert!(html.contains("value=\"https://x/&#60;script&#62;"), "{html}");
    }

    #[test]
    fn the_registration_form_reads_its_types_headers_and_credential() {
        let body = "csrf=t&url=https%3A%2F%2Fgw.example%2Fin&events=order.paid&events=order.created\
                    &rate_limit=&headers=X-Tenant%3A+acme&auth=bearer&auth_token=s3cret&auth_username=";
        let (_, fields): (_, EndpointFields) = session::split_csrf(body.as_bytes()).unwrap();
        let new = new_endpoint::<TestConsole>("https://gw.example/in", &fields).unwrap();
        assert_eq!(new.event_types, ["order.paid", "order.created"]);
        assert_eq!(new.access.headers, [("X-Tenant".to_owned(), "acme".to_owned())]);
        assert_eq!(new.access.auth, Some(EndpointAuth::Bearer { token: "s3cret".into() }));
        let (_, plain): (_, EndpointFields) =
            session::split_csrf(b"csrf=t&url=https%3A%2F%2Fa.example%2F&rate_limit=").unwrap();
        let new = new_endpoint::<TestConsole>("https://a.example/", &plain).unwrap();
        assert_eq!((new.access.headers.len(), new.access.auth, new.rate_limit_per_s), (0, None, None));
    }

    #[test]
    fn an_endpoint_with_headers_and_a_credential_says_so_in_its_row_and_links_its_page() {
        let mut e = endpoint("https://gw.example/hook");
        e.headers = vec![("X-Tenant".into(), "t-991".into())];
        e.auth = Some(delivery_engine::endpoints::AuthSummary::Bearer);
        let id = e.id;
        let html = render(vec![e], &[], EndpointsExtras::default());
        assert!(
            html.contains("<div class=\"muted access\">headers X-Tenant · auth: bearer token</div>"),
            "{html}"
        );
        assert!(html.contains(&format!("href=\"/console/endpoints/{id}/access\"")), "{html}");
        assert!(!html.contains("t-991"), "the list names headers, not their values");
    }

    #[test]
    fn the_delete_confirmation_names_the_endpoint_escaped_and_posts_with_the_token() {
        let e = endpoint(HOSTILE_URL);
        let id = e.id;
        let html = DeletePage::new(test_layout(), e).render().unwrap();
        assert!(html.contains("<code>https://x/&#60;script&#62;alert(1)&#60;/script&#62;</code>"), "{html}");
        assert!(has_csrf_form(&html, &format!("/console/endpoints/{id}/delete")), "{html}");
        assert!(html.contains(CSRF));
    }
}
