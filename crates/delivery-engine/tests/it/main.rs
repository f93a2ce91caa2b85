//! The engine's integration tests, one binary (each test runs as `<module>::<name>::postgres` and
//! `::sqlite` where it runs on both stores): real databases, real HTTP(S) receivers on loopback.
//! `common` holds the setup they share.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod access;
mod backlog;
mod client_cert;
mod common;
mod database;
mod delivery;
mod filters;
mod listen;
mod ops;
mod proxy;
mod rate_limit;
mod recovery;
mod retention;
mod routes;
