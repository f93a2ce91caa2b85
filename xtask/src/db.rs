//! `cargo xtask db-up`, and the psql helpers the other tasks use on that local PostgreSQL.

use crate::util::{has, run_cmd};
use anyhow::{bail, Context, Result};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn postgres_answers() -> bool {
    let addr: SocketAddr = "127.0.0.1:5432".parse().expect("valid address");
    TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_ok()
}

/// PostgreSQL on 127.0.0.1:5432 with trust auth for `postgres`, as the tests expect.
pub(crate) fn up() -> Result<()> {
    if postgres_answers() {
        return Ok(());
    }
    eprintln!("PostgreSQL does not answer on 127.0.0.1:5432; starting it");
    if !Path::new("/etc/postgresql").exists() {
        if !has("apt-get") {
            bail!("PostgreSQL is not installed and apt-get is not available: install PostgreSQL 13+ listening on 127.0.0.1:5432 with trust auth for user postgres");
        }
        let mut update = Command::new("apt-get");
        update.arg("update");
        run_cmd(update)?;
        let mut install = Command::new("apt-get");
        install.args(["install", "-y", "postgresql"]).env("DEBIAN_FRONTEND", "noninteractive");
        run_cmd(install)?;
        trust_loopback()?;
    }
    for version in std::fs::read_dir("/etc/postgresql")?.flatten() {
        let version = version.file_name().to_string_lossy().into_owned();
        let mut start = Command::new("pg_ctlcluster");
        start.args(["--skip-systemctl-redirect", &version, "main", "start"]);
        if let Err(e) = run_cmd(start) {
            eprintln!("{e}");
        }
    }
    for _ in 0..60 {
        if postgres_answers() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    bail!("PostgreSQL did not come up on 127.0.0.1:5432")
}

/// On a PostgreSQL this task installed: trust local TCP connections, as the test setup assumes.
fn trust_loopback() -> Result<()> {
    for version in std::fs::read_dir("/etc/postgresql")?.flatten() {
        let hba = version.path().join("main/pg_hba.conf");
        let current = std::fs::read_to_string(&hba).with_context(|| format!("reading {}", hba.display()))?;
        let line = "host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n";
        if !current.starts_with(line) {
            std::fs::write(&hba, format!("{line}{current}"))?;
        }
    }
    Ok(())
}

pub(crate) fn psql(sql: &str) -> Result<String> {
    let out = Command::new("psql")
        .args(["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-Atc", sql])
        .output()
        .context("running psql (the PostgreSQL client)")?;
    if !out.status.success() {
        bail!("psql: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

pub(crate) fn ensure_database(name: &str) -> Result<String> {
    if psql(&format!("SELECT 1 FROM pg_database WHERE datname = '{name}'"))?.is_empty() {
        psql(&format!("CREATE DATABASE {name}"))?;
    }
    Ok(format!("postgres://postgres@127.0.0.1:5432/{name}"))
}
