//! The receiver: `/load/<n>` answers 200 at once and tells the tally which event arrived at
//! endpoint n; `/hang/<n>` holds each request for [`HOLD`] (longer than any attempt timeout).

use super::args::LoadArgs;
use super::tally::Tally;
use super::target::LoadTarget;
use anyhow::Context;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The path of answering endpoints, and of hanging ones.
pub(crate) const LOAD: &str = "load";
pub(crate) const HANG: &str = "hang";
/// How long a hanging endpoint holds a request.
const HOLD: Duration = Duration::from_secs(120);

/// A running receiver: the base of the URLs to register.
#[derive(Debug)]
pub(crate) struct Receiver {
    pub url: String,
}

pub(crate) async fn start(
    args: &LoadArgs,
    target: Arc<impl LoadTarget>,
    tally: Arc<Tally>,
    run: u64,
) -> anyhow::Result<Receiver> {
    let listener = tokio::net::TcpListener::bind(&args.receiver)
        .await
        .with_context(|| format!("binding the receiver to {}", args.receiver))?;
    let addr = listener.local_addr()?;
    let tls = args.tls_dir.as_deref().map(acceptor).transpose()?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    let host = if addr.ip().is_loopback() { "localhost".to_owned() } else { addr.ip().to_string() };
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let (target, tally, tls) = (target.clone(), tally.clone(), tls.clone());
            tokio::spawn(async move {
                let service = service_fn(move |req| answer(req, target.clone(), tally.clone(), run));
                let http = hyper::server::conn::http1::Builder::new();
                let _ = match tls {
                    Some(tls) => match tls.accept(stream).await {
                        Ok(stream) => http.serve_connection(TokioIo::new(stream), service).await,
                        Err(_) => return,
                    },
                    None => http.serve_connection(TokioIo::new(stream), service).await,
                };
            });
        }
    });
    Ok(Receiver { url: format!("{scheme}://{host}:{}", addr.port()) })
}

async fn answer(
    req: Request<Incoming>,
    target: Arc<impl LoadTarget>,
    tally: Arc<Tally>,
    run: u64,
) -> Result<Response<Full<Bytes>>, Infallible> {
    match endpoint(req.uri().path()) {
        Some((HANG, _)) => {
            tally.hung();
            tokio::time::sleep(HOLD).await;
        }
        Some((_, n)) => {
            if let Ok(body) = req.into_body().collect().await {
                if let Some(key) = target.key(run, &body.to_bytes()) {
                    tally.arrived(n, key);
                }
            }
        }
        None => {}
    }
    Ok(Response::new(Full::new(Bytes::new())))
}

/// `/load/3` → (`load`, 3), `/hang/0` → (`hang`, 0).
fn endpoint(path: &str) -> Option<(&'static str, u16)> {
    let (kind, n) = path.strip_prefix('/')?.split_once('/')?;
    let kind = [LOAD, HANG].into_iter().find(|k| *k == kind)?;
    Some((kind, n.parse().ok()?))
}

/// TLS with `dir/localhost.pem` and `dir/localhost.key`.
fn acceptor(dir: &Path) -> anyhow::Result<tokio_rustls::TlsAcceptor> {
    let (cert, key) = (dir.join("localhost.pem"), dir.join("localhost.key"));
    let hint = "--tls-dir names the directory `cargo xtask run` made (data/dev-tls)";
    let certs = CertificateDer::pem_file_iter(&cert)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .with_context(|| format!("reading {}: {hint}", cert.display()))?;
    let key =
        PrivateKeyDer::from_pem_file(&key).with_context(|| format!("reading {}: {hint}", key.display()))?;
    let config =
        rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()?
            .with_no_client_auth()
            .with_single_cert(certs, key)?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_names_the_endpoint_and_whether_it_answers() {
        assert_eq!(endpoint("/load/3"), Some((LOAD, 3)));
        assert_eq!(endpoint("/hang/0"), Some((HANG, 0)));
        assert_eq!(endpoint("/other/1"), None);
        assert_eq!(endpoint("/load/x"), None);
        assert_eq!(endpoint("/"), None);
    }
}
