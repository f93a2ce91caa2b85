//! `cargo xtask <task>`: the project's automation, in plain Rust with no dependencies beyond
//! anyhow. Each task is a function below; `cargo xtask help` lists them.

use anyhow::{bail, Context, Result};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const HELP: &str = "\
cargo xtask <task>

  test [--quick]   start PostgreSQL if it is down, then fmt check, clippy and every test
                   (--quick: tests only). This is what CI runs.
  db-up            make sure PostgreSQL answers on 127.0.0.1:5432 (starts or installs it)
  migrate          apply all migrations (every service's tables) to $DATABASE_URL, or to
                   the embedded SQLite files in ./data when it is unset
  run [--postgres] start workflow-api and campaign-api (embedded SQLite in ./data; with
                   --postgres, on local PostgreSQL) and print a token and an API key
  bench [args]     the engine benchmark (release build); args go to the bench binary
  fuzz [target] [--seconds N]
                   run the fuzz targets (all, or one) for N seconds each (default 60);
                   installs cargo-fuzz if missing
  schemathesis     property-based API tests of both services against their OpenAPI
                   descriptions, on each store (part of `test`)
  help             this text
";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = args.split_first().map(|(t, r)| (t.as_str(), r)).unwrap_or(("help", &[]));
    match task {
        "test" => test(rest),
        "db-up" => db_up(),
        "migrate" => migrate(),
        "run" => run(rest),
        "bench" => bench(rest),
        "fuzz" => fuzz(rest),
        "schemathesis" => db_up().and_then(|()| schemathesis()),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(())
        }
        other => bail!("unknown task `{other}`\n\n{HELP}"),
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(root());
    c
}

fn run_cmd(mut cmd: Command) -> Result<()> {
    eprintln!("$ {cmd:?}");
    let status = cmd.status().with_context(|| format!("starting {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed with {status}");
    }
    Ok(())
}

fn has(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

fn test(args: &[String]) -> Result<()> {
    let quick = args.iter().any(|a| a == "--quick");
    db_up()?;
    if !quick {
        let mut fmt = cargo();
        fmt.args(["fmt", "--all", "--", "--check"]);
        run_cmd(fmt)?;
        let mut clippy = cargo();
        clippy.args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
        run_cmd(clippy)?;
    }
    let nextest =
        cargo().args(["nextest", "--version"]).output().map(|o| o.status.success()).unwrap_or(false);
    // Doc tests first: nextest does not run them, and its summary should close the output.
    if nextest {
        let mut doc = cargo();
        doc.args(["test", "--workspace", "--doc"]);
        run_cmd(doc)?;
    }
    if !quick {
        schemathesis()?;
    }
    let mut tests = cargo();
    if nextest {
        tests.args(["nextest", "run", "--workspace", "--no-fail-fast"]);
    } else {
        tests.args(["test", "--workspace", "--no-fail-fast"]);
    }
    run_cmd(tests)
}

/// The pinned schemathesis version (installed from PyPI when missing).
const SCHEMATHESIS: &str = "4.32.5";

/// Property-based API testing of each running service against its OpenAPI description: no
/// server error, every response as described. The services run with ROLE=api, so the endpoints
/// the fuzzer registers receive nothing.
fn schemathesis() -> Result<()> {
    let version = Command::new("schemathesis").arg("--version").output();
    if !version.map(|o| String::from_utf8_lossy(&o.stdout).contains(SCHEMATHESIS)).unwrap_or(false) {
        let mut pip = Command::new("python3");
        pip.args(["-m", "pip", "install", "--quiet", &format!("schemathesis=={SCHEMATHESIS}")]);
        run_cmd(pip)?;
    }
    let mut build = cargo();
    build.args(["build", "-p", "workflow-api", "-p", "campaign-api"]);
    run_cmd(build)?;
    let env = vec![
        ("JWT_SECRET".to_owned(), base64(&random_bytes(48)?)),
        ("MASTER_KEYS".to_owned(), format!("st:{}", base64(&random_bytes(32)?))),
        ("ROLE".to_owned(), "api".to_owned()),
        ("RATE_LIMIT".to_owned(), "0".to_owned()),
        ("LISTEN_ADDR".to_owned(), "127.0.0.1:0".to_owned()),
    ];
    for service in service_bins() {
        println!("schemathesis: {service} on PostgreSQL");
        let db = format!("wh_schemathesis_{}", service.replace('-', "_"));
        psql(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))?;
        psql(&format!("CREATE DATABASE {db}"))?;
        let url = format!("postgres://postgres@127.0.0.1:5432/{db}");
        let result = schemathesis_one(service, &url, &env);
        psql(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))?;
        result?;

        // The same API on the embedded store, in a fresh file.
        println!("schemathesis: {service} on SQLite");
        let dir = root().join("target/schemathesis");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        let url = format!("sqlite://{}", dir.join(format!("{service}.db")).display());
        let result = schemathesis_one(service, &url, &env);
        let _ = std::fs::remove_dir_all(&dir);
        result?;
    }
    Ok(())
}

fn schemathesis_one(service: &str, db_url: &str, env: &[(String, String)]) -> Result<()> {
    use std::io::{BufRead, BufReader};
    let bin = root().join("target/debug").join(service);
    let credential = match service {
        "workflow-api" => {
            let out = Command::new(&bin)
                .args(["token", "--account", "schemathesis"])
                .envs(env.iter().cloned())
                .output()?;
            String::from_utf8(out.stdout)?.trim().to_owned()
        }
        _ => {
            let out = Command::new(&bin)
                .args(["create-workspace", "--name", "schemathesis"])
                .env("DATABASE_URL", db_url)
                .output()?;
            let text = String::from_utf8(out.stdout)?;
            let key = text.split("\"apiKey\":\"").nth(1).and_then(|r| r.split('"').next());
            key.context("create-workspace printed no apiKey")?.to_owned()
        }
    };
    let mut child = Command::new(&bin)
        .envs(env.iter().cloned())
        .env("DATABASE_URL", db_url)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().context("stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(a) = line.strip_prefix("listening on ") {
                    break a.trim().to_owned();
                }
            }
            _ => {
                let _ = child.kill();
                bail!("{service} did not start");
            }
        }
    };
    let schema = root().join("crates").join(service).join("openapi.json");
    let mut run = Command::new("schemathesis");
    run.arg("run")
        .arg(&schema)
        .args(["--url", &format!("http://{addr}")])
        .args(["-H", &format!("Authorization: Bearer {credential}")])
        .args(["--max-examples", "25"])
        .args(["--checks", "not_a_server_error,response_schema_conformance,status_code_conformance"]);
    // CI runs a fixed seed, so a red run is reproducible and caused by the change under test;
    // local runs explore with a fresh seed each time.
    if std::env::var_os("CI").is_some() {
        run.args(["--seed", "20261122"]);
    }
    let result = run_cmd(run);
    let _ = child.kill();
    let _ = child.wait();
    result
}

fn postgres_answers() -> bool {
    let addr: SocketAddr = "127.0.0.1:5432".parse().expect("valid address");
    TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_ok()
}

/// PostgreSQL on 127.0.0.1:5432 with trust auth for `postgres`, as the tests expect.
fn db_up() -> Result<()> {
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

fn migrate() -> Result<()> {
    for bin in service_bins() {
        // DATABASE_URL (if set) passes through; unset, each service migrates ./data/<service>.db.
        let mut cmd = cargo();
        cmd.current_dir(root()).args(["run", "--quiet", "-p", bin, "--", "migrate"]);
        run_cmd(cmd)?;
    }
    Ok(())
}

/// The service binaries that exist in this checkout.
fn service_bins() -> Vec<&'static str> {
    ["workflow-api", "campaign-api"].into_iter().filter(|b| root().join("crates").join(b).exists()).collect()
}

/// Development settings, generated once into `data/dev.env` and reused.
fn dev_env() -> Result<Vec<(String, String)>> {
    let dir = root().join("data");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("dev.env");
    if !path.exists() {
        let text = format!(
            "# Generated by `cargo xtask run` for local development. Not for production.\n\
             JWT_SECRET={}\nMASTER_KEYS=dev1:{}\n",
            base64(&random_bytes(48)?),
            base64(&random_bytes(32)?)
        );
        std::fs::write(&path, text)?;
    }
    let text = std::fs::read_to_string(&path)?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect())
}

fn random_bytes(n: usize) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut buf = vec![0u8; n];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut buf)?;
    Ok(buf)
}

fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn psql(sql: &str) -> Result<String> {
    let out = Command::new("psql")
        .args(["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-Atc", sql])
        .output()
        .context("running psql (the PostgreSQL client)")?;
    if !out.status.success() {
        bail!("psql: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn ensure_database(name: &str) -> Result<String> {
    if psql(&format!("SELECT 1 FROM pg_database WHERE datname = '{name}'"))?.is_empty() {
        psql(&format!("CREATE DATABASE {name}"))?;
    }
    Ok(format!("postgres://postgres@127.0.0.1:5432/{name}"))
}

/// Both services with development settings; prints where each listens and how to call it.
/// By default they keep their state in ./data (embedded SQLite, secrets generated there);
/// `--postgres` uses local PostgreSQL databases and development secrets from data/dev.env.
fn run(args: &[String]) -> Result<()> {
    use std::io::{BufRead, BufReader};
    let postgres = args.iter().any(|a| a == "--postgres");
    let bins = service_bins();
    if bins.is_empty() {
        bail!("no service crates in this checkout yet");
    }
    let mut build = cargo();
    build.arg("build");
    for b in &bins {
        build.args(["-p", b]);
    }
    run_cmd(build)?;
    // Local receivers are the point of a development run.
    let mut env = vec![("OUTBOUND_ALLOW_CIDRS".to_owned(), "127.0.0.0/8,::1/128".to_owned())];
    if postgres {
        db_up()?;
        env.extend(dev_env()?);
    }
    let bin = |b: &str| root().join("target/debug").join(b);
    let mut children = Vec::new();
    for b in &bins {
        // Unset for the embedded store: the service and its CLI then share ./data.
        let url = match postgres {
            true => Some(ensure_database(&format!("webhooks_{}", b.replace('-', "_")))?),
            false => None,
        };
        let mut cmd = Command::new(bin(b));
        cmd.current_dir(root()).envs(env.iter().cloned()).envs(url.iter().map(|u| ("DATABASE_URL", u)));
        cmd.stdout(std::process::Stdio::piped());
        let mut child = cmd.spawn().with_context(|| format!("starting {b}"))?;
        let mut lines = BufReader::new(child.stdout.take().context("stdout")?).lines();
        let addr = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(a) = line.strip_prefix("listening on ") {
                        break a.trim().to_owned();
                    }
                }
                _ => bail!("{b} exited before it was ready (see its log above)"),
            }
        };
        std::thread::spawn(move || lines.for_each(drop));
        children.push((b.to_string(), addr, url, child));
    }
    println!();
    for (b, addr, url, _) in &children {
        let mut cli = Command::new(bin(b));
        cli.current_dir(root()).envs(env.iter().cloned()).envs(url.iter().map(|u| ("DATABASE_URL", u)));
        match b.as_str() {
            "workflow-api" => {
                let token = cli.args(["token", "--account", "demo", "--ttl", "7d"]).output()?;
                println!("workflow-api  http://{addr}  (docs/workflow-api.md)");
                println!("  TOKEN={}", String::from_utf8_lossy(&token.stdout).trim());
                println!("  more: target/debug/workflow-api token --account <id>");
            }
            "campaign-api" => {
                let ws = cli.args(["create-workspace", "--name", "demo"]).output()?;
                println!("campaign-api  http://{addr}  (docs/campaign-api.md)");
                println!("  new demo workspace: {}", String::from_utf8_lossy(&ws.stdout).trim());
                println!("  more: target/debug/campaign-api create-workspace --name <name>");
            }
            _ => {}
        }
    }
    let store = if postgres { "PostgreSQL" } else { "./data (embedded SQLite)" };
    println!("\nState: {store}. Ctrl-C stops both.");
    for (b, _, _, mut c) in children {
        let status = c.wait()?;
        if !status.success() {
            eprintln!("{b} exited with {status}");
        }
    }
    Ok(())
}

fn bench(args: &[String]) -> Result<()> {
    db_up()?;
    let mut cmd = cargo();
    cmd.args(["run", "--release", "-p", "delivery-engine", "--example", "bench", "--"]).args(args);
    run_cmd(cmd)
}

const FUZZ_TARGETS: [&str; 3] = ["url_validation", "signature_header", "config_parsing"];

fn fuzz(args: &[String]) -> Result<()> {
    let seconds = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.parse::<u64>().context("--seconds takes a number"))
        .transpose()?
        .unwrap_or(60);
    let chosen: Vec<&str> = match args.first().filter(|a| !a.starts_with("--")) {
        Some(t) if FUZZ_TARGETS.contains(&t.as_str()) => vec![t.as_str()],
        Some(t) => bail!("unknown fuzz target `{t}`; targets: {}", FUZZ_TARGETS.join(", ")),
        None => FUZZ_TARGETS.to_vec(),
    };
    if !cargo().args(["fuzz", "--version"]).output().map(|o| o.status.success()).unwrap_or(false) {
        let mut install = cargo();
        install.args(["install", "cargo-fuzz", "--locked"]);
        run_cmd(install)?;
    }
    for target in chosen {
        let mut cmd = cargo();
        // libFuzzer needs nightly-only compiler flags; the one toolchain here is stable.
        cmd.current_dir(root().join("crates/delivery-engine")).env("RUSTC_BOOTSTRAP", "1").args([
            "fuzz",
            "run",
            target,
            "--",
            &format!("-max_total_time={seconds}"),
        ]);
        run_cmd(cmd)?;
    }
    Ok(())
}
