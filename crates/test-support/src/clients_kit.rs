//! The generated API clients (`clients/`) driving a running service: each language's
//! end-to-end script, run as an integrator runs it. Python's `tests/e2e.py` runs with the kit's
//! venv, which holds the client wheels `python -m build` made; TypeScript's `test/e2e.mjs` runs
//! with node on the `dist/` that `tsc` built. `cargo xtask test` prepares both (the kit is
//! `<target>/clients/kit`, or `$CLIENTS_KIT_DIR`). The Rust clients are workspace crates, which
//! the services' tests call directly.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A language whose client runs as a script of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Python,
    TypeScript,
}

/// What a script needs: the service's base URL and credential, and the receiver its
/// deliveries go to.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub base_url: &'a str,
    pub credential: &'a str,
    pub receiver_url: &'a str,
}

/// Runs `language`'s end-to-end script for `service` (`workflow-api`, `campaign-api`) against
/// `target`, and returns what it printed; an error with its output when it failed or took more
/// than a minute.
pub async fn run_e2e(language: Language, service: &str, target: Target<'_>) -> Result<String> {
    let clients = repository().join("clients");
    let (program, script) = match language {
        Language::Python => {
            (kit_dir()?.join("venv/bin/python"), clients.join("python").join(service).join("tests/e2e.py"))
        }
        Language::TypeScript => {
            let dir = clients.join("typescript").join(service);
            if !dir.join("dist/index.js").exists() {
                bail!("{} has no dist/: run `cargo xtask test`, which builds it", dir.display());
            }
            (PathBuf::from("node"), dir.join("test/e2e.mjs"))
        }
    };
    let mut cmd = tokio::process::Command::new(&program);
    cmd.arg(&script)
        .env("SERVICE_URL", target.base_url)
        .env("SERVICE_TOKEN", target.credential)
        .env("RECEIVER_URL", target.receiver_url)
        .kill_on_drop(true);
    let out = tokio::time::timeout(Duration::from_secs(60), cmd.output())
        .await
        .with_context(|| format!("{} did not finish within a minute", script.display()))?
        .with_context(|| format!("starting {}", program.display()))?;
    let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        bail!("{} failed ({}):\n{printed}", script.display(), out.status);
    }
    Ok(printed)
}

/// The `after` of a `Link: <…&after=…>; rel="next"` header, if another page follows (for the
/// Rust clients' tests, whose answers carry reqwest's headers: the same `http` type).
pub fn next_cursor(headers: &hyper::header::HeaderMap) -> Option<String> {
    let link = headers.get("link")?.to_str().ok()?;
    let after = link.split_once("after=")?.1;
    Some(after.split(['&', '>']).next()?.to_owned())
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("crates/test-support").to_owned()
}

/// `$CLIENTS_KIT_DIR`, or `clients/kit` in the target directory this test runs from.
fn kit_dir() -> Result<PathBuf> {
    let dir = match std::env::var_os("CLIENTS_KIT_DIR") {
        Some(dir) => PathBuf::from(dir),
        // <target>/debug/deps/<test binary>
        None => {
            std::env::current_exe()?.ancestors().nth(3).map(|t| t.join("clients/kit")).unwrap_or_default()
        }
    };
    if !dir.join("venv/bin/python").exists() {
        bail!(
            "the client wheels are not installed in {}: run `cargo xtask test`, which installs them",
            dir.display()
        );
    }
    Ok(dir)
}
