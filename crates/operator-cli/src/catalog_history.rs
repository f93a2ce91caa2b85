//! The guard on a service's published event types. Both specs call the catalog append-only: a
//! receiver that parses `campaign.created.v1` today must parse it next year. Each service keeps
//! a snapshot of every type it has published (`crates/<service>/catalog-history.json`: name,
//! entity type, required fields and their kinds, schema) and a test compares the catalog it
//! builds with it ([`check`]): a type removed, a field removed or its kind changed, or a required
//! field added fails with a message that says to add a new version instead. A new type or
//! version is recorded by `cargo xtask catalog-snapshot` ([`update`]), which refuses to record
//! a break. How to add one: docs/extending.md.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// One published event type, as receivers see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PublishedType {
    pub name: String,
    pub entity_type: String,
    /// Every field the payload always carries, with its JSON kind (`string`, `number`, …).
    pub required: BTreeMap<String, String>,
    /// The payload's JSON Schema as the service publishes it.
    pub schema: Value,
}

impl PublishedType {
    /// A type whose payload carries `required` fields of these JSON kinds.
    pub fn new(name: &str, entity_type: &str, required: &[(&str, &str)], schema: Value) -> Self {
        Self {
            name: name.to_owned(),
            entity_type: entity_type.to_owned(),
            required: required.iter().map(|(f, k)| ((*f).to_owned(), (*k).to_owned())).collect(),
            schema,
        }
    }

    /// A type whose payload is an object with `required` fields of these JSON kinds (and any
    /// others), its schema made from the same list.
    pub fn object(name: &str, entity_type: &str, required: &[(&str, &str)]) -> Self {
        let properties: serde_json::Map<String, Value> =
            required.iter().map(|(f, k)| ((*f).to_owned(), serde_json::json!({ "type": k }))).collect();
        let schema = serde_json::json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": format!("payload of {name}"),
            "type": "object",
            "required": required.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
            "properties": properties,
        });
        Self::new(name, entity_type, required, schema)
    }
}

/// The ways a change to a published type breaks its receivers, one sentence each.
pub fn breaks(published: &[PublishedType], current: &[PublishedType]) -> Vec<String> {
    let mut found = Vec::new();
    for old in published {
        let Some(new) = current.iter().find(|t| t.name == old.name) else {
            found.push(format!("`{}` was published and is gone", old.name));
            continue;
        };
        if new.entity_type != old.entity_type {
            found.push(format!(
                "`{}`'s entity type changed from `{}` to `{}`",
                old.name, old.entity_type, new.entity_type
            ));
        }
        for (field, kind) in &old.required {
            match new.required.get(field) {
                None => found.push(format!("`{}` no longer carries `{field}`", old.name)),
                Some(k) if k != kind => {
                    found.push(format!("`{}`'s `{field}` changed from {kind} to {k}", old.name))
                }
                Some(_) => {}
            }
        }
        for field in new.required.keys().filter(|f| !old.required.contains_key(*f)) {
            found.push(format!(
                "`{}` now requires `{field}`, which its published payloads do not carry",
                old.name
            ));
        }
    }
    found
}

/// What a failed check says: the breaks, and what to do instead for each broken type.
fn refusal(published: &[PublishedType], breaks: &[String]) -> String {
    let broken = published.iter().filter(|t| breaks.iter().any(|b| b.starts_with(&format!("`{}`", t.name))));
    let instead: Vec<String> = broken
        .map(|t| format!("keep `{}` as it was and add `{}` beside it", t.name, next_version(&t.name)))
        .collect();
    format!(
        "the event catalog changed published types incompatibly:\n  - {}\nA published type is never \
         changed or removed: receivers parse it as published. Instead, {}; see docs/extending.md.",
        breaks.join("\n  - "),
        instead.join("; ")
    )
}

/// The version after a type's: `campaign.created.v2` after `campaign.created.v1`.
fn next_version(name: &str) -> String {
    match name.rsplit_once(".v").and_then(|(base, v)| Some((base, v.parse::<u32>().ok()?))) {
        Some((base, v)) => format!("{base}.v{}", v + 1),
        None => format!("{name}.v2"),
    }
}

fn read(snapshot: &Path) -> Result<Vec<PublishedType>, String> {
    let text = std::fs::read_to_string(snapshot).map_err(|e| format!("{}: {e}", snapshot.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", snapshot.display()))
}

/// Compares the catalog a service builds with its snapshot: any break fails, and so does a type
/// (or a compatible change) the snapshot does not hold yet, naming the command that records it.
pub fn check(snapshot: &Path, current: &[PublishedType]) -> Result<(), String> {
    let published = read(snapshot)?;
    let broken = breaks(&published, current);
    if !broken.is_empty() {
        return Err(refusal(&published, &broken));
    }
    if published != current {
        let new: Vec<&str> =
            current.iter().filter(|t| !published.contains(t)).map(|t| t.name.as_str()).collect();
        return Err(format!(
            "{} does not record {}: run `cargo xtask catalog-snapshot` and commit it",
            snapshot.display(),
            new.join(", ")
        ));
    }
    Ok(())
}

/// The snapshot's file name, in the service crate's directory.
pub const SNAPSHOT_FILE: &str = "catalog-history.json";

/// A service's guard test: fails with [`check`]'s message unless `current` keeps every type
/// recorded in `<crate_dir>/catalog-history.json` and adds none unrecorded.
pub fn assert_history_kept(crate_dir: &str, current: &[PublishedType]) {
    if let Err(e) = check(&Path::new(crate_dir).join(SNAPSHOT_FILE), current) {
        panic!("{e}");
    }
}

/// Records the current catalog in the snapshot if it breaks nothing published; says whether
/// the file changed.
pub fn update(snapshot: &Path, current: &[PublishedType]) -> Result<bool, String> {
    let published = if snapshot.exists() { read(snapshot)? } else { Vec::new() };
    let broken = breaks(&published, current);
    if !broken.is_empty() {
        return Err(refusal(&published, &broken));
    }
    if published == current {
        return Ok(false);
    }
    let text = serde_json::to_string_pretty(current).map_err(|e| e.to_string())? + "\n";
    std::fs::write(snapshot, text).map_err(|e| format!("{}: {e}", snapshot.display()))?;
    Ok(true)
}

/// The `catalog` subcommand every service has: prints its published types as JSON, or checks
/// them against a snapshot (`--check`), or records them in it (`--update`, what
/// `cargo xtask catalog-snapshot` runs).
#[derive(Debug, Clone, clap::Args)]
pub struct CatalogArgs {
    /// Fail unless the catalog matches this snapshot.
    #[arg(long, value_name = "FILE", conflicts_with = "update")]
    pub check: Option<std::path::PathBuf>,
    /// Record the catalog in this snapshot, refusing a change that breaks a published type.
    #[arg(long, value_name = "FILE")]
    pub update: Option<std::path::PathBuf>,
}

impl CatalogArgs {
    pub fn run(&self, service: &str, current: &[PublishedType]) -> anyhow::Result<()> {
        match (&self.check, &self.update) {
            (Some(path), _) => check(path, current).map_err(anyhow::Error::msg)?,
            (None, Some(path)) => {
                let changed = update(path, current).map_err(anyhow::Error::msg)?;
                let what = if changed { "recorded in" } else { "already in" };
                println!("{service}: {} published types {what} {}", current.len(), path.display());
            }
            (None, None) => println!("{}", serde_json::to_string_pretty(current)?),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paid(required: &[(&str, &str)]) -> PublishedType {
        PublishedType::new("invoice.paid.v1", "invoice", required, json!({}))
    }

    #[test]
    fn a_removed_field_a_changed_kind_and_a_new_required_field_each_break() {
        let published = [paid(&[("amount", "number"), ("currency", "string")])];
        let current = [paid(&[("amount", "string"), ("paidAt", "string")])];
        assert_eq!(
            breaks(&published, &current),
            [
                "`invoice.paid.v1`'s `amount` changed from number to string",
                "`invoice.paid.v1` no longer carries `currency`",
                "`invoice.paid.v1` now requires `paidAt`, which its published payloads do not carry",
            ]
        );
    }

    #[test]
    fn a_removed_type_breaks_and_a_new_one_does_not() {
        let v1 = paid(&[("amount", "number")]);
        let v2 = PublishedType::new("invoice.paid.v2", "invoice", &[("amountMinor", "number")], json!({}));
        let (v1, v2) = (std::slice::from_ref(&v1), std::slice::from_ref(&v2));
        assert_eq!(breaks(v1, v2), ["`invoice.paid.v1` was published and is gone"]);
        assert!(breaks(v1, &[v1[0].clone(), v2[0].clone()]).is_empty());
    }

    #[test]
    fn the_check_says_to_add_a_version_and_update_refuses_to_record_a_break() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("catalog-history.json");
        let published = [paid(&[("amount", "number"), ("currency", "string")])];
        assert_eq!(update(&path, &published), Ok(true));
        assert_eq!(update(&path, &published), Ok(false), "nothing new: the file is left as it is");
        assert_eq!(check(&path, &published), Ok(()));

        let removed = [paid(&[("amount", "number")])];
        let refused = check(&path, &removed).expect_err("a removed field");
        assert!(refused.contains("`invoice.paid.v1` no longer carries `currency`"), "{refused}");
        assert!(
            refused.contains("keep `invoice.paid.v1` as it was and add `invoice.paid.v2` beside it"),
            "{refused}"
        );
        assert_eq!(update(&path, &removed), Err(refused));

        let added =
            [published[0].clone(), PublishedType::new("invoice.voided.v1", "invoice", &[], json!({}))];
        let unrecorded = check(&path, &added).expect_err("a new type is recorded first");
        assert!(unrecorded.contains("invoice.voided.v1: run `cargo xtask catalog-snapshot`"), "{unrecorded}");
        assert_eq!(update(&path, &added), Ok(true));
        assert_eq!(check(&path, &added), Ok(()));
    }
}
