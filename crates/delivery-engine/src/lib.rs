//! The delivery engine: durable, signed, retried webhook delivery on PostgreSQL or an embedded
//! SQLite file.
//!
//! A service plugs in with a [`Profile`] (signature scheme and header, other headers, retry
//! policy, timeout, event catalog), builds an [`Engine`] for its API handlers and runs a
//! [`Dispatcher`] for delivery. Services configure the outbound client ([`http::OutboundClient`],
//! [`http::AddressPolicy`]) and hand it to the dispatcher, which alone sends; they never write
//! SQL against the engine's tables: the store is private to this crate, and services reach
//! their own tables through [`DbConn`] inside [`Engine::run`] and [`Engine::transaction`].
//!
//! Error policy: see [`error`].

/// The closure a connection runs, for [`Engine::run`], [`Engine::transaction`] and the engine's
/// own calls: `on_conn!(|c| store_fn(c, …).await)`, where `c: &mut DbConn`. What the body uses
/// is moved in (`async move`).
#[macro_export]
macro_rules! on_conn {
    (|$conn:ident| $body:expr) => {
        move |mut conn| {
            ::std::boxed::Box::pin(async move {
                let $conn = &mut conn;
                $body
            })
        }
    };
}

pub mod cache;
mod core;
mod engine;
pub mod error;
pub mod gate;
mod health;
pub mod http;
pub mod listen;
pub mod metrics;
pub mod ops;
pub mod policy;
pub mod profile;
pub mod receiver_check;
pub mod secrets;
pub mod signing;
pub mod sql;
mod store;
mod tenant;
mod wake;
mod worker;

pub use cache::{ReadCache, ReadTicket};
pub use engine::{
    CreatedEndpoint, EndpointPatch, Engine, EngineConfig, Enqueued, IdempotencyState, NewEndpoint, NewEvent,
    SentRequest, UrlRule, RATE_LIMIT_RANGE,
};
pub use error::{EngineError, EngineResult};
pub use gate::GateConfig;
pub use listen::{
    ListenConfig, ListenDelivery, ListenFrame, ListenOpen, ListenReply, ListenSessionInfo, ListenStream,
};
pub use profile::{EventCatalog, Profile};
pub use signing::{AttemptContext, HeaderSet};
pub use store::{
    announce_change, connect_pool, connect_worker_pool, migration_versions, run_migrations, sqlite_values,
    Attempt, ConnFn, DbConn, Delivery, DeliveryQuery, DeliveryStatus, DisableCause, Endpoint,
    EndpointActivity, HourlyAttempts, KeyMatch, LogPosition, MigrationSet, Pool, RecoveryJob, RecoveryStatus,
    RecoveryWindow, ResendRule, StartRecovery, TenantOverview, WindowError, ENGINE_MIGRATIONS,
    MAX_RECOVERY_WINDOW,
};
pub use tenant::Tenant;
pub use worker::{Dispatcher, DispatcherConfig};

/// Re-exported so services can embed their own migrations without a direct dependency.
pub use diesel_migrations::{embed_migrations, EmbeddedMigrations};
