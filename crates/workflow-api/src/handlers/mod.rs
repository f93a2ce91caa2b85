//! Handlers: parse, authorise (the `Account` extractor), call the engine or the run store once,
//! map the result.

pub mod deliveries;
pub mod runs;
pub mod webhooks;

use crate::error::ApiError;
use chrono::{DateTime, SecondsFormat, Utc};
use uuid::Uuid;

/// Timestamps in responses and payloads: RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
pub fn ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// An id in a path; one that is not a UUID names nothing, so it is a 404 like an unknown id.
pub fn path_id(raw: &str, what: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found(what))
}
