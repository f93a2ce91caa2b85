//! `cargo xtask dist`: optimised, stripped release binaries of both services in `target/dist/`.

use crate::util::{cargo, run_cmd, service_bins, target_dir};
use anyhow::{Context, Result};

/// Builds with the `dist` profile (the release profile, stripped, thin LTO, one codegen unit:
/// the workspace Cargo.toml), which Cargo writes to `<target>/dist/`, and prints the sizes.
pub(crate) fn run() -> Result<()> {
    let mut build = cargo();
    build.args(["build", "--locked", "--profile", "dist"]);
    for b in service_bins() {
        build.args(["-p", b]);
    }
    run_cmd(build)?;
    for b in service_bins() {
        let path = target_dir().join("dist").join(b);
        let bytes =
            std::fs::metadata(&path).with_context(|| format!("{} was not built", path.display()))?.len();
        println!("{}  {:.1} MB ({bytes} bytes)", path.display(), bytes as f64 / 1e6);
    }
    Ok(())
}
