//! The store: all SQL of the engine's tables, on PostgreSQL (diesel-async) or an embedded
//! SQLite file (diesel's synchronous connection on blocking threads).
//!
//! Layers, each importing only from the ones below it:
//! - the contract: [`endpoints`], [`deliveries`], [`queue`], [`backlog`], [`idempotency`], [`changes`],
//!   [`recovery`], [`stats`], [`listen_sessions`]. One doc comment
//!   and one two-arm match per operation; each operation is atomic on its own (one statement,
//!   or a transaction: `BEGIN IMMEDIATE` on SQLite) and joins the caller's transaction when
//!   called inside one. Every query that reads tenant data filters by tenant inside the query.
//! - the backends, `pg/` and `sqlite/`, laid out file for file like the contract, each with
//!   its own row structs (`rows.rs`) mapped into the model by `From`/`TryFrom`.
//! - [`model`]: plain structs and the rules that need no database.
//!
//! Beside them: [`conn`] (which backend, pools, `DbConn`, transactions) and [`migrate`].
//! The two backends keep the same rules: see `docs/decisions.md` D19.

/// The columns of a claimed delivery (each backend's `ClaimedRow`), over the deliveries `d`, their
/// events `e` and their endpoints `ep`. Every claim selects them through this, so a column added
/// to the row reaches every claim (the listen claims once missed one; PostgreSQL's claim also
/// writes a NULL per column for its scan-stopped row: `pg/queue.rs`). Defined before the
/// backend modules, which see it in textual order.
macro_rules! claimed_columns {
    () => {
        "d.id, d.fence, d.attempt_count, d.manual, d.endpoint_id, d.event_id, e.event_type, \
         COALESCE(e.dedupe_key, CAST(e.id AS TEXT)) AS dedupe_key, e.body, ep.url, ep.secret_key_id, \
         ep.secret_nonce, ep.secret_ciphertext, d.created_at, d.next_attempt_at AS due_at, \
         ep.rate_limit_per_s, d.tenant_id, ep.headers, ep.auth_key_id, ep.auth_nonce, ep.auth_ciphertext"
    };
}

pub(crate) mod backlog;
mod changes;
mod conn;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod listen_model;
pub(crate) mod listen_sessions;
mod migrate;
pub(crate) mod model;
mod pg;
pub(crate) mod probes;
pub(crate) mod queue;
pub(crate) mod recovery;
pub(crate) mod recovery_model;
pub(crate) mod retention;
pub(crate) mod routes;
mod rows;
mod sqlite;
pub(crate) mod stats;
pub(crate) mod stats_model;

pub use changes::announce_change;
pub(crate) use conn::Receipt;
pub use conn::{connect_pool, connect_pool_with, connect_worker_pool, Backend, ConnFn, DbConn, Pool};
pub(crate) use migrate::unapplied_migrations;
pub use migrate::{migration_versions, run_migrations, run_migrations_with, MigrationSet, ENGINE_MIGRATIONS};
pub use model::DbSettings;
pub use model::{
    Attempt, Delivery, DeliveryQuery, DeliveryStatus, DisableCause, Endpoint, EndpointPage, KeyMatch,
    LogPosition, ResendRule,
};
pub use recovery_model::{RecoveryJob, RecoveryStatus, RecoveryWindow, StartRecovery, WindowError};
pub use sqlite::values as sqlite_values;
pub use stats_model::{EndpointActivity, HourlyAttempts, TenantOverview};
