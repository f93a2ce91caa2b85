//! `cargo xtask tidy` (part of `test`): the code-shape rules that review alone would let drift,
//! as rust-analyzer's `tidy.rs` keeps its own.
//!
//! - No import cycle between the modules of a crate ([`imports`]): dependencies point one way,
//!   so each file can be read knowing only the ones below it.
//! - No function longer than [`fn_length::MAX_LINES`] lines in `crates/*/src` or `xtask/src`.
//! - The engine exports at most [`surface::MAX_ROOT_NAMES`] names at its root, and every public
//!   name of it has a user outside it ([`surface`]).
//! - No crate depends on a crate of ours that ARCHITECTURE.md's "Crates" table does not allow it
//!   ([`crates`]): the crates point one way, as the modules inside them do.
//! - No sleep in test code outside [`sleeps::ALLOWED`] ([`sleeps`]): tests await events, poll
//!   states with `test_support::eventually` / `within`, and pace scenarios with
//!   `test_support::pace`.

mod crates;
mod fn_length;
mod imports;
mod lex;
mod sleeps;
mod surface;

use crate::util::root;
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

pub(crate) fn run() -> Result<()> {
    let mut problems = crate_directions()?;
    problems.extend(engine_surface()?);
    for root_file in crate_roots()? {
        problems.extend(import_cycles(&root_file)?);
    }
    for file in source_files()? {
        problems.extend(long_functions(&file)?);
        problems.extend(sleeps_in(&file, sleeps::in_test_items)?);
    }
    for file in test_files()? {
        problems.extend(sleeps_in(&file, sleeps::in_test_file)?);
    }
    if !problems.is_empty() {
        bail!("tidy found {} problem(s):\n{}", problems.len(), problems.join("\n"));
    }
    eprintln!(
        "tidy: crates as ARCHITECTURE.md allows, the engine's surface used and at most {} root names, \
         no import cycle, no function over {} lines, no sleep in tests outside {}",
        surface::MAX_ROOT_NAMES,
        fn_length::MAX_LINES,
        sleeps::ALLOWED
    );
    Ok(())
}

/// Every dependency between crates of ours that ARCHITECTURE.md's "Crates" table does not allow
/// (the generated Rust clients in `clients/rust` are crates of ours too; their code is the
/// generator's, so no other check reads it).
fn crate_directions() -> Result<Vec<String>> {
    let table = crates::allowed(&std::fs::read_to_string(root().join("ARCHITECTURE.md"))?);
    let mut dirs = crate_dirs()?;
    dirs.extend(std::fs::read_dir(root().join("clients/rust"))?.filter_map(|e| e.ok().map(|e| e.path())));
    Ok(crates::problems(&table, &crates::manifests(&dirs)?))
}

/// The engine's public names that break [`surface`]'s rule.
fn engine_surface() -> Result<Vec<String>> {
    let src = root().join("crates/delivery-engine/src");
    let lib = std::fs::read_to_string(src.join("lib.rs"))?;
    let module_source = |name: &str| {
        surface::inline_module(&lib, name).or_else(|| {
            let flat = std::fs::read_to_string(src.join(format!("{name}.rs")));
            flat.or_else(|_| std::fs::read_to_string(src.join(name).join("mod.rs"))).ok()
        })
    };
    let names = surface::public_names(&lib, module_source);
    let mut users = Vec::new();
    for dir in crate_dirs()?.into_iter().filter(|d| !d.ends_with("delivery-engine")) {
        let mut files = Vec::new();
        collect_rs(&dir, &mut files)?;
        for file in files.into_iter().filter(|f| !f.components().any(|c| c.as_os_str() == "target")) {
            users.push(std::fs::read_to_string(file)?);
        }
    }
    let mut problems = surface::problems(&names, surface::root_names(&lib).len(), &users);
    let mut methods = Vec::new();
    for entry in std::fs::read_dir(src.join("engine"))? {
        methods.extend(surface::engine_methods(&std::fs::read_to_string(entry?.path())?));
    }
    problems.extend(surface::unused_methods(&methods, &users));
    Ok(problems)
}

/// Every crate root of the workspace's own code: each crate's `src/lib.rs` and `src/main.rs`.
fn crate_roots() -> Result<Vec<PathBuf>> {
    let mut roots = Vec::new();
    for dir in crate_dirs()? {
        for name in ["lib.rs", "main.rs"] {
            let file = dir.join("src").join(name);
            if file.exists() {
                roots.push(file);
            }
        }
    }
    Ok(roots)
}

fn crate_dirs() -> Result<Vec<PathBuf>> {
    let mut dirs: Vec<PathBuf> =
        std::fs::read_dir(root().join("crates"))?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.push(root().join("xtask"));
    dirs.sort();
    Ok(dirs)
}

fn source_files() -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for dir in crate_dirs()? {
        collect_rs(&dir.join("src"), &mut files)?;
    }
    Ok(files)
}

/// Every file of the integration tests: `crates/*/tests` and `xtask/tests`.
fn test_files() -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for dir in crate_dirs()? {
        collect_rs(&dir.join("tests"), &mut files)?;
    }
    Ok(files)
}

fn collect_rs(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_rs(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// One line per circle of modules, with the imports that close it.
fn import_cycles(root_file: &Path) -> Result<Vec<String>> {
    let modules = imports::load_crate(root_file)?;
    let edges = imports::edges(&modules);
    let name = |i: usize| relative(&modules[i].file);
    Ok(imports::cycles(modules.len(), &edges)
        .into_iter()
        .map(|group| {
            // One import per pair of modules is enough to see the circle.
            let mut pairs = std::collections::BTreeSet::new();
            let ties: Vec<String> = group
                .iter()
                .filter(|e| pairs.insert((e.from, e.to)))
                .map(|e| format!("    {}:{} uses {} ({})", name(e.from), e.line, name(e.to), e.text))
                .collect();
            format!("import cycle in {}:\n{}", relative(root_file), ties.join("\n"))
        })
        .collect())
}

fn long_functions(file: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(file)?;
    Ok(fn_length::functions(&text)
        .into_iter()
        .filter(|(_, _, lines)| *lines > fn_length::MAX_LINES)
        .map(|(name, line, lines)| {
            format!(
                "{}:{line}: fn {name} is {lines} lines (at most {})",
                relative(file),
                fn_length::MAX_LINES
            )
        })
        .collect())
}

/// One line per sleep that `find` sees in `file`, unless `file` is the one allowed.
fn sleeps_in(file: &Path, find: fn(&str) -> Vec<usize>) -> Result<Vec<String>> {
    if relative(file) == sleeps::ALLOWED {
        return Ok(Vec::new());
    }
    Ok(find(&std::fs::read_to_string(file)?)
        .into_iter()
        .map(|line| {
            format!(
                "{}:{line}: sleep in a test (await the event, or use test_support::eventually, within or pace)",
                relative(file)
            )
        })
        .collect())
}
