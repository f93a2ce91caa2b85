//! `cargo xtask migrate`: every service applies its migrations.

use crate::util::{cargo, root, run_cmd, service_bins};
use anyhow::Result;

pub(crate) fn run() -> Result<()> {
    for bin in service_bins() {
        // DATABASE_URL (if set) passes through; unset, each service migrates ./data/<service>.db.
        let mut cmd = cargo();
        cmd.current_dir(root()).args(["run", "--quiet", "-p", bin, "--", "migrate"]);
        run_cmd(cmd)?;
    }
    Ok(())
}
