//! Every link between the project's own documents resolves: a relative `[text](path)` names a
//! file that exists, and a `#section` names a heading of it (as GitHub makes anchors from
//! headings). Links to the web are not followed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

/// The project's markdown files: everything tracked, outside build output and vendored code.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir()
                && !name.starts_with('.')
                && !["target", "node_modules", "data"].contains(&name.as_str())
            {
                walk(&path, found);
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&root(), &mut found);
    found.sort();
    found
}

/// The targets of the inline links of `markdown` (`[text](target)`), outside code blocks and
/// code spans, with their line numbers.
fn links(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_block = false;
    for (n, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Code spans hold example syntax, not links.
        let text: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            match after.find(')') {
                Some(end) => {
                    found.push((n + 1, after[..end].trim().to_owned()));
                    rest = &after[end..];
                }
                None => break,
            }
        }
    }
    found
}

/// The anchor GitHub gives a heading: lower case, punctuation but `-` and `_` dropped, spaces
/// as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings (a repeated heading gets `-1`, `-2`, …).
fn anchors(markdown: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut found = Vec::new();
    let mut in_block = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !in_block) else { continue };
        let base = slug(&heading.trim_start_matches('#').replace('`', ""));
        let repeats = seen.entry(base.clone()).or_default();
        found.push(if *repeats == 0 { base } else { format!("{base}-{repeats}") });
        *repeats += 1;
    }
    found
}

/// What is wrong with `target`, a link in `doc`: nothing for a web address or a link that
/// resolves.
fn broken(doc: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = target.split_once('#').map_or((target, None), |(p, a)| (p, Some(a)));
    let file = if path.is_empty() { doc.to_owned() } else { doc.parent().unwrap().join(path) };
    if !file.exists() {
        return Some(format!("{path} does not exist"));
    }
    let anchor = anchor.filter(|a| !a.is_empty() && file.extension().is_some_and(|e| e == "md"))?;
    let text = std::fs::read_to_string(&file).unwrap();
    (!anchors(&text).iter().any(|a| a == anchor))
        .then(|| format!("{} has no heading #{anchor}", file.display()))
}

#[test]
fn every_link_between_the_documents_resolves() {
    let mut problems = Vec::new();
    let docs = documents();
    assert!(docs.len() > 15, "the documents are found: {docs:?}");
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for (line, target) in links(&text) {
            if let Some(why) = broken(doc, &target) {
                let shown = doc.strip_prefix(root()).unwrap_or(doc).display();
                problems.push(format!("{shown}:{line}: ({target}) {why}"));
            }
        }
    }
    assert!(problems.is_empty(), "broken links:\n{}", problems.join("\n"));
}

#[test]
fn links_and_anchors_are_read_as_github_makes_them() {
    let md = "# Load from a clone: `load` beside whbench\n## Notes\n## Notes-ish\n## Notes\n\
              See [a](docs/x.md#sec) and `[not](a link)`.\n```\n[not](either)\n```\n[b](#notes-1)\n";
    assert_eq!(links(md), [(5, "docs/x.md#sec".to_owned()), (9, "#notes-1".to_owned())]);
    assert_eq!(anchors(md), ["load-from-a-clone-load-beside-whbench", "notes", "notes-ish", "notes-1"]);
}
