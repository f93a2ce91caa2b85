//! The HTTP plumbing both services share: the runner (`server`: settings, the engine and its
//! dispatcher, the HTTP servers, the graceful stop), the command line (`cli`), authentication,
//! [`ApiError`] (JSON `{"code", "detail"}` for every error) and the JSON bodies of actix's own
//! errors, idempotency keys, rate limits, health, metrics, telemetry and paging. The consoles
//! are the `console` crate's, the commands beside `serve` the `operator-cli` crate's. Layers
//! and files: ARCHITECTURE.md.

mod api;
pub mod auth;
pub mod cli;
pub mod codes;
pub mod data_dir;
pub mod embedding;
pub mod endpoint_access;
mod error;
pub mod health;
pub mod idempotency;
pub mod ingest_gate;
pub mod listen;
pub mod metrics;
pub mod operator;
pub mod pagination;
pub mod priority;
pub mod query;
pub mod rate_limit;
pub mod recovery;
pub mod server;
/// "Did you mean …?" (the engine's, which also names a misspelt filter field).
pub use delivery_engine::suggest;
pub mod telemetry;
pub mod views;

pub use api::{
    bearer_credential, configure_extractors, has_control_chars, json_errors, openapi_operations, path_id,
    tokens_match, ts, unknown_route, RouteTable,
};
pub use error::{ApiError, ErrorBody};
