//! Prometheus and promtool, for the deploy checks (`promtool check/test rules`) and the tests
//! that scrape the services: from PATH, or Debian's `prometheus` package unpacked under the
//! target dir (no system install, no server started).

use crate::util::{has, run_cmd, target_dir};
use anyhow::{ensure, Context, Result};
use std::path::PathBuf;
use std::process::Command;

/// `(prometheus, promtool)`, fetching the package when they are missing.
pub(crate) fn ensure() -> Result<(PathBuf, PathBuf)> {
    if has("prometheus") && has("promtool") {
        return Ok(("prometheus".into(), "promtool".into()));
    }
    let dir = target_dir().join("deploy-tools/prometheus");
    let bin = dir.join("usr/bin");
    let (prometheus, promtool) = (bin.join("prometheus"), bin.join("promtool"));
    if prometheus.exists() && promtool.exists() {
        return Ok((prometheus, promtool));
    }
    ensure!(
        has("apt-get") && has("dpkg-deb"),
        "Prometheus is missing and apt-get is not available: install Debian's prometheus package"
    );
    std::fs::create_dir_all(&dir)?;
    let download = || {
        let mut cmd = Command::new("apt-get");
        cmd.args(["download", "prometheus"]).current_dir(&dir);
        run_cmd(cmd)
    };
    if download().is_err() {
        // A fresh machine may have no package lists yet.
        let mut update = Command::new("apt-get");
        update.arg("update");
        run_cmd(update)?;
        download()?;
    }
    let deb = std::fs::read_dir(&dir)?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "deb"))
        .context("apt-get download prometheus left no .deb")?;
    let mut unpack = Command::new("dpkg-deb");
    unpack.arg("-x").arg(&deb).arg(&dir);
    run_cmd(unpack)?;
    std::fs::remove_file(&deb)?;
    ensure!(
        prometheus.exists() && promtool.exists(),
        "the prometheus package has no usr/bin/prometheus or promtool"
    );
    Ok((prometheus, promtool))
}
