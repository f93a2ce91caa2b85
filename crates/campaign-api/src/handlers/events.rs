//! `POST /api/v1/events`: publish any catalog event that is not internal; the rule is in
//! `crate::events`.

use super::engine_err;
use crate::error_codes as codes;
use crate::events::{self, Publish, PublishError};
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventIn {
    #[serde(rename = "type")]
    pub event_type: String,
    pub entity_type: String,
    pub entity_id: String,
    pub payload: serde_json::Value,
}

#[derive(Debug, Serialize)]
struct Published {
    id: String,
}

impl From<PublishError> for ApiError {
    fn from(e: PublishError) -> Self {
        match e {
            PublishError::UnknownEventType(_) => ApiError::invalid(codes::UNKNOWN_EVENT_TYPE, e.to_string()),
            PublishError::NotPublishable(_) => {
                ApiError::invalid(codes::EVENT_TYPE_NOT_PUBLISHABLE, e.to_string())
            }
            PublishError::EntityTypeMismatch { .. } => {
                ApiError::invalid(codes::ENTITY_TYPE_MISMATCH, e.to_string())
            }
            PublishError::InvalidEntityId => ApiError::invalid(codes::INVALID_ENTITY_ID, e.to_string()),
            PublishError::InvalidPayload(ref refusal) => {
                let field = refusal.pointer(events::PAYLOAD_POINTER);
                ApiError::invalid(codes::INVALID_PAYLOAD, e.to_string()).with_related("field", field)
            }
            PublishError::Engine(e) => engine_err(e, "event"),
        }
    }
}

pub async fn publish(
    state: web::Data<AppState>,
    ws: Workspace,
    body: web::Json<EventIn>,
) -> Result<HttpResponse, ApiError> {
    let EventIn { event_type, entity_type, entity_id, payload } = body.into_inner();
    let event = Publish { event_type, entity_type, entity_id, payload };
    let id = events::publish(&state.publisher, &ws, event).await?;
    Ok(HttpResponse::Accepted().json(Published { id: id.to_string() }))
}
