//! Handlers: parse, authorise (the `Workspace` extractor), call the engine or the store, map
//! the result.

pub mod campaigns;
pub mod deliveries;
pub mod events;
pub mod webhooks;

use crate::auth::Workspace;
use api_support::{ts, ApiError};
use chrono::{DateTime, Utc};
use delivery_engine::{DbConn, EngineError, NewEvent};
use serde::Serialize;
use uuid::Uuid;

/// Engine errors with campaign-api's codes where they differ from the shared mapping.
pub fn engine_err(e: EngineError, what: &str) -> ApiError {
    match e {
        EngineError::UnknownEventTypes(t) => {
            ApiError::invalid("unknown_event_types", format!("unknown event types: {}", t.join(", ")))
        }
        other => ApiError::from_engine(other, what),
    }
}

/// The delivery body: exactly these fields, in this order.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Envelope<'a> {
    id: Uuid,
    #[serde(rename = "type")]
    event_type: &'a str,
    entity_type: &'a str,
    entity_id: Uuid,
    workspace_id: Uuid,
    payload: &'a serde_json::Value,
    occurred_at: String,
}

/// A catalog event about to be emitted.
#[derive(Debug)]
pub struct Emit<'a> {
    pub event_type: &'a str,
    pub entity_id: Uuid,
    pub payload: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
}

/// Builds the envelope and enqueues it on `conn` (inside the caller's transaction, if any).
/// Returns the event id.
pub async fn emit(
    engine: &delivery_engine::Engine,
    conn: &mut DbConn<'_>,
    workspace: Workspace,
    e: Emit<'_>,
) -> Result<Uuid, ApiError> {
    let id = Uuid::now_v7();
    let entity_type = e.event_type.split('.').next().unwrap_or(e.event_type);
    let body = serde_json::to_vec(&Envelope {
        id,
        event_type: e.event_type,
        entity_type,
        entity_id: e.entity_id,
        workspace_id: workspace.0,
        payload: &e.payload,
        occurred_at: ts(e.occurred_at),
    })
    .map_err(|_| ApiError::internal("could not build the event envelope"))?;
    let tenant = workspace.tenant();
    let key = id.to_string();
    engine
        .enqueue(
            conn,
            NewEvent {
                tenant_id: &tenant,
                event_type: e.event_type,
                dedupe_key: &key,
                body: &body,
                only_endpoint: None,
                id: Some(id),
            },
        )
        .await
        .map_err(|e| engine_err(e, "event"))?;
    Ok(id)
}
