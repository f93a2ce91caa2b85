//! A real forward proxy for the egress-proxy tests: Debian's tinyproxy (`TINYPROXY` names the
//! program; default `/usr/bin/tinyproxy`, which `cargo xtask test` installs), on a free
//! loopback port, logging every CONNECT it is asked for.

use crate::wait::eventually;
use anyhow::{Context, Result};
use std::path::PathBuf;
use tokio::process::{Child, Command};

pub struct Tinyproxy {
    port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl std::fmt::Debug for Tinyproxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tinyproxy").field("port", &self.port).finish()
    }
}

impl Tinyproxy {
    /// Starts a proxy that takes requests from loopback only; answers once it accepts
    /// connections.
    pub async fn start() -> Result<Self> {
        Self::start_with("").await
    }

    /// [`Tinyproxy::start`], taking only requests with `Proxy-Authorization: Basic` of `user`
    /// and `password` (others get 407).
    pub async fn start_with_auth(user: &str, password: &str) -> Result<Self> {
        Self::start_with(&format!("BasicAuth {user} {password}\n")).await
    }

    async fn start_with(extra: &str) -> Result<Self> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let dir = tempfile::tempdir()?;
        let config = format!(
            "Port {port}\nListen 127.0.0.1\nTimeout 30\nLogFile \"{}\"\nLogLevel Connect\nMaxClients 200\n\
             Allow 127.0.0.1\nDisableViaHeader Yes\n{extra}",
            dir.path().join("tinyproxy.log").display()
        );
        std::fs::write(dir.path().join("tinyproxy.conf"), config)?;
        let mut proxy = Self { port, dir, child: None };
        proxy.resume().await?;
        Ok(proxy)
    }

    /// `http://127.0.0.1:<port>`, as `OUTBOUND_PROXY` takes it.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// [`Tinyproxy::url`] with credentials.
    pub fn url_with(&self, user: &str, password: &str) -> String {
        format!("http://{user}:{password}@127.0.0.1:{}", self.port)
    }

    /// The destinations it was asked to CONNECT to, in order (`host:port`).
    pub fn connects(&self) -> Vec<String> {
        let log = std::fs::read_to_string(self.dir.path().join("tinyproxy.log")).unwrap_or_default();
        log.lines()
            .filter_map(|l| l.split("): CONNECT ").nth(1))
            .filter_map(|rest| rest.split_whitespace().next())
            .map(str::to_owned)
            .collect()
    }

    /// Stops it (its port then refuses connections).
    pub async fn stop(&mut self) -> Result<()> {
        if let Some(mut child) = self.child.take() {
            child.kill().await?;
        }
        Ok(())
    }

    /// Starts it again on the same port.
    pub async fn resume(&mut self) -> Result<()> {
        let program = std::env::var("TINYPROXY").unwrap_or_else(|_| "/usr/bin/tinyproxy".to_owned());
        let conf: PathBuf = self.dir.path().join("tinyproxy.conf");
        let child = Command::new(&program)
            .arg("-d")
            .arg("-c")
            .arg(&conf)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {program} (cargo xtask test installs Debian's tinyproxy)"))?;
        self.child = Some(child);
        let port = self.port;
        eventually("tinyproxy to accept connections", || async move {
            tokio::net::TcpStream::connect(("127.0.0.1", port)).await.ok().map(|_| ())
        })
        .await;
        Ok(())
    }
}
