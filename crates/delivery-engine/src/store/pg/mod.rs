//! PostgreSQL: diesel's query builder where it reads well (endpoints, the delivery log), SQL
//! with bound parameters where one statement does a whole step (the queue, idempotency keys).
//! Batches travel as arrays (`unnest`); wake-ups as NOTIFY.

/// A delivery's id from its event's (`$event_id`, SQL): the event's time-ordered prefix (UUIDv7)
/// and a random tail, so an event's deliveries land together at the right edge of the primary
/// key's index, not on random pages. Every insert of deliveries uses it.
macro_rules! delivery_id_of_event {
    ($event_id:literal) => {
        concat!(
            "encode(overlay(uuid_send(",
            $event_id,
            ") PLACING substring(uuid_send(gen_random_uuid()) FROM 9) FROM 9), 'hex')::uuid"
        )
    };
}

pub(crate) mod backlog;
pub(crate) mod conn;
pub(crate) mod connect;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod listen;
pub(crate) mod listen_sessions;
pub(crate) mod probes;
pub(crate) mod queue;
pub(crate) mod recovery;
pub(crate) mod retention;
pub(crate) mod routes;
mod rows;
mod schema;
pub(crate) mod stats;
