//! The delivery log: its filters as the URL carries them, a page of rows in the service's
//! words, and the rows alone for the page's live refresh.

use super::shared::{layout, notice_text};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::html;
use crate::service::ServiceConsole;
use crate::session::ConsoleSession;
use crate::views::parse_time_bound;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ts;
use askama::Template;
use delivery_engine::deliveries::{Delivery, DeliveryQuery, LogPosition};
use delivery_engine::{Engine, Tenant};
use std::collections::HashMap;
use std::marker::PhantomData;
use uuid::Uuid;

/// Rows of one page of the log.
pub const PAGE_SIZE: i64 = 50;

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

pub(crate) struct LogRow {
    pub(crate) id: String,
    pub(crate) event: String,
    pub(crate) event_id: String,
    /// The engine's id of the event, for its page (`/console/events/{id}`).
    pub(crate) event_uuid: String,
    pub(crate) endpoint_id: String,
    /// The endpoint's URL, shown in the log's Endpoint column; empty for a deleted endpoint.
    pub(crate) endpoint_url: String,
    pub(crate) status: &'static str,
    pub(crate) attempts: i32,
    pub(crate) response_code: String,
    pub(crate) created_at: String,
    /// Retention erased its payload: it stays in the log but cannot be sent again.
    pub(crate) expired: bool,
}

impl LogRow {
    /// The event id shown is the one receivers see, the event's dedupe key: workflow's
    /// `<runId>:<event>`, campaign's event UUID.
    pub(super) fn new<S: ServiceConsole>(d: Delivery) -> Self {
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
pub(crate) fn log_rows<S: ServiceConsole>(
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
pub(crate) async fn endpoint_urls(
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

/// What one page of the log found: its deliveries and the next page's cursor, or why the
/// filter was refused.
type Found = Result<(Vec<Delivery>, Option<String>), String>;

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

impl LogPage {
    /// The page of `filter` showing what it `found`, among the tenant's live `endpoints`.
    fn new<S: ServiceConsole>(
        layout: Layout,
        filter: LogFilter<S>,
        found: Found,
        endpoints: Vec<(String, String)>,
        notice: &'static str,
    ) -> Self {
        let (found, next, error) = outcome(found, &filter.endpoint, &endpoints);
        // The first page follows new deliveries as they happen; an older one stays put.
        let live_url = (filter.after.is_empty() && error.is_empty())
            .then(|| format!("/console/deliveries/rows?{}", filter.to_query(None)));
        Self {
            layout,
            next: next.map(|c| filter.to_query(Some(&c))),
            filter_query: filter.to_query(None),
            paged: !filter.after.is_empty(),
            rows: log_rows::<S>(found, &endpoints),
            status: filter.status,
            endpoint: filter.endpoint,
            event: filter.event,
            from: filter.from,
            to: filter.to,
            q: filter.q,
            endpoints,
            statuses: S::STATUSES,
            events: S::log_event_types(),
            search_hint: S::SEARCH_HINT,
            live_url,
            error,
            notice,
        }
    }

    /// A page that shows an error answers 400.
    fn status(&self) -> StatusCode {
        if self.error.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::BAD_REQUEST
        }
    }
}

/// The deliveries to show, the next page's cursor, and the error to show (empty: none). A
/// filter by an endpoint that is not one of the tenant's (nor a deleted one's with deliveries)
/// says so, rather than showing an empty log without a word.
fn outcome(
    found: Found,
    endpoint: &str,
    endpoints: &[(String, String)],
) -> (Vec<Delivery>, Option<String>, String) {
    match found {
        Ok((found, _)) if found.is_empty() && unknown_endpoint(endpoint, endpoints) => {
            (found, None, format!("No endpoint of yours has the id {endpoint}."))
        }
        Ok((found, next)) => (found, next, String::new()),
        Err(e) => (Vec::new(), None, e),
    }
}

/// Whether `endpoint` (the filter, when given) names none of `endpoints`.
fn unknown_endpoint(endpoint: &str, endpoints: &[(String, String)]) -> bool {
    !endpoint.is_empty() && !endpoints.iter().any(|(id, _)| id == endpoint)
}

/// One page of the log for `filter`, and the cursor of the next page if there is one.
async fn log_page<S: ServiceConsole>(engine: &Engine, tenant: &Tenant, filter: &LogFilter<S>) -> Found {
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

pub(super) async fn deliveries<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::<S>::from_query(&query);
    let endpoints = endpoint_urls(&engine, &session.tenant).await?;
    let found = log_page(&engine, &session.tenant, &filter).await;
    let notice = notice_text::<S>(query.get("notice").map_or("", String::as_str));
    let layout = layout::<S>(&session, "/console/deliveries", "Delivery log");
    let page = LogPage::new(layout, filter, found, endpoints, notice);
    Ok(html(page.status(), &page))
}

/// The log's rows alone, for the page's live refresh.
pub(super) async fn delivery_rows<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, ConsoleError> {
    let filter = LogFilter::<S>::from_query(&query);
    let (found, _) = log_page(&engine, &session.tenant, &filter).await.map_err(ConsoleError::bad_request)?;
    let endpoints = endpoint_urls(&engine, &session.tenant).await?;
    Ok(html(StatusCode::OK, &LogRows { rows: log_rows::<S>(found, &endpoints) }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{at, delivery, test_layout, TestConsole};
    use delivery_engine::deliveries::DeliveryStatus;

    fn filter(pairs: &[(&str, &str)]) -> LogFilter<TestConsole> {
        let q: HashMap<String, String> =
            pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        LogFilter::from_query(&q)
    }

    fn page(filter: LogFilter<TestConsole>, found: Found, endpoints: &[(String, String)]) -> LogPage {
        LogPage::new(test_layout(), filter, found, endpoints.to_vec(), "")
    }

    #[test]
    fn a_filter_survives_its_own_query_string() {
        let endpoint = Uuid::now_v7().to_string();
        let f = filter(&[
            ("status", " given_up "),
            ("endpoint", &endpoint),
            ("event", "order.paid"),
            ("from", "2026-11-20 08:00"),
            ("to", ""),
            ("q", "a&b=c d"),
            ("after", "old-cursor"),
        ]);
        assert_eq!(f.status, "given_up", "values are trimmed");
        let query = f.to_query(Some("new-cursor"));
        assert!(!query.contains("to="), "an empty field is left out: {query}");
        assert!(query.contains("q=a%26b%3Dc+d"), "{query}");
        let back = filter_from_query(&query);
        assert_eq!(back, LogFilter { after: "new-cursor".to_owned(), ..f.clone() });
        assert_eq!(filter_from_query(&f.to_query(None)), LogFilter { after: String::new(), ..f });
    }

    fn filter_from_query(query: &str) -> LogFilter<TestConsole> {
        LogFilter::from_query(&serde_html_form::from_str(query).unwrap())
    }

    #[test]
    fn a_filter_becomes_engine_queries_in_the_services_words() {
        let endpoint = Uuid::now_v7();
        let f =
            filter(&[("status", "given_up"), ("endpoint", &endpoint.to_string()), ("event", "order.paid")]);
        let qs = f.queries().unwrap();
        assert_eq!(qs.len(), 1);
        assert_eq!(qs[0].status, Some(DeliveryStatus::Dead));
        assert_eq!(qs[0].endpoint_id, Some(endpoint));
        assert_eq!(qs[0].event_type.as_deref(), Some("order.paid"));
        assert_eq!(qs[0].limit, PAGE_SIZE + 1, "one more than a page, to know whether there is a next");
        let id = Uuid::now_v7();
        assert_eq!(filter(&[("q", &id.to_string())]).queries().unwrap()[0].delivery_id, Some(id));
        let refused = |pairs: &[(&str, &str)]| filter(pairs).queries().unwrap_err();
        assert_eq!(
            refused(&[("status", "dead")]),
            "status must be one of queued, retrying, arrived, given_up"
        );
        assert_eq!(refused(&[("endpoint", "x")]), "endpoint must be an endpoint id");
        assert_eq!(refused(&[("after", "nope")]), "the page cursor is not valid");
        assert_eq!(refused(&[("q", "hello")]), "search takes a delivery id");
        assert!(refused(&[("from", "yesterday")]).contains("is not a date"));
    }

    #[test]
    fn rows_show_the_services_status_words_and_the_endpoints_url_escaped() {
        let endpoint = Uuid::now_v7();
        let mut dead = delivery(endpoint, DeliveryStatus::Dead);
        dead.last_response_code = Some(503);
        let mut expired = delivery(Uuid::now_v7(), DeliveryStatus::Delivered);
        expired.payload_erased_at = Some(at("2026-11-23T10:10:00Z"));
        let (dead_id, gone) = (dead.id, expired.endpoint_id);
        let urls = [(endpoint.to_string(), "https://x/<script>".to_owned())];
        let html = LogRows { rows: log_rows::<TestConsole>(vec![dead, expired], &urls) }.render().unwrap();
        assert!(html.contains("<span class=\"status given_up\">given_up</span>"), "{html}");
        assert!(html.contains("<span class=\"status arrived\">arrived</span>"), "{html}");
        assert!(!html.contains(">dead<") && !html.contains(">delivered<"), "never the engine's words");
        assert!(html.contains(&format!("<a href=\"/console/deliveries/{dead_id}\" class=\"mono\">")));
        assert!(html.contains("https://x/&#60;script&#62;</a>") && !html.contains("<script>"), "{html}");
        assert!(html.contains(&format!("<span class=\"mono\">{gone}</span> (deleted)")), "{html}");
        assert!(html.contains("<td class=\"num\">503</td>") && html.contains("<td class=\"num\">–</td>"));
        assert!(html.contains("title=\"payload expired: it cannot be sent again\">expired</span>"));
        assert!(!html.contains("log-empty"));
    }

    #[test]
    fn an_empty_log_says_nothing_matches() {
        let html = LogRows { rows: Vec::new() }.render().unwrap();
        assert!(html.contains(
            "<tr id=\"log-empty\"><td colspan=\"7\" class=\"muted\">No delivery matches.</td></tr>"
        ));
        let html = page(filter(&[]), Ok((Vec::new(), None)), &[]).render().unwrap();
        assert!(html.contains("id=\"log-empty\""));
        assert!(!html.contains("id=\"next-page\""), "{html}");
    }

    #[test]
    fn the_pages_links_carry_the_filter() {
        let f = filter(&[("status", "retrying"), ("event", "order.paid"), ("after", "c1")]);
        let found = vec![delivery(Uuid::now_v7(), DeliveryStatus::Failed)];
        let html = page(f, Ok((found, Some("c2".to_owned()))), &[]).render().unwrap();
        let older =
            "href=\"/console/deliveries?status=retrying&#38;event=order.paid&#38;after=c2\" rel=\"next\"";
        assert!(html.contains(older), "{html}");
        assert!(
            html.contains("<a href=\"/console/deliveries?status=retrying&#38;event=order.paid\">Newest</a>")
        );
        assert!(!html.contains("data-live"), "an older page does not follow new deliveries");
        assert!(html.contains("<option value=\"retrying\" selected>retrying</option>"));
        assert!(html.contains("<option value=\"test.tick\">test.tick</option>"), "the service's log types");
    }

    #[test]
    fn the_first_page_follows_new_deliveries_of_its_filter() {
        let page = page(filter(&[("status", "queued")]), Ok((Vec::new(), None)), &[]);
        assert_eq!(page.status(), StatusCode::OK);
        let html = page.render().unwrap();
        assert!(html.contains("data-live=\"/console/deliveries/rows?status=queued\""), "{html}");
        assert!(!html.contains("Newest</a>"), "the first page has no link to itself");
    }

    #[test]
    fn a_refused_filter_or_an_unknown_endpoint_is_a_400_that_says_why() {
        let refused = page(filter(&[("status", "nope")]), Err("status must be one of …".to_owned()), &[]);
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        let html = refused.render().unwrap();
        assert!(html
            .contains("<p class=\"error\" role=\"alert\" id=\"filter-error\">status must be one of …</p>"));
        assert!(!html.contains("data-live"));
        let known = (Uuid::now_v7().to_string(), "https://known.example/".to_owned());
        let other = Uuid::now_v7().to_string();
        let unknown =
            page(filter(&[("endpoint", &other)]), Ok((Vec::new(), None)), std::slice::from_ref(&known));
        assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
        assert!(unknown.render().unwrap().contains(&format!("No endpoint of yours has the id {other}.")));
        let empty = page(filter(&[("endpoint", &known.0)]), Ok((Vec::new(), None)), &[known]);
        assert_eq!(empty.status(), StatusCode::OK, "a known endpoint without deliveries is no error");
    }
}
