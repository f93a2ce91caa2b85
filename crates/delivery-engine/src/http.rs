//! Outbound HTTP: hyper 1 with rustls, no redirects, vetted addresses, directly or
//! tunnelled through the egress proxy (`proxy.rs`), with a timeout
//! that covers the whole exchange and a response body read only up to a cap.

use crate::address::VettingResolver;
pub use crate::address::{AddressPolicy, ForbiddenAddress};
use crate::proxy::{ProxyConfig, TunnelConnector};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::{HeaderMap, HeaderValue, CONTENT_TYPE, LOCATION, RETRY_AFTER, USER_AGENT};
use hyper::{Method, Request, Uri};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::CertificateDer;
use std::future::Future;
use std::net::IpAddr;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

/// Idle connections kept per host: as many as a dispatcher sends at once by default
/// (`DELIVERY_CONCURRENCY`, 256), so endpoints that share a host (a gateway's paths) do not
/// close connections they will open again a moment later; a TLS handshake costs more CPU than an
/// attempt. Each idle connection holds its buffers (about 40 KiB) until `pool_idle_timeout`.
const IDLE_PER_HOST: usize = 256;
/// Bytes of a response body kept for the delivery log.
pub(crate) const DEFAULT_RESPONSE_CAP: usize = 4 * 1024;

#[derive(Debug, thiserror::Error)]
// tidy: in the signature of OutboundClient::new
pub enum ClientBuildError {
    #[error("cannot read CA file {path}: {source}")]
    CaFile { path: String, source: std::io::Error },
    #[error("CA file {path} holds no usable PEM certificate")]
    CaFileEmpty { path: String },
    #[error("TLS configuration: {0}")]
    Tls(#[from] rustls::Error),
}

#[derive(Debug, Clone, Default)]
pub struct OutboundConfig {
    pub policy: AddressPolicy,
    /// PEM files whose certificates are trusted in addition to the Mozilla roots.
    pub extra_ca_files: Vec<String>,
    /// Bytes of response body kept (0 means the default).
    pub response_cap: usize,
    /// The egress proxy every connection tunnels through (`proxy.rs`); `None`: direct.
    pub proxy: Option<ProxyConfig>,
}

/// One attempt's result, as recorded in the delivery log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptOutcome {
    pub status: Option<u16>,
    pub error: Option<String>,
    pub body: Vec<u8>,
    pub duration: Duration,
    /// `Retry-After` of a 429 or 503 answer, as a delay from the end of the attempt.
    pub retry_after: Option<Duration>,
    /// The attempt ran out of time without a complete answer (the endpoint may be hanging).
    pub timed_out: bool,
    /// The egress proxy failed (down, refusing, wanting other credentials): the endpoint was
    /// not reached, and the attempt is not the endpoint's (worker/send.rs).
    pub proxy_failure: bool,
    /// The request went to the egress proxy (its destination passed the address rules).
    pub via_proxy: bool,
}

impl AttemptOutcome {
    /// An attempt without an answer: `error` says why, `timed_out` when it ran out of time.
    pub(crate) fn failed(error: String, duration: Duration, timed_out: bool) -> Self {
        Self {
            status: None,
            error: Some(error),
            body: Vec::new(),
            duration,
            retry_after: None,
            timed_out,
            proxy_failure: false,
            via_proxy: false,
        }
    }

    /// An attempt stopped before anything was sent.
    pub(crate) fn not_sent(error: String) -> Self {
        Self::failed(error, Duration::ZERO, false)
    }

    pub(crate) fn is_success(&self) -> bool {
        self.error.is_none() && matches!(self.status, Some(200..=299))
    }
}

/// The engine's HTTP client. Cheap to clone; clones share the connection pool.
#[derive(Debug, Clone)]
pub struct OutboundClient {
    client: Client<hyper_rustls::HttpsConnector<Connector>, Full<Bytes>>,
    policy: Arc<AddressPolicy>,
    cap: usize,
    /// The trusted roots, for [`OutboundClient::presenting`]'s siblings.
    roots: Arc<rustls::RootCertStore>,
    proxy: Option<Arc<ProxyConfig>>,
}

/// How a connection is opened: directly (the vetting resolver's addresses), or as a tunnel
/// through the egress proxy.
#[derive(Debug, Clone)]
pub(crate) enum Connector {
    Direct(HttpConnector<VettingResolver>),
    Tunnel(TunnelConnector),
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl tower_service::Service<Uri> for Connector {
    type Response = hyper_util::rt::TokioIo<tokio::net::TcpStream>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        match self {
            Self::Direct(c) => {
                let connecting = c.call(uri);
                Box::pin(async move { connecting.await.map_err(BoxError::from) })
            }
            Self::Tunnel(t) => {
                let connecting = t.call(uri);
                Box::pin(async move { connecting.await.map_err(BoxError::from) })
            }
        }
    }
}

/// A client certificate chain (the client's own first) and its key.
pub(crate) type Identity = (Vec<CertificateDer<'static>>, rustls_pki_types::PrivateKeyDer<'static>);

impl OutboundClient {
    pub fn new(config: OutboundConfig) -> Result<Self, ClientBuildError> {
        let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        for path in &config.extra_ca_files {
            let certs = load_pem_certs(Path::new(path))?;
            let (added, _) = roots.add_parsable_certificates(certs);
            if added == 0 {
                return Err(ClientBuildError::CaFileEmpty { path: path.clone() });
            }
        }
        let cap = if config.response_cap == 0 { DEFAULT_RESPONSE_CAP } else { config.response_cap };
        let proxy = config.proxy.map(Arc::new);
        Self::build(Arc::new(roots), Arc::new(config.policy), (cap, proxy), None)
    }

    /// A client like this one (its roots, address rules and caps, a pool of its own) that
    /// presents `identity` when a server asks for a client certificate (mutual TLS).
    pub(crate) fn presenting(&self, identity: Identity) -> Result<Self, ClientBuildError> {
        Self::build(self.roots.clone(), self.policy.clone(), (self.cap, self.proxy.clone()), Some(identity))
    }

    /// Whether every connection tunnels through an egress proxy.
    pub fn through_proxy(&self) -> bool {
        self.proxy.is_some()
    }

    fn build(
        roots: Arc<rustls::RootCertStore>,
        policy: Arc<AddressPolicy>,
        (cap, proxy): (usize, Option<Arc<ProxyConfig>>),
        identity: Option<Identity>,
    ) -> Result<Self, ClientBuildError> {
        let builder =
            rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()?
                .with_root_certificates(roots.clone());
        let tls = match identity {
            Some((chain, key)) => builder.with_client_auth_cert(chain, key)?,
            None => builder.with_no_client_auth(),
        };
        let mut http = HttpConnector::new_with_resolver(VettingResolver { policy: policy.clone() });
        http.enforce_http(false);
        http.set_nodelay(true);
        let connector = match &proxy {
            Some(p) => Connector::Tunnel(TunnelConnector { proxy: p.clone(), policy: policy.clone() }),
            None => Connector::Direct(http),
        };
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(connector);
        let client = Client::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(60))
            .pool_max_idle_per_host(IDLE_PER_HOST)
            .build(https);
        Ok(Self { client, policy, cap, roots, proxy })
    }

    /// POSTs `body` to `url` with `headers` and the fixed ones (`Content-Type`, `User-Agent`). Never follows a redirect: a 3xx is returned as a failed attempt.
    pub async fn post(
        &self,
        url: &str,
        headers: HeaderMap,
        body: Bytes,
        timeout: Duration,
    ) -> AttemptOutcome {
        self.post_capped(url, headers, body, timeout, self.cap).await
    }

    /// [`OutboundClient::post`], keeping up to `cap` bytes of the answer (a token server's).
    pub(crate) async fn post_capped(
        &self,
        url: &str,
        mut headers: HeaderMap,
        body: Bytes,
        timeout: Duration,
        cap: usize,
    ) -> AttemptOutcome {
        let started = Instant::now();
        let mut status = None;
        let mut timed_out = false;
        let mut proxy_failure = false;
        let mut via_proxy = false;
        let result = async {
            let uri = self.vet_url(url)?;
            via_proxy = self.proxy.is_some();
            add_fixed_headers(&mut headers);
            let mut request = Request::builder().method(Method::POST).uri(uri);
            if let Some(h) = request.headers_mut() {
                *h = headers;
            }
            let request = request.body(Full::new(body)).map_err(|e| e.to_string())?;
            let exchange = async {
                let response = self.client.request(request).await.map_err(|e| {
                    let (failed, asked) = crate::proxy::proxy_part(&e);
                    proxy_failure = failed;
                    via_proxy &= asked;
                    describe(&e)
                })?;
                status = Some(response.status().as_u16());
                let location = response.headers().get(LOCATION).cloned();
                let retry_after = match response.status().as_u16() {
                    429 | 503 => response
                        .headers()
                        .get(RETRY_AFTER)
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| parse_retry_after(v, chrono::Utc::now())),
                    _ => None,
                };
                let kept = read_capped(response.into_body(), cap).await?;
                Ok::<_, String>((location, kept, retry_after))
            };
            match tokio::time::timeout(timeout, exchange).await {
                Ok(result) => result,
                Err(_) => {
                    timed_out = true;
                    Err(format!("timed out after {} ms without a complete answer", timeout.as_millis()))
                }
            }
        }
        .await;
        let duration = started.elapsed();
        match result {
            Ok((location, kept, retry_after)) => {
                let error = match status {
                    Some(code @ 300..=399) => Some(format!(
                        "redirect {code} to {} not followed",
                        location.as_ref().and_then(|l| l.to_str().ok()).unwrap_or("(no Location)")
                    )),
                    _ => None,
                };
                let body = kept;
                AttemptOutcome {
                    status,
                    error,
                    body,
                    duration,
                    retry_after,
                    timed_out,
                    proxy_failure,
                    via_proxy,
                }
            }
            Err(error) => AttemptOutcome {
                status,
                proxy_failure,
                via_proxy,
                ..AttemptOutcome::failed(error, duration, timed_out)
            },
        }
    }

    fn vet_url(&self, url: &str) -> Result<Uri, String> {
        let parsed = parse_target(url, false).map_err(|e| e.to_string())?;
        // The connector skips the resolver for IP literals, so they are vetted here.
        if let Some(ip) = host_ip(&parsed) {
            self.policy.check(ip).map_err(|e| format!("forbidden address: {e}"))?;
        }
        // The WHATWG form: IDN hosts in punycode, numeric hosts as dotted quads.
        parsed.as_str().parse().map_err(|_| format!("`{url}` cannot be sent to"))
    }
}

/// Parses an endpoint URL the way browsers do (so `http://127.1/`, `http://0x7f.1/` and
/// `http://2130706433/` are all 127.0.0.1) and checks scheme, host and credentials.
pub fn parse_target(url: &str, https_only: bool) -> Result<url::Url, TargetError> {
    // The WHATWG parser strips or escapes some of these; refuse them instead, so what is stored
    // is what was validated.
    if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(TargetError::Invalid("the URL contains whitespace or control characters".into()));
    }
    let parsed = url::Url::parse(url)
        .map_err(|e| TargetError::Invalid(format!("`{url}` is not an absolute URL ({e})")))?;
    match parsed.scheme() {
        "https" => {}
        "http" if !https_only => {}
        _ if https_only => return Err(TargetError::NotHttps),
        _ => return Err(TargetError::Invalid("the URL must be an absolute http:// or https:// URL".into())),
    }
    if parsed.host().is_none() {
        return Err(TargetError::Invalid("the URL has no host".into()));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(TargetError::Invalid("the URL must not carry credentials".into()));
    }
    // WHATWG parsing admits hosts (e.g. with a backtick) that HTTP cannot address; an endpoint
    // must be one we can actually send to. (Found by the url_validation fuzz target.)
    if parsed.as_str().parse::<Uri>().is_err() {
        return Err(TargetError::Invalid("the URL is not usable for HTTP requests".into()));
    }
    Ok(parsed)
}

/// Why a URL cannot be an endpoint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
// tidy: in the signature of parse_target
pub enum TargetError {
    #[error("{0}")]
    Invalid(String),
    #[error("the URL must be an absolute https:// URL")]
    NotHttps,
}

/// The host as an address when it is an IP literal in any spelling.
pub(crate) fn host_ip(url: &url::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
        url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
        url::Host::Domain(_) => None,
    }
}

/// `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3); a date in the past is 0.
pub(crate) fn parse_retry_after(value: &str, now: chrono::DateTime<chrono::Utc>) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    Some((at.with_timezone(&chrono::Utc) - now).to_std().unwrap_or(Duration::ZERO))
}

async fn read_capped(mut body: hyper::body::Incoming, cap: usize) -> Result<Vec<u8>, String> {
    let mut kept = Vec::new();
    while kept.len() < cap {
        match body.frame().await {
            None => break,
            Some(Err(e)) => return Err(format!("reading response body: {}", describe(&e))),
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    let room = cap - kept.len();
                    kept.extend_from_slice(&data[..data.len().min(room)]);
                }
            }
        }
    }
    // Past the cap the rest is not read; dropping the body closes the connection.
    Ok(kept)
}

/// An error and its causes on one line: "client error (Connect): tcp connect error: Connection refused".
fn describe(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let s = cause.to_string();
        if !text.contains(&s) {
            text.push_str(": ");
            text.push_str(&s);
        }
        source = cause.source();
    }
    text
}

pub(crate) fn load_pem_certs(path: &Path) -> Result<Vec<CertificateDer<'static>>, ClientBuildError> {
    let display = path.display().to_string();
    let iter = CertificateDer::pem_file_iter(path).map_err(|e| ClientBuildError::CaFile {
        path: display.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let certs: Vec<_> = iter.filter_map(Result::ok).collect();
    if certs.is_empty() {
        return Err(ClientBuildError::CaFileEmpty { path: display });
    }
    Ok(certs)
}

/// The headers every delivery carries besides the profile's: `Content-Type` (unless the
/// profile set one) and `User-Agent`.
pub(crate) fn add_fixed_headers(headers: &mut HeaderMap) {
    headers.entry(CONTENT_TYPE).or_insert(HeaderValue::from_static("application/json"));
    headers.insert(
        USER_AGENT,
        HeaderValue::from_static(concat!("webhook-delivery/", env!("CARGO_PKG_VERSION"))),
    );
}

/// Headers as `(name, value)` pairs in their order, names in lower case: how the delivery log
/// and a listen stream show a request.
pub(crate) fn header_pairs(headers: &HeaderMap) -> Vec<(String, String)> {
    headers
        .iter()
        .map(|(k, v)| (k.as_str().to_owned(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address::{forbidden_class, vet_addresses};
    use std::net::SocketAddr;

    fn class(s: &str) -> Option<&'static str> {
        forbidden_class(s.parse().expect("ip"))
    }

    #[test]
    fn classifies_internal_addresses() {
        for (ip, want) in [
            ("127.0.0.1", "loopback"),
            ("10.1.2.3", "private"),
            ("172.16.0.1", "private"),
            ("192.168.1.1", "private"),
            ("169.254.169.254", "link-local"),
            ("100.64.0.1", "carrier-grade NAT"),
            ("0.0.0.0", "unspecified"),
            ("255.255.255.255", "broadcast"),
            ("192.0.2.1", "documentation"),
            ("224.0.0.1", "multicast"),
            ("240.0.0.1", "reserved"),
            ("198.18.0.1", "benchmarking"),
            ("::1", "loopback"),
            ("::", "unspecified"),
            ("fe80::1", "link-local"),
            ("fd00::1", "private"),
            ("ff02::1", "multicast"),
            ("2001:db8::1", "documentation"),
            ("::ffff:127.0.0.1", "loopback"),
            ("::ffff:169.254.169.254", "link-local"),
            ("64:ff9b::a9fe:a9fe", "link-local"),
        ] {
            assert_eq!(class(ip), Some(want), "{ip}");
        }
        for public in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"] {
            assert_eq!(class(public), None, "{public}");
        }
    }

    #[test]
    fn numeric_host_spellings_are_addresses() {
        for (url, ip) in [
            ("http://127.1/", "127.0.0.1"),
            ("http://0x7f.0.0.1/", "127.0.0.1"),
            ("http://2130706433/", "127.0.0.1"),
            ("http://0177.0.0.1/", "127.0.0.1"),
            ("http://[::ffff:a9fe:a9fe]/", "::ffff:169.254.169.254"),
        ] {
            let parsed = parse_target(url, false).expect(url);
            assert_eq!(host_ip(&parsed), Some(ip.parse().expect("ip")), "{url}");
        }
        assert!(parse_target("ftp://x/", false).is_err());
        // Fuzzer find: accepted by the WHATWG parser, refused by HTTP.
        assert!(parse_target("http:/____________`___vws________vwsvv", false).is_err());
        assert!(parse_target("http://x/", true).is_err());
        assert!(parse_target("https://u:p@x/", true).is_err());
        assert_eq!(host_ip(&parse_target("https://example.com/", true).expect("ok")), None);
    }

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        use chrono::TimeZone;
        let now = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).single().expect("valid");
        assert_eq!(parse_retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(parse_retry_after("Sun, 22 Nov 2026 10:05:00 GMT", now), Some(Duration::from_secs(300)));
        assert_eq!(parse_retry_after("Sun, 22 Nov 2026 09:00:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-5", now), None);
    }

    #[test]
    fn a_name_with_any_forbidden_answer_is_refused_whole() {
        let sock = |s: &str| SocketAddr::new(s.parse().expect("ip"), 443);
        let policy = AddressPolicy::default();
        let public = vec![sock("93.184.216.34"), sock("2606:4700::1111")];
        assert_eq!(vet_addresses("ok.example", public.clone(), &policy).expect("public"), public);
        let mixed = vec![sock("93.184.216.34"), sock("169.254.169.254")];
        let err = vet_addresses("rebind.example", mixed, &policy).expect_err("mixed");
        assert_eq!(err.kind(), std::io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains("link-local"), "{err}");
        assert!(vet_addresses("empty.example", vec![], &policy).is_err());
        let allowed = AddressPolicy::parse_allow_list("10.0.0.0/8").expect("valid");
        assert!(vet_addresses("internal.example", vec![sock("10.1.2.3")], &allowed).is_ok());
    }

    #[test]
    fn allow_list_admits_ranges_including_mapped_forms() {
        let policy = AddressPolicy::parse_allow_list("127.0.0.0/8, ::1").expect("valid");
        assert!(policy.check("127.0.0.1".parse().expect("ip")).is_ok());
        assert!(policy.check("::ffff:127.0.0.1".parse().expect("ip")).is_ok());
        assert!(policy.check("::1".parse().expect("ip")).is_ok());
        let err = policy.check("10.0.0.1".parse().expect("ip")).expect_err("forbidden");
        assert_eq!(err.class, "private");
        assert!(AddressPolicy::parse_allow_list("not-a-cidr").is_err());
    }
}
