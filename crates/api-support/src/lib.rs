//! Shared by the API crates: [`ApiError`] (JSON `{"code", "detail"}` for every error),
//! extractor error mapping, JSON bodies for the errors actix answers by itself, timestamps.

mod api;
pub mod auth;
pub mod check_receiver;
pub mod cli;
pub mod codes;
pub mod console;
pub mod data_dir;
mod error;
pub mod health;
pub mod idempotency;
pub mod listen;
pub mod listen_cli;
pub mod metrics;
pub mod pagination;
pub mod priority;
pub mod rate_limit;
pub mod recovery;
pub mod server;
pub mod telemetry;
pub mod views;

pub use api::{
    bearer_credential, configure_extractors, has_control_chars, json_errors, openapi_operations, path_id, ts,
    unknown_route, RouteTable,
};
pub use error::{ApiError, ErrorBody};
