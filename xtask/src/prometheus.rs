//! Prometheus and promtool for the tests that scrape the services: from PATH, or Debian's
//! `prometheus` package unpacked under `target/tools/` (no system install, no service started).

use crate::util::{has, root};
use anyhow::{ensure, Context, Result};
use std::path::PathBuf;
use std::process::Command;

/// `(prometheus, promtool)`, fetching the package when they are missing.
pub(crate) fn ensure() -> Result<(PathBuf, PathBuf)> {
    if has("prometheus") && has("promtool") {
        return Ok(("prometheus".into(), "promtool".into()));
    }
    let dir = root().join("target/tools/prometheus-deb");
    let bin = dir.join("usr/bin");
    if !bin.join("prometheus").exists() {
        ensure!(has("apt-get") && has("dpkg-deb"), "prometheus is missing and apt-get is not available");
        std::fs::create_dir_all(&dir)?;
        let download = |dir: &PathBuf| {
            Command::new("apt-get").args(["download", "prometheus"]).current_dir(dir).status()
        };
        if !download(&dir)?.success() {
            ensure!(Command::new("apt-get").arg("update").status()?.success(), "apt-get update failed");
            ensure!(download(&dir)?.success(), "apt-get download prometheus failed");
        }
        let deb = std::fs::read_dir(&dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "deb"))
            .context("apt-get download prometheus left no .deb")?;
        ensure!(
            Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&dir).status()?.success(),
            "dpkg-deb -x failed"
        );
    }
    Ok((bin.join("prometheus"), bin.join("promtool")))
}
