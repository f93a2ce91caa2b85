//! The receivers' library against the shared vectors, and its actix extractor.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod actix;
mod vectors;
