//! Real parts for tests: an isolated database per test (PostgreSQL or an SQLite file), HTTP and
//! HTTPS receivers on loopback whose behaviour each test scripts, and a throwaway certificate
//! authority; and the only ways a test lets time pass ([`eventually`], [`within`], [`pace`]).

pub mod browser;
pub mod clients_kit;
mod db;
pub mod ha;
mod hmac;
pub mod otlp;
mod postgres;
pub mod prometheus;
mod receiver;
pub mod receiver_kit;
pub mod recovery;
mod relay;
mod service;
mod small_disk;
pub mod standard_webhooks;
pub mod tinyproxy;
mod tls;
mod wait;

pub use browser::Browser;
pub use db::{count_at, database_base_url, execute_at, Backend, TestDb};
pub use hmac::independent_hmac_sha256_hex;
pub use postgres::PrivatePostgres;
pub use receiver::{Gate, Receiver, Recorded, Reply};
pub use relay::{TcpRelay, TlsRelay};
pub use service::{
    assert_routes_served, run_cli, run_cli_in, ApiClient, ApiResponse, CliProcess, ServiceProcess,
};
pub use small_disk::{assert_storage_full, store_free_bytes, write_until_refused, SmallDisk};
pub use tinyproxy::Tinyproxy;
pub use tls::TestCa;
pub use wait::{eventually, pace, within, Checked, WAIT};

/// Runs each listed `async fn name(backend: Backend)` as two tests, `name::postgres` and
/// `name::sqlite`, with the given test attribute:
///
/// ```text
/// on_both_backends!(#[tokio::test(flavor = "multi_thread")] delivers, retries);
/// ```
#[macro_export]
macro_rules! on_both_backends {
    (#[$attr:meta] $($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[$attr]
                async fn postgres() {
                    super::$name($crate::Backend::Postgres).await
                }

                #[$attr]
                async fn sqlite() {
                    super::$name($crate::Backend::Sqlite).await
                }
            }
        )+
    };
}

/// An error answer: this status, a JSON body with this `code` and a non-empty `detail`.
pub fn assert_error(res: &ApiResponse, status: u16, code: &str) {
    assert_eq!(res.status, status, "body: {}", String::from_utf8_lossy(&res.body));
    let body = res.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
}

/// A 422 `unknown_field` whose detail names the field `meant` (`did you mean …?`), or names
/// none when no known field is close.
pub fn assert_unknown_field(res: &ApiResponse, meant: Option<&str>, what: &str) {
    assert_error(res, 422, "unknown_field");
    let detail = res.json()["detail"].as_str().unwrap_or_default().to_owned();
    match meant {
        Some(field) => assert!(detail.contains(&format!("(did you mean `{field}`?)")), "{what}: {detail}"),
        None => assert!(!detail.contains("did you mean"), "{what}: {detail}"),
    }
}
