//! `cargo xtask receiver-kit`: the receiver packages' own tests (Python `unittest`, `node
//! --test`, `go vet` and `go test`, all against docs/webhook-vectors.json), and Flask and
//! Express installed and the Go example receiver built under `<target>/receiver-kit` for the
//! example receivers the Rust tests start. Installs are pinned and kept: a second run checks and
//! skips them. Go is Debian's `golang-go`, installed when missing.

use crate::util::{has, root, run_cmd, target_dir};
use anyhow::{ensure, Result};
use std::path::PathBuf;
use std::process::Command;

/// Flask for the Python example receiver; `standardwebhooks` verifies the example service's
/// deliveries in its test (an implementation of the scheme independent of ours).
const PYTHON_PACKAGES: [&str; 2] = ["flask==3.1.3", "standardwebhooks==1.1.0"];
const EXPRESS: &str = "express@5.3.0";

pub(crate) fn run() -> Result<()> {
    ensure!(has("python3"), "python3 is needed for the Python receiver package");
    ensure!(has("node") && has("npm"), "node and npm are needed for the JavaScript receiver package");
    let python = root().join("crates/webhook-verify-python");
    let mut unittest = Command::new("python3");
    unittest
        .args(["-m", "unittest", "discover", "-s", "tests", "-t", "."])
        .env("PYTHONPATH", python.join("src"))
        .current_dir(&python);
    run_cmd(unittest)?;
    let mut node = Command::new("node");
    node.args(["--test", "test/"]).current_dir(root().join("crates/webhook-verify-js"));
    run_cmd(node)?;
    let go = root().join("crates/webhook-verify-go");
    let go_bin = ensure_go()?;
    for args in [&["vet", "./..."][..], &["test", "./..."][..]] {
        let mut cmd = Command::new(&go_bin);
        cmd.args(args).current_dir(&go).env("CGO_ENABLED", "0");
        run_cmd(cmd)?;
    }
    let kit = ensure_examples()?;
    let mut build = Command::new(&go_bin);
    build.args(["build", "-o"]).arg(kit.join("go/receiver")).arg("./examples/receiver");
    build.current_dir(&go).env("CGO_ENABLED", "0");
    run_cmd(build)?;
    Ok(())
}

/// `go`, from Debian's golang-go when it is not on the machine.
fn ensure_go() -> Result<PathBuf> {
    if !has("go") {
        ensure!(
            has("apt-get"),
            "go is needed for the Go receiver package: install Debian's golang-go (1.19 or later)"
        );
        eprintln!("installing golang-go for the Go receiver package");
        let mut update = Command::new("apt-get");
        update.arg("update");
        run_cmd(update)?;
        let mut install = Command::new("apt-get");
        install.args(["install", "-y", "golang-go"]).env("DEBIAN_FRONTEND", "noninteractive");
        run_cmd(install)?;
    }
    Ok(PathBuf::from("go"))
}

/// `<target>/receiver-kit`, with a venv holding Flask and standardwebhooks and a node_modules holding Express.
pub(crate) fn ensure_examples() -> Result<PathBuf> {
    let kit = target_dir().join("receiver-kit");
    let venv_python = kit.join("venv/bin/python");
    let stamp = kit.join("venv/installed");
    let wanted = PYTHON_PACKAGES.join(" ");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        let mut venv = Command::new("python3");
        venv.args(["-m", "venv", "--clear"]).arg(kit.join("venv"));
        run_cmd(venv)?;
        let mut pip = Command::new(&venv_python);
        pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]).args(PYTHON_PACKAGES);
        run_cmd(pip)?;
        std::fs::write(&stamp, wanted)?;
    }
    let node = kit.join("node");
    let node_stamp = node.join("installed");
    if std::fs::read_to_string(&node_stamp).ok().as_deref() != Some(EXPRESS) {
        let _ = std::fs::remove_dir_all(&node);
        std::fs::create_dir_all(&node)?;
        let mut npm = Command::new("npm");
        npm.args(["install", "--silent", "--no-audit", "--no-fund", "--no-package-lock", "--prefix"])
            .arg(&node)
            .arg(EXPRESS);
        run_cmd(npm)?;
        std::fs::write(&node_stamp, EXPRESS)?;
    }
    Ok(kit)
}
