//! The delivery engine: durable, signed, retried webhook delivery on PostgreSQL.
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
    connect_pool, connect_worker_pool, run_migrations, Attempt, Delivery, DeliveryQuery, DeliveryStatus,
    Endpoint, PgConnection, Pool, PooledConnection, ENGINE_MIGRATIONS,
};
pub use worker::{Dispatcher, DispatcherConfig};

/// Re-exported so services can embed their own migrations without a direct dependency.
pub use diesel_migrations::{embed_migrations, EmbeddedMigrations};
