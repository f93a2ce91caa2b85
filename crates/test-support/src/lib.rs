//! Real parts for tests: an isolated PostgreSQL database per test, HTTP and HTTPS receivers on
//! loopback whose behaviour each test scripts, and a throwaway certificate authority.

mod db;
mod hmac;
mod postgres;
mod receiver;
mod service;
mod tls;

pub use db::{database_base_url, TestDb};
pub use hmac::independent_hmac_sha256_hex;
pub use postgres::PrivatePostgres;
pub use receiver::{Receiver, Recorded, Reply};
pub use service::{assert_routes_served, run_cli, ApiClient, ApiResponse, ServiceProcess};
pub use tls::TestCa;

/// Upper bound for waiting on an event in a test: a safety net against hangs, not a sleep.
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(60);
