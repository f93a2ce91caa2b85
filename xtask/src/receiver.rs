//! `cargo xtask receiver [--tls] [args]`: the development receiver (`crates/dev-receiver`),
//! built, then run in place of this process (so a signal to it reaches the receiver).

use crate::util::{cargo, root, run_cmd, target_dir};
use anyhow::Result;
use std::os::unix::process::CommandExt;

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut build = cargo();
    build.args(["build", "--quiet", "-p", "dev-receiver"]);
    run_cmd(build)?;
    let bin = target_dir().join("debug/dev-receiver");
    let tls_dir = root().join("data/dev-tls");
    let mut receiver = std::process::Command::new(bin);
    receiver.arg("listen");
    if !args.iter().any(|a| a.starts_with("--tls-dir")) {
        receiver.arg("--tls-dir").arg(tls_dir);
    }
    receiver.args(args);
    Err(receiver.exec().into())
}
