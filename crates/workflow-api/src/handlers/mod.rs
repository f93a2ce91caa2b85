//! Handlers: parse, authorise (the `Account` extractor), call the engine or the run store once,
//! map the result.

pub mod deliveries;
pub mod runs;
pub mod webhooks;

pub use api_support::{path_id, ts};
