//! Import cycles between the modules (files) of one crate.
//!
//! A module's dependencies are the modules its paths name: `use crate::a::b::Item;`,
//! `super::x`, `self::child`, an inline `crate::a::f()`, and a path that starts with a name
//! the file imported or a child it declares (`backlog::run`). A path is followed through the
//! module tree and through `use` items (re-exports and private imports alike: `super::Engine`
//! names what the parent imported), so it lands in the module that defines the item. Declaring
//! a module (`mod x;`) is not a dependency, nor is a crate root's `pub use` (the crate's
//! surface). Items under `#[cfg(test)]` are left out: a test module may reach anywhere.
//!
//! Considered instead: `cargo-modules` (`dependencies --acyclic`), which resolves names with
//! rust-analyzer itself. Rejected: it builds rust-analyzer's crates (minutes on 2 cores, every
//! CI run) and follows its releases; a reader of this file sees the whole rule in 300 lines.

use super::lex::{blank_comments_and_literals, blank_test_items, line_of};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One module file of a crate.
#[derive(Debug)]
pub(crate) struct Module {
    /// `["store", "queue"]`; empty for the crate root.
    pub path: Vec<String>,
    pub file: PathBuf,
    /// The source, blanked (comments, literals, test items).
    code: String,
    children: BTreeSet<String>,
    /// Names brought in by `use` (last segment or `as` name) → the absolute path they name.
    imports: BTreeMap<String, Vec<String>>,
}

/// A dependency of one module on another, with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edge {
    pub from: usize,
    pub to: usize,
    pub line: usize,
    pub text: String,
}

/// The module tree of the crate whose root file is `root` (`src/lib.rs`, `src/main.rs`),
/// following `mod name;` declarations.
pub(crate) fn load_crate(root: &Path) -> std::io::Result<Vec<Module>> {
    let mut modules = Vec::new();
    let mut pending = vec![(Vec::new(), root.to_owned())];
    while let Some((path, file)) = pending.pop() {
        let raw = std::fs::read_to_string(&file)?;
        let code = blank_test_items(&blank_comments_and_literals(&raw));
        let children = declared_modules(&code);
        let dir = child_dir(&file, path.is_empty());
        for child in &children {
            let mut child_path = path.clone();
            child_path.push(child.clone());
            let flat = dir.join(format!("{child}.rs"));
            let nested = dir.join(child).join("mod.rs");
            pending.push((child_path, if flat.exists() { flat } else { nested }));
        }
        modules.push(Module { path, file, code, children, imports: BTreeMap::new() });
    }
    modules.sort_by(|a, b| a.path.cmp(&b.path));
    for m in &mut modules {
        m.imports =
            use_items(&m.code, &m.path, &m.children).0.into_iter().map(|u| (u.name, u.target)).collect();
    }
    Ok(modules)
}

/// Where the files of a module's children live.
fn child_dir(file: &Path, is_root: bool) -> PathBuf {
    let parent = file.parent().unwrap_or(Path::new("."));
    let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if is_root || name == "mod" {
        parent.to_owned()
    } else {
        parent.join(name)
    }
}

/// The names of `mod name;` declarations (not inline modules).
fn declared_modules(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && is_ident(code.as_bytes()[at - 1]) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') {
            found.insert(name);
        }
    }
    found
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// One name a `use` item brings in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UseName {
    pub name: String,
    pub target: Vec<String>,
    pub public: bool,
    pub at: usize,
}

/// Every `use` item of a module at `module` (whose child modules are `children`): the names it
/// brings in (absolute targets), and its glob imports (with their offsets).
pub(crate) fn use_items(
    code: &str,
    module: &[String],
    children: &BTreeSet<String>,
) -> (Vec<UseName>, Vec<(usize, Vec<String>)>) {
    let (mut names, mut globs) = (Vec::new(), Vec::new());
    for (at, public, tree) in use_statements(code) {
        for (path, alias) in expand_tree(&tree) {
            let Some(target) = absolute(&path, module, children) else { continue };
            match alias.as_deref() {
                Some("*") => globs.push((at, target)),
                Some("_") => {}
                alias => {
                    let name =
                        alias.map(str::to_owned).or_else(|| target.last().cloned()).unwrap_or_default();
                    names.push(UseName { name, target, public, at });
                }
            }
        }
    }
    (names, globs)
}

/// `(offset, is pub, the tree's text)` of each `use …;`.
fn use_statements(code: &str) -> Vec<(usize, bool, String)> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("use ") {
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let before = code[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let statement_start = before.is_empty()
            || before.ends_with([';', '{', '}', ']'])
            || public
            || before.ends_with("pub(crate)");
        if !statement_start {
            continue;
        }
        if let Some(end) = code[at..].find(';') {
            found.push((at, public, normalized(&code[at + 4..at + end])));
        }
    }
    found
}

/// A use tree with single spaces, and none around `::`, braces and commas.
fn normalized(tree: &str) -> String {
    let mut s = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for token in ["::", "{", "}", ","] {
        s = s.replace(&format!(" {token}"), token).replace(&format!("{token} "), token);
    }
    s
}

/// `a::{b, c::{d as e}, f::*}` → `(a::b, None)`, `(a::c::d, Some(e))`, `(a::f, Some(*))`.
fn expand_tree(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let mut out = Vec::new();
    expand_into(tree, &[], &mut out);
    out
}

fn expand_into(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, Option<String>)>) {
    let tree = tree.trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(segments(tree[..open].trim_end_matches("::")));
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_top_level(inner) {
            expand_into(part, &base, out);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.to_owned())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    full.extend(segments(path));
    match full.last().map(String::as_str) {
        Some("*") => {
            full.pop();
            out.push((full, Some("*".into())));
        }
        Some("self") => {
            full.pop();
            out.push((full, alias));
        }
        Some(_) => out.push((full, alias)),
        None => {}
    }
}

fn segments(path: &str) -> impl Iterator<Item = String> + '_ {
    path.split("::").filter(|s| !s.is_empty()).map(str::to_owned)
}

/// Splits `a, b::{c, d}, e` at the commas outside braces.
fn split_top_level(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// A path written in module `module` (whose child modules are `children`) made absolute (from
/// the crate root), or `None` when it starts outside the crate (another crate, `std`). A path
/// may start with a child's name (`use error::ApiError;` in the crate root).
fn absolute(path: &[String], module: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let mut base = module.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some(first) if children.contains(first) => {}
        Some("crate") => {
            base.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The dependencies of every module on the others.
pub(crate) fn edges(modules: &[Module]) -> Vec<Edge> {
    let mut out = Vec::new();
    for (from, m) in modules.iter().enumerate() {
        for (at, text, path) in written_paths(m) {
            let Some(to) = resolve(modules, &path, 0) else { continue };
            if to != from {
                out.push(Edge { from, to, line: line_of(&m.code, at), text });
            }
        }
    }
    out
}

/// The crate-internal paths a module writes: its `use` items (but the `pub use` of its own
/// descendants: that is its surface, as a crate root's is) and inline paths, each made
/// absolute.
fn written_paths(m: &Module) -> Vec<(usize, String, Vec<String>)> {
    let mut out = Vec::new();
    let (names, globs) = use_items(&m.code, &m.path, &m.children);
    for u in names.into_iter().filter(|u| !(u.public && u.target.starts_with(&m.path))) {
        out.push((u.at, u.target.join("::"), u.target));
    }
    out.extend(globs.into_iter().map(|(at, g)| (at, format!("{}::*", g.join("::")), g)));
    for (at, path) in inline_paths(&m.code) {
        let text = path.join("::");
        let first = path[0].as_str();
        let absolute_path = if matches!(first, "crate" | "self" | "super") {
            absolute(&path, &m.path, &m.children)
        } else if let Some(target) = m.imports.get(first) {
            Some(target.iter().chain(&path[1..]).cloned().collect())
        } else if m.children.contains(first) {
            Some(m.path.iter().chain(&path).cloned().collect())
        } else {
            None
        };
        if let Some(p) = absolute_path {
            out.push((at, text, p));
        }
    }
    out
}

/// `a::b::c` sequences outside `use` items, with their offsets.
fn inline_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let b = code.as_bytes();
    let uses: Vec<(usize, usize)> = use_statements(code)
        .into_iter()
        .map(|(at, _, _)| (at, at + code[at..].find(';').unwrap_or(0)))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // `$crate::…` in a macro's body is a path of the macro's caller.
        if !is_ident(b[i]) || (i > 0 && (is_ident(b[i - 1]) || matches!(b[i - 1], b':' | b'$'))) {
            i += 1;
            continue;
        }
        let (path, end) = path_at(code, i);
        if path.len() > 1 && !uses.iter().any(|(s, e)| (*s..*e).contains(&i)) {
            out.push((i, path));
        }
        i = end.max(i + 1);
    }
    out
}

/// The `ident::ident::…` path starting at `i`, and where it ends.
fn path_at(code: &str, mut i: usize) -> (Vec<String>, usize) {
    let b = code.as_bytes();
    let mut path = Vec::new();
    loop {
        let start = i;
        while i < b.len() && is_ident(b[i]) {
            i += 1;
        }
        path.push(code[start..i].to_owned());
        if code[i..].starts_with("::") && b.get(i + 2).is_some_and(|c| is_ident(*c)) {
            i += 2;
        } else {
            return (path, i);
        }
    }
}

/// The module that defines what absolute `path` names: down the module tree while a segment is
/// a child, through a `use` while it is an imported name, stopping at the module where the
/// rest is defined.
fn resolve(modules: &[Module], path: &[String], depth: usize) -> Option<usize> {
    if depth > 16 {
        return None;
    }
    let mut at = modules.iter().position(|m| m.path.is_empty())?;
    for (i, segment) in path.iter().enumerate() {
        let m = &modules[at];
        if m.children.contains(segment) {
            let mut child = m.path.clone();
            child.push(segment.clone());
            at = modules.iter().position(|m| m.path == child)?;
        } else if let Some(target) = m.imports.get(segment) {
            let mut followed = target.clone();
            followed.extend(path[i + 1..].iter().cloned());
            return resolve(modules, &followed, depth + 1).or(Some(at));
        } else {
            return Some(at);
        }
    }
    Some(at)
}

/// The groups of modules that depend on each other in a circle (strongly connected
/// components of more than one module), each with the edges inside it.
pub(crate) fn cycles(count: usize, edges: &[Edge]) -> Vec<Vec<Edge>> {
    let component = strongly_connected(count, edges);
    let mut groups: BTreeMap<usize, Vec<Edge>> = BTreeMap::new();
    for e in edges.iter().filter(|e| component[e.from] == component[e.to]) {
        groups.entry(component[e.from]).or_default().push(e.clone());
    }
    groups.into_values().collect()
}

/// Each node's component, by Kosaraju's two passes (iterative, so deep graphs do not overflow).
fn strongly_connected(count: usize, edges: &[Edge]) -> Vec<usize> {
    let mut forward = vec![Vec::new(); count];
    let mut backward = vec![Vec::new(); count];
    for e in edges {
        forward[e.from].push(e.to);
        backward[e.to].push(e.from);
    }
    let mut order = Vec::new();
    let mut seen = vec![false; count];
    for start in 0..count {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![(start, 0)];
        while let Some((node, next)) = stack.pop() {
            if let Some(&to) = forward[node].get(next) {
                stack.push((node, next + 1));
                if !seen[to] {
                    seen[to] = true;
                    stack.push((to, 0));
                }
            } else {
                order.push(node);
            }
        }
    }
    let mut component = vec![usize::MAX; count];
    for (c, &start) in order.iter().rev().enumerate() {
        if component[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        component[start] = c;
        while let Some(node) = stack.pop() {
            for &from in &backward[node] {
                if component[from] == usize::MAX {
                    component[from] = c;
                    stack.push(from);
                }
            }
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn use_trees_expand_into_absolute_paths() {
        let code = "use crate::{a::B, c::{self, d::E as F}, g::*};\npub use super::h::I;\nuse std::fmt;";
        let children = BTreeSet::from(["k".to_string()]);
        let code = format!("{code}\nuse k::L;");
        let (names, globs) = use_items(&code, &strings(&["m", "n"]), &children);
        let got: Vec<(String, Vec<String>, bool)> =
            names.into_iter().map(|u| (u.name, u.target, u.public)).collect();
        assert_eq!(
            got,
            vec![
                ("B".into(), strings(&["a", "B"]), false),
                ("c".into(), strings(&["c"]), false),
                ("F".into(), strings(&["c", "d", "E"]), false),
                ("I".into(), strings(&["m", "h", "I"]), true),
                ("L".into(), strings(&["m", "n", "k", "L"]), false),
            ]
        );
        assert_eq!(globs.into_iter().map(|g| g.1).collect::<Vec<_>>(), vec![strings(&["g"])]);
    }

    #[test]
    fn a_circle_of_three_is_one_group_and_a_chain_is_none() {
        let e = |from, to| Edge { from, to, line: 1, text: String::new() };
        assert!(cycles(3, &[e(0, 1), e(1, 2)]).is_empty());
        let found = cycles(4, &[e(0, 1), e(1, 2), e(2, 0), e(2, 3)]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].len(), 3);
    }

    #[test]
    fn paths_resolve_through_children_and_imports_to_the_defining_module() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        std::fs::create_dir_all(src.join("store")).unwrap();
        std::fs::write(src.join("lib.rs"), "mod store;\nmod engine;\npub use engine::Engine;\nmacro_rules! m { () => { $crate::engine::Engine } }\n").unwrap();
        std::fs::write(
            src.join("store/mod.rs"),
            "mod model;\npub(crate) use model::Row;\nuse model::Row as R;\n",
        )
        .unwrap();
        std::fs::write(src.join("store/model.rs"), "// uses crate::engine in a comment\npub struct Row;\n")
            .unwrap();
        std::fs::write(
            src.join("engine.rs"),
            "use crate::store::Row;\npub struct Engine;\nfn f() { crate::store::model::g(); }\n",
        )
        .unwrap();
        let modules = load_crate(&src.join("lib.rs")).unwrap();
        let name = |i: usize| modules[i].path.join("::");
        let found: Vec<(String, String)> =
            edges(&modules).iter().map(|e| (name(e.from), name(e.to))).collect();
        // A module's `pub use` of its own children is its surface, not a dependency; a private
        // `use` is one; a macro's `$crate::` path is its caller's.
        assert_eq!(
            found,
            vec![
                ("engine".into(), "store::model".into()),
                ("engine".into(), "store::model".into()),
                ("store".into(), "store::model".into())
            ]
        );
    }
}
