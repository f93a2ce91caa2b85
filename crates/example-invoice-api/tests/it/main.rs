//! The worked example service end to end, its deliveries checked by the standardwebhooks package.

// A panic is how a test fails: the helpers here unwrap as the tests do (clippy.toml allows it
// only inside test functions and `#[cfg(test)]` modules).
#![allow(clippy::unwrap_used)]

mod e2e;
