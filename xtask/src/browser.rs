//! The consoles' tests drive a real headless Chromium through ChromeDriver: Debian's
//! `chromium` and `chromium-driver`, installed here when missing (as PostgreSQL is).

use crate::util::{has, run_cmd};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Paths of ChromeDriver and Chromium, installing both if needed.
pub(crate) fn ensure() -> Result<(PathBuf, PathBuf)> {
    let (driver, chromium) = (Path::new("/usr/bin/chromedriver"), Path::new("/usr/bin/chromium"));
    if !driver.exists() || !chromium.exists() {
        if !has("apt-get") {
            bail!("the console tests need Chromium and ChromeDriver: install Debian's chromium and chromium-driver");
        }
        eprintln!("installing chromium and chromium-driver for the console tests");
        let mut update = Command::new("apt-get");
        update.arg("update");
        run_cmd(update)?;
        let mut install = Command::new("apt-get");
        install
            .args(["install", "-y", "chromium", "chromium-driver"])
            .env("DEBIAN_FRONTEND", "noninteractive");
        run_cmd(install)?;
    }
    Ok((driver.to_owned(), chromium.to_owned()))
}
