//! What every screen builds its page with: the layout in the service's words, the fixed notices
//! a redirect names, an endpoint id from the path, and the window of "recent" activity.

use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::see_other;
use crate::service::ServiceConsole;
use crate::session::{self, ConsoleSession};
use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use api_support::ApiError;
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::Engine;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The window the overview and the endpoints page count attempts in ("24 h" in their words).
pub(super) const RECENT: chrono::TimeDelta = chrono::TimeDelta::hours(24);

pub(crate) fn layout<S: ServiceConsole>(
    session: &ConsoleSession,
    current: &'static str,
    title: impl Into<String>,
) -> Layout {
    Layout::new(S::SERVICE, session, current, title.into())
}

/// Applies an endpoint page's change (`patch`, or why the form could not make one) to endpoint
/// `id`: 303 to the endpoint list once saved; refused (a 4xx other than 404), the page's
/// `refused` value, made from the engine's words in the API's terms, becomes the flash and the
/// answer is 303 back to the endpoint's `page` (`/console/endpoints/{id}/{page}`: a reload
/// sends nothing again).
pub(super) async fn save_endpoint_change<S: ServiceConsole, R: Serialize>(
    engine: &Engine,
    session: &ConsoleSession,
    id: Uuid,
    patch: Result<EndpointPatch, ApiError>,
    page: &str,
    refused: impl FnOnce(String) -> R,
) -> Result<HttpResponse, ConsoleError> {
    let saved = match patch {
        Ok(patch) => {
            engine.update_endpoint(&session.tenant, id, patch).await.map_err(|e| S::api_error(e, "endpoint"))
        }
        Err(e) => Err(e),
    };
    match saved {
        Ok(_) => Ok(see_other("/console/endpoints?notice=updated")),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            session::put_flash(engine, session, &refused(e.detail)).await?;
            Ok(see_other(&format!("/console/endpoints/{id}/{page}")))
        }
        Err(e) => Err(e.into()),
    }
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

/// Whether an endpoint with the filter `event_types` takes `event_type` (an empty filter takes
/// every type).
pub fn takes(event_types: &[String], event_type: &str) -> bool {
    event_types.is_empty() || event_types.iter().any(|t| t == event_type)
}
