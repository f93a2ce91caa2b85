//! Start a service binary as a real process and talk to it over real HTTP.

use anyhow::{bail, Context, Result};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::HeaderMap;
use hyper::{Method, Request};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::path::Path;
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// A running service process; killed (SIGKILL) when dropped. Its stderr is echoed and kept,
/// so tests can wait for a log line.
#[derive(Debug)]
pub struct ServiceProcess {
    child: Child,
    base_url: String,
    /// `http://<METRICS_ADDR>` when the service serves its metrics on a listener of their own.
    metrics_url: Option<String>,
    log: tokio::sync::watch::Receiver<Vec<String>>,
}

impl ServiceProcess {
    /// Starts `bin` with `env` (on top of a clean environment plus PATH/HOME) and waits for the
    /// line `listening on <addr>` on its stdout (a `ROLE=worker` process serves its probes and
    /// metrics there). Pass
    /// `LISTEN_ADDR=127.0.0.1:0` for a free port.
    pub async fn start(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Result<Self> {
        Self::start_in(Path::new("."), bin, args, env).await
    }

    /// [`ServiceProcess::start`] with `dir` as the working directory.
    pub async fn start_in(dir: &Path, bin: &str, args: &[&str], env: &[(&str, &str)]) -> Result<Self> {
        let mut cmd = Command::new(bin);
        cmd.current_dir(dir)
            .args(args)
            .env_clear()
            .envs(std::env::vars().filter(|(k, _)| k == "PATH" || k == "HOME" || k == "RUST_LOG"))
            // The ingest gate holds writes while the machine's CPU is short, which a CI machine
            // running tests in parallel often is: off unless a test asks for it.
            .env("INGEST_GATE_MS", "0")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = cmd.spawn().with_context(|| format!("starting {bin}"))?;
        let stderr = child.stderr.take().context("stderr")?;
        let (log_tx, log) = tokio::sync::watch::channel(Vec::new());
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("[service] {line}");
                log_tx.send_modify(|l| l.push(line));
            }
        });
        let stdout = child.stdout.take().context("stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let mut metrics_url = None;
        let ready = tokio::time::timeout(crate::WAIT, async {
            while let Some(line) = lines.next_line().await? {
                if let Some(addr) = line.strip_prefix("metrics on ") {
                    metrics_url = Some(format!("http://{}", addr.trim()));
                }
                if let Some(addr) = line.strip_prefix("listening on ") {
                    return Ok::<_, anyhow::Error>(Some(addr.trim().to_owned()));
                }
            }
            Ok(None)
        })
        .await
        .context("the service did not report readiness in time")??;
        let Some(addr) = ready else { bail!("{bin} exited before it was ready") };
        // Keep draining stdout so the child never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Self { child, base_url: format!("http://{addr}"), metrics_url, log })
    }

    /// The HTTP base URL (a `ROLE=worker` process serves its probes and metrics there).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Where `/metrics` is served when `METRICS_ADDR` is set.
    pub fn metrics_url(&self) -> Option<&str> {
        self.metrics_url.as_deref()
    }

    /// Every line the process has written to stderr so far.
    pub fn log_lines(&self) -> Vec<String> {
        self.log.borrow().clone()
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// SIGKILL, as `kill -9`, and reap.
    pub async fn kill(&mut self) -> Result<()> {
        self.child.kill().await?;
        Ok(())
    }

    /// Sends a signal by name (`STOP`, `CONT`, `TERM`).
    pub fn signal(&self, name: &str) -> Result<()> {
        let pid = self.child.id().context("the process has exited")?;
        let status =
            std::process::Command::new("kill").args([&format!("-{name}"), &pid.to_string()]).status()?;
        if !status.success() {
            bail!("kill -{name} {pid} failed");
        }
        Ok(())
    }

    /// SIGTERM and wait for a graceful exit.
    pub async fn terminate(&mut self) -> Result<std::process::ExitStatus> {
        self.signal("TERM")?;
        Ok(tokio::time::timeout(crate::WAIT, self.child.wait()).await??)
    }

    /// How many lines of the process's stderr read so far contain `needle`.
    pub fn log_count(&self, needle: &str) -> usize {
        self.log.borrow().iter().filter(|l| l.contains(needle)).count()
    }

    /// Waits until a line of the process's stderr contains `needle` (panics after [`crate::WAIT`]).
    pub async fn wait_for_log(&self, needle: &str) {
        let mut rx = self.log.clone();
        let found =
            tokio::time::timeout(crate::WAIT, rx.wait_for(|lines| lines.iter().any(|l| l.contains(needle))));
        assert!(found.await.is_ok(), "no log line containing {needle:?}");
    }
}

/// Runs a binary to completion and returns its stdout (for CLI commands such as `token`).
pub async fn run_cli(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Result<String> {
    run_cli_in(Path::new("."), bin, args, env).await
}

/// [`run_cli`] with `dir` as the working directory.
pub async fn run_cli_in(dir: &Path, bin: &str, args: &[&str], env: &[(&str, &str)]) -> Result<String> {
    let out = Command::new(bin)
        .current_dir(dir)
        .args(args)
        .env_clear()
        .envs(std::env::vars().filter(|(k, _)| k == "PATH" || k == "HOME"))
        .envs(env.iter().copied())
        .output()
        .await?;
    if !out.status.success() {
        bail!("{bin} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8(out.stdout)?)
}

/// A response as received.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl ApiResponse {
    /// The body as JSON (panics with the body text if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

/// A minimal HTTP client for calling the services in tests.
#[derive(Debug, Clone)]
pub struct ApiClient {
    base: String,
    bearer: Option<String>,
    client: Client<HttpConnector, Full<Bytes>>,
}

impl ApiClient {
    pub fn new(base: &str) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
            bearer: None,
            client: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    pub fn with_bearer(&self, token: &str) -> Self {
        Self { bearer: Some(token.to_owned()), ..self.clone() }
    }

    /// Sends a request; `body` is sent as JSON when present.
    pub async fn call(&self, method: &str, path: &str, body: Option<serde_json::Value>) -> ApiResponse {
        let raw = body.map(|b| (b.to_string().into_bytes(), "application/json"));
        self.raw(method, path, raw.as_ref().map(|(b, ct)| (b.as_slice(), *ct)), &[]).await
    }

    /// [`ApiClient::call`], or `None` when nothing answers (a server that is down or not yet up).
    pub async fn try_call(
        &self,
        method: &str,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> Option<ApiResponse> {
        let mut req = Request::builder()
            .method(Method::from_bytes(method.as_bytes()).expect("method"))
            .uri(format!("{}{path}", self.base));
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let bytes = body.map(|b| Bytes::from(b.to_string())).unwrap_or_default();
        let res = self.client.request(req.body(Full::new(bytes)).expect("request")).await.ok()?;
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let body = res.into_body().collect().await.ok()?.to_bytes();
        Some(ApiResponse { status, headers, body })
    }

    /// Sends raw bytes with a content type and extra headers.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        body: Option<(&[u8], &str)>,
        headers: &[(&str, &str)],
    ) -> ApiResponse {
        let mut req = Request::builder()
            .method(Method::from_bytes(method.as_bytes()).expect("method"))
            .uri(format!("{}{path}", self.base));
        if let Some(token) = &self.bearer {
            req = req.header("authorization", format!("Bearer {token}"));
        }
        if let Some((_, ct)) = body {
            req = req.header("content-type", ct);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let bytes = body.map(|(b, _)| Bytes::copy_from_slice(b)).unwrap_or_default();
        let res = self.client.request(req.body(Full::new(bytes)).expect("request")).await.expect("API call");
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let body = res.into_body().collect().await.expect("body").to_bytes();
        ApiResponse { status, headers, body }
    }
}

/// How a path parameter starts in a route pattern (`/webhooks/{endpointId}`).
const PARAMETER_START: char = '{';

/// Calls every (method, path) of a route table on a running service, with random UUIDs for
/// path parameters and `{}` bodies, and panics if one is not routed (405, or the JSON 404
/// "no such route" the services answer for unknown paths).
pub async fn assert_routes_served(api: &ApiClient, routes: &[(&str, &str)]) {
    for (method, path) in routes {
        let concrete = path
            .split('/')
            .map(|seg| {
                if seg.starts_with(PARAMETER_START) {
                    uuid::Uuid::new_v4().to_string()
                } else {
                    seg.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let body = matches!(*method, "POST" | "PATCH").then(|| serde_json::json!({}));
        let res = api.call(method, &concrete, body).await;
        assert_ne!(res.status, 405, "{method} {path} is not registered");
        let unrouted = res.status == 404 && res.json()["detail"] == "no such route";
        assert!(!unrouted, "{method} {path} is not registered");
    }
}

/// A command-line process that runs on (such as `listen`): its stdout and stderr lines are
/// echoed and kept, so a test can wait for a line; killed (SIGKILL) when dropped.
#[derive(Debug)]
pub struct CliProcess {
    child: Child,
    lines: tokio::sync::watch::Receiver<Vec<String>>,
}

impl CliProcess {
    /// Starts `bin` with `args` and `env` (on top of a clean environment plus PATH/HOME).
    pub fn start(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Result<Self> {
        let mut child = Command::new(bin)
            .args(args)
            .env_clear()
            .envs(std::env::vars().filter(|(k, _)| k == "PATH" || k == "HOME" || k == "RUST_LOG"))
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {bin}"))?;
        let (tx, lines) = tokio::sync::watch::channel(Vec::new());
        let stdout = child.stdout.take().context("stdout")?;
        let stderr = child.stderr.take().context("stderr")?;
        for (stream, tx) in [
            (Box::pin(stdout) as std::pin::Pin<Box<dyn tokio::io::AsyncRead + Send>>, tx.clone()),
            (Box::pin(stderr), tx),
        ] {
            tokio::spawn(async move {
                let mut lines = BufReader::new(stream).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    eprintln!("[cli] {line}");
                    tx.send_modify(|l| l.push(line));
                }
            });
        }
        Ok(Self { child, lines })
    }

    /// Every line written so far (stdout and stderr, in arrival order).
    pub fn lines(&self) -> Vec<String> {
        self.lines.borrow().clone()
    }

    /// Waits for the first line starting with `prefix` and returns the rest of it (panics
    /// after [`crate::WAIT`]).
    pub async fn wait_for_line(&self, prefix: &str) -> String {
        let mut rx = self.lines.clone();
        let found =
            tokio::time::timeout(crate::WAIT, rx.wait_for(|l| l.iter().any(|l| l.starts_with(prefix))));
        assert!(found.await.is_ok(), "no line starting with {prefix:?}: {:?}", self.lines());
        let lines = self.lines();
        let line = lines.iter().find(|l| l.starts_with(prefix)).map(String::as_str).unwrap_or_default();
        line[prefix.len()..].to_owned()
    }

    /// Sends a signal by name (`INT`, `TERM`).
    pub fn signal(&self, name: &str) -> Result<()> {
        let pid = self.child.id().context("the process has exited")?;
        let status =
            std::process::Command::new("kill").args([&format!("-{name}"), &pid.to_string()]).status()?;
        if !status.success() {
            bail!("kill -{name} {pid} failed");
        }
        Ok(())
    }

    /// SIGKILL, and reap.
    pub async fn kill(&mut self) -> Result<()> {
        self.child.kill().await?;
        Ok(())
    }

    /// Waits for the process to exit (bounded by [`crate::WAIT`]).
    pub async fn wait(&mut self) -> Result<std::process::ExitStatus> {
        Ok(tokio::time::timeout(crate::WAIT, self.child.wait()).await??)
    }
}
