//! `GET /api/v1/event-types[/{name}]`: the catalog, read-only, with each type's payload schema
//! and example (an extension of the spec; docs/campaign-api.md 7.2). The data is
//! `crate::catalog`.

use crate::catalog::{self, EventType};
use crate::workspace::Workspace;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use serde::Serialize;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventTypeOut {
    pub name: &'static str,
    pub version: u32,
    pub entity_type: &'static str,
    /// Whether `POST /api/v1/events` takes it (the `campaign.*` types only the service emits).
    pub publishable: bool,
    /// The payload's JSON Schema (draft 2020-12).
    pub schema: serde_json::Value,
    pub example_payload: serde_json::Value,
}

impl From<&EventType> for EventTypeOut {
    fn from(t: &EventType) -> Self {
        Self {
            name: t.name,
            version: t.version(),
            entity_type: t.entity_type(),
            publishable: !t.internal,
            schema: t.payload_schema(),
            example_payload: catalog::example_payload(t),
        }
    }
}

/// Every type, in catalog order. The catalog is the same for every workspace; the key is
/// required like on every other route.
pub async fn list(_ws: Workspace) -> HttpResponse {
    HttpResponse::Ok().json(catalog::CATALOG.iter().map(EventTypeOut::from).collect::<Vec<_>>())
}

pub async fn get(_ws: Workspace, name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let t = catalog::find(&name).ok_or_else(|| ApiError::not_found("event type"))?;
    Ok(HttpResponse::Ok().json(EventTypeOut::from(t)))
}
