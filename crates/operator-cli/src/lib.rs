//! The services' operator and developer commands, beside `serve`: `listen` and `trigger`
//! ([`listen`]), `load` ([`load`]), `check-receiver` ([`check_receiver`]), `console-link`
//! ([`console_link`]) and `catalog` with its guard on published event types
//! ([`catalog_history`]). Each service's `main.rs` wires them to its own arguments; none of
//! them runs inside the server.

pub mod catalog_history;
pub mod check_receiver;
pub mod console_link;
pub mod listen;
pub mod load;
