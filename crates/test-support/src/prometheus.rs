//! A real Prometheus and `promtool` for the metrics tests (`cargo xtask test` fetches both and
//! passes their paths in `PROMETHEUS` and `PROMTOOL`).

use crate::ApiClient;
use std::time::Duration;

/// A Prometheus tool: `$<VAR>` or the one on PATH (panics with what to do when neither runs).
pub fn tool(var: &str, name: &str) -> String {
    let path = std::env::var(var).unwrap_or_else(|_| name.to_owned());
    let found = std::process::Command::new(&path).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{name} not found: set {var} or install Debian's prometheus package (cargo xtask test does)"
    );
    path
}

/// Panics unless `promtool check metrics` finds nothing to say about `exposition`.
pub fn assert_promtool_clean(exposition: &str) {
    use std::io::Write;
    let mut child = std::process::Command::new(tool("PROMTOOL", "promtool"))
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("promtool starts");
    child.stdin.take().expect("stdin").write_all(exposition.as_bytes()).expect("write to promtool");
    let out = child.wait_with_output().expect("promtool runs");
    assert!(
        out.status.success(),
        "promtool check metrics: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The value of `series` (its name with its labels, as exposed) in a text exposition; 0 when
/// it is not there yet.
pub fn sample(exposition: &str, series: &str) -> f64 {
    exposition
        .lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

/// GETs `url` until its body contains `needle` (panics after [`crate::WAIT`]); returns the body.
pub async fn metrics_containing(url: &str, needle: &str) -> String {
    let (base, path) = url.split_at(url.find("/metrics").expect("a /metrics URL"));
    let client = ApiClient::new(base);
    crate::eventually(&format!("{needle} in {url}"), || async {
        let text = String::from_utf8_lossy(&client.call("GET", path, None).await.body).into_owned();
        match text.contains(needle) {
            true => Ok(text),
            false => Err(text),
        }
    })
    .await
}

/// Runs a real Prometheus scraping `target` (host:port) as `job` every second until `query`
/// returns a sample, and returns that sample (panics after a minute).
pub async fn first_sample_scraped(target: &str, job: &str, query: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let port =
        std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("addr").port();
    let config = format!(
        "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: {job}\n    static_configs:\n      - targets: ['{target}']\n"
    );
    std::fs::write(dir.path().join("prometheus.yml"), config).expect("write prometheus.yml");
    let mut prometheus = std::process::Command::new(tool("PROMETHEUS", "prometheus"))
        .arg(format!("--config.file={}", dir.path().join("prometheus.yml").display()))
        .arg(format!("--storage.tsdb.path={}", dir.path().join("data").display()))
        .arg(format!("--web.listen-address=127.0.0.1:{port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("prometheus starts");
    let prom = ApiClient::new(&format!("http://127.0.0.1:{port}"));
    let path = format!("/api/v1/query?query={}", url_escape(query));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let sample = loop {
        // Until Prometheus listens, a connection is refused (ApiClient would panic on it).
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            let res = prom.call("GET", &path, None).await;
            if res.status == 200 {
                if let Some(sample) = res.json()["data"]["result"].as_array().and_then(|r| r.first()).cloned()
                {
                    break Some(sample);
                }
            }
        }
        if tokio::time::Instant::now() >= deadline {
            break None;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let _ = prometheus.kill();
    let _ = prometheus.wait();
    sample.unwrap_or_else(|| panic!("Prometheus never returned a sample for {query}"))
}

fn url_escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What an exposition exports that the metrics table of `deploy_readme` (deploy/README.md: rows
/// `` | `name` | type | `label`, `label` (…) | ``) does not list: a family (counters by their
/// `_total` name), or a label of one of its samples (`le` of histogram buckets aside).
pub fn undocumented_metrics(exposition: &str, deploy_readme: &str) -> Vec<String> {
    let documented: std::collections::HashMap<&str, Vec<&str>> = deploy_readme
        .lines()
        .filter(|l| l.starts_with("| `webhook_"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(1)?.trim_matches('`');
            let labels = cells.get(3)?.split('`').skip(1).step_by(2).collect();
            Some((name, labels))
        })
        .collect();
    let mut missing = Vec::new();
    for line in exposition.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (series, labels) = match line.split_once('{') {
            Some((name, rest)) => (name, rest.split_once('}').map_or("", |(l, _)| l)),
            None => (line.split(' ').next().unwrap_or_default(), ""),
        };
        let family = ["_bucket", "_sum", "_count", "_created"]
            .iter()
            .find_map(|s| series.strip_suffix(s).filter(|f| documented.contains_key(f)))
            .unwrap_or(series);
        let Some(known) = documented.get(family) else {
            missing.push(format!("metric `{family}`"));
            continue;
        };
        for pair in labels.split(',').filter(|p| !p.is_empty()) {
            let label = pair.split('=').next().unwrap_or_default();
            if label != "le" && !known.contains(&label) {
                missing.push(format!("label `{label}` of `{family}`"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_or_label_the_table_lacks_is_named() {
        let table = "| metric | type | labels |\n|---|---|---|\n\
            | `webhook_attempts_total` | counter | `service`, `outcome` (success, …) |\n\
            | `webhook_attempt_duration_seconds` | histogram | `service` |\n";
        let exposition = "# TYPE webhook_attempts counter\n\
            webhook_attempts_total{service=\"w\",outcome=\"success\"} 1\n\
            webhook_attempt_duration_seconds_bucket{le=\"0.1\",service=\"w\"} 1\n\
            webhook_attempt_duration_seconds_count{service=\"w\"} 1\n\
            webhook_ready{service=\"w\"} 1\n\
            webhook_attempts_total{service=\"w\",reason=\"x\"} 1\n";
        assert_eq!(
            undocumented_metrics(exposition, table),
            ["label `reason` of `webhook_attempts_total`", "metric `webhook_ready`"]
        );
    }
}
