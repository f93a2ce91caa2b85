//! The example receivers of the Python, JavaScript and Go packages
//! (`crates/webhook-verify-python`, `crates/webhook-verify-js`, `crates/webhook-verify-go`),
//! started as real processes, and the forgeries every receiver must refuse.
//!
//! Flask and Express and the Go example's binary come from `cargo xtask receiver-kit` (run by
//! `cargo xtask test`), which puts them under `<target>/receiver-kit` or `$RECEIVER_KIT_DIR`.

use crate::{ApiClient, ApiResponse, Recorded, ServiceProcess};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use webhook_verify::DeliveryFormat;

/// One of the example receivers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExampleReceiver {
    Flask,
    Express,
    /// `net/http`, built by `cargo xtask receiver-kit`.
    Go,
}

impl ExampleReceiver {
    pub const ALL: [Self; 3] = [Self::Flask, Self::Express, Self::Go];

    /// Starts the example for `format` with `secret` on a free port; its URL is
    /// `<base_url>/webhooks`, and it logs `processed <id>` on stderr per delivery it processes.
    pub async fn start(self, format: &DeliveryFormat, secret: &str) -> Result<ServiceProcess> {
        let kit = kit_dir()?;
        let product = format.signature_header().trim_start_matches("X-").trim_end_matches("-Signature");
        let format_name = match format.service() {
            webhook_verify::Service::Workflow => "workflow",
            webhook_verify::Service::Campaign => "campaign",
        };
        let mut env = vec![
            ("WEBHOOK_SECRET", secret.to_owned()),
            ("WEBHOOK_FORMAT", format_name.to_owned()),
            ("PRODUCT_NAME", product.to_owned()),
            ("PORT", "0".to_owned()),
        ];
        let (dir, bin, script) = match self {
            Self::Flask => {
                let dir = crates_dir().join("webhook-verify-python");
                env.push(("PYTHONPATH", dir.join("src").display().to_string()));
                (dir, kit.join("venv/bin/python").display().to_string(), "examples/flask_receiver.py")
            }
            Self::Express => {
                env.push(("NODE_PATH", kit.join("node/node_modules").display().to_string()));
                (crates_dir().join("webhook-verify-js"), "node".to_owned(), "examples/express-receiver.js")
            }
            Self::Go => {
                let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let bin = kit.join("go/receiver").display().to_string();
                return ServiceProcess::start_in(&crates_dir().join("webhook-verify-go"), &bin, &[], &env)
                    .await;
            }
        };
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        ServiceProcess::start_in(&dir, &bin, &[script], &env).await
    }
}

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("test-support lives in crates/").to_owned()
}

/// `$RECEIVER_KIT_DIR`, or `receiver-kit` in the target directory this test runs from.
fn kit_dir() -> Result<PathBuf> {
    let dir = match std::env::var_os("RECEIVER_KIT_DIR") {
        Some(dir) => PathBuf::from(dir),
        // <target>/debug/deps/<test binary>
        None => std::env::current_exe()?
            .ancestors()
            .nth(3)
            .map(|target| target.join("receiver-kit"))
            .unwrap_or_default(),
    };
    if !dir.join("venv/bin/python").exists()
        || !dir.join("node/node_modules/express").exists()
        || !dir.join("go/receiver").exists()
    {
        bail!(
            "Flask, Express and the Go example are not all in {}: run `cargo xtask receiver-kit` (cargo xtask test does)",
            dir.display()
        );
    }
    Ok(dir)
}

/// The receiver kit's Python, which has the `standardwebhooks` package (the Standard Webhooks
/// project's own verifier, independent of ours) beside Flask.
pub fn python() -> Result<PathBuf> {
    Ok(kit_dir()?.join("venv/bin/python"))
}

/// Sends `request` (a real delivery as recorded) to `url` with `body` instead of its own.
pub async fn replay(url: &str, request: &Recorded, body: &[u8], headers: &[(String, String)]) -> ApiResponse {
    let (base, path) = split_url(url);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let content_type = request.header("content-type").unwrap_or("application/json");
    ApiClient::new(base).raw("POST", path, Some((body, content_type)), &headers).await
}

fn split_url(url: &str) -> (&str, &str) {
    let after_scheme = url.find("://").map(|i| i + 3).unwrap_or(0);
    match url[after_scheme..].find('/') {
        Some(i) => url.split_at(after_scheme + i),
        None => (url, "/"),
    }
}

/// The headers of a recorded delivery that a receiver reads (signature, ids, event, timestamp).
pub fn delivery_headers(request: &Recorded) -> Vec<(String, String)> {
    request
        .headers
        .iter()
        .filter(|(name, _)| name.as_str().starts_with("x-"))
        .filter_map(|(name, value)| Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned())))
        .collect()
}

/// `headers` with `name` set to `value` (or removed when `None`).
pub fn with_header(headers: &[(String, String)], name: &str, value: Option<String>) -> Vec<(String, String)> {
    let mut out: Vec<_> = headers.iter().filter(|(k, _)| !k.eq_ignore_ascii_case(name)).cloned().collect();
    if let Some(v) = value {
        out.push((name.to_owned(), v));
    }
    out
}

/// A real delivery replayed to an example receiver: accepted and processed once, its
/// duplicate accepted without processing, every forgery refused with a 4xx.
pub async fn assert_example_handles_a_real_delivery(
    rx: &ServiceProcess,
    format: &DeliveryFormat,
    secret: &str,
    real: &Recorded,
) {
    let url = format!("{}/webhooks", rx.base_url());
    let headers = delivery_headers(real);
    let id = real.header(format.id_header()).expect("a real delivery has its id header").to_owned();
    let sig_name = format.signature_header();
    let signature = real.header(sig_name).expect("a real delivery is signed").to_owned();
    let status = |r: ApiResponse| (r.status, String::from_utf8_lossy(&r.body).into_owned());

    let first = status(replay(&url, real, &real.body, &headers).await);
    assert_eq!(first.0, 200, "{first:?}");
    rx.wait_for_log(&format!("processed {id}")).await;
    let again = status(replay(&url, real, &real.body, &headers).await);
    assert_eq!(again.0, 200, "the duplicate: {again:?}");

    let mut tampered = real.body.to_vec();
    tampered.insert(1, b' ');
    let other = webhook_verify::testing::sign(format, "whsec_not-this-endpoints-secret", &real.body);
    let (prefix, hex) = signature.split_at(signature.find('=').expect("prefix") + 1);
    let forgeries = [
        ("tampered body", tampered, headers.clone(), 401),
        ("wrong secret", real.body.to_vec(), with_header(&headers, sig_name, Some(other)), 401),
        (
            "uppercase hex",
            real.body.to_vec(),
            with_header(&headers, sig_name, Some(format!("{prefix}{}", hex.to_uppercase()))),
            400,
        ),
        ("no signature", real.body.to_vec(), with_header(&headers, sig_name, None), 400),
        ("no id", real.body.to_vec(), with_header(&headers, format.id_header(), None), 400),
    ];
    for (what, body, headers, expected) in forgeries {
        let answer = status(replay(&url, real, &body, &headers).await);
        assert_eq!(answer.0, expected, "{what}: {answer:?}");
    }

    // A second genuine delivery: once its line is logged, any second processing of the first
    // (logged before its answer) has been read too.
    let marker_id = format!("marker-{id}");
    let marker = webhook_verify::testing::signed_headers(format, secret, &real.body, &marker_id);
    assert_eq!(replay(&url, real, &real.body, &marker).await.status, 200);
    rx.wait_for_log(&format!("processed {marker_id}")).await;
    assert_eq!(rx.log_count(&format!("processed {id}")), 1, "the duplicate was processed again");
}

#[cfg(test)]
mod tests {
    #[test]
    fn urls_split_into_base_and_path() {
        assert_eq!(super::split_url("http://127.0.0.1:1/webhooks"), ("http://127.0.0.1:1", "/webhooks"));
        assert_eq!(super::split_url("http://h:1"), ("http://h:1", "/"));
    }
}
