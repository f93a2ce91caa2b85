//! The generated clients packaged and checked as each ecosystem checks a package, and made ready
//! for the end-to-end tests (part of `cargo xtask test`, after `clients --check`):
//!
//! - Python: `python -m build` (sdist and wheel) and `twine check`, then both wheels installed
//!   in `<target>/clients/kit/venv`, whose Python the tests run `tests/e2e.py` with.
//! - TypeScript: `npm install` and `npm run build` (a strict `tsc`) make `dist/`, and
//!   `npm pack --dry-run` must list the compiled module, its types and the README; the tests
//!   run `test/e2e.mjs` with node.
//! - Rust: `cargo package --list` must list the crate's sources; the clients are workspace
//!   members, so the services' tests call them directly.
//!
//! Nothing is published.

use crate::clients::{python_package, Tools, SERVICES};
use crate::util::{cargo, root, run_cmd, target_dir};
use anyhow::{ensure, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Packages and checks every client; returns the kit directory the tests read
/// (`CLIENTS_KIT_DIR`).
pub(crate) fn run() -> Result<PathBuf> {
    let tools = Tools::ensure()?;
    let kit = target_dir().join("clients/kit");
    let wheels = python(&tools, &kit)?;
    install_wheels(&kit, &wheels)?;
    for service in SERVICES {
        typescript(&root().join("clients/typescript").join(service))?;
        rust(service)?;
    }
    println!("the clients build and pass twine check, npm pack and cargo package");
    Ok(kit)
}

/// Builds each Python client's sdist and wheel and checks them with twine; the wheels.
fn python(tools: &Tools, kit: &Path) -> Result<Vec<PathBuf>> {
    let mut wheels = Vec::new();
    for service in SERVICES {
        let out = kit.join("python-dist").join(service);
        if out.exists() {
            std::fs::remove_dir_all(&out)?;
        }
        let mut build = Command::new(tools.python_bin());
        build.args(["-m", "build", "--outdir"]).arg(&out).arg(root().join("clients/python").join(service));
        run_cmd(build)?;
        let built: Vec<PathBuf> =
            std::fs::read_dir(&out)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        let mut twine = Command::new(tools.python_bin());
        twine.args(["-m", "twine", "check", "--strict"]).args(&built);
        run_cmd(twine)?;
        let wheel = built.into_iter().find(|p| p.extension().is_some_and(|e| e == "whl"));
        wheels.push(wheel.with_context(|| format!("python -m build made no wheel for {service}"))?);
    }
    Ok(wheels)
}

/// A venv holding the built wheels (and their dependencies, httpx and attrs), for the tests.
fn install_wheels(kit: &Path, wheels: &[PathBuf]) -> Result<()> {
    let venv = kit.join("venv");
    if !venv.join("bin/python").exists() {
        let mut make = Command::new("python3");
        make.args(["-m", "venv"]).arg(&venv);
        run_cmd(make)?;
    }
    let mut install = Command::new(venv.join("bin/python"));
    install.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--force-reinstall"]);
    install.args(wheels);
    run_cmd(install)?;
    for service in SERVICES {
        let mut import = Command::new(venv.join("bin/python"));
        import.args(["-c", &format!("import {}", python_package(service))]);
        run_cmd(import)?;
    }
    Ok(())
}

/// Builds a TypeScript client as its README says (`npm install`, which brings its pinned
/// TypeScript, then `npm run build`: a strict `tsc`) and checks what `npm pack` would publish.
fn typescript(dir: &Path) -> Result<()> {
    let mut install = Command::new("npm");
    install.args(["install", "--silent", "--no-audit", "--no-fund"]).current_dir(dir);
    run_cmd(install)?;
    let mut build = Command::new("npm");
    build.args(["run", "build", "--silent"]).current_dir(dir);
    run_cmd(build)?;
    let mut pack = Command::new("npm");
    pack.args(["pack", "--dry-run", "--json", "--silent"]).current_dir(dir);
    let out = pack.output().context("running npm pack")?;
    ensure!(out.status.success(), "npm pack --dry-run failed in {}", dir.display());
    let listing = String::from_utf8_lossy(&out.stdout);
    for file in ["\"dist/index.js\"", "\"dist/index.d.ts\"", "\"README.md\"", "\"package.json\""] {
        ensure!(listing.contains(file), "npm pack in {} would not publish {file}", dir.display());
    }
    ensure!(
        !listing.contains("\"src/"),
        "npm pack in {} would publish the TypeScript sources",
        dir.display()
    );
    Ok(())
}

/// Checks what `cargo package` would publish of a Rust client.
fn rust(service: &str) -> Result<()> {
    let mut list = cargo();
    list.args(["package", "--list", "--allow-dirty", "-p", &format!("{service}-client")]);
    let out = list.output().context("running cargo package --list")?;
    ensure!(out.status.success(), "cargo package --list failed: {}", String::from_utf8_lossy(&out.stderr));
    let listing = String::from_utf8_lossy(&out.stdout);
    for file in ["Cargo.toml", "README.md", "src/lib.rs"] {
        ensure!(
            listing.lines().any(|l| l == file),
            "cargo package would not include {file} of {service}-client"
        );
    }
    Ok(())
}
