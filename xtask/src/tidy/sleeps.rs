//! Sleeps in tests. A test awaits an event (a receiver's `wait_for`, a process's
//! `wait_for_log`) or polls a state with `test_support::eventually` (or `within`, when the
//! deadline is the contract), and lets time pass as part of its scenario with
//! `test_support::pace`. Those three live in [`ALLOWED`], the one file of test code that may
//! call `sleep(`: a fixed sleep that waits for something is too short on a busy machine and
//! wasted time everywhere else. Test code is `crates/*/tests` and `xtask/tests` whole, and the
//! `#[cfg(test)]` items of `src`.

use super::lex::{blank_comments_and_literals, line_of, only_test_items};

/// The file whose sleeps are the ones every test uses.
pub(crate) const ALLOWED: &str = "crates/test-support/src/wait.rs";

/// The 1-based lines of a test file (one under `tests/`) that call a sleep.
pub(crate) fn in_test_file(text: &str) -> Vec<usize> {
    calls(&blank_comments_and_literals(text))
}

/// The 1-based lines of the `#[cfg(test)]` items of a source file that call a sleep.
pub(crate) fn in_test_items(text: &str) -> Vec<usize> {
    calls(&only_test_items(&blank_comments_and_literals(text)))
}

/// Lines of `code` (already blanked) where `sleep(` or `sleep_until(` is called, by any path.
fn calls(code: &str) -> Vec<usize> {
    let b = code.as_bytes();
    let mut lines = Vec::new();
    for (at, _) in code.match_indices("sleep") {
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let after = &code[at + "sleep".len()..];
        let after = after.strip_prefix("_until").unwrap_or(after);
        if after.trim_start().starts_with('(') {
            lines.push(line_of(code, at));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sleep_call_in_a_test_file_is_found_and_words_in_comments_and_strings_are_not() {
        let src = "async fn t() {\n    tokio::time::sleep(d).await;\n    // sleep(forever)\n    \
                   let s = \"sleep(1)\";\n    std::thread::sleep (d);\n    sleep_until(at).await;\n    \
                   asleep(1); sleepy(2); let sleep = 3;\n}\n";
        assert_eq!(in_test_file(src), vec![2, 5, 6]);
    }

    #[test]
    fn in_source_files_only_the_test_items_count() {
        let src = "fn run() {\n    tokio::time::sleep(poll);\n}\n#[cfg(test)]\nmod tests {\n    \
                   fn t() {\n        std::thread::sleep(d);\n    }\n}\n";
        assert_eq!(in_test_items(src), vec![7]);
        assert_eq!(in_test_file(src), vec![2, 7]);
    }
}
