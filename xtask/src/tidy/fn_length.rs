//! Functions longer than the house limit. A function's length runs from its `fn` line to the
//! line of its closing brace, doc comments not counted, SQL text and comments inside counted
//! (a statement long enough to push a function over belongs in a constant beside it). Test
//! items are not measured.

use super::lex::{blank_comments_and_literals, blank_test_items, line_of};

/// The longest a function may be, in lines.
pub(crate) const MAX_LINES: usize = 90;

/// `(name, first line, lines)` of every function in `text` with a body.
pub(crate) fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_test_items(&blank_comments_and_literals(text));
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let name: String = code[at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            continue;
        }
        if let Some(end) = body_end(b, at) {
            let first = line_of(&code, at);
            out.push((name, first, line_of(&code, end) - first + 1));
        }
    }
    out
}

/// The offset of the closing brace of the body of the function at `at`; `None` for a
/// declaration without a body (`fn f();` in a trait).
fn body_end(b: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    while i < b.len() {
        match b[i] {
            b';' if depth == 0 => return None,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_from_the_fn_line_to_the_closing_brace() {
        let src = "trait T { fn decl(&self); }\n/// doc\nfn short() {}\nasync fn long(\n    a: u8,\n) -> u8 {\n    let s = \"}\";\n    a\n}\n#[cfg(test)]\nmod tests { fn hidden() {\n\n} }\n";
        let found = functions(src);
        assert_eq!(found, vec![("short".to_string(), 3, 1), ("long".to_string(), 4, 6)]);
    }
}
