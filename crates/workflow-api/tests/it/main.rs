//! workflow-api's integration tests, one binary: the real service binary, real databases, real
//! receivers, a real Chromium for the console and a real Prometheus for the metrics.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod cli;
mod clients;
mod console;
mod crash;
mod e2e;
mod embedded;
mod embedding;
mod failover;
mod listen;
mod lists;
mod load;
mod operations;
mod operator;
mod receivers;
mod recovery;
mod rules;
mod scale_out;
