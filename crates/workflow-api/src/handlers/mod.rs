//! Handlers: parse, authorise (the `Account` extractor), call the engine or a rule function
//! (`runs`, `test_event`) once, map the result.

pub mod deliveries;
pub mod listen;
pub mod operator;
pub mod recoveries;
pub mod runs;
pub mod webhooks;

pub use api_support::{path_id, ts};

/// `limit` of every list (the delivery log, runs): 20 by default, 100 at most.
pub const LIST_LIMITS: api_support::pagination::Limits =
    api_support::pagination::Limits { default: 20, max: 100 };
