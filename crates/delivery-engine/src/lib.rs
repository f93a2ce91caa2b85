//! The delivery engine: durable, signed, retried webhook delivery on PostgreSQL or an embedded
//! SQLite file.
//!
//! A service plugs in with a [`Profile`] (signature scheme and header, other headers, retry
//! policy, timeout, event catalog), builds an [`Engine`] for its API handlers and runs a
//! [`Dispatcher`] for delivery. The API crates never write SQL against the delivery tables and
//! never touch the HTTP client: both are private to this crate.
//!
//! Error policy: see [`error`].

pub mod clock;
mod engine;
pub mod error;
pub mod http;
pub mod policy;
pub mod profile;
pub mod secrets;
pub mod signing;
mod store;
mod worker;

pub use engine::{
    CreatedEndpoint, EndpointPatch, Engine, EngineConfig, Enqueued, NewEndpoint, NewEvent, UrlRule,
};
pub use error::{EngineError, EngineResult};
pub use profile::{AttemptContext, EventCatalog, HeaderSet, Profile};
pub use store::idempotency::IdempotencyState;
pub use store::queue::{ResendRule, WAKE_CHANNEL};
pub use store::{
    connect_pool, connect_worker_pool, run_migrations, Attempt, Backend, ConnFn, DbConn, Delivery,
    DeliveryQuery, DeliveryStatus, Endpoint, MigrationSet, PgConnection, Pool, ENGINE_MIGRATIONS,
};
pub use worker::{Dispatcher, DispatcherConfig};

/// Re-exported so services can embed their own migrations without a direct dependency.
pub use diesel_migrations::{embed_migrations, EmbeddedMigrations};

/// How values are stored in SQLite, for services whose own tables follow the engine's
/// conventions (`migrations/sqlite/engine`): timestamps as microseconds since the Unix epoch,
/// UUIDs as hyphenated text.
pub mod sqlite_values {
    use chrono::{DateTime, Utc};

    pub fn micros(t: DateTime<Utc>) -> i64 {
        t.timestamp_micros()
    }

    pub fn time(v: i64) -> diesel::QueryResult<DateTime<Utc>> {
        DateTime::from_timestamp_micros(v).ok_or_else(|| {
            diesel::result::Error::DeserializationError(format!("timestamp {v} out of range").into())
        })
    }

    pub fn uuid(s: &str) -> diesel::QueryResult<uuid::Uuid> {
        uuid::Uuid::parse_str(s)
            .map_err(|_| diesel::result::Error::DeserializationError(format!("`{s}` is not a UUID").into()))
    }
}
