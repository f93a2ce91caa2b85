//! Handlers: parse, authorise (the `Account` extractor), call the engine or a rule function
//! (`runs`, `test_event`) once, map the result.

pub mod deliveries;
pub mod recoveries;
pub mod runs;
pub mod webhooks;

pub use api_support::{path_id, ts};
