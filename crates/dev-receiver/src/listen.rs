//! `dev-receiver listen`: print each request, verify its signature, answer.

use crate::dev_cert::DevCertFiles;
use anyhow::{Context, Result};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::HeaderMap;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use webhook_verify::{DeliveryFormat, Verifier};

#[derive(Debug, clap::Args)]
pub struct ListenArgs {
    /// Address to listen on; port 0 picks a free one. The URL is printed as `listening on <url>`.
    #[arg(long, default_value = "127.0.0.1:9000")]
    pub addr: String,
    /// Serve HTTPS with the development certificate (campaign-api accepts only https:// endpoints).
    #[arg(long)]
    pub tls: bool,
    /// Where `cargo xtask run` put the development certificate (ca.pem, localhost.pem, localhost.key).
    #[arg(long, default_value = "./data/dev-tls")]
    pub tls_dir: PathBuf,
    /// The endpoint's signing secret (`whsec_…`, as returned when it was registered); repeat it
    /// to also accept a previous one during a rotation. Unset: deliveries are printed, not checked.
    #[arg(long = "secret", env = "WEBHOOK_SECRET", hide_env_values = true, value_delimiter = ',')]
    pub secrets: Vec<String>,
    /// Keep each request in this directory (created if missing): its body byte for byte in
    /// `<delivery id>.body` and its headers in `<delivery id>.headers`, to check a signature by
    /// hand or replay a request.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
}

/// How one request is handled: the secrets to verify with, where to keep requests.
#[derive(Debug)]
struct Settings {
    secrets: Vec<String>,
    save: Option<PathBuf>,
    /// Names requests without a delivery id (`request-<n>`).
    unnamed: std::sync::atomic::AtomicU64,
}

pub async fn run(args: ListenArgs) -> Result<()> {
    let listener =
        tokio::net::TcpListener::bind(&args.addr).await.with_context(|| format!("binding {}", args.addr))?;
    let addr = listener.local_addr()?;
    let tls = match args.tls {
        true => Some(tls_acceptor(&DevCertFiles::in_dir(&args.tls_dir))?),
        false => None,
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let host = if addr.ip().is_loopback() && addr.is_ipv4() {
        "localhost".to_owned()
    } else {
        addr.ip().to_string()
    };
    println!("listening on {scheme}://{host}:{}/", addr.port());
    if args.secrets.is_empty() {
        println!("(no --secret: deliveries are printed, not verified)");
    }
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let settings = Arc::new(Settings { secrets: args.secrets, save: args.save, unnamed: Default::default() });
    loop {
        let (stream, _) = listener.accept().await?;
        let settings = settings.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| handle(req, settings.clone()));
            let http = hyper::server::conn::http1::Builder::new();
            let _ = match tls {
                Some(acceptor) => match acceptor.accept(stream).await {
                    Ok(stream) => http.serve_connection(TokioIo::new(stream), service).await,
                    Err(e) => {
                        println!("TLS handshake failed: {e}");
                        return;
                    }
                },
                None => http.serve_connection(TokioIo::new(stream), service).await,
            };
        });
    }
}

fn tls_acceptor(files: &DevCertFiles) -> Result<tokio_rustls::TlsAcceptor> {
    let hint = "run `cargo xtask run` once (it creates the development certificate), or pass --tls-dir";
    let certs = CertificateDer::pem_file_iter(&files.cert)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .with_context(|| format!("reading {}: {hint}", files.cert.display()))?;
    let key = PrivateKeyDer::from_pem_file(&files.key)
        .with_context(|| format!("reading {}: {hint}", files.key.display()))?;
    let config =
        rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()?
            .with_no_client_auth()
            .with_single_cert(certs, key)?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

async fn handle(
    req: Request<Incoming>,
    settings: Arc<Settings>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let (parts, body) = req.into_parts();
    let body = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
    let (status, report) = check(&parts.headers, &body, &settings.secrets);
    let saved = settings.save.as_deref().map(|dir| {
        let name = match delivery_id(&parts.headers) {
            Some(id) => file_name(&id),
            None => {
                format!("request-{}", settings.unnamed.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
            }
        };
        match save(dir, &name, &parts.headers, &body) {
            Ok(body_file) => format!("\nsaved {}", body_file.display()),
            Err(e) => format!("\nnot saved: {e}"),
        }
    });
    let mut out = format!("--- {} {} ({} bytes)\n", parts.method, parts.uri, body.len());
    for (name, value) in &parts.headers {
        // The services' `X-…` headers, Standard Webhooks' `webhook-…` ones, the content type.
        if name.as_str().starts_with("x-") || name.as_str().starts_with("webhook-") || name == "content-type"
        {
            out.push_str(&format!("{name}: {}\n", value.to_str().unwrap_or("<not text>")));
        }
    }
    match serde_json::from_slice::<serde_json::Value>(&body) {
        Ok(json) => out.push_str(&serde_json::to_string_pretty(&json).unwrap_or_default()),
        Err(_) => out.push_str(&String::from_utf8_lossy(&body)),
    }
    out.push('\n');
    out.push_str(&report);
    out.push_str(saved.as_deref().unwrap_or(""));
    println!("{out}");
    let reply = Response::builder().status(status).body(Full::new(Bytes::from(report)));
    Ok(reply.unwrap_or_else(|_| Response::new(Full::new(Bytes::new()))))
}

/// The verdict on one request, as a status to answer and a line to print: `verified <service>
/// delivery <id>`, `not verified: <why>`, or `not checked: …` when no secret was given.
pub fn check(headers: &HeaderMap, body: &[u8], secrets: &[String]) -> (StatusCode, String) {
    if crate::standard::is_standard(headers) {
        return crate::standard::check(headers, body, secrets);
    }
    let Some(format) = delivery_format(headers) else {
        return (
            StatusCode::BAD_REQUEST,
            "not verified: no X-Webhook-Signature, X-<Product>-Signature or webhook-signature header".into(),
        );
    };
    let service = match format.signature_header() {
        "X-Webhook-Signature" => "workflow-api",
        _ => "campaign-api",
    };
    let Some((current, previous)) = secrets.split_first() else {
        return (
            StatusCode::OK,
            format!("not checked: {service} delivery; start with --secret whsec_… to verify"),
        );
    };
    let verifier = previous
        .iter()
        .fold(Verifier::new(format, current), |v, s| v.and_then(|v| v.with_previous_secret(s)));
    let verifier = match verifier {
        Ok(v) => v,
        Err(e) => {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("not verified: the --secret is unusable: {e}"),
            )
        }
    };
    match verifier.verify(body, headers) {
        Ok(delivery) => (StatusCode::OK, format!("verified {service} delivery {}", delivery.id)),
        Err(e) => (StatusCode::BAD_REQUEST, format!("not verified: {e}")),
    }
}

/// The delivery id a request carries: workflow-api's `X-Webhook-ID`, campaign-api's
/// `X-<Product>-Delivery`.
fn delivery_id(headers: &HeaderMap) -> Option<String> {
    if crate::standard::is_standard(headers) {
        return crate::standard::id(headers);
    }
    let format = delivery_format(headers)?;
    headers.get(format.id_header())?.to_str().ok().map(str::to_owned)
}

/// A delivery id as a file name: anything but letters, digits, `.`, `_`, `:` and `-` becomes
/// `_` (so an id cannot name a path elsewhere).
fn file_name(id: &str) -> String {
    let name: String =
        id.chars().map(|c| if c.is_ascii_alphanumeric() || "._:-".contains(c) { c } else { '_' }).collect();
    match name.trim_start_matches('.').is_empty() {
        true => "request".to_owned(),
        false => name,
    }
}

/// Writes `<name>.headers` (`name: value` lines, as received) and `<name>.body` (the exact
/// bytes); returns the body's path.
fn save(dir: &std::path::Path, name: &str, headers: &HeaderMap, body: &[u8]) -> std::io::Result<PathBuf> {
    let mut text = String::new();
    for (header, value) in headers {
        text.push_str(&format!("{header}: {}\n", String::from_utf8_lossy(value.as_bytes())));
    }
    std::fs::write(dir.join(format!("{name}.headers")), text)?;
    let body_file = dir.join(format!("{name}.body"));
    std::fs::write(&body_file, body)?;
    Ok(body_file)
}

/// workflow-api's `X-Webhook-Signature`, or campaign-api's `X-<Product>-Signature` with the
/// product word read from the header name.
fn delivery_format(headers: &HeaderMap) -> Option<DeliveryFormat> {
    if headers.contains_key("x-webhook-signature") {
        return Some(DeliveryFormat::workflow());
    }
    headers.keys().find_map(|name| {
        let product = name.as_str().strip_prefix("x-")?.strip_suffix("-signature")?;
        DeliveryFormat::campaign(product).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use webhook_verify::testing::signed_headers;

    const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";

    fn header_map(pairs: Vec<(String, String)>) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.append(hyper::header::HeaderName::from_bytes(k.as_bytes()).unwrap(), v.parse().unwrap());
        }
        map
    }

    #[test]
    fn delivery_ids_make_plain_file_names() {
        assert_eq!(file_name("0193:run.completed"), "0193:run.completed");
        assert_eq!(file_name("../etc/passwd"), ".._etc_passwd");
        assert_eq!(file_name("a b/c"), "a_b_c");
        assert_eq!(file_name(".."), "request");
        assert_eq!(file_name(""), "request");
    }

    #[test]
    fn both_services_deliveries_verify_and_a_tampered_one_does_not() {
        let body = br#"{"event":"run.completed"}"#;
        let workflow =
            header_map(signed_headers(&DeliveryFormat::workflow(), SECRET, body, "r1:run.completed"));
        let secrets = [SECRET.to_owned()];
        assert_eq!(
            check(&workflow, body, &secrets),
            (StatusCode::OK, "verified workflow-api delivery r1:run.completed".into())
        );
        let acme = DeliveryFormat::campaign("Acme").unwrap();
        let campaign = header_map(signed_headers(&acme, SECRET, body, "d1"));
        assert_eq!(
            check(&campaign, body, &secrets),
            (StatusCode::OK, "verified campaign-api delivery d1".into())
        );
        let (status, line) = check(&campaign, br#"{"event":"tampered"}"#, &secrets);
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(line.starts_with("not verified: "), "{line}");
        // A previous secret (a rotation) still verifies.
        let rotated = ["whsec_new".to_owned(), SECRET.to_owned()];
        assert_eq!(check(&workflow, body, &rotated).0, StatusCode::OK);
        // No secret: printed, answered 200, and said so.
        assert!(check(&workflow, body, &[]).1.starts_with("not checked"));
        assert_eq!(check(&HeaderMap::new(), body, &secrets).0, StatusCode::BAD_REQUEST);
    }
}
