//! PostgreSQL: diesel's query builder where it reads well (endpoints, the delivery log), SQL
//! with bound parameters where one statement does a whole step (the queue, idempotency keys).
//! Batches travel as arrays (`unnest`); wake-ups as NOTIFY.

pub(crate) mod conn;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod listen;
pub(crate) mod listen_sessions;
pub(crate) mod probes;
pub(crate) mod queue;
pub(crate) mod recovery;
mod rows;
mod schema;
pub(crate) mod stats;
