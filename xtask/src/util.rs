//! Helpers every task uses: the workspace root, cargo and other commands, random secrets.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

/// Cargo's target directory: `CARGO_TARGET_DIR` if set (relative to the workspace), else `target/`.
pub(crate) fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root().join(dir),
        _ => root().join("target"),
    }
}

pub(crate) fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(root());
    c
}

pub(crate) fn run_cmd(mut cmd: Command) -> Result<()> {
    eprintln!("$ {cmd:?}");
    let status = cmd.status().with_context(|| format!("starting {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed with {status}");
    }
    Ok(())
}

pub(crate) fn has(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// The service binaries that exist in this checkout.
pub(crate) fn service_bins() -> Vec<&'static str> {
    ["workflow-api", "campaign-api"].into_iter().filter(|b| root().join("crates").join(b).exists()).collect()
}

/// `cargo build`'s package arguments for the binaries `cargo xtask run` starts: the services and
/// the development receiver. Every task that builds them (`run`, `load`, `receiver`) builds this
/// whole set in one invocation, so cargo resolves the crates they share with one set of
/// features, and no task rebuilds what another built (one package alone would unify features
/// differently and compile its dependencies again).
pub(crate) fn binary_packages() -> Vec<&'static str> {
    service_bins().into_iter().chain(["dev-receiver"]).flat_map(|p| ["-p", p]).collect()
}

pub(crate) fn random_bytes(n: usize) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut buf = vec![0u8; n];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut buf)?;
    Ok(buf)
}

pub(crate) fn base64(bytes: &[u8]) -> String {
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
