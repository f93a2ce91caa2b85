//! The delivery engine: durable, signed, retried webhook delivery on PostgreSQL or an embedded
//! SQLite file.
//!
//! A service plugs in with a [`Profile`] (signature scheme and header, other headers, retry
//! policy, timeout, event catalog), builds an [`Engine`] for its API handlers, and runs the
//! engine's [`Dispatcher`] ([`Engine::dispatcher`]) with an outbound client it configured
//! ([`http::OutboundClient`], [`http::AddressPolicy`]); the dispatcher alone sends. Every call
//! on tenant data takes a [`Tenant`]. Services never write SQL against the engine's tables: the
//! store is private to this crate, and services reach their own tables through [`db::DbConn`]
//! inside [`Engine::run`] and [`Engine::transaction`] (closures written with [`on_conn!`]).
//!
//! Error policy: see [`EngineError`]. What each mechanism does, and how to tune it:
//! `docs/engine.md`; which names the services use: ARCHITECTURE.md.

/// The closure a connection runs, for [`Engine::run`], [`Engine::transaction`] and the engine's
/// own calls: `on_conn!(|c| store_fn(c, …).await)`, where `c: &mut DbConn`. What the body uses
/// is moved in (`async move`), so clone what the caller still needs.
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

mod access;
mod address;
pub mod batch;
mod cache;
mod client_cert;
mod core;
mod engine;
mod error;
pub mod filter;
mod gate;
mod health;
pub mod http;
pub mod listen;
mod metrics;
mod oauth2;
mod ops;
pub mod policy;
mod profile;
pub mod proxy;
pub mod receiver_check;
pub mod secrets;
pub mod signing;
mod sql;
mod store;
pub mod suggest;
mod tenant;
mod wake;
mod worker;

// The engine, its configuration and the service's profile; errors; the tenant every call takes;
// the outbox's event; the runner's settings.
pub use engine::{Engine, EngineConfig, IdempotencyState, NewEvent};
pub use error::{EngineError, EngineResult};
pub use gate::GateConfig;
pub use ops::OpsTarget;
pub use profile::{EventCatalog, Profile};
pub use tenant::Tenant;
pub use worker::DispatcherConfig;
// tidy: in the signature of Engine::dispatcher
pub use worker::Dispatcher;
// tidy: in the signature of Engine::enqueue
pub use engine::Enqueued;

/// Endpoints: what a service registers, changes and reads.
pub mod endpoints {
    pub use crate::access::{AccessError, AuthSummary, EndpointAccess, EndpointAuth, OAuth2Client};
    pub use crate::client_cert::{CertificateSummary, ClientCertificate};
    pub use crate::engine::{EndpointPatch, NewEndpoint, UrlRule};
    pub use crate::store::{Endpoint, EndpointPage};
    // tidy: in the signature of Engine::create_endpoint
    pub use crate::engine::CreatedEndpoint;
    // tidy: in the signature of Endpoint (its `disabled_cause`)
    pub use crate::store::DisableCause;
}

/// The delivery log: deliveries, their attempts and the request an attempt sent, the log's
/// query and keyset position, re-sends, and a tenant's overview and its endpoints' activity.
pub mod deliveries {
    pub use crate::engine::SentRequest;
    pub use crate::store::{
        Attempt, Delivery, DeliveryQuery, DeliveryStatus, EndpointActivity, HourlyAttempts, KeyMatch,
        LogPosition, ResendRule, TenantOverview,
    };
}

/// Bulk recovery jobs: re-sending what an endpoint missed in a window.
pub mod recovery {
    pub use crate::store::{RecoveryJob, RecoveryStatus, RecoveryWindow, StartRecovery, WindowError};
}

/// The services' database kit: pools of either store, the connection their closures get
/// ([`db::DbConn`], matched by [`db::Backend`]), migrations, the SQLite value helpers, statements
/// prepared once per connection, and the read cache with its change announcements. A service
/// reaches only its own tables with it; the engine's tables stay behind [`Engine`].
pub mod db {
    pub use crate::cache::ReadCache;
    pub use crate::sql::prepared;
    pub use crate::store::{
        announce_change, connect_pool, connect_pool_with, connect_worker_pool, migration_versions,
        run_migrations, run_migrations_with, sqlite_values, Backend, DbConn, DbSettings, MigrationSet, Pool,
        ENGINE_MIGRATIONS,
    };
}

/// The reserved tenant of operational webhooks and its one endpoint, for the engine's own tests
/// of the operator's feed; no service names them.
#[cfg(feature = "test-support")]
pub use ops::{OPS_ENDPOINT_ID, OPS_TENANT};
