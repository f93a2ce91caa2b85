//! `cargo xtask schemathesis`: property-based API tests of both services, on each store.

use crate::db::psql;
use crate::util::{base64, cargo, random_bytes, root, run_cmd, service_bins, target_dir};
use anyhow::{bail, Context, Result};
use std::process::Command;

/// The pinned schemathesis version (installed from PyPI when missing).
const SCHEMATHESIS: &str = "4.32.5";

/// Property-based API testing of each running service against its OpenAPI description: no
/// server error, every response as described. The services run with ROLE=api, so the endpoints
/// the fuzzer registers receive nothing.
pub(crate) fn run() -> Result<()> {
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
        // Named for this process too: runs from two checkouts on one machine stay apart.
        let db = format!("wh_schemathesis_{}_{}", service.replace('-', "_"), std::process::id());
        psql(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))?;
        psql(&format!("CREATE DATABASE {db}"))?;
        let url = format!("postgres://postgres@127.0.0.1:5432/{db}");
        let result = run_one(service, &url, &env);
        psql(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))?;
        result?;

        // The same API on the embedded store, in a fresh file.
        println!("schemathesis: {service} on SQLite");
        let dir = target_dir().join(format!("schemathesis-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        let url = format!("sqlite://{}", dir.join(format!("{service}.db")).display());
        let result = run_one(service, &url, &env);
        let _ = std::fs::remove_dir_all(&dir);
        result?;
    }
    Ok(())
}

/// One service on one store: start it, take a credential, run schemathesis against it, stop it.
fn run_one(service: &str, db_url: &str, env: &[(String, String)]) -> Result<()> {
    use std::io::{BufRead, BufReader};
    // What `cargo build` above made, in CARGO_TARGET_DIR when it is set.
    let bin = target_dir().join("debug").join(service);
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
