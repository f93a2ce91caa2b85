//! A PostgreSQL cluster with automatic failover, from the shipped files (`deploy/ha/`) and the
//! real components (Debian's `etcd`, `patroni`, `haproxy` and PostgreSQL; `cargo xtask test`
//! installs them): one etcd, two Patroni nodes, HAProxy in front. The only changes to the files
//! are the ones a laptop needs (loopback addresses and free ports, this machine's PostgreSQL
//! binaries) and the shorter `ttl`, `loop_wait` and `retry_timeout` that docs/operations.md
//! allows, so a failover takes seconds. Patroni runs as the `postgres` user.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The superuser's password in the cluster.
pub const HA_PASSWORD: &str = "ha-secret";

#[derive(Debug)]
pub struct HaCluster {
    dir: PathBuf,
    etcd: Child,
    etcd_port: u16,
    haproxy: Child,
    haproxy_port: u16,
    nodes: Vec<HaNode>,
}

#[derive(Debug)]
struct HaNode {
    name: String,
    rest_port: u16,
    pg_port: u16,
    patroni: Option<Child>,
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

impl HaCluster {
    /// Starts etcd, two Patroni nodes and HAProxy, and waits for a leader behind the proxy.
    pub fn start() -> Result<Self> {
        Self::start_with(true)
    }

    /// [`HaCluster::start`] with asynchronous replication (`synchronous_mode: false`): the
    /// control run, which shows what the shipped synchronous mode prevents.
    pub fn start_asynchronous() -> Result<Self> {
        Self::start_with(false)
    }

    fn start_with(synchronous: bool) -> Result<Self> {
        let dir = std::env::temp_dir().join(format!("wh-ha-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir)?;
        Command::new("chown").args(["postgres:postgres", &dir.display().to_string()]).status()?;
        let etcd_port = free_port()?;
        let etcd = Command::new("etcd")
            .arg("--data-dir")
            .arg(dir.join("etcd"))
            .args(["--listen-client-urls", &format!("http://127.0.0.1:{etcd_port}")])
            .args(["--advertise-client-urls", &format!("http://127.0.0.1:{etcd_port}")])
            .args(["--listen-peer-urls", &format!("http://127.0.0.1:{}", free_port()?)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("etcd (cargo xtask test installs it)")?;
        let shipped = std::fs::read_to_string(repo_file("deploy/ha/patroni.yml"))?;
        let config = shipped
            .replace("ttl: 30", "ttl: 10")
            .replace("loop_wait: 10", "loop_wait: 1")
            .replace("retry_timeout: 10", "retry_timeout: 3")
            .replace("synchronous_mode: true", &format!("synchronous_mode: {synchronous}"))
            .replace(
                "bin_dir: /usr/lib/postgresql/15/bin",
                &format!("bin_dir: {}", crate::postgres::bin_dir()?.display()),
            );
        std::fs::write(dir.join("patroni.yml"), config)?;
        let mut nodes = Vec::new();
        for n in 1..=2 {
            nodes.push(HaNode {
                name: format!("pg{n}"),
                rest_port: free_port()?,
                pg_port: free_port()?,
                patroni: None,
            });
        }
        let haproxy_port = free_port()?;
        let haproxy = start_haproxy(&dir, haproxy_port, &nodes)?;
        let mut cluster = Self { dir, etcd, etcd_port, haproxy, haproxy_port, nodes };
        for i in 0..cluster.nodes.len() {
            cluster.start_node(i)?;
        }
        Ok(cluster)
    }

    /// The URL of `database` through HAProxy, as the services are to use.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres:{HA_PASSWORD}@127.0.0.1:{}/{database}", self.haproxy_port)
    }

    /// Patroni's REST API of node `i`.
    pub fn rest_url(&self, i: usize) -> String {
        format!("http://127.0.0.1:{}", self.nodes[i].rest_port)
    }

    pub fn node_name(&self, i: usize) -> &str {
        &self.nodes[i].name
    }

    /// Starts node `i`'s Patroni (again: after a kill it rewinds and rejoins).
    pub fn start_node(&mut self, i: usize) -> Result<()> {
        let node = &self.nodes[i];
        let data = self.dir.join(&node.name);
        let log = std::fs::File::create(self.dir.join(format!("{}.log", node.name)))?;
        let env = [
            ("PATRONI_NAME", node.name.clone()),
            ("PATRONI_ETCD3_HOSTS", format!("127.0.0.1:{}", self.etcd_port)),
            ("PATRONI_RESTAPI_LISTEN", format!("127.0.0.1:{}", node.rest_port)),
            ("PATRONI_RESTAPI_CONNECT_ADDRESS", format!("127.0.0.1:{}", node.rest_port)),
            ("PATRONI_POSTGRESQL_LISTEN", format!("127.0.0.1:{}", node.pg_port)),
            ("PATRONI_POSTGRESQL_CONNECT_ADDRESS", format!("127.0.0.1:{}", node.pg_port)),
            ("PATRONI_POSTGRESQL_DATA_DIR", data.display().to_string()),
            ("PATRONI_SUPERUSER_PASSWORD", HA_PASSWORD.to_owned()),
            ("PATRONI_REPLICATION_PASSWORD", "ha-replication".to_owned()),
            ("PATRONI_REWIND_PASSWORD", "ha-rewind".to_owned()),
        ];
        let assignments: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let child = Command::new("runuser")
            .args(["-u", "postgres", "--", "env"])
            .args(&assignments)
            .arg("patroni")
            .arg(self.dir.join("patroni.yml"))
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .context("patroni (cargo xtask test installs it)")?;
        self.nodes[i].patroni = Some(child);
        Ok(())
    }

    /// SIGKILL to node `i`'s Patroni and, with `postgres_too`, to its PostgreSQL.
    pub fn kill_node(&mut self, i: usize, postgres_too: bool) -> Result<()> {
        let data = self.dir.join(&self.nodes[i].name).display().to_string();
        if let Some(mut child) = self.nodes[i].patroni.take() {
            // runuser waits for its child, which is Patroni (`env` execs it).
            let _ = Command::new("pkill").args(["-9", "-P", &child.id().to_string()]).status();
            let _ = child.kill();
            let _ = child.wait();
        }
        if postgres_too {
            let _ = Command::new("pkill").args(["-9", "-f", &format!("postgres -D {data}")]).status();
        }
        Ok(())
    }

    /// Stops (SIGSTOP) or resumes (SIGCONT) HAProxy: the path to the database freezes.
    pub fn freeze_proxy(&self, frozen: bool) -> Result<()> {
        let signal = if frozen { "STOP" } else { "CONT" };
        let status =
            Command::new("kill").args([&format!("-{signal}"), &self.haproxy.id().to_string()]).status()?;
        if !status.success() {
            bail!("kill -{signal} haproxy");
        }
        Ok(())
    }

    /// Stops (SIGSTOP) node `i`'s WAL senders (the children of its postmaster, no other
    /// cluster's): its standby falls behind without knowing it, as one on a slow network does
    /// (what the node writes from now on is on it only).
    pub fn freeze_wal_sender(&self, i: usize) -> Result<()> {
        let pid_file = self.dir.join(&self.nodes[i].name).join("postmaster.pid");
        let postmaster =
            std::fs::read_to_string(&pid_file)?.lines().next().unwrap_or_default().trim().to_owned();
        let status = Command::new("pkill").args(["-STOP", "-P", &postmaster, "-f", "walsender"]).status()?;
        if !status.success() {
            bail!("no WAL sender under postmaster {postmaster}");
        }
        Ok(())
    }

    /// Node `i`'s log so far.
    pub fn log(&self, i: usize) -> String {
        std::fs::read_to_string(self.dir.join(format!("{}.log", self.nodes[i].name))).unwrap_or_default()
    }
}

fn start_haproxy(dir: &Path, port: u16, nodes: &[HaNode]) -> Result<Child> {
    let shipped = std::fs::read_to_string(repo_file("deploy/ha/haproxy.cfg"))?;
    let mut config: Vec<String> = shipped
        .lines()
        .filter(|l| !l.trim_start().starts_with("server "))
        .map(|l| l.replace("bind *:5000", &format!("bind 127.0.0.1:{port}")))
        .collect();
    for node in nodes {
        config.push(format!(
            "    server {} 127.0.0.1:{} maxconn 600 check port {}",
            node.name, node.pg_port, node.rest_port
        ));
    }
    let path = dir.join("haproxy.cfg");
    std::fs::write(&path, config.join("\n") + "\n")?;
    Command::new("haproxy")
        .arg("-db")
        .arg("-f")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("haproxy (cargo xtask test installs it)")
}

impl Drop for HaCluster {
    fn drop(&mut self) {
        if std::thread::panicking() {
            for i in 0..self.nodes.len() {
                let log = self.log(i);
                let tail: Vec<&str> = log.lines().rev().take(25).collect();
                eprintln!("--- {} (last lines, newest first) ---\n{}", self.nodes[i].name, tail.join("\n"));
                let kept = std::env::temp_dir().join(format!("wh-ha-{}.log", self.nodes[i].name));
                let _ = std::fs::write(&kept, &log);
                eprintln!("--- {} whole: {} ---", self.nodes[i].name, kept.display());
            }
        }
        let _ = self.freeze_proxy(false);
        for i in 0..self.nodes.len() {
            let _ = self.kill_node(i, true);
        }
        let _ = self.haproxy.kill();
        let _ = self.etcd.kill();
        let _ = self.haproxy.wait();
        let _ = self.etcd.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
