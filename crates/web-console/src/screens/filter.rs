//! An endpoint's content filter in the consoles (docs/engine.md, "Content filters"): its page
//! (`/console/endpoints/{id}/filter`) edits the filter as JSON, and **Try it** matches what is
//! typed against a recent event of the endpoint's types or the service's example of a type,
//! saying whether it matches and which clause decided (the engine's `Filter::decide`, the rule
//! enqueue matches by). Trying saves nothing. The registration form takes a filter too
//! ([`parse_filter_text`]). A refused save shows the engine's words with what was typed.

use super::shared::{endpoint_id, layout, save_endpoint_change, takes};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::html;
use crate::service::ServiceConsole;
use crate::session::{self, ConsoleForm, ConsoleSession};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::{codes, ts, ApiError};
use askama::Template;
use delivery_engine::deliveries::{Delivery, DeliveryQuery};
use delivery_engine::endpoints::{Endpoint, EndpointPatch};
use delivery_engine::filter::Filter;
use delivery_engine::{Engine, Tenant};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

/// Recent events offered to try a filter on, at most.
const RECENT_SAMPLES: usize = 10;
/// Log entries read to find them (an event with several deliveries shows once).
const LOG_READ: i64 = 50;

/// A filter as typed: empty is none; otherwise JSON, which the engine checks as a filter.
pub fn parse_filter_text(text: &str) -> Result<Option<Value>, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    serde_json::from_str(text)
        .map(Some)
        .map_err(|e| ApiError::invalid(codes::INVALID_FILTER, format!("the filter is not JSON: {e}")))
}

/// A filter as the form shows it: indented JSON, or nothing.
pub fn filter_text(filter: Option<&Value>) -> String {
    filter.map(|f| serde_json::to_string_pretty(f).unwrap_or_default()).unwrap_or_default()
}

/// A filter on one line for the endpoint list, cut at 80 characters; empty without one.
pub fn filter_summary(filter: Option<&Value>) -> String {
    let Some(f) = filter else { return String::new() };
    let line = f.to_string();
    match line.char_indices().nth(80) {
        Some((cut, _)) => format!("filter {}…", &line[..cut]),
        None => format!("filter {line}"),
    }
}

/// What a filter is tried on: a recent event (through one of its deliveries) or the service's
/// example of a type. As a form value: `delivery:<id>`, `example:<type>`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sample {
    Delivery(Uuid),
    Example(String),
}

impl Sample {
    fn parse(value: &str) -> Option<Self> {
        match value.split_once(':')? {
            ("delivery", id) => Uuid::parse_str(id).ok().map(Self::Delivery),
            ("example", t) => Some(Self::Example(t.to_owned())),
            _ => None,
        }
    }

    fn value(&self) -> String {
        match self {
            Self::Delivery(id) => format!("delivery:{id}"),
            Self::Example(t) => format!("example:{t}"),
        }
    }
}

#[derive(Debug)]
struct SampleOption {
    value: String,
    label: String,
    selected: bool,
}

/// The samples an endpoint's filter can be tried on: the newest events of its types in the log
/// (each once), then the example of each type it takes.
fn sample_options<S: ServiceConsole>(e: &Endpoint, recent: &[Delivery], chosen: &str) -> Vec<SampleOption> {
    let mut seen = std::collections::HashSet::new();
    let events = recent
        .iter()
        .filter(|d| takes(&e.event_types, &d.event_type) && seen.insert(d.event_id))
        .take(RECENT_SAMPLES)
        .map(|d| {
            (
                Sample::Delivery(d.id),
                format!("{} at {} (event {})", d.event_type, ts(d.created_at), d.dedupe_key),
            )
        });
    let examples = S::subscribable()
        .iter()
        .filter(|t| takes(&e.event_types, t))
        .map(|t| (Sample::Example((*t).to_owned()), format!("example of {t}")));
    events
        .chain(examples)
        .map(|(sample, label)| {
            let value = sample.value();
            SampleOption { selected: value == chosen, value, label }
        })
        .collect()
}

/// What trying a filter found.
#[derive(Debug, PartialEq, Eq)]
struct Tried {
    matched: bool,
    /// The JSON pointer (into the filter) of the clause that decided; empty for the whole.
    clause: String,
}

/// Whether `body` (as sent) matches the filter typed as `text`, and which clause decided.
fn try_on(text: &str, body: &[u8]) -> Result<Tried, String> {
    let filter = parse_filter_text(text).map_err(|e| e.detail)?.ok_or("type a filter to try it")?;
    let filter = Filter::compile(&filter).map_err(|e| format!("`{}`: {}", e.pointer, e.detail))?;
    let body: Value = serde_json::from_slice(body).map_err(|_| "the event's body is not JSON".to_owned())?;
    let d = filter.decide(&body);
    Ok(Tried { matched: d.matched, clause: d.clause })
}

#[derive(Template)]
#[template(path = "console/filter.html")]
struct FilterPage {
    layout: Layout,
    id: String,
    url: String,
    events: String,
    filter_text: String,
    samples: Vec<SampleOption>,
    tried: Option<Tried>,
    error: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct FilterFields {
    #[serde(default)]
    filter: String,
    #[serde(default)]
    sample: String,
    /// `try` or `save`.
    #[serde(default)]
    action: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct RefusedFilter {
    endpoint: Uuid,
    filter: String,
    error: String,
}

/// The page for `e`: `typed` is the filter as typed (else the endpoint's), `chosen` the sample
/// picked.
async fn filter_page<S: ServiceConsole>(
    engine: &Engine,
    session: &ConsoleSession,
    e: &Endpoint,
    typed: Option<String>,
    chosen: &str,
) -> Result<FilterPage, ConsoleError> {
    let recent = recent_deliveries(engine, &session.tenant).await?;
    Ok(FilterPage {
        layout: layout::<S>(session, "/console/endpoints", "Content filter"),
        id: e.id.to_string(),
        url: e.url.clone(),
        events: if e.event_types.is_empty() { "every type".to_owned() } else { e.event_types.join(", ") },
        filter_text: typed.unwrap_or_else(|| filter_text(e.content_filter.as_ref())),
        samples: sample_options::<S>(e, &recent, chosen),
        tried: None,
        error: String::new(),
    })
}

async fn recent_deliveries(engine: &Engine, tenant: &Tenant) -> Result<Vec<Delivery>, ConsoleError> {
    let query = DeliveryQuery { limit: LOG_READ, ..Default::default() };
    Ok(engine.list_deliveries(tenant, &query).await?)
}

pub(super) async fn filter_form<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let e = engine.get_endpoint(&session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
    let refused: Option<RefusedFilter> = session::take_flash(&engine, &session).await?;
    let refused = refused.filter(|r| r.endpoint == id);
    let typed = refused.as_ref().map(|r| r.filter.clone());
    let mut page = filter_page::<S>(&engine, &session, &e, typed, "").await?;
    page.error = refused.map(|r| r.error).unwrap_or_default();
    Ok(html(StatusCode::OK, &page))
}

/// **Try it** (renders the page with the answer, saving nothing) or **Save** (303 to the list;
/// refused: 303 back to the page with the engine's words).
pub(super) async fn post_filter<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<FilterFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let ConsoleForm { session, fields } = form;
    if fields.action == "try" {
        let e = engine.get_endpoint(&session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
        let mut page =
            filter_page::<S>(&engine, &session, &e, Some(fields.filter.clone()), &fields.sample).await?;
        match sample_body::<S>(&engine, &session.tenant, &fields.sample)
            .await
            .and_then(|b| try_on(&fields.filter, &b))
        {
            Ok(tried) => page.tried = Some(tried),
            Err(error) => page.error = error,
        }
        return Ok(html(StatusCode::OK, &page));
    }
    let patch = parse_filter_text(&fields.filter)
        .map(|filter| EndpointPatch { content_filter: Some(filter), ..Default::default() });
    save_endpoint_change::<S, _>(&engine, &session, id, patch, "filter", |error| RefusedFilter {
        endpoint: id,
        filter: fields.filter,
        error,
    })
    .await
}

/// The body a sample stands for: a recent event's as sent, or the service's example.
async fn sample_body<S: ServiceConsole>(
    engine: &Engine,
    tenant: &Tenant,
    value: &str,
) -> Result<Vec<u8>, String> {
    match Sample::parse(value) {
        Some(Sample::Delivery(d)) => match engine.sent_request(tenant, d, 1, chrono::Utc::now()).await {
            Ok(sent) => Ok(sent.body),
            Err(delivery_engine::EngineError::PayloadExpired) => {
                Err("that event's payload has expired (PAYLOAD_RETENTION): pick another".to_owned())
            }
            Err(_) => Err("that event is no longer in the log: pick another".to_owned()),
        },
        Some(Sample::Example(t)) => S::example_body(&t).ok_or_else(|| format!("no example of `{t}`")),
        None => Err("pick an event to try the filter on".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{delivery, endpoint, has_csrf_form, test_layout, TestConsole};
    use delivery_engine::deliveries::DeliveryStatus;

    #[test]
    fn a_typed_filter_is_json_or_nothing() {
        assert_eq!(parse_filter_text("  \n").unwrap(), None);
        assert_eq!(parse_filter_text(r#"{"a": 1}"#).unwrap(), Some(serde_json::json!({"a": 1})));
        let refused = parse_filter_text("{a: 1}").unwrap_err();
        assert_eq!(refused.code, codes::INVALID_FILTER);
        assert!(refused.detail.starts_with("the filter is not JSON"), "{}", refused.detail);
    }

    #[test]
    fn trying_names_the_result_and_the_clause_that_decided() {
        let body = br#"{"type": "order.paid", "payload": {"total": 120, "region": "eu"}}"#;
        let tried = try_on(r#"{"payload.total": {"$gte": 100}, "payload.region": "us"}"#, body).unwrap();
        assert_eq!(tried, Tried { matched: false, clause: "/payload.region".into() });
        assert!(try_on(r#"{"payload": {"total": {"$gt": 99}}}"#, body).unwrap().matched);
        assert_eq!(try_on(r#"{"a": {"$near": 1}}"#, body).unwrap_err(), "`/a/$near`: `$near` is not an operator of a field: fields take $eq, $neq, $in, $nin, $gt, $gte, $lt, $lte, $exists, $startsWith, $not; match objects take $and, $or, $not");
        assert_eq!(try_on("", body).unwrap_err(), "type a filter to try it");
        assert_eq!(try_on(r#"{"a": 1}"#, b"not json").unwrap_err(), "the event's body is not JSON");
    }

    #[test]
    fn the_samples_are_recent_events_of_the_endpoints_types_once_each_then_examples() {
        let mut e = endpoint("https://example.com/hooks");
        e.event_types = vec!["order.paid".into()];
        let paid = delivery(e.id, DeliveryStatus::Delivered);
        let same_event = Delivery { id: Uuid::now_v7(), ..paid.clone() };
        let created =
            Delivery { event_type: "order.created".into(), ..delivery(e.id, DeliveryStatus::Pending) };
        let options = sample_options::<TestConsole>(
            &e,
            &[paid.clone(), same_event, created],
            &format!("delivery:{}", paid.id),
        );
        let values: Vec<&str> = options.iter().map(|o| o.value.as_str()).collect();
        assert_eq!(values, [format!("delivery:{}", paid.id).as_str(), "example:order.paid"]);
        assert!(options[0].selected && !options[1].selected);
        assert_eq!(Sample::parse("example:order.paid"), Some(Sample::Example("order.paid".into())));
        assert_eq!(Sample::parse("delivery:nope"), None);
    }

    #[test]
    fn the_page_escapes_the_filter_and_says_what_trying_found() {
        let e = endpoint("https://example.com/hooks");
        let page = FilterPage {
            layout: test_layout(),
            id: e.id.to_string(),
            url: e.url.clone(),
            events: "every type".into(),
            filter_text: r#"{"payload.note": "</textarea><script>x</script>"}"#.into(),
            samples: vec![SampleOption {
                value: "example:order.paid".into(),
                label: "example of order.paid".into(),
                selected: true,
            }],
            tried: Some(Tried { matched: false, clause: "/payload.note".into() }),
            error: String::new(),
        };
        let body = page.render().unwrap();
        assert!(!body.contains("<script>x"), "escaped: {body}");
        assert!(has_csrf_form(&body, &format!("/console/endpoints/{}/filter", e.id)));
        assert!(body.contains("Does not match") && body.contains("/payload.note"), "{body}");
    }

    #[test]
    fn the_list_shows_a_filter_on_one_line_cut_at_80_characters() {
        assert_eq!(filter_summary(None), "");
        assert_eq!(filter_summary(Some(&serde_json::json!({"a": 1}))), r#"filter {"a":1}"#);
        let long = serde_json::json!({"payload.note": "x".repeat(200)});
        assert!(
            filter_summary(Some(&long)).ends_with('…') && filter_summary(Some(&long)).chars().count() < 90
        );
    }
}
