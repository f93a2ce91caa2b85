//! Which crate of ours may depend on which: the table "Crates" in ARCHITECTURE.md is the rule,
//! and this check holds every `Cargo.toml` to it. A crate missing from the table, a row naming
//! no crate, or a dependency on one of ours that its row does not allow is a problem.
//!
//! The table's rows read `` | `name` | what it is | `dep`, `dep` | `test dep`, … | ``: the third
//! column lists the crates of ours its `[dependencies]` may name, the fourth those its
//! `[dev-dependencies]` may name besides (a crate's tests may always use what the crate itself
//! may). "nothing" (or anything without a backticked name) allows none.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One crate's allowed dependencies on crates of ours, as the table states them.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Allowed {
    pub normal: BTreeSet<String>,
    pub dev: BTreeSet<String>,
}

/// One crate's dependencies, as its `Cargo.toml` names them (all crates, ours or not).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Manifest {
    pub name: String,
    pub normal: BTreeSet<String>,
    pub dev: BTreeSet<String>,
}

/// The rows of the table under the heading `## Crates` in `architecture` (the file's text).
pub(crate) fn allowed(architecture: &str) -> BTreeMap<String, Allowed> {
    let section = architecture.split("\n## Crates").nth(1).unwrap_or_default();
    let section = section.split("\n## ").next().unwrap_or_default();
    let mut rows = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // ["", name, what, may import, tests may also import, ""]
        if cells.len() < 6 {
            continue;
        }
        let name = cells[1].trim_matches('`').to_owned();
        rows.insert(name, Allowed { normal: backticked(cells[3]), dev: backticked(cells[4]) });
    }
    rows
}

fn backticked(cell: &str) -> BTreeSet<String> {
    cell.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// The package name and dependency names of a `Cargo.toml` (`name.workspace = true`,
/// `name = "1"`, `name = { … }`), by section.
pub(crate) fn manifest(text: &str) -> Manifest {
    let mut m = Manifest::default();
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        let key = key.trim();
        let dep = key.strip_suffix(".workspace").unwrap_or(key).to_owned();
        match section {
            "[package]" if key == "name" => m.name = value.trim().trim_matches('"').to_owned(),
            "[dependencies]" => {
                m.normal.insert(dep);
            }
            "[dev-dependencies]" => {
                m.dev.insert(dep);
            }
            _ => {}
        }
    }
    m
}

/// What breaks the table: for every manifest, each dependency on a crate of ours its row does
/// not allow; a crate with no row; a row with no crate.
pub(crate) fn problems(table: &BTreeMap<String, Allowed>, manifests: &[Manifest]) -> Vec<String> {
    let ours: BTreeSet<&str> = manifests.iter().map(|m| m.name.as_str()).collect();
    let mut problems = Vec::new();
    for m in manifests {
        let Some(row) = table.get(&m.name) else {
            problems.push(format!("crate `{}` has no row in ARCHITECTURE.md's \"Crates\" table", m.name));
            continue;
        };
        let ours_in = |deps: &BTreeSet<String>| -> Vec<String> {
            deps.iter().filter(|d| ours.contains(d.as_str()) && **d != m.name).cloned().collect()
        };
        for dep in ours_in(&m.normal).into_iter().filter(|d| !row.normal.contains(d)) {
            problems
                .push(format!("`{}` depends on `{dep}`, which its row in \"Crates\" does not allow", m.name));
        }
        for dep in ours_in(&m.dev).into_iter().filter(|d| !row.normal.contains(d) && !row.dev.contains(d)) {
            problems.push(format!(
                "`{}`'s tests depend on `{dep}`, which its row in \"Crates\" does not allow",
                m.name
            ));
        }
    }
    for name in table.keys().filter(|n| !ours.contains(n.as_str())) {
        problems.push(format!("ARCHITECTURE.md's \"Crates\" table names `{name}`, which is no crate"));
    }
    problems
}

/// Reads the manifest of every crate directory that has one.
pub(crate) fn manifests(crate_dirs: &[std::path::PathBuf]) -> std::io::Result<Vec<Manifest>> {
    let mut found = Vec::new();
    for dir in crate_dirs {
        let file = dir.join("Cargo.toml");
        if Path::new(&file).exists() {
            found.push(manifest(&std::fs::read_to_string(file)?));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "# A\n\n## Crates\n\n| crate | is | may import | tests also |\n|---|---|---|---|\n\
        | `low` | the bottom | nothing | `kit` |\n| `high` | the top | `low` | nothing |\n\
        | `kit` | tests' kit | `low` | nothing |\n\n## Next\n| `not-a-row` | x | `y` | z |\n";

    fn m(name: &str, normal: &[&str], dev: &[&str]) -> Manifest {
        Manifest {
            name: name.into(),
            normal: normal.iter().map(|s| s.to_string()).collect(),
            dev: dev.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn reads_the_table_of_its_own_section() {
        let t = allowed(TABLE);
        assert_eq!(t.keys().collect::<Vec<_>>(), ["high", "kit", "low"]);
        assert_eq!(t["high"].normal, BTreeSet::from(["low".to_string()]));
        assert!(t["low"].normal.is_empty());
        assert_eq!(t["low"].dev, BTreeSet::from(["kit".to_string()]));
    }

    #[test]
    fn reads_a_manifest_by_section() {
        let text = "[package]\nname = \"high\"\nversion = \"1\"\n\n[dependencies]\nlow.workspace = true\n\
            serde = { version = \"1\" }\n\n[dev-dependencies]\nkit = { workspace = true, features = [\"x\"] }\n\n\
            [lints]\nworkspace = true\n";
        assert_eq!(manifest(text), m("high", &["low", "serde"], &["kit"]));
    }

    #[test]
    fn an_upward_or_unlisted_dependency_is_a_problem() {
        let t = allowed(TABLE);
        let fine = [m("low", &["serde"], &["kit"]), m("high", &["low"], &[]), m("kit", &["low"], &[])];
        assert_eq!(problems(&t, &fine), Vec::<String>::new());
        let upward = [m("low", &["high"], &[]), m("high", &["low"], &["kit"]), m("kit", &["low"], &[])];
        let found = problems(&t, &upward);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("`low` depends on `high`"), "{found:?}");
        assert!(found[1].contains("`high`'s tests depend on `kit`"), "{found:?}");
    }

    #[test]
    fn a_crate_without_a_row_and_a_row_without_a_crate_are_problems() {
        let t = allowed(TABLE);
        let found = problems(&t, &[m("low", &[], &[]), m("high", &[], &[]), m("new", &[], &[])]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("`new` has no row"), "{found:?}");
        assert!(found[1].contains("names `kit`"), "{found:?}");
    }
}
