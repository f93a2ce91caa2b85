//! The development receiver as a process.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod listen;
