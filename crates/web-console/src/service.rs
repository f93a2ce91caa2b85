//! What a service tells the shared console screens: its words and its rules, each one a
//! reference to what its API uses (status names, the search a log accepts, the endpoint checks,
//! the resend rule), so the console holds no second copy of them.

use super::layout::ConsoleService;
use api_support::ApiError;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, ResendRule};
use delivery_engine::EngineError;

/// How the delivery detail re-sends a delivery (workflow's retry, campaign's replay).
#[derive(Debug, Clone, Copy)]
pub struct ResendAction {
    /// The path segment and form name: `retry`, `replay`.
    pub path: &'static str,
    pub label: &'static str,
    pub rule: ResendRule,
    /// The API's error code when the rule refuses (`already_delivered`), and the notice then.
    pub refused_code: &'static str,
    pub refused_notice: &'static str,
    pub done_notice: &'static str,
    /// Shown beside the button for a delivered delivery.
    pub delivered_hint: &'static str,
}

/// An extra action on each endpoint row: a form posted to `/console/endpoints/{id}/<path>`,
/// handled by the service's own route.
#[derive(Debug, Clone, Copy)]
pub struct EndpointAction {
    pub path: &'static str,
    pub label: &'static str,
}

pub trait ServiceConsole: 'static {
    const SERVICE: ConsoleService;
    /// The delivery states in the API's words, in display order.
    const STATUSES: [&'static str; 4];
    /// Event types an endpoint may subscribe to.
    fn subscribable() -> &'static [&'static str];
    /// Whether a new endpoint's event boxes start ticked (workflow: both of its two kinds;
    /// campaign: none, meaning every type).
    const EVENTS_CHECKED: bool;
    /// Below the event boxes of the endpoint form.
    const EVENTS_HINT: &'static str;
    /// Event types the log's filter offers (the subscribable ones and any internal ones).
    fn log_event_types() -> &'static [&'static str];
    const SEARCH_HINT: &'static str;
    /// What precedes the hex digest in the signature header (`v1=`, `sha256=`).
    const SIGNATURE_PREFIX: &'static str;
    const RESEND: ResendAction;
    const ENDPOINT_ACTIONS: &'static [EndpointAction];
    /// Whether endpoints have an edit page (`/console/endpoints/{id}/edit`, the service's).
    const EDITABLE_ENDPOINTS: bool;

    fn status_name(s: DeliveryStatus) -> &'static str;
    fn parse_status(s: &str) -> Option<DeliveryStatus>;
    /// The queries answering a search term, tried in order until one finds something; the
    /// error says what search takes.
    fn search(term: &str, base: DeliveryQuery) -> Result<Vec<DeliveryQuery>, String>;
    /// The API's checks of a new endpoint beyond the engine's.
    fn check_new_endpoint(url: &str, events: &[String]) -> Result<(), ApiError>;
    /// The API's mapping of an engine error.
    fn api_error(e: EngineError, what: &str) -> ApiError;
    /// The body the service would send for an example event of `event_type` (a subscribable
    /// one): what the filter page's **Try it** offers beside recent events.
    fn example_body(event_type: &str) -> Option<Vec<u8>>;
}
