//! What the screens' tests build their pages from: a service in words of its own (so a test can
//! tell the service's words from the engine's), a layout, endpoints and deliveries made by hand,
//! and a way to find a form in the rendered HTML.

use crate::layout::{ConsoleService, Layout, NavItem};
use crate::service::{EndpointAction, ResendAction, ServiceConsole};
use api_support::ApiError;
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::{Delivery, DeliveryQuery, DeliveryStatus, ResendRule};
use delivery_engine::endpoints::Endpoint;
use delivery_engine::EngineError;
use uuid::Uuid;

/// The session's CSRF token in [`test_layout`].
pub(crate) const CSRF: &str = "csrf-token-of-the-test";
/// The time the pages are built at.
pub(crate) const NOW: &str = "2026-11-23T10:20:00Z";

/// Compared and cloned with the log's filters, which carry it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TestConsole;

impl ServiceConsole for TestConsole {
    const SERVICE: ConsoleService = ConsoleService {
        name: "test-api",
        credential: "test key",
        link_command: "test-api console-link",
        nav: &[NavItem { path: "/console", label: "Overview" }],
    };
    const STATUSES: [&'static str; 4] = ["queued", "retrying", "arrived", "given_up"];
    const EVENTS_CHECKED: bool = false;
    const EVENTS_HINT: &'static str = "None ticked: every type.";
    const SEARCH_HINT: &'static str = "delivery id";
    const SIGNATURE_PREFIX: &'static str = "t1=";
    const RESEND: ResendAction = ResendAction {
        path: "again",
        label: "Send it again",
        rule: ResendRule::RejectDelivered,
        refused_code: "already_delivered",
        refused_notice: "Already delivered: not sent again.",
        done_notice: "Queued once more.",
        delivered_hint: "Delivered already: sending again is refused.",
    };
    const ENDPOINT_ACTIONS: &'static [EndpointAction] = &[EndpointAction { path: "ping", label: "Ping it" }];
    const EDITABLE_ENDPOINTS: bool = true;

    fn subscribable() -> &'static [&'static str] {
        &["order.created", "order.paid"]
    }

    fn log_event_types() -> &'static [&'static str] {
        &["order.created", "order.paid", "test.tick"]
    }

    fn status_name(s: DeliveryStatus) -> &'static str {
        match s {
            DeliveryStatus::Pending => "queued",
            DeliveryStatus::Failed => "retrying",
            DeliveryStatus::Delivered => "arrived",
            DeliveryStatus::Dead => "given_up",
        }
    }

    fn parse_status(s: &str) -> Option<DeliveryStatus> {
        let i = Self::STATUSES.iter().position(|w| *w == s)?;
        Some(
            [
                DeliveryStatus::Pending,
                DeliveryStatus::Failed,
                DeliveryStatus::Delivered,
                DeliveryStatus::Dead,
            ][i],
        )
    }

    fn search(term: &str, base: DeliveryQuery) -> Result<Vec<DeliveryQuery>, String> {
        let id = Uuid::parse_str(term).map_err(|_| "search takes a delivery id")?;
        Ok(vec![DeliveryQuery { delivery_id: Some(id), ..base }])
    }

    fn check_new_endpoint(_url: &str, _events: &[String]) -> Result<(), ApiError> {
        Ok(())
    }

    fn api_error(e: EngineError, what: &str) -> ApiError {
        ApiError::from_engine(e, what)
    }

    fn example_body(event_type: &str) -> Option<Vec<u8>> {
        Self::subscribable()
            .contains(&event_type)
            .then(|| format!(r#"{{"type": "{event_type}", "payload": {{"total": 120}}}}"#).into_bytes())
    }
}

pub(crate) fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
}

pub(crate) fn test_layout() -> Layout {
    Layout {
        service: TestConsole::SERVICE,
        current: "/console",
        tenant: "tenant-1".to_owned(),
        csrf: CSRF.to_owned(),
        title: "A page".to_owned(),
        product: None,
    }
}

/// An active endpoint at `url` that takes every type.
pub(crate) fn endpoint(url: &str) -> Endpoint {
    Endpoint {
        id: Uuid::now_v7(),
        tenant_id: "tenant-1".to_owned(),
        url: url.to_owned(),
        event_types: Vec::new(),
        disabled_at: None,
        disabled_reason: None,
        disabled_cause: None,
        rate_limit_per_s: None,
        headers: Vec::new(),
        auth: None,
        client_certificate: None,
        content_filter: None,
        created_at: at("2026-11-01T00:00:00Z"),
        updated_at: at("2026-11-01T00:00:00Z"),
    }
}

/// A delivery to `endpoint` in `status`, attempted once without an answer.
pub(crate) fn delivery(endpoint: Uuid, status: DeliveryStatus) -> Delivery {
    Delivery {
        id: Uuid::now_v7(),
        endpoint_id: endpoint,
        event_id: Uuid::now_v7(),
        event_type: "order.paid".to_owned(),
        dedupe_key: "order-42:order.paid".to_owned(),
        status,
        attempt_count: 1,
        last_response_code: None,
        last_error: None,
        created_at: at("2026-11-23T10:00:00Z"),
        updated_at: at("2026-11-23T10:00:00Z"),
        next_attempt_at: None,
        delivered_at: None,
        payload_erased_at: None,
    }
}

/// The form of `html` that posts to `action`, whole (`<form` to `</form>`).
pub(crate) fn form_posting_to<'a>(html: &'a str, action: &str) -> Option<&'a str> {
    let at = html.find(&format!("method=\"post\" action=\"{action}\""))?;
    let start = html[..at].rfind("<form")?;
    let end = at + html[at..].find("</form>")? + "</form>".len();
    Some(&html[start..end])
}

/// Whether `html` has a form posting to `action` that carries the session's CSRF token.
pub(crate) fn has_csrf_form(html: &str, action: &str) -> bool {
    form_posting_to(html, action)
        .is_some_and(|form| form.contains(&format!("<input type=\"hidden\" name=\"csrf\" value=\"{CSRF}\">")))
}
