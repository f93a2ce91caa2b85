//! The egress-proxy tests go through a real forward proxy: Debian's `tinyproxy`, installed here
//! when missing (as PostgreSQL and Chromium are). The tests start their own, on free ports; the
//! package's own service is stopped so that it holds no port.

use crate::util::{has, run_cmd};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The path of tinyproxy, installing it if needed.
pub(crate) fn ensure() -> Result<PathBuf> {
    let program = Path::new("/usr/bin/tinyproxy");
    if !program.exists() {
        if !has("apt-get") {
            bail!("the egress-proxy tests need tinyproxy: install Debian's tinyproxy");
        }
        eprintln!("installing tinyproxy for the egress-proxy tests");
        let mut update = Command::new("apt-get");
        update.arg("update");
        run_cmd(update)?;
        let mut install = Command::new("apt-get");
        install.args(["install", "-y", "tinyproxy"]).env("DEBIAN_FRONTEND", "noninteractive");
        run_cmd(install)?;
        // The package starts a system proxy on port 8888; the tests start their own.
        let _ = Command::new("systemctl").args(["stop", "tinyproxy"]).status();
        let _ = Command::new("pkill").args(["-x", "tinyproxy"]).status();
    }
    Ok(program.to_owned())
}
