//! `cargo xtask run`: both services with development settings, supervised.
//!
//! The supervisor stops its children on SIGTERM, SIGINT and SIGHUP (one SIGTERM each, so they
//! drain as in production; a second signal kills them). The children run in a process group
//! of their own (a terminal's Ctrl-C reaches only the supervisor, which forwards it once) and
//! with `STOP_ON_STDIN_EOF`: the supervisor holds their stdin, so if it dies, even by SIGKILL,
//! their stdin closes and they stop. Nothing outlives it.

use crate::db::{self, ensure_database};
use crate::util::{base64, random_bytes, root, service_bins, target_dir};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, Command};
use tokio::signal::unix::{signal, Signal, SignalKind};

pub(crate) const HELP: &str = "\
cargo xtask run [--postgres] [--release] [--no-build] [--free-ports] [--data-dir DIR]

Builds and starts workflow-api (127.0.0.1:8080) and campaign-api (127.0.0.1:8081) with
development settings, and prints a session JWT, the demo workspace's API key, and commands
that mint more against the same store, then four `export` lines to paste into the shell you
will call the services from (DATA_DIR, WORKFLOW and TOKEN, CAMPAIGN and API_KEY: the
getting-started guides in docs/ use them; OPERATOR_KEY, the operator API's key both services
take, generated once into DATA_DIR/operator.key). Creates once, in DATA_DIR/dev-tls, a development CA
and a certificate for localhost that `cargo xtask receiver --tls` serves; both services trust
that CA (OUTBOUND_CA_FILE) and may reach loopback (OUTBOUND_ALLOW_CIDRS=127.0.0.0/8,::1/128).
SIGTERM, SIGINT (Ctrl-C) or SIGHUP stops both; they never outlive this process.

  --postgres     keep state on the local PostgreSQL (started if needed; databases
                 webhooks_workflow_api and webhooks_campaign_api; secrets in DATA_DIR/dev.env)
                 instead of the embedded SQLite files in DATA_DIR
  --release      an optimised build (target/release), for measuring with `cargo xtask load`
  --no-build     use the binaries already in the target directory (CARGO_TARGET_DIR or
                 target/) instead of building them first
  --free-ports   listen on free ports instead of 8080/8081 (the addresses are printed)
  --data-dir DIR state, generated secrets and the development certificate (default:
                 $DATA_DIR if set, else ./data in the workspace)
";

/// What `cargo xtask run` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RunOptions {
    postgres: bool,
    release: bool,
    build: bool,
    free_ports: bool,
    data_dir: PathBuf,
}

/// The options, or `None` when help was asked for.
fn parse(args: &[String]) -> Result<Option<RunOptions>> {
    let data_dir = match std::env::var_os("DATA_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => std::path::absolute(dir)?,
        None => root().join("data"),
    };
    let mut opts = RunOptions { postgres: false, release: false, build: true, free_ports: false, data_dir };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--postgres" => opts.postgres = true,
            "--release" => opts.release = true,
            "--no-build" => opts.build = false,
            "--free-ports" => opts.free_ports = true,
            "--data-dir" => {
                let dir = args.next().context("--data-dir needs a directory")?;
                opts.data_dir = std::path::absolute(dir)?;
            }
            "-h" | "--help" | "help" => return Ok(None),
            other => bail!("unknown option `{other}`\n\n{HELP}"),
        }
    }
    Ok(Some(opts))
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let Some(opts) = parse(args)? else {
        print!("{HELP}");
        return Ok(());
    };
    tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(supervise(opts))
}

/// Where the services keep their state, as the CLI commands must be told.
#[derive(Debug, Clone)]
enum Store {
    Embedded { data_dir: PathBuf },
    Postgres { url: String, dev_env: PathBuf },
}

/// One shell line that runs `bin args` against `store` from any directory: the hints printed
/// after start-up (the CLI never generates secrets; it must find the service's).
fn cli_command(bin: &Path, store: &Store, args: &str) -> String {
    match store {
        Store::Embedded { data_dir } => {
            format!(
                "DATA_DIR={} {} {args}",
                sh_quote(&data_dir.display().to_string()),
                sh_quote(&bin.display().to_string())
            )
        }
        Store::Postgres { url, dev_env } => format!(
            "env $(grep -v '^#' {}) DATABASE_URL={} {} {args}",
            sh_quote(&dev_env.display().to_string()),
            sh_quote(url),
            sh_quote(&bin.display().to_string())
        ),
    }
}

fn sh_quote(s: &str) -> String {
    let plain = s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-:@+=,".contains(c));
    match plain {
        true => s.to_owned(),
        false => format!("'{}'", s.replace('\'', r"'\''")),
    }
}

/// SIGTERM, SIGINT and SIGHUP, as one stream.
struct StopSignals {
    term: Signal,
    int: Signal,
    hup: Signal,
}

impl StopSignals {
    fn new() -> Result<Self> {
        Ok(Self {
            term: signal(SignalKind::terminate())?,
            int: signal(SignalKind::interrupt())?,
            hup: signal(SignalKind::hangup())?,
        })
    }

    async fn next(&mut self) -> &'static str {
        tokio::select! {
            _ = self.term.recv() => "SIGTERM",
            _ = self.int.recv() => "SIGINT",
            _ = self.hup.recv() => "SIGHUP",
        }
    }
}

/// A started service.
struct Service {
    name: &'static str,
    addr: String,
    pid: u32,
    store: Store,
    /// Held open: the child stops when it closes (STOP_ON_STDIN_EOF).
    _stdin: ChildStdin,
}

/// How each child's exit reaches the supervisor.
type Exits = tokio::sync::mpsc::UnboundedReceiver<(&'static str, std::io::Result<std::process::ExitStatus>)>;

async fn supervise(opts: RunOptions) -> Result<()> {
    // First, so that a signal during the build or start-up is handled too.
    let mut signals = StopSignals::new()?;
    let bins = service_bins();
    if bins.is_empty() {
        bail!("no service crates in this checkout yet");
    }
    let bin_dir = target_dir().join(if opts.release { "release" } else { "debug" });
    if opts.build {
        build(opts.release, &mut signals).await?;
    }
    for b in bins.iter().copied().chain(["dev-receiver"]) {
        if !bin_dir.join(b).is_file() {
            bail!(
                "{} is missing: build it (cargo build -p {b}) or drop --no-build",
                bin_dir.join(b).display()
            );
        }
    }
    std::fs::create_dir_all(&opts.data_dir)?;
    let ca_file = dev_certificate(&bin_dir, &opts.data_dir).await?;
    let env = service_env(&opts, &ca_file)?;
    let (exits_tx, mut exits) = tokio::sync::mpsc::unbounded_channel();
    let mut services = Vec::new();
    for (i, name) in bins.iter().copied().enumerate() {
        let store = store_of(name, &opts)?;
        let (pid, stdin, mut lines) = start(name, &store, &opts, &bin_dir, &env, exits_tx.clone())?;
        let addr = tokio::select! {
            addr = ready_address(&mut lines) => addr?,
            sig = signals.next() => {
                eprintln!("{sig}: stopping");
                return stop(&services_and(&services, pid), &mut exits, &mut signals, i + 1).await;
            }
        };
        let Some(addr) = addr else {
            let started: Vec<u32> = services.iter().map(|s: &Service| s.pid).collect();
            let _ = stop(&started, &mut exits, &mut signals, i + 1).await;
            bail!("{name} exited before it was ready (see its log above)");
        };
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        services.push(Service { name, addr, pid, store, _stdin: stdin });
    }
    drop(exits_tx);
    print_started(&services, &bin_dir, &opts, &ca_file).await;
    wait_then_stop(&services, &mut exits, &mut signals).await
}

/// Builds the services and the development receiver in one cargo invocation
/// (`util::binary_packages`).
async fn build(release: bool, signals: &mut StopSignals) -> Result<()> {
    let profile: &[&str] = if release { &["--release"] } else { &[] };
    let packages = crate::util::binary_packages();
    let mut build = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    build.current_dir(root()).arg("build").args(&packages).args(profile).kill_on_drop(true);
    eprintln!("$ cargo build {} {}", packages.join(" "), profile.join(" "));
    tokio::select! {
        status = build.status() => {
            let status = status?;
            if !status.success() {
                bail!("cargo build {} failed with {status}", packages.join(" "));
            }
        }
        sig = signals.next() => bail!("{sig} during the build: stopped"),
    }
    Ok(())
}

/// The development CA and localhost certificate, made once in DATA_DIR/dev-tls; the CA file.
async fn dev_certificate(bin_dir: &Path, data_dir: &Path) -> Result<PathBuf> {
    let tls_dir = data_dir.join("dev-tls");
    let out =
        Command::new(bin_dir.join("dev-receiver")).args(["dev-cert", "--dir"]).arg(&tls_dir).output().await?;
    if !out.status.success() {
        bail!("creating the development certificate: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(tls_dir.join("ca.pem"))
}

/// The development settings both services start with.
fn service_env(opts: &RunOptions, ca_file: &Path) -> Result<Vec<(String, String)>> {
    let mut env = vec![
        // Local receivers are the point of a development run.
        ("OUTBOUND_ALLOW_CIDRS".to_owned(), "127.0.0.0/8,::1/128".to_owned()),
        ("OUTBOUND_CA_FILE".to_owned(), ca_file.display().to_string()),
        ("DATA_DIR".to_owned(), opts.data_dir.display().to_string()),
        ("STOP_ON_STDIN_EOF".to_owned(), "true".to_owned()),
        ("OPERATOR_KEYS".to_owned(), operator_key(&opts.data_dir)?),
    ];
    if opts.postgres {
        db::up()?;
        env.extend(dev_env(&opts.data_dir)?);
    }
    Ok(env)
}

/// Where `name` keeps its state in this run.
fn store_of(name: &str, opts: &RunOptions) -> Result<Store> {
    Ok(match opts.postgres {
        true => Store::Postgres {
            url: ensure_database(&format!("webhooks_{}", name.replace('-', "_")))?,
            dev_env: opts.data_dir.join("dev.env"),
        },
        false => Store::Embedded { data_dir: opts.data_dir.clone() },
    })
}

/// Lines of a child's standard output.
type Lines = tokio::io::Lines<BufReader<tokio::process::ChildStdout>>;

/// Starts `name` in a process group of its own, with its stdin held (STOP_ON_STDIN_EOF); its
/// exit is sent to `exits`.
fn start(
    name: &'static str,
    store: &Store,
    opts: &RunOptions,
    bin_dir: &Path,
    env: &[(String, String)],
    exits: tokio::sync::mpsc::UnboundedSender<(&'static str, std::io::Result<std::process::ExitStatus>)>,
) -> Result<(u32, ChildStdin, Lines)> {
    let mut cmd = Command::new(bin_dir.join(name));
    cmd.current_dir(root()).envs(env.iter().cloned());
    if let Store::Postgres { url, .. } = store {
        cmd.env("DATABASE_URL", url);
    }
    if opts.free_ports {
        cmd.env("LISTEN_ADDR", "127.0.0.1:0");
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).process_group(0).kill_on_drop(true);
    let mut child = cmd.spawn().with_context(|| format!("starting {name}"))?;
    let pid = child.id().context("pid")?;
    let stdin = child.stdin.take().context("stdin")?;
    let lines = BufReader::new(child.stdout.take().context("stdout")?).lines();
    tokio::spawn(async move {
        let status = child.wait().await;
        let _ = exits.send((name, status));
    });
    Ok((pid, stdin, lines))
}

/// The address a child prints once it listens; `None` if it exits first.
async fn ready_address(lines: &mut Lines) -> Result<Option<String>> {
    while let Some(line) = lines.next_line().await? {
        if let Some(a) = line.strip_prefix("listening on ") {
            return Ok(Some(a.trim().to_owned()));
        }
    }
    Ok(None)
}

/// Each service's address and credentials, the receiver hint, and the `export` lines.
async fn print_started(services: &[Service], bin_dir: &Path, opts: &RunOptions, ca_file: &Path) {
    println!();
    let mut exports = vec![format!("DATA_DIR={}", sh_quote(&opts.data_dir.display().to_string()))];
    for s in services {
        match print_credentials(s, bin_dir, &opts.data_dir).await {
            Ok(assignments) => exports.push(assignments),
            Err(e) => eprintln!("{}: {e:#}", s.name),
        }
    }
    println!("HTTPS receivers: both services trust the development CA {}", ca_file.display());
    println!("  cargo xtask receiver --tls --addr 127.0.0.1:9443 --secret <the endpoint's whsec_… secret>");
    println!("  register https://localhost:9443/ (campaign-api needs https; workflow-api takes either)");
    match operator_key(&opts.data_dir) {
        Ok(key) => exports.push(format!("OPERATOR_KEY={}", sh_quote(&key))),
        Err(e) => eprintln!("the operator key: {e:#}"),
    }
    println!("\nIn the shell you will call the services from, paste (docs/getting-started-*.md use these):");
    for assignments in &exports {
        println!("export {assignments}");
    }
    let state = match opts.postgres {
        true => "PostgreSQL".to_owned(),
        false => format!("{} (embedded SQLite)", opts.data_dir.display()),
    };
    println!("\nState: {state}. Ctrl-C (or SIGTERM, SIGHUP) stops both.");
}

/// Runs until a signal or a service's exit, then stops them all.
async fn wait_then_stop(services: &[Service], exits: &mut Exits, signals: &mut StopSignals) -> Result<()> {
    let pids: Vec<u32> = services.iter().map(|s| s.pid).collect();
    tokio::select! {
        sig = signals.next() => {
            eprintln!("{sig}: stopping both services");
            stop(&pids, exits, signals, services.len()).await
        }
        Some((name, status)) = exits.recv() => {
            eprintln!("{name} exited ({}): stopping the other", describe(&status));
            let _ = stop(&pids, exits, signals, services.len() - 1).await;
            bail!("{name} exited")
        }
    }
}

fn services_and(services: &[Service], pid: u32) -> Vec<u32> {
    services.iter().map(|s| s.pid).chain([pid]).collect()
}

fn describe(status: &std::io::Result<std::process::ExitStatus>) -> String {
    match status {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    }
}

/// SIGTERM to each child once, then waits for `running` exits. A second signal, or no exit
/// within the services' shutdown grace and a margin, kills what is left.
async fn stop(pids: &[u32], exits: &mut Exits, signals: &mut StopSignals, mut running: usize) -> Result<()> {
    send_signal(pids, "TERM").await;
    let deadline = tokio::time::sleep(Duration::from_secs(40));
    tokio::pin!(deadline);
    while running > 0 {
        tokio::select! {
            exit = exits.recv() => match exit {
                Some((name, status)) => {
                    eprintln!("{name} stopped ({})", describe(&status));
                    running -= 1;
                }
                None => break,
            },
            sig = signals.next() => {
                eprintln!("{sig} again: killing the services");
                send_signal(pids, "KILL").await;
            }
            () = &mut deadline => {
                eprintln!("the services did not stop in time: killing them");
                send_signal(pids, "KILL").await;
            }
        }
    }
    Ok(())
}

async fn send_signal(pids: &[u32], name: &str) {
    for pid in pids {
        let _ = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(pid.to_string())
            .stderr(Stdio::null())
            .status()
            .await;
    }
}

/// The address and credentials of one service, and the command that makes more against the
/// same store; returns them as shell assignments (`WORKFLOW=… TOKEN=…`) for the `export` line.
async fn print_credentials(s: &Service, bin_dir: &Path, data_dir: &Path) -> Result<String> {
    let bin = bin_dir.join(s.name);
    let run_cli = |args: &str| {
        let line = cli_command(&bin, &s.store, args);
        async move {
            let out = Command::new("sh").args(["-c", &line]).output().await?;
            if !out.status.success() {
                bail!("{line}: {}", String::from_utf8_lossy(&out.stderr));
            }
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        }
    };
    match s.name {
        "workflow-api" => {
            let token = run_cli("token --account demo --ttl 7d").await?;
            let link = run_cli(&format!("console-link --account demo --base-url http://{}", s.addr)).await?;
            println!("workflow-api  http://{}  (docs/workflow-api.md)", s.addr);
            println!("  a session JWT of account `demo`, valid for 7 days: TOKEN below");
            println!("  console: {link}");
            println!("  more: {}", cli_command(&bin, &s.store, "token --account <id>"));
            Ok(format!("WORKFLOW=http://{} TOKEN={}", s.addr, sh_quote(&token)))
        }
        "campaign-api" => {
            let (key, workspace) = demo_api_key(s, data_dir, run_cli("create-workspace --name demo")).await?;
            let link = run_cli(&format!("console-link --workspace {workspace} --base-url http://{}", s.addr))
                .await?;
            println!("campaign-api  http://{}  (docs/campaign-api.md)", s.addr);
            println!("  the API key of workspace `demo` (the same on every run): API_KEY below");
            println!("  console: {link}");
            println!("  more: {}", cli_command(&bin, &s.store, "create-workspace --name <name>"));
            Ok(format!("CAMPAIGN=http://{} API_KEY={}", s.addr, sh_quote(&key)))
        }
        other => bail!("no credentials for {other}"),
    }
}

/// The demo workspace's key and id: the ones kept in DATA_DIR if the key still authenticates,
/// else a new workspace's (kept for the next run, so runs do not pile up `demo` workspaces).
async fn demo_api_key(
    s: &Service,
    data_dir: &Path,
    create: impl std::future::Future<Output = Result<String>>,
) -> Result<(String, String)> {
    let file = data_dir.join(match s.store {
        Store::Embedded { .. } => "campaign-api.demo-workspace.json",
        Store::Postgres { .. } => "campaign-api.demo-workspace.postgres.json",
    });
    let kept = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| Some((json_string(&t, "apiKey")?, json_string(&t, "workspaceId")?)));
    if let Some((key, workspace)) = kept {
        if authenticates(&s.addr, &key).await {
            return Ok((key, workspace));
        }
    }
    let created = create.await?;
    let key = json_string(&created, "apiKey").context("create-workspace printed no apiKey")?;
    let workspace =
        json_string(&created, "workspaceId").context("create-workspace printed no workspaceId")?;
    write_private(&file, &created)?;
    Ok((key, workspace))
}

/// The string value of `"field":"…"` in one line of compact JSON (no dependency for this).
fn json_string(json: &str, field: &str) -> Option<String> {
    let start = json.find(&format!("\"{field}\":\""))? + field.len() + 4;
    let len = json[start..].find('"')?;
    Some(json[start..start + len].to_owned())
}

/// Whether campaign-api at `addr` accepts `key` (one plain HTTP/1.1 request).
async fn authenticates(addr: &str, key: &str) -> bool {
    let attempt = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        let request = format!(
            "GET /api/v1/webhooks HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {key}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await?;
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).await?;
        Ok::<_, std::io::Error>(head.ends_with(b" 200"))
    };
    matches!(tokio::time::timeout(Duration::from_secs(5), attempt).await, Ok(Ok(true)))
}

fn write_private(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let _ = std::fs::remove_file(path);
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(format!("{text}\n").as_bytes())?;
    Ok(())
}

/// The operator API's key of this development run (both services take it as `OPERATOR_KEYS`),
/// generated once into `DATA_DIR/operator.key` and reused.
fn operator_key(data_dir: &Path) -> Result<String> {
    let path = data_dir.join("operator.key");
    if !path.exists() {
        std::fs::create_dir_all(data_dir)?;
        write_private(&path, &format!("op_{}", base64(&random_bytes(32)?).replace(['+', '/', '='], "")))?;
    }
    Ok(std::fs::read_to_string(&path)?.trim().to_owned())
}

/// Development settings for PostgreSQL, generated once into `DATA_DIR/dev.env` and reused.
fn dev_env(data_dir: &Path) -> Result<Vec<(String, String)>> {
    let path = data_dir.join("dev.env");
    if !path.exists() {
        let text = format!(
            "# Generated by `cargo xtask run` for local development. Not for production.\n\
             JWT_SECRET={}\nMASTER_KEYS=dev1:{}\n",
            base64(&random_bytes(48)?),
            base64(&random_bytes(32)?)
        );
        write_private(&path, text.trim_end())?;
    }
    let text = std::fs::read_to_string(&path)?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn help_is_printed_not_run() {
        assert_eq!(parse(&args(&["--help"])).unwrap(), None);
        assert_eq!(parse(&args(&["--postgres", "-h"])).unwrap(), None);
        let opts = parse(&args(&["--postgres", "--no-build", "--free-ports"])).unwrap().unwrap();
        assert!(opts.postgres && !opts.build && opts.free_ports && !opts.release);
        assert!(parse(&args(&["--release"])).unwrap().unwrap().release);
        assert!(parse(&args(&["--bogus"])).unwrap_err().to_string().contains("unknown option `--bogus`"));
    }

    /// The printed hints run as shell lines: `env` in place of the binary shows what the CLI
    /// would see.
    #[test]
    fn the_hints_reach_the_store_that_was_started() {
        let dir = tempfile_dir();
        let embedded = Store::Embedded { data_dir: dir.join("my data") };
        let seen = sh(&cli_command(Path::new("env"), &embedded, ""));
        assert!(seen.lines().any(|l| l == format!("DATA_DIR={}", dir.join("my data").display())), "{seen}");

        let vars = dev_env(&dir).unwrap();
        let postgres = Store::Postgres {
            url: "postgres://postgres@127.0.0.1:5432/x".into(),
            dev_env: dir.join("dev.env"),
        };
        let seen = sh(&cli_command(Path::new("env"), &postgres, ""));
        assert!(seen.lines().any(|l| l == "DATABASE_URL=postgres://postgres@127.0.0.1:5432/x"), "{seen}");
        for (k, v) in vars {
            assert!(seen.lines().any(|l| l == format!("{k}={v}")), "{k} missing: {seen}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reads_a_field_of_the_cli_output() {
        let out = r#"{"apiKey":"ck_abc","workspaceId":"0190"}"#;
        assert_eq!(json_string(out, "apiKey").as_deref(), Some("ck_abc"));
        assert_eq!(json_string(out, "workspaceId").as_deref(), Some("0190"));
        assert_eq!(json_string(out, "nope"), None);
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir()
            .join(format!("xtask-run-{}", base64(&random_bytes(6).unwrap()).replace(['/', '+'], "_")));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn sh(line: &str) -> String {
        let out = std::process::Command::new("sh").args(["-c", line]).output().unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }
}
