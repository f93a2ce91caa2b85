//! How values are stored in SQLite, for the engine's tables and for services whose own tables
//! follow the same conventions (`migrations/sqlite/engine`): timestamps as microseconds since
//! the Unix epoch, UUIDs as hyphenated text, lists as JSON arrays of strings.

use chrono::{DateTime, Utc};
use diesel::result::Error;
use uuid::Uuid;

/// PostgreSQL's `'infinity'`: parked rows are never due.
pub(crate) const INFINITY: i64 = i64::MAX;

/// A timestamp as stored.
pub fn micros(t: DateTime<Utc>) -> i64 {
    t.timestamp_micros()
}

/// A stored timestamp.
pub fn time(v: i64) -> diesel::QueryResult<DateTime<Utc>> {
    DateTime::from_timestamp_micros(v)
        .ok_or_else(|| Error::DeserializationError(format!("timestamp {v} out of range").into()))
}

/// A stored optional timestamp.
pub(crate) fn opt_time(v: Option<i64>) -> diesel::QueryResult<Option<DateTime<Utc>>> {
    v.map(time).transpose()
}

/// A stored UUID.
pub fn uuid(s: &str) -> diesel::QueryResult<Uuid> {
    Uuid::parse_str(s).map_err(|_| Error::DeserializationError(format!("`{s}` is not a UUID").into()))
}

/// A list of strings as stored (`event_types`).
pub(crate) fn json_list(items: &[String]) -> String {
    serde_json::Value::from(items.to_vec()).to_string()
}

/// A batch of ids, for `json_each`.
pub(crate) fn json_ids(ids: &[Uuid]) -> String {
    serde_json::Value::from(ids.iter().map(Uuid::to_string).collect::<Vec<_>>()).to_string()
}
