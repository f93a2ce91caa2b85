//! A new user's first hour and the docs' commands, run as written.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod docs;
mod first_hour;
mod links;
