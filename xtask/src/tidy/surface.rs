//! The engine's public surface: at most [`MAX_ROOT_NAMES`] names at the root of
//! `delivery-engine`, and every public name, at the root or in a public module, and every public
//! method of `Engine` used by some crate outside the engine (its own tests and examples do not
//! count). A name that only comes
//! with another's signature (an error type a public function returns) says so on the line
//! before it: `// tidy: in the signature of …`. Names behind the `test-support` feature serve
//! the engine's own tests and are left out.
//!
//! Users are found by text: a file outside the engine that mentions `delivery_engine` and, for a
//! root name, the name as a word; for a module's name, the module's name and the name as words.
//! That is loose (a word can mean something else), so the check can only miss an unused name,
//! never refuse a used one.

use super::lex::{blank_comments_and_literals, blank_test_items};
use std::collections::BTreeSet;

/// Root names the engine may export.
pub(crate) const MAX_ROOT_NAMES: usize = 30;

/// One public name of the engine: at the root (`module` is `None`) or in a public module.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct PublicName {
    pub module: Option<String>,
    pub name: String,
}

impl PublicName {
    fn root(name: &str) -> Self {
        Self { module: None, name: name.to_owned() }
    }

    fn shown(&self) -> String {
        match &self.module {
            Some(m) => format!("{m}::{}", self.name),
            None => self.name.clone(),
        }
    }
}

/// The engine's root names, from `lib.rs`: macros it exports, modules it makes public (by file,
/// whose items `module_file` reads, or inline), and what it re-exports.
pub(crate) fn root_names(lib: &str) -> BTreeSet<String> {
    let code = blank_comments_and_literals(&without_test_support(lib));
    let mut names = BTreeSet::new();
    let (mut depth, mut exported_macro) = (0usize, false);
    let mut lines = code.lines();
    while let Some(raw) = lines.next() {
        let line = raw.trim();
        if depth == 0 {
            if line.starts_with("#[macro_export]") {
                exported_macro = true;
            } else if let Some(rest) = line.strip_prefix("macro_rules!") {
                if exported_macro {
                    names.insert(word(rest));
                }
                exported_macro = false;
            } else if let Some(rest) = line.strip_prefix("pub mod ") {
                names.insert(word(rest));
            } else if let Some(rest) = line.strip_prefix("pub use ") {
                let mut item = rest.to_owned();
                while !item.contains(';') {
                    item.push_str(lines.next().unwrap_or(";"));
                }
                names.extend(use_names(&item));
                continue;
            }
        }
        depth = (depth + raw.matches('{').count()).saturating_sub(raw.matches('}').count());
    }
    names
}

/// The public names a module declares: `pub` items at its top level (not `pub(crate)`), and what
/// it re-exports with `pub use`.
pub(crate) fn module_names(source: &str) -> Vec<String> {
    let code = blank_test_items(&blank_comments_and_literals(&without_test_support(source)));
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        if depth == 0 {
            let line = line.trim_start();
            if let Some(rest) = line.strip_prefix("pub use ") {
                let mut item = rest.to_owned();
                while !item.contains(';') {
                    item.push_str(lines.next().unwrap_or(";"));
                }
                names.extend(use_names(&item));
            } else if let Some(rest) = line.strip_prefix("pub ") {
                let kinds = ["fn ", "async fn ", "struct ", "enum ", "trait ", "type ", "const ", "static "];
                if let Some(rest) = kinds.iter().find_map(|k| rest.strip_prefix(k)) {
                    names.push(word(rest));
                }
            }
        }
        depth = (depth + line.matches('{').count()).saturating_sub(line.matches('}').count());
    }
    names
}

/// Whether the item that declares `name` in `source` says it comes with another's signature: a
/// `// tidy: in the signature of …` line in the comments and attributes right above it.
pub(crate) fn in_a_signature(source: &str, name: &str) -> bool {
    let lines: Vec<&str> = source.lines().collect();
    lines.iter().enumerate().any(|(i, line)| {
        let declares = line.trim_start().starts_with("pub ") && word_in(line, name);
        declares
            && lines[..i]
                .iter()
                .rev()
                .map(|l| l.trim_start())
                .take_while(|l| l.starts_with("//") || l.starts_with("#["))
                .any(|l| l.starts_with("// tidy: in the signature of"))
    })
}

/// The public methods of `impl Engine` blocks in `source` (a file of `engine/`), but those behind
/// the `test-support` feature.
pub(crate) fn engine_methods(source: &str) -> Vec<String> {
    let code = blank_test_items(&blank_comments_and_literals(&without_test_support(source)));
    let mut methods = Vec::new();
    let (mut depth, mut in_engine) = (0usize, false);
    for line in code.lines() {
        if depth == 0 {
            in_engine = line.starts_with("impl Engine {");
        } else if depth == 1 && in_engine {
            let item = line.trim_start();
            let rest = item.strip_prefix("pub fn ").or_else(|| item.strip_prefix("pub async fn "));
            methods.extend(rest.map(word));
        }
        depth = (depth + line.matches('{').count()).saturating_sub(line.matches('}').count());
    }
    methods
}

/// Public methods of `Engine` that no file in `users` calls (`.name(` or `Engine::name`).
pub(crate) fn unused_methods(methods: &[String], users: &[String]) -> Vec<String> {
    methods
        .iter()
        .filter(|m| {
            !users.iter().any(|u| u.contains(&format!(".{m}(")) || u.contains(&format!("Engine::{m}(")))
        })
        .map(|m| format!("delivery-engine's public `Engine::{m}` has no caller outside the engine"))
        .collect()
}

/// Names brought in by the rest of a `use` item: `a::b::{C, D as E};` gives `C` and `E`.
fn use_names(item: &str) -> Vec<String> {
    let item = item.split(';').next().unwrap_or_default();
    let list = match (item.find('{'), item.rfind('}')) {
        (Some(a), Some(b)) => &item[a + 1..b],
        _ => item.rsplit("::").next().unwrap_or_default(),
    };
    list.split(',')
        .map(|part| part.rsplit(" as ").next().unwrap_or(part))
        .map(|part| word(part.rsplit("::").next().unwrap_or(part)))
        .filter(|w| !w.is_empty() && w != "self")
        .collect()
}

/// The identifier at the start of `text`.
fn word(text: &str) -> String {
    text.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// Whether `name` appears in `text` as a whole word.
pub(crate) fn word_in(text: &str, name: &str) -> bool {
    let is_part = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(is_part) && !after.is_some_and(is_part)
    })
}

/// `code` without the items under `#[cfg(feature = "test-support")]` (the attribute's next item).
fn without_test_support(code: &str) -> String {
    let mut out = Vec::new();
    let mut skip = false;
    for line in code.lines() {
        if line.contains("#[cfg(feature = \"test-support\")]") {
            skip = true;
            continue;
        }
        if skip {
            skip = !line.trim_end().ends_with(';') && !line.trim_end().ends_with('}');
            continue;
        }
        out.push(line);
    }
    out.join("\n")
}

/// What breaks the rule: too many root names, and public names no file in `users` names.
pub(crate) fn problems(names: &[PublicName], roots: usize, users: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    if roots > MAX_ROOT_NAMES {
        problems
            .push(format!("delivery-engine exports {roots} names at its root (at most {MAX_ROOT_NAMES})"));
    }
    let engine_users: Vec<String> = users
        .iter()
        .filter(|u| u.contains("delivery_engine"))
        .map(|u| blank_comments_and_literals(u))
        .collect();
    for n in names {
        let used = engine_users
            .iter()
            .any(|text| word_in(text, &n.name) && n.module.as_ref().is_none_or(|m| word_in(text, m)));
        if !used {
            problems.push(format!(
                "delivery-engine's public `{}` has no user outside the engine: make it pub(crate), or put it \
                 behind the `test-support` feature if only the engine's tests use it",
                n.shown()
            ));
        }
    }
    problems
}

/// Every public name of the engine: its root names, and for each root name that is a module
/// (`modules` gives a module's source by name, inline or from its file), that module's names.
pub(crate) fn public_names(lib: &str, module_source: impl Fn(&str) -> Option<String>) -> Vec<PublicName> {
    let mut names = Vec::new();
    for root in root_names(lib) {
        match module_source(&root) {
            Some(source) => {
                names.extend(
                    module_names(&source)
                        .into_iter()
                        .filter(|n| !in_a_signature(&source, n))
                        .map(|n| PublicName { module: Some(root.clone()), name: n }),
                );
            }
            None if !in_a_signature(lib, &root) => names.push(PublicName::root(&root)),
            None => {}
        }
    }
    names
}

/// The source of inline module `name` in `lib` (`pub mod name { … }`), if it is one.
pub(crate) fn inline_module(lib: &str, name: &str) -> Option<String> {
    let start = lib.find(&format!("pub mod {name} {{"))?;
    let body = &lib[start..];
    let mut depth = 0usize;
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let open = body.find('{')? + 1;
                    return Some(body[open..i].to_owned());
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIB: &str =
        "//! doc\n#[macro_export]\nmacro_rules! on_conn { () => {} }\nmod core;\npub mod http;\n\
        pub use engine::{Engine, NewEvent as Event};\npub use error::EngineError;\n\
        // tidy: in the signature of Engine::dispatcher\npub use worker::Dispatcher;\n\
        pub mod db {\n    pub use crate::store::{Pool, DbConn};\n}\n\
        #[cfg(feature = \"test-support\")]\npub use ops::{OPS_TENANT};\n";

    #[test]
    fn root_names_are_macros_modules_and_re_exports_but_not_test_support() {
        let expected =
            ["Dispatcher", "Engine", "EngineError", "Event", "db", "http", "on_conn"].map(String::from);
        assert_eq!(root_names(LIB), BTreeSet::from(expected));
    }

    #[test]
    fn a_modules_names_are_its_top_level_pub_items() {
        let source = "pub struct A;\npub(crate) fn b() {}\npub fn c() {\n    pub fn inner() {}\n}\n\
            // tidy: in the signature of c\npub enum CError {}\npub use x::{D, E as F};\n\
            #[cfg(test)]\nmod tests {\n    pub fn t() {}\n}\n";
        assert_eq!(module_names(source), ["A", "c", "CError", "D", "F"]);
        assert!(in_a_signature(source, "CError") && !in_a_signature(source, "A"));
    }

    #[test]
    fn engine_methods_are_the_pub_fns_of_its_impl_blocks() {
        let source = "impl Engine {\n    pub async fn resend(&self) {\n        if x {}\n    }\n    fn private(&self) {}\n\
            #[cfg(feature = \"test-support\")]\n    pub fn ingest_holds(&self) -> bool { true }\n}\n\
            impl Other {\n    pub fn not_engines(&self) {}\n}\n";
        assert_eq!(engine_methods(source), ["resend"]);
        let users = ["engine.resend(t, id).await".to_owned()];
        assert!(unused_methods(&["resend".into()], &users).is_empty());
        assert_eq!(unused_methods(&["resent".into()], &users).len(), 1);
    }

    #[test]
    fn a_name_without_a_user_outside_is_a_problem_and_so_are_too_many_roots() {
        let names = public_names(LIB, |m| match m {
            "http" => Some("pub struct OutboundClient;\npub fn unused_helper() {}\n".to_owned()),
            m => inline_module(LIB, m),
        });
        let users = vec![
            "use delivery_engine::{Engine, EngineError, Event, on_conn};\nuse delivery_engine::db::{Pool, DbConn};".to_owned(),
            "use delivery_engine::http::OutboundClient;".to_owned(),
            "fn unused_helper() {} // not the engine's".to_owned(),
        "use delivery_engine::Engine; // http::unused_helper is only named in a comment".to_owned(),
        ];
        let found = problems(&names, 31, &users);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("31 names at its root"), "{found:?}");
        assert!(found[1].contains("`http::unused_helper`"), "{found:?}");
    }
}
