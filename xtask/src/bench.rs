//! `cargo xtask bench`: the engine benchmark, in a release build.

use crate::db;
use crate::util::{cargo, run_cmd};
use anyhow::Result;

pub(crate) fn run(args: &[String]) -> Result<()> {
    db::up()?;
    let mut cmd = cargo();
    cmd.args(["run", "--release", "-p", "delivery-engine", "--example", "bench", "--"]).args(args);
    run_cmd(cmd)
}
