//! `cargo xtask clients [--check]`: the API clients in `clients/`, generated from the OpenAPI
//! documents the services serve (`crates/<service>/openapi.json`) by each language's maintained
//! generator, pinned below: Python (`openapi-python-client`), TypeScript (`@hey-api/openapi-ts`)
//! and Rust (`progenitor`, through `cargo-progenitor`). The Python and TypeScript generators are
//! installed under `<target>/clients/tools` (a venv, a node_modules) and kept there, and
//! `cargo-progenitor` in cargo's bin directory: a second run checks the pins and skips them.
//!
//! Each client package mixes files we write (README, `package.json`, `Cargo.toml`, tests) with
//! the generated ones listed in [`GENERATED`]; only those are regenerated, and `--check` (part of
//! `cargo xtask test`) fails when any committed one differs from what the current documents
//! generate, naming the command that brings them up to date, as `catalog-snapshot --check` does.

use crate::util::{root, run_cmd, target_dir};
use anyhow::{bail, ensure, Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) const PYTHON_GENERATOR: &str = "openapi-python-client==0.29.1";
pub(crate) const TYPESCRIPT_GENERATOR: &str = "@hey-api/openapi-ts@0.95.0";
pub(crate) const PROGENITOR: &str = "0.15.1";

/// The services with a public API, each with an OpenAPI document.
pub(crate) const SERVICES: [&str; 2] = ["workflow-api", "campaign-api"];

/// The generated part of each client package (`<language>/<service>/…`, `{pkg}` the Python
/// package name); everything else in `clients/` is written by hand.
const GENERATED: [(&str, &[&str]); 3] =
    [("python", &["pyproject.toml", "{pkg}"]), ("typescript", &["src"]), ("rust", &["src/lib.rs"])];

pub(crate) fn run(args: &[String]) -> Result<()> {
    if let Some(arg) = args.iter().find(|a| a.as_str() != "--check") {
        bail!("unknown argument `{arg}`: clients takes --check or --package");
    }
    let check = args.iter().any(|a| a == "--check");
    let tools = Tools::ensure()?;
    let fresh = target_dir().join("clients/generated");
    if fresh.exists() {
        std::fs::remove_dir_all(&fresh)?;
    }
    for service in SERVICES {
        let doc = root().join("crates").join(service).join("openapi.json");
        tools.python(service, &doc, &fresh.join("python").join(service))?;
        tools.typescript(&doc, &fresh.join("typescript").join(service))?;
        tools.rust(service, &doc, &fresh.join("rust").join(service))?;
    }
    let committed = root().join("clients");
    let mut stale = Vec::new();
    for (language, parts) in GENERATED {
        for service in SERVICES {
            for part in parts.iter().map(|p| p.replace("{pkg}", &python_package(service))) {
                let rel = Path::new(language).join(service).join(part);
                if files_of(&fresh.join(&rel))? != files_of(&committed.join(&rel))? {
                    stale.push(rel);
                }
            }
        }
    }
    if check {
        ensure!(
            stale.is_empty(),
            "the committed clients differ from what the OpenAPI documents generate: {}; run `cargo xtask clients`",
            stale.iter().map(|p| format!("clients/{}", p.display())).collect::<Vec<_>>().join(", ")
        );
        println!("the committed clients are what the OpenAPI documents generate");
        return Ok(());
    }
    for rel in &stale {
        replace(&fresh.join(rel), &committed.join(rel))?;
        println!("regenerated clients/{}", rel.display());
    }
    if stale.is_empty() {
        println!("the clients were up to date");
    }
    Ok(())
}

/// `workflow_api_client` for `workflow-api`.
pub(crate) fn python_package(service: &str) -> String {
    format!("{}_client", service.replace('-', "_"))
}

/// Every file under `path` (or `path` itself), by path relative to it, with its bytes.
fn files_of(path: &Path) -> Result<BTreeMap<PathBuf, Vec<u8>>> {
    let mut files = BTreeMap::new();
    if path.is_file() {
        files.insert(PathBuf::new(), std::fs::read(path)?);
    } else if path.is_dir() {
        let mut stack = vec![path.to_owned()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir)? {
                let p = entry?.path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    files.insert(p.strip_prefix(path)?.to_owned(), std::fs::read(&p)?);
                }
            }
        }
    }
    Ok(files)
}

/// Replaces `to` (a file or a directory) with a copy of `from`.
fn replace(from: &Path, to: &Path) -> Result<()> {
    if to.is_dir() {
        std::fs::remove_dir_all(to)?;
    } else if to.exists() {
        std::fs::remove_file(to)?;
    }
    for (rel, bytes) in files_of(from)? {
        let dest = if rel.as_os_str().is_empty() { to.to_owned() } else { to.join(rel) };
        std::fs::create_dir_all(dest.parent().context("a file has a directory")?)?;
        std::fs::write(dest, bytes)?;
    }
    Ok(())
}

/// The installed generators (and ruff, which formats the Python output).
pub(crate) struct Tools {
    dir: PathBuf,
}

impl Tools {
    /// Installs what is missing: under `<target>/clients/tools` a venv with the Python
    /// generator, ruff and the packaging checks, and a node_modules with the TypeScript
    /// generator; `cargo-progenitor` with `cargo install`.
    pub(crate) fn ensure() -> Result<Self> {
        ensure!(crate::util::has("python3"), "python3 (3.11 or later) is needed for the Python clients");
        ensure!(crate::util::has("npm"), "node and npm are needed for the TypeScript clients");
        let dir = target_dir().join("clients/tools");
        let pip = [PYTHON_GENERATOR, "ruff==0.17.6", "build==1.6.1", "twine==7.0.0"];
        installed(&dir.join("venv"), &pip.join(" "), |venv| {
            let mut make = Command::new("python3");
            make.args(["-m", "venv", "--clear"]).arg(venv);
            run_cmd(make)?;
            let mut install = Command::new(venv.join("bin/python"));
            install.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]).args(pip);
            run_cmd(install)
        })?;
        // The generator needs TypeScript (a peer dependency) to print its output.
        let npm = [TYPESCRIPT_GENERATOR, "typescript@5.9.3"];
        installed(&dir.join("node"), &npm.join(" "), |node| {
            std::fs::create_dir_all(node)?;
            std::fs::write(node.join("package.json"), "{\"private\": true}\n")?;
            let mut install = Command::new("npm");
            install.args(["install", "--silent", "--no-audit", "--no-fund", "--save-exact"]).args(npm);
            install.current_dir(node);
            run_cmd(install)
        })?;
        // Into cargo's own bin directory, as cargo-nextest and cargo-fuzz are: a build takes
        // minutes, and `cargo install` skips a version already there.
        let mut install = crate::util::cargo();
        install.args(["install", "--locked", "--quiet", "cargo-progenitor", "--version", PROGENITOR]);
        run_cmd(install)?;
        Ok(Self { dir })
    }

    /// The venv's Python, with the packaging checks (`build`, `twine`).
    pub(crate) fn python_bin(&self) -> PathBuf {
        self.dir.join("venv/bin/python")
    }

    fn python(&self, service: &str, doc: &Path, out: &Path) -> Result<()> {
        let config = root().join("clients/python").join(service).join("generator.yaml");
        let venv_bin = self.dir.join("venv/bin");
        let mut generate = Command::new(venv_bin.join("openapi-python-client"));
        generate.args(["generate", "--meta", "pdm", "--config"]).arg(config).arg("--path").arg(doc);
        // Its post hooks run `ruff` from PATH: the venv's pinned one.
        let path = std::env::var_os("PATH").unwrap_or_default();
        let path = std::env::join_paths(std::iter::once(venv_bin).chain(std::env::split_paths(&path)))?;
        generate.env("PATH", path);
        generate.arg("--output-path").arg(out);
        run_cmd(generate)
    }

    fn typescript(&self, doc: &Path, out: &Path) -> Result<()> {
        let mut generate = Command::new(self.dir.join("node/node_modules/.bin/openapi-ts"));
        generate.arg("-f").arg(root().join("clients/typescript/openapi-ts.config.mjs"));
        generate.env("OPENAPI_DOCUMENT", doc).env("OPENAPI_OUTPUT", out.join("src"));
        generate.args(["--silent", "--no-log-file"]);
        run_cmd(generate)
    }

    fn rust(&self, service: &str, doc: &Path, out: &Path) -> Result<()> {
        let mut generate = crate::util::cargo();
        generate.args(["progenitor", "--input"]).arg(doc).arg("--output").arg(out);
        generate.args(["--name", &format!("{service}-client"), "--version", "0.1.0"]);
        generate.args(["--interface", "builder", "--tags", "merged", "--include-client", "false"]);
        // It prints a table of every type it made: not worth a screen.
        generate.stdout(std::process::Stdio::null());
        run_cmd(generate)?;
        // The clients are workspace members, so `cargo fmt` formats them: format the output the
        // same way here, or `cargo fmt` and `--check` would each undo the other.
        let mut format = Command::new("rustfmt");
        format.args(["--edition", "2024"]).arg(out.join("src/lib.rs")).current_dir(root());
        run_cmd(format)
    }
}

/// Runs `install` into `dir` unless `dir` holds a stamp naming exactly `pins`.
fn installed(dir: &Path, pins: &str, install: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let stamp = dir.join("installed");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(pins) {
        return Ok(());
    }
    eprintln!("installing {pins} under {}", dir.display());
    install(dir)?;
    std::fs::write(stamp, pins)?;
    Ok(())
}
