//! `POST /api/v1/events`: publish any catalog event, for mutations of entities this service
//! does not model itself yet.

use super::{emit, Emit};
use crate::auth::Workspace;
use crate::{catalog, AppState};
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
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

pub async fn publish(
    state: web::Data<AppState>,
    ws: Workspace,
    body: web::Json<EventIn>,
) -> Result<HttpResponse, ApiError> {
    let e = body.into_inner();
    let t = catalog::find(&e.event_type).ok_or_else(|| {
        ApiError::invalid(
            "unknown_event_type",
            format!("`{}` is not an event type of the catalog", e.event_type),
        )
    })?;
    if t.internal {
        return Err(ApiError::invalid(
            "event_type_not_publishable",
            format!("{} is emitted by this service's own routes and cannot be published", t.name),
        ));
    }
    if e.entity_type != t.entity_type() {
        return Err(ApiError::invalid(
            "entity_type_mismatch",
            format!("{} is about a `{}`, not a `{}`", t.name, t.entity_type(), e.entity_type),
        ));
    }
    let entity_id = uuid::Uuid::parse_str(&e.entity_id)
        .map_err(|_| ApiError::invalid("invalid_entity_id", "entityId must be a UUID"))?;
    t.check_payload(&e.payload).map_err(|d| ApiError::invalid("invalid_payload", d))?;
    let (engine, event_type, payload) = (state.engine.clone(), t.name, e.payload);
    let id = state
        .engine
        .transaction(move |mut c| {
            Box::pin(async move {
                let e = Emit { event_type, entity_id, payload, occurred_at: chrono::Utc::now() };
                emit(&engine, &mut c, ws, e).await
            })
        })
        .await?;
    Ok(HttpResponse::Accepted().json(Published { id: id.to_string() }))
}
