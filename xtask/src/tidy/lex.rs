//! Rust source as the tidy checks read it: comments, string and character literals blanked out
//! (newlines kept, so offsets still give line numbers), and the items under `#[cfg(test)]`
//! removed the same way (or everything but them, to read only them). Good enough for a bar, not
//! a parser: it knows literals, comments and braces, and nothing else.

/// `text` with every comment and literal replaced by spaces (newlines kept).
pub(crate) fn blank_comments_and_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match literal_or_comment_end(b, i) {
            Some(end) => {
                blank(&mut out[i..end.min(b.len())]);
                i = end.max(i + 1);
            }
            None if ident_byte(b[i]) => i = ident_end(b, i),
            None => i += 1,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Where the comment or literal starting at `i` ends, if one starts there.
fn literal_or_comment_end(b: &[u8], i: usize) -> Option<usize> {
    match b[i] {
        b'/' if b.get(i + 1) == Some(&b'/') => Some(line_end(b, i)),
        b'/' if b.get(i + 1) == Some(&b'*') => Some(block_comment_end(b, i)),
        b'"' => Some(string_end(b, i + 1)),
        b'\'' => char_literal_end(b, i),
        b'r' | b'b' => match raw_string_start(b, i) {
            Some((hashes, quote)) => Some(raw_string_end(b, quote + 1, hashes)),
            None if b[i] == b'b' && b.get(i + 1) == Some(&b'"') && !ident_byte_before(b, i) => {
                Some(string_end(b, i + 2))
            }
            None => None,
        },
        _ => None,
    }
}

fn blank(bytes: &mut [u8]) {
    for c in bytes.iter_mut().filter(|c| **c != b'\n') {
        *c = b' ';
    }
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_byte_before(b: &[u8], i: usize) -> bool {
    i > 0 && ident_byte(b[i - 1])
}

fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && ident_byte(b[i]) {
        i += 1;
    }
    i
}

fn line_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i
}

fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// The end of a string whose content starts at `i` (after the opening quote).
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// `r"`, `r#"`, `br##"`, … at `i` (not inside an identifier): the number of hashes and where
/// the opening quote is.
fn raw_string_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    if ident_byte_before(b, i) {
        return None;
    }
    let mut j = i;
    if b[j] == b'b' {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|c| **c == b'#').count();
    (b.get(j + hashes) == Some(&b'"')).then_some((hashes, j + hashes))
}

fn raw_string_end(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"' && b[i + 1..].iter().take(hashes).filter(|c| **c == b'#').count() == hashes {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// A character literal at `i` (`'x'`, `'\n'`, `'\u{1F600}'`, `'é'`), not a lifetime: its end.
fn char_literal_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) == Some(&b'\\') {
        let close = b[i + 2..].iter().take(12).position(|c| *c == b'\'')?;
        return Some(i + 2 + close + 1);
    }
    let first = *b.get(i + 1)?;
    let len = match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    };
    (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 2 + len)
}

/// `code` (already blanked) without the items under `#[cfg(test)]`: a test module, function or
/// `mod tests;` declaration is blanked like a comment.
pub(crate) fn blank_test_items(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    for item in test_items(code) {
        blank(&mut out[item]);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `code` (already blanked) with only the items under `#[cfg(test)]` left: everything else is
/// blanked like a comment.
pub(crate) fn only_test_items(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    let mut from = 0;
    for item in test_items(code) {
        blank(&mut out[from..item.start]);
        from = item.end;
    }
    blank(&mut out[from..]);
    String::from_utf8_lossy(&out).into_owned()
}

/// Where each item under `#[cfg(test)]` in `code` is, from the attribute to its end.
fn test_items(code: &str) -> Vec<std::ops::Range<usize>> {
    const MARK: &str = "#[cfg(test)]";
    let mut items = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(MARK).map(|p| p + from) {
        let end = item_end(code.as_bytes(), at + MARK.len());
        items.push(at..end);
        from = end;
    }
    items
}

/// The end of the item starting after `i`: its closing brace, or its `;` when it has no body.
fn item_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b';' if depth == 0 => return i + 1,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The 1-based line of byte offset `at`.
pub(crate) fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|c| **c == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_strings_and_chars_are_blanked_and_lifetimes_kept() {
        let src = "use a::b; // crate::x\nlet s = \"crate::y\"; let r = r#\"super::z \"q\" \"#;\nfn f<'a>(c: &'a str) -> char { '{' }\n/* crate::w */";
        let out = blank_comments_and_literals(src);
        assert_eq!(out.len(), src.len());
        assert!(out.contains("use a::b;"));
        assert!(!out.contains("crate::") && !out.contains("super::"));
        assert!(out.contains("fn f<'a>(c: &'a str)"));
        assert!(!out.contains("'{'"));
        assert_eq!(out.lines().count(), src.lines().count());
    }

    #[test]
    fn test_items_are_removed() {
        let src = "fn a() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn b() { { } }\n}\nfn c() {}\n#[cfg(test)]\nmod more;\n";
        let out = blank_test_items(src);
        assert!(out.contains("fn a()") && out.contains("fn c()"));
        assert!(!out.contains("super") && !out.contains("mod more"));
        let only = only_test_items(src);
        assert_eq!(only.len(), src.len());
        assert!(!only.contains("fn a()") && !only.contains("fn c()"));
        assert!(only.contains("fn b() { { } }") && only.contains("mod more;"));
        assert_eq!(only.lines().count(), src.lines().count());
    }
}
