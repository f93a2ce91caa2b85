//! The high-availability files (`deploy/ha/`) are checked by the tools that run them: Debian's
//! `haproxy` (`-c`), `patroni` (`--validate-config`, which needs a reachable etcd: a throwaway
//! one is started) and `etcd`, installed here when missing. Their packages' own services are
//! stopped so that they hold no port.

use crate::util::{has, run_cmd};
use anyhow::{bail, ensure, Context, Result};
use std::path::Path;
use std::process::{Command, Stdio};

const PACKAGES: [(&str, &str); 3] =
    [("/usr/sbin/haproxy", "haproxy"), ("/usr/bin/patroni", "patroni"), ("/usr/bin/etcd", "etcd-server")];

/// Installs what is missing of HAProxy, Patroni and etcd.
pub(crate) fn ensure_tools() -> Result<()> {
    let missing: Vec<&str> =
        PACKAGES.iter().filter(|(path, _)| !Path::new(path).exists()).map(|(_, package)| *package).collect();
    if missing.is_empty() {
        return Ok(());
    }
    if !has("apt-get") {
        bail!("deploy/ha/ is checked with {}: install Debian's packages", missing.join(", "));
    }
    eprintln!("installing {} to check deploy/ha/", missing.join(", "));
    let mut update = Command::new("apt-get");
    update.arg("update");
    run_cmd(update)?;
    let mut install = Command::new("apt-get");
    install.args(["install", "-y"]).args(&missing).env("DEBIAN_FRONTEND", "noninteractive");
    run_cmd(install)?;
    for service in ["haproxy", "patroni", "etcd"] {
        let _ = Command::new("systemctl").args(["stop", service]).status();
        let _ = Command::new("pkill").args(["-x", service]).status();
    }
    Ok(())
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// `haproxy -c` on the proxy's file, and `patroni --validate-config` on the cluster's with one
/// node's environment (its name, a reachable etcd, free ports), as a node would start it.
pub(crate) fn check_files(dir: &Path) -> Result<()> {
    ensure_tools()?;
    let haproxy = Command::new("haproxy").arg("-c").arg("-f").arg(dir.join("haproxy.cfg")).output()?;
    ensure!(haproxy.status.success(), "haproxy -c: {}", String::from_utf8_lossy(&haproxy.stderr));
    let data = crate::util::target_dir().join("deploy-tools/etcd-check");
    let _ = std::fs::remove_dir_all(&data);
    let (client, peer) = (free_port()?, free_port()?);
    let client_url = format!("http://127.0.0.1:{client}");
    let mut etcd = Command::new("etcd")
        .args(["--data-dir"])
        .arg(&data)
        .args(["--listen-client-urls", &client_url, "--advertise-client-urls", &client_url])
        .args(["--listen-peer-urls", &format!("http://127.0.0.1:{peer}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("starting etcd")?;
    let validated = validate_patroni(dir, client);
    let _ = etcd.kill();
    let _ = etcd.wait();
    validated
}

fn validate_patroni(dir: &Path, etcd_port: u16) -> Result<()> {
    let mut last = String::new();
    // etcd takes a moment to listen: Patroni's validator needs it reachable.
    for _ in 0..50 {
        let out = Command::new("patroni")
            .arg("--validate-config")
            .arg(dir.join("patroni.yml"))
            .env("PATRONI_NAME", "pg1")
            .env("PATRONI_ETCD3_HOSTS", format!("127.0.0.1:{etcd_port}"))
            .env("PATRONI_POSTGRESQL_LISTEN", format!("127.0.0.1:{}", free_port()?))
            .env("PATRONI_RESTAPI_LISTEN", format!("127.0.0.1:{}", free_port()?))
            .output()?;
        if out.status.success() {
            return Ok(());
        }
        last = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if !last.contains("is not reachable") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    bail!("patroni --validate-config deploy/ha/patroni.yml: {last}")
}
