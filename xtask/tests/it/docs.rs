//! Every command of README.md's quick start, of the two getting-started guides, of
//! docs/integrating.md and of docs/extending.md, run in order as a reader would, against `cargo xtask run` on the embedded
//! store (docs/decisions.md D72; the extending guide starts the example service itself). A command that fails, or prints other than the document says, fails the test.
//!
//! Markers, an HTML comment on the line before a fenced block:
//! - `<!-- doc-test: services -->`: the block is `[NAME=value …] cargo xtask run`. The test
//!   starts `xtask run --no-build --free-ports --data-dir <temporary>` with those variables,
//!   checks what it prints against the `text` block after it, and pastes the `export` lines it
//!   printed into the reader's shell, as the document tells the reader to.
//! - `<!-- doc-test: sets NAME (why) -->`: the block only assigns NAME, which the test sets
//!   itself (a free port); outputs show the documented value in its place.
//! - `<!-- doc-test: background NAME -->`: the block starts a process in the background (`&`);
//!   the `text` block after it, and any marked `<!-- doc-test: output of NAME -->`, are awaited
//!   in what that process prints, each after the lines the one before matched.
//! - `<!-- doc-test: repeat until the output matches -->`: a read of state the services reach
//!   on their own (a delivery being recorded), run again until its output matches.
//! - `<!-- doc-test: not run: why -->`: skipped, and the reason printed (the only marker a
//!   block in another language than `sh` may have: Rust source a guide quotes).
//! - `<!-- doc-test: run -->`: in the API references (docs/workflow-api.md,
//!   docs/campaign-api.md), where only the blocks so marked run, each with the `text` block
//!   right after it as its output, against `cargo xtask run` with `BASE` the service's address
//!   (the rest of a reference's examples assume its own setup, section 2). Elsewhere it is what
//!   an unmarked block is.
//!
//! Any other `sh` block runs as it is, and a `text` block right after it is its expected
//! output: each of its lines must match a whole line of the output, in order, `…` standing for
//! any text. A block in another language, an output block that follows no command, or a marker
//! that precedes no block fails the test: mark it, or say what it is.
//!
//! The reader's shell is one `bash` with `set -eo pipefail`, fed one block at a time (sourced,
//! so variables and functions carry over) in a directory of its own. Its `cargo` is a stand-in:
//! `cargo xtask <task>` runs the xtask binary built with this test (`receiver` and
//! `catalog-snapshot` with `--no-build`), and `cargo run -p <package> [-- args]` the package's
//! binary already built in the target directory (`cargo build -p workflow-api -p campaign-api
//! -p dev-receiver -p example-invoice-api` first, as for tests/it/first_hour.rs); anything else is
//! refused. The test builds nothing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use test_support::{eventually, ApiClient};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn target_dir() -> PathBuf {
    Path::new(XTASK).parent().unwrap().parent().unwrap().to_owned()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

/// A fenced block of a document.
#[derive(Debug, Clone)]
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    lang: String,
    /// What the `<!-- doc-test: … -->` before it says.
    marker: Option<String>,
    text: String,
}

/// The fenced blocks of `markdown`; a marker that precedes no fence is an error.
fn blocks(markdown: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = markdown.lines().collect();
    let (mut blocks, mut pending_marker) = (Vec::new(), None::<(usize, String)>);
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim();
        if let Some(inner) = trimmed.strip_prefix("<!-- doc-test:").and_then(|m| m.strip_suffix("-->")) {
            if let Some((line, _)) = pending_marker {
                return Err(format!("the marker at line {line} precedes no block"));
            }
            pending_marker = Some((i + 1, inner.trim().to_owned()));
        } else if let Some(lang) = trimmed.strip_prefix("```") {
            let indent = lines[i].len() - lines[i].trim_start().len();
            let start = i;
            let mut text = String::new();
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                let line = lines[i];
                text.push_str(line.get(indent.min(line.len() - line.trim_start().len())..).unwrap_or(""));
                text.push('\n');
                i += 1;
            }
            if i == lines.len() {
                return Err(format!("the block at line {} is not closed", start + 1));
            }
            let marker = pending_marker.take().map(|(_, m)| m);
            blocks.push(Block { line: start + 1, lang: lang.trim().to_owned(), marker, text });
        } else if !trimmed.is_empty() {
            if let Some((line, _)) = pending_marker {
                return Err(format!("the marker at line {line} precedes no block"));
            }
        }
        i += 1;
    }
    match pending_marker {
        Some((line, _)) => Err(format!("the marker at line {line} precedes no block")),
        None => Ok(blocks),
    }
}

/// An output a document shows, at its line.
#[derive(Debug, Clone)]
struct Expected {
    line: usize,
    text: String,
}

#[derive(Debug)]
enum Step {
    Services { line: usize, env: Vec<(String, String)>, expect: Option<Expected> },
    Sets { line: usize, documented: Vec<(String, String)> },
    Command { line: usize, text: String, expect: Option<Expected>, repeat: bool, background: Option<String> },
    OutputOf { name: String, expect: Expected },
    Skip { line: usize, reason: String },
}

/// `NAME=value` lines (comments and blank lines aside).
fn assignments(text: &str) -> Option<Vec<(String, String)>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, value) = l.split_once('=')?;
            let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            plain.then(|| (name.to_owned(), value.to_owned()))
        })
        .collect()
}

/// What the test does with each block of a document, in order.
fn plan(doc: &str, blocks: &[Block]) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    for b in blocks {
        let at = format!("{doc}:{}", b.line);
        let marker = b.marker.as_deref();
        match b.lang.as_str() {
            "sh" | "bash" | "shell" => steps.push(match marker {
                None => Step::Command {
                    line: b.line,
                    text: b.text.clone(),
                    expect: None,
                    repeat: false,
                    background: None,
                },
                Some("services") => {
                    let words: Vec<&str> = b.text.split_whitespace().collect();
                    let split = words.iter().position(|w| !w.contains('=')).unwrap_or(words.len());
                    if words[split..] != ["cargo", "xtask", "run"] {
                        return Err(format!("{at}: a services block is `[NAME=value …] cargo xtask run`"));
                    }
                    let env =
                        assignments(&words[..split].join("\n")).ok_or(format!("{at}: not NAME=value"))?;
                    Step::Services { line: b.line, env, expect: None }
                }
                Some(m) if m.starts_with("sets ") => {
                    let name = m["sets ".len()..].split_whitespace().next().unwrap_or("");
                    let documented =
                        assignments(&b.text).filter(|a| !a.is_empty() && a.iter().all(|(n, _)| n == name));
                    let documented = documented.ok_or(format!("{at}: the block may only assign {name}"))?;
                    Step::Sets { line: b.line, documented }
                }
                Some(m) if m.starts_with("background ") => Step::Command {
                    line: b.line,
                    text: b.text.clone(),
                    expect: None,
                    repeat: false,
                    background: Some(m["background ".len()..].trim().to_owned()),
                },
                Some("repeat until the output matches") => Step::Command {
                    line: b.line,
                    text: b.text.clone(),
                    expect: None,
                    repeat: true,
                    background: None,
                },
                Some(m) if m.starts_with("not run:") => {
                    Step::Skip { line: b.line, reason: m["not run:".len()..].trim().to_owned() }
                }
                Some("run") => Step::Command {
                    line: b.line,
                    text: b.text.clone(),
                    expect: None,
                    repeat: false,
                    background: None,
                },
                Some(m) => return Err(format!("{at}: unknown marker `{m}`")),
            }),
            "text" => {
                let expect = Expected { line: b.line, text: b.text.clone() };
                match (marker, steps.last_mut()) {
                    (Some(m), _) if m.starts_with("output of ") => {
                        steps.push(Step::OutputOf { name: m["output of ".len()..].trim().to_owned(), expect })
                    }
                    (
                        None,
                        Some(
                            Step::Services { expect: e @ None, .. } | Step::Command { expect: e @ None, .. },
                        ),
                    ) => *e = Some(expect),
                    _ => return Err(format!("{at}: an output block that follows no command: mark it")),
                }
            }
            _ if marker.is_some_and(|m| m.starts_with("not run:")) => {
                let reason = marker.unwrap_or_default()["not run:".len()..].trim().to_owned();
                steps.push(Step::Skip { line: b.line, reason })
            }
            other => return Err(format!("{at}: a `{other}` block is neither run nor marked")),
        }
    }
    Ok(steps)
}

/// Whether `line` is `pattern`, where `…` stands for any text.
fn matches_line(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    let [first, middle @ .., last] = parts.as_slice() else { return line == pattern };
    let Some(mut rest) = line.strip_prefix(first) else { return false };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Finds the expected lines in `actual` in order, from line `from`; the index after the last.
fn find_in_order(expected: &str, actual: &[String], from: usize) -> Option<usize> {
    let mut at = from;
    for pattern in expected.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
        let found = actual.get(at..)?.iter().position(|l| matches_line(pattern, l.trim_end()))?;
        at += found + 1;
    }
    Some(at)
}

/// Actual addresses and ports as the documents show them (the test runs on free ports).
#[derive(Debug, Default)]
struct Documented(Vec<(String, String)>);

impl Documented {
    fn lines(&self, text: &str) -> Vec<String> {
        let mut text = text.to_owned();
        for (actual, documented) in &self.0 {
            text = text.replace(actual, documented);
        }
        text.lines().map(str::to_owned).collect()
    }
}

/// The reader's terminal: one bash, fed one block at a time.
struct Reader {
    _child: Child,
    pid: u32,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    harness: PathBuf,
    runs: usize,
    doc: &'static str,
}

impl Reader {
    async fn start(doc: &'static str, dir: &Path) -> Self {
        let (harness, cwd, bin) = (dir.join("harness"), dir.join("reader"), dir.join("bin"));
        for d in [&harness, &cwd, &bin] {
            std::fs::create_dir_all(d).unwrap();
        }
        let stand_in = "#!/bin/sh\n\
            # cargo, as the doc test runs it: what is built already, nothing else.\n\
            if [ \"$1\" = xtask ] && [ \"$2\" = receiver ]; then shift 2; exec \"$DOC_TEST_XTASK\" receiver --no-build \"$@\"; fi\n\
            if [ \"$1\" = xtask ] && [ \"$2\" = catalog-snapshot ]; then shift 2; exec \"$DOC_TEST_XTASK\" catalog-snapshot --no-build \"$@\"; fi\n\
            if [ \"$1\" = xtask ]; then shift; exec \"$DOC_TEST_XTASK\" \"$@\"; fi\n\
            if [ \"$1\" = run ] && [ \"$2\" = -p ]; then bin=\"$CARGO_TARGET_DIR/debug/$3\"; shift 3; [ \"$1\" = -- ] && shift; exec \"$bin\" \"$@\"; fi\n\
            echo \"the doc test runs only what is built: not cargo $*\" >&2; exit 97\n";
        // The reader stands at the repository root as far as `clients/` goes (the integrating
        // guide installs the clients from there); nothing else of the checkout is in reach.
        if !cwd.join("clients").exists() {
            std::os::unix::fs::symlink(root().join("clients"), cwd.join("clients")).unwrap();
        }
        let cargo = bin.join("cargo");
        std::fs::write(&cargo, stand_in).unwrap();
        std::fs::set_permissions(&cargo, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
        let mut child = Command::new("bash")
            .args(["--norc", "--noprofile"])
            .current_dir(&cwd)
            .env("PATH", path)
            .env("DOC_TEST_XTASK", XTASK)
            .env("CARGO_TARGET_DIR", target_dir())
            .env_remove("DATA_DIR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let pid = child.id().unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut reader = Self { _child: child, pid, stdin, stdout, harness, runs: 0, doc };
        reader.run(0, "set -eo pipefail").await;
        reader
    }

    /// Runs one block to its end; the file with its output. A failing command fails the test.
    async fn run(&mut self, line: usize, text: &str) -> PathBuf {
        self.runs += 1;
        println!("{}:{line}: $ {}", self.doc, text.lines().next().unwrap_or(""));
        let script = self.harness.join(format!("{}.sh", self.runs));
        let (out, err) = (
            self.harness.join(format!("{}.out", self.runs)),
            self.harness.join(format!("{}.err", self.runs)),
        );
        std::fs::write(&script, text).unwrap();
        let command = format!(
            ". '{}' < /dev/null > '{}' 2> '{}'; echo \"__doc_test_done__ $?\"\n",
            script.display(),
            out.display(),
            err.display()
        );
        self.stdin.write_all(command.as_bytes()).await.unwrap();
        let done = tokio::time::timeout(test_support::WAIT, self.stdout.next_line()).await;
        let status = match done {
            Ok(Ok(Some(l))) => l.strip_prefix("__doc_test_done__ ").map(str::to_owned).unwrap_or(l),
            Ok(_) => "the shell exited (a command failed under set -e)".to_owned(),
            Err(_) => format!("no end within {:?}", test_support::WAIT),
        };
        if status != "0" {
            panic!(
                "{}:{line}: the block failed: {status}\n--- block\n{text}--- stdout\n{}--- stderr\n{}",
                self.doc,
                std::fs::read_to_string(&out).unwrap_or_default(),
                std::fs::read_to_string(&err).unwrap_or_default()
            );
        }
        out
    }
}

/// The shell and every process its blocks started (one process group), also when a test fails.
impl Drop for Reader {
    fn drop(&mut self) {
        let group = format!("-{}", self.pid);
        let _ = std::process::Command::new("kill").args(["-TERM", "--", &group]).status();
    }
}

/// `cargo xtask run`, as the test starts it.
struct Services {
    supervisor: Child,
    workflow: String,
    campaign: String,
    printed: Vec<String>,
}

impl Services {
    async fn start(env: &[(String, String)], data_dir: &Path) -> Self {
        let mut supervisor = Command::new(XTASK)
            .args(["run", "--no-build", "--free-ports", "--data-dir"])
            .arg(data_dir)
            .env("CARGO_TARGET_DIR", target_dir())
            .envs(env.iter().cloned())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(supervisor.stdout.take().unwrap()).lines();
        let mut printed = Vec::new();
        let started = async {
            while let Some(line) = lines.next_line().await.unwrap() {
                println!("[cargo xtask run] {line}");
                let done = line.starts_with("State: ");
                printed.push(line);
                if done {
                    return true;
                }
            }
            false
        };
        assert!(tokio::time::timeout(test_support::WAIT, started).await.unwrap(), "cargo xtask run ended");
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let assigned = |name: &str| {
            let words =
                printed.iter().filter_map(|l| l.strip_prefix("export ")).flat_map(str::split_whitespace);
            let found = words.filter_map(|w| w.strip_prefix(name)?.strip_prefix('=')).next();
            found.unwrap_or_else(|| panic!("no {name}= printed: {printed:?}")).to_owned()
        };
        let (workflow, campaign) = (assigned("WORKFLOW"), assigned("CAMPAIGN"));
        Self { supervisor, workflow, campaign, printed }
    }

    /// SIGTERM, as Ctrl-C in the reader's first terminal: both stop cleanly.
    async fn stop(mut self) {
        let pid = self.supervisor.id().unwrap().to_string();
        assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let status = tokio::time::timeout(test_support::WAIT, self.supervisor.wait()).await.unwrap().unwrap();
        assert!(status.success(), "{status}");
    }
}

fn mismatch(doc: &str, expect: &Expected, actual: &[String]) -> String {
    format!("{doc}:{}: expected, in order:\n{}--- got:\n{}", expect.line, expect.text, actual.join("\n"))
}

/// Reads `path` until `expect` appears after line `from`; the index after what matched.
async fn await_output(
    doc: &str,
    path: &Path,
    expect: &Expected,
    from: usize,
    documented: &Documented,
) -> usize {
    // What a background process prints arrives in a file: read it until it has arrived.
    eventually(&format!("{doc}:{}: the output documented", expect.line), || async {
        let lines = documented.lines(&String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()));
        find_in_order(&expect.text, &lines, from)
            .ok_or_else(|| mismatch(doc, expect, &lines[from.min(lines.len())..]))
    })
    .await
}

/// What the document's commands did, for checks after them.
struct Ran {
    services: Option<Services>,
    /// The reader's directory and the services' data, kept while they run.
    dir: tempfile::TempDir,
    token: String,
    api_key: String,
}

fn read_blocks(doc: &str) -> Vec<Block> {
    let markdown = std::fs::read_to_string(root().join(doc)).unwrap();
    blocks(&markdown).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// Runs the document's blocks in order.
async fn run_document(doc: &'static str) -> Ran {
    let steps = plan(doc, &read_blocks(doc)).unwrap_or_else(|e| panic!("{e}"));
    run_steps(doc, steps).await
}

/// An API reference's blocks that run: those marked `run`, each with the `text` block right
/// after it.
fn marked_runs(blocks: Vec<Block>) -> Vec<Block> {
    let (mut kept, mut after_run) = (Vec::new(), false);
    for b in blocks {
        let (run, output) =
            (b.marker.as_deref() == Some("run"), after_run && b.lang == "text" && b.marker.is_none());
        after_run = run;
        if run || output {
            kept.push(b);
        }
    }
    kept
}

/// An API reference's marked examples against `cargo xtask run`, `BASE` the address the
/// variable `service` holds (`WORKFLOW` or `CAMPAIGN`, as it exports them).
async fn run_reference(doc: &'static str, service: &str) -> Ran {
    let mut steps = vec![
        Step::Services { line: 0, env: Vec::new(), expect: None },
        Step::Command {
            line: 0,
            text: format!("BASE=${service}"),
            expect: None,
            repeat: false,
            background: None,
        },
    ];
    let marked = marked_runs(read_blocks(doc));
    steps.extend(plan(doc, &marked).unwrap_or_else(|e| panic!("{e}")));
    run_steps(doc, steps).await
}

async fn run_steps(doc: &'static str, steps: Vec<Step>) -> Ran {
    assert!(steps.iter().any(|s| matches!(s, Step::Command { .. })), "{doc}: nothing to run");
    let mut ran = Ran {
        services: None,
        dir: tempfile::tempdir().unwrap(),
        token: String::new(),
        api_key: String::new(),
    };
    let mut reader = Reader::start(doc, ran.dir.path()).await;
    let mut documented = Documented::default();
    let mut outputs: HashMap<String, (PathBuf, usize)> = HashMap::new();
    for step in steps {
        match step {
            Step::Services { line, env, expect } => {
                assert!(ran.services.is_none(), "{doc}:{line}: the services are started once");
                let services = Services::start(&env, &ran.dir.path().join("data")).await;
                documented.0.push((services.workflow.replace("http://", ""), "127.0.0.1:8080".into()));
                documented.0.push((services.campaign.replace("http://", ""), "127.0.0.1:8081".into()));
                if let Some(expect) = expect {
                    let printed = documented.lines(&services.printed.join("\n"));
                    assert!(
                        find_in_order(&expect.text, &printed, 0).is_some(),
                        "{}",
                        mismatch(doc, &expect, &printed)
                    );
                }
                let exports: Vec<&str> = services
                    .printed
                    .iter()
                    .filter(|l| l.starts_with("export "))
                    .map(String::as_str)
                    .collect();
                reader.run(line, &exports.join("\n")).await;
                for word in exports.iter().flat_map(|l| l.split_whitespace()) {
                    if let Some(t) = word.strip_prefix("TOKEN=") {
                        ran.token = t.to_owned();
                    } else if let Some(k) = word.strip_prefix("API_KEY=") {
                        ran.api_key = k.to_owned();
                    }
                }
                ran.services = Some(services);
            }
            Step::Sets { line, documented: values } => {
                for (name, value) in values {
                    let port =
                        std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
                    reader.run(line, &format!("{name}={port}")).await;
                    documented.0.push((format!("localhost:{port}"), format!("localhost:{value}")));
                    documented.0.push((format!("127.0.0.1:{port}"), format!("127.0.0.1:{value}")));
                }
            }
            Step::Command { line, text, expect, repeat, background } => {
                let out = match (&expect, repeat) {
                    // The services record outcomes on their own: ask again until they have.
                    (Some(expect), true) => {
                        // Lent to each ask in turn (`eventually` calls its check again and again).
                        let reader = tokio::sync::Mutex::new(&mut reader);
                        let what = format!("{doc}:{line}: the output documented");
                        eventually(&what, || async {
                            let out = reader.lock().await.run(line, &text).await;
                            let lines = documented.lines(&std::fs::read_to_string(&out).unwrap());
                            match find_in_order(&expect.text, &lines, 0) {
                                Some(_) => Ok(out),
                                None => Err(mismatch(doc, expect, &lines)),
                            }
                        })
                        .await
                    }
                    _ => reader.run(line, &text).await,
                };
                match (background, expect) {
                    (Some(name), expect) => {
                        let from = match &expect {
                            Some(expect) => await_output(doc, &out, expect, 0, &documented).await,
                            None => 0,
                        };
                        outputs.insert(name, (out, from));
                    }
                    (None, Some(expect)) if !repeat => {
                        let lines = documented.lines(&std::fs::read_to_string(&out).unwrap());
                        assert!(
                            find_in_order(&expect.text, &lines, 0).is_some(),
                            "{}",
                            mismatch(doc, &expect, &lines)
                        );
                    }
                    (None, _) => {}
                }
            }
            Step::OutputOf { name, expect } => {
                let (path, from) = outputs.get(&name).cloned().unwrap_or_else(|| {
                    panic!("{doc}:{}: no background block named {name} before it", expect.line)
                });
                let next = await_output(doc, &path, &expect, from, &documented).await;
                outputs.insert(name, (path, next));
            }
            Step::Skip { line, reason } => println!("{doc}:{line}: not run: {reason}"),
        }
    }
    drop(reader);
    ran
}

/// docs/operations.md's advice before moving off the embedded store: the queue is drained when
/// these lists are empty. Each documented filter is accepted (200), and after a guide the lists
/// empty once the last outcomes are recorded.
async fn the_drain_advice_of_operations_md_holds(ran: &Ran) {
    let operations = std::fs::read_to_string(root().join("docs/operations.md")).unwrap();
    let start = operations.find("Let the embedded service drain its").expect("the drain advice");
    let paragraph = &operations[start..start + operations[start..].find("\n\n").unwrap()];
    let (mut paths, mut last) = (Vec::new(), String::new());
    for code in paragraph.split('`').skip(1).step_by(2) {
        if let Some(path) = code.strip_prefix("GET ") {
            last = path.split('?').next().unwrap().to_owned();
            paths.push(path.to_owned());
        } else if code.starts_with("?status=") {
            paths.push(format!("{last}{code}"));
        }
    }
    assert_eq!(paths.len(), 4, "{paragraph}");
    let services = ran.services.as_ref().unwrap();
    for path in paths {
        let api = match path.starts_with("/api/v1/") {
            true => ApiClient::new(&services.campaign).with_bearer(&ran.api_key),
            false => ApiClient::new(&services.workflow).with_bearer(&ran.token),
        };
        // Draining is the worker recording the last outcomes: ask until the list is empty.
        eventually(&format!("GET {path} to drain"), || async {
            let res = api.call("GET", &path, None).await;
            assert_eq!(res.status, 200, "GET {path}: {}", String::from_utf8_lossy(&res.body));
            match res.json() {
                serde_json::Value::Array(list) if list.is_empty() => Ok(()),
                other => Err(other),
            }
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_readme_quick_start_runs_as_written() {
    let mut ran = run_document("README.md").await;
    ran.services.take().expect("the README starts the services").stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_workflow_guide_runs_as_written() {
    let mut ran = run_document("docs/getting-started-workflow.md").await;
    the_drain_advice_of_operations_md_holds(&ran).await;
    ran.services.take().expect("the guide starts the services").stop().await;
}

/// The extending guide runs the example service (built with the tests: it has its own) and
/// `cargo xtask catalog-snapshot`, which rewrites no snapshot while the catalogs match them.
#[tokio::test(flavor = "multi_thread")]
async fn the_extending_guide_runs_as_written() {
    let ran = run_document("docs/extending.md").await;
    assert!(ran.services.is_none(), "the guide starts the example itself, not `cargo xtask run`");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_campaign_guide_runs_as_written() {
    let mut ran = run_document("docs/getting-started-campaign.md").await;
    the_drain_advice_of_operations_md_holds(&ran).await;
    ran.services.take().expect("the guide starts the services").stop().await;
}

/// The integrating guide installs the generated clients from `clients/` (built by
/// `cargo xtask test` before the tests) and calls the services through them.
#[tokio::test(flavor = "multi_thread")]
async fn the_integrating_guide_runs_as_written() {
    let mut ran = run_document("docs/integrating.md").await;
    ran.services.take().expect("the guide starts the services").stop().await;
}

/// The references' marked examples (endpoints behind gateways, and what else is marked).
#[tokio::test(flavor = "multi_thread")]
async fn the_workflow_references_marked_examples_answer_as_written() {
    let mut ran = run_reference("docs/workflow-api.md", "WORKFLOW").await;
    ran.services.take().expect("started for the reference").stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_campaign_references_marked_examples_answer_as_written() {
    let mut ran = run_reference("docs/campaign-api.md", "CAMPAIGN").await;
    ran.services.take().expect("started for the reference").stop().await;
}

#[test]
fn a_reference_runs_only_its_marked_blocks_and_their_outputs() {
    let doc = "```sh\ncurl a\n```\n```text\nA\n```\n<!-- doc-test: run -->\n```sh\ncurl b\n```\n\
               ```text\nB\n```\n```text\nnot its output\n```\n```json\n{}\n```\n\
               <!-- doc-test: run -->\n```sh\ncurl c\n```\n";
    let marked = marked_runs(blocks(doc).unwrap());
    let texts: Vec<&str> = marked.iter().map(|b| b.text.trim()).collect();
    assert_eq!(texts, ["curl b", "B", "curl c"]);
    let steps = plan("doc", &marked).unwrap();
    assert!(
        matches!(&steps[0], Step::Command { text, expect: Some(e), .. } if text.trim() == "curl b" && e.text.trim() == "B")
    );
    assert!(matches!(&steps[1], Step::Command { expect: None, .. }));
}

#[test]
fn markers_and_outputs_are_read_as_documented() {
    let doc = "intro\n\n<!-- doc-test: services -->\n```sh\nRETRY_SCHEDULE=1s cargo xtask run\n```\n\n\
               ```text\nexport WORKFLOW=…\n```\n\n<!-- doc-test: sets PORT (free) -->\n```sh\nPORT=9000\n```\n\
               <!-- doc-test: background receiver -->\n```sh\nrecv &\n```\n```text\nlistening on …\n```\n\
               prose\n<!-- doc-test: output of receiver -->\n```text\nverified …\n```\n\
               <!-- doc-test: not run: slow -->\n```sh\ncargo xtask test\n```\n  ```sh\n  echo hi\n  ```\n";
    let steps = plan("doc", &blocks(doc).unwrap()).unwrap();
    let pair = |k: &str, v: &str| vec![(k.to_owned(), v.to_owned())];
    assert!(
        matches!(&steps[0], Step::Services { env, expect: Some(_), .. } if *env == pair("RETRY_SCHEDULE", "1s"))
    );
    assert!(matches!(&steps[1], Step::Sets { documented, .. } if *documented == pair("PORT", "9000")));
    assert!(
        matches!(&steps[2], Step::Command { background: Some(n), expect: Some(_), .. } if n == "receiver")
    );
    assert!(matches!(&steps[3], Step::OutputOf { name, .. } if name == "receiver"));
    assert!(matches!(&steps[4], Step::Skip { reason, .. } if reason == "slow"));
    assert!(matches!(&steps[5], Step::Command { text, .. } if text == "echo hi\n"));

    for bad in [
        "```text\nno command before\n```\n",
        "```python\nprint(1)\n```\n",
        "```\nplain\n```\n",
        "<!-- doc-test: sets PORT -->\n```sh\nPORT=1\nOTHER=2\n```\n",
        "<!-- doc-test: services -->\n```sh\ncargo xtask run --postgres\n```\n",
        "<!-- doc-test: whatever -->\n```sh\ntrue\n```\n",
    ] {
        assert!(plan("doc", &blocks(bad).unwrap()).is_err(), "{bad}");
    }
    assert!(blocks("<!-- doc-test: not run: x -->\nprose\n```sh\ntrue\n```\n").is_err());
    assert!(blocks("```sh\nunclosed\n").is_err());
}

#[tokio::test]
async fn variables_carry_over_and_a_failing_command_fails_its_block() {
    let dir = tempfile::tempdir().unwrap();
    let mut reader = Reader::start("doc", dir.path()).await;
    let out = reader.run(1, "GREETING=hello\n").await;
    assert_eq!(std::fs::read_to_string(out).unwrap(), "");
    let out = reader.run(2, "echo \"$GREETING\"\n").await;
    assert_eq!(std::fs::read_to_string(out).unwrap(), "hello\n");
    let failed = tokio::spawn(async move { reader.run(3, "false\necho not reached\n").await }).await;
    assert!(failed.unwrap_err().is_panic(), "a command failing mid-block fails it");
    let mut reader = Reader::start("doc", dir.path()).await;
    let refused = tokio::spawn(async move { reader.run(1, "cargo build\n").await }).await;
    assert!(refused.unwrap_err().is_panic(), "the test builds nothing");
}

#[test]
fn expected_lines_match_whole_lines_in_order_with_ellipses() {
    assert!(matches_line("HTTP 409", "HTTP 409"));
    assert!(!matches_line("HTTP 409", "HTTP 4090"));
    assert!(matches_line(
        "{\"id\":\"…\",\"status\":\"delivered\",…}",
        "{\"id\":\"a\",\"x\":\"1\",\"status\":\"delivered\",\"y\":2}"
    ));
    assert!(!matches_line("{\"id\":\"…\",\"status\":…}", "{\"id\":\"a\",\"x\":1,\"status\":2}"));
    assert!(!matches_line("[…]", "x[]"));
    assert!(matches_line("[…]", "[]"));
    assert!(matches_line("…", ""));
    assert!(!matches_line("a…a", "a"));
    let actual: Vec<String> = ["one", "two", "three"].map(String::from).to_vec();
    assert_eq!(find_in_order("one\n\nthree", &actual, 0), Some(3));
    assert_eq!(find_in_order("three\none", &actual, 0), None);
    assert_eq!(find_in_order("two", &actual, 2), None);
    let documented = Documented(vec![("127.0.0.1:41234".into(), "127.0.0.1:8080".into())]);
    assert_eq!(documented.lines("at http://127.0.0.1:41234/x"), ["at http://127.0.0.1:8080/x"]);
}
