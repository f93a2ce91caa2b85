//! The egress proxy (`OUTBOUND_PROXY`; docs/operations.md, "Egress through a proxy"): every
//! outbound connection, HTTPS and plain HTTP alike, is a CONNECT tunnel through it. The SSRF
//! guard stays ours: the destination's name is resolved and vetted here as for a direct
//! connection, and the tunnel asks for the vetted address, while the request's `Host` header and
//! TLS's server name keep the endpoint's host name (the TLS layer above this connector sees the
//! URL, not the tunnel). An operator whose proxy allows by host name may have it CONNECT by name
//! instead, which moves the address check to the proxy.

use crate::address::{vet_addresses, AddressPolicy};
use base64::Engine as _;
use hyper::Uri;
use hyper_util::rt::TokioIo;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The most bytes of a proxy's answer to CONNECT read before the tunnel starts.
const ANSWER_CAP: usize = 8 * 1024;

/// Where the tunnel's CONNECT points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ConnectBy {
    /// The address the engine resolved and vetted (the default: the SSRF guard stays ours).
    #[default]
    Address,
    /// The endpoint's host name, resolved by the proxy (which must then refuse internal
    /// addresses itself).
    Name,
}

/// An egress proxy: `http://[user:pass@]host:port`.
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyConfig {
    pub host: String,
    pub port: u16,
    /// `Proxy-Authorization` (Basic), from the URL's user information.
    authorization: Option<String>,
    pub connect_by: ConnectBy,
}

impl std::fmt::Debug for ProxyConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("authenticated", &self.authorization.is_some())
            .field("connect_by", &self.connect_by)
            .finish()
    }
}

impl ProxyConfig {
    /// Reads `http://[user:pass@]host:port` (the only form: the proxy is reached over plain
    /// TCP, and every request is a CONNECT tunnel through it).
    pub fn parse(text: &str, connect_by: ConnectBy) -> Result<Self, String> {
        let url = url::Url::parse(text).map_err(|e| format!("`{text}` is not a URL ({e})"))?;
        if url.scheme() != "http" {
            return Err("the proxy URL is http://[user:pass@]host:port".to_owned());
        }
        let host = url.host_str().filter(|h| !h.is_empty()).ok_or("the proxy URL has no host")?;
        let port = url.port_or_known_default().ok_or("the proxy URL has no port")?;
        if url.path() != "/" || url.query().is_some() {
            return Err("the proxy URL is http://[user:pass@]host:port, without a path".to_owned());
        }
        let decode = |s: &str| percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned();
        let authorization = (!url.username().is_empty()).then(|| {
            let pair = format!("{}:{}", decode(url.username()), decode(url.password().unwrap_or("")));
            format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(pair))
        });
        let host = host.trim_start_matches('[').trim_end_matches(']').to_owned();
        Ok(Self { host, port, authorization, connect_by })
    }
}

/// Why a tunnel could not be had. `Proxy` is the proxy's own failure (it cannot be reached,
/// closes without answering, or wants other credentials: 407), not the endpoint's; `Target` is
/// the proxy, up and answering, refusing that destination or saying it could not be reached
/// (any other status: tinyproxy answers 500, squid 503, both 403 for a destination they deny),
/// which counts against the endpoint like any connect failure.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TunnelError {
    #[error("egress proxy: {0}")]
    Proxy(String),
    #[error("through the egress proxy: {0}")]
    Target(String),
    #[error("{0}")]
    Refused(std::io::Error),
}

/// The connector that opens every connection as a tunnel through the proxy.
#[derive(Debug, Clone)]
pub(crate) struct TunnelConnector {
    pub proxy: Arc<ProxyConfig>,
    pub policy: Arc<AddressPolicy>,
}

impl tower_service::Service<Uri> for TunnelConnector {
    type Response = TokioIo<TcpStream>;
    type Error = TunnelError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, TunnelError>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), TunnelError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        let (proxy, policy) = (self.proxy.clone(), self.policy.clone());
        Box::pin(async move { tunnel(&proxy, &policy, &uri).await.map(TokioIo::new) })
    }
}

/// The authority the CONNECT asks for: the vetted address, or the name.
async fn destination(proxy: &ProxyConfig, policy: &AddressPolicy, uri: &Uri) -> Result<String, TunnelError> {
    let host = uri.host().ok_or_else(|| TunnelError::Target("the URL has no host".into()))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
    if proxy.connect_by == ConnectBy::Name {
        return Ok(authority(host, port));
    }
    let addrs: Vec<SocketAddr> = match host.parse::<std::net::IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host, port))
            .await
            .map_err(|e| TunnelError::Target(format!("{host}: {e}")))?
            .collect(),
    };
    let vetted = vet_addresses(host, addrs, policy).map_err(TunnelError::Refused)?;
    Ok(vetted[0].to_string())
}

fn authority(host: &str, port: u16) -> String {
    match host.contains(':') {
        true => format!("[{host}]:{port}"),
        false => format!("{host}:{port}"),
    }
}

/// Opens a tunnel to `uri`'s destination through the proxy.
async fn tunnel(proxy: &ProxyConfig, policy: &AddressPolicy, uri: &Uri) -> Result<TcpStream, TunnelError> {
    let target = destination(proxy, policy, uri).await?;
    let mut stream = TcpStream::connect((proxy.host.as_str(), proxy.port))
        .await
        .map_err(|e| TunnelError::Proxy(format!("cannot connect to {}:{}: {e}", proxy.host, proxy.port)))?;
    stream.set_nodelay(true).ok();
    let mut request = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n");
    if let Some(auth) = &proxy.authorization {
        request.push_str(&format!("Proxy-Authorization: {auth}\r\n"));
    }
    request.push_str("\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| TunnelError::Proxy(format!("CONNECT not sent: {e}")))?;
    let answer = read_answer(&mut stream).await?;
    match connect_status(&answer) {
        Some(200..=299) => Ok(stream),
        Some(407) => Err(TunnelError::Proxy("HTTP 407: the proxy wants other credentials".into())),
        Some(code) => Err(TunnelError::Target(format!("HTTP {code} to CONNECT {target}"))),
        None => Err(TunnelError::Proxy("not an HTTP answer to CONNECT".into())),
    }
}

/// The proxy's answer head, up to its blank line (nothing of the tunnel after it is read: a
/// proxy answers CONNECT before the destination speaks).
async fn read_answer(stream: &mut TcpStream) -> Result<Vec<u8>, TunnelError> {
    let mut answer = Vec::with_capacity(256);
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        if answer.len() >= ANSWER_CAP {
            return Err(TunnelError::Proxy("an answer to CONNECT longer than 8 KiB".into()));
        }
        match stream.read(&mut byte).await {
            Ok(0) => {
                return Err(TunnelError::Proxy("closed the connection instead of answering CONNECT".into()))
            }
            Ok(_) => answer.push(byte[0]),
            Err(e) => return Err(TunnelError::Proxy(format!("answer to CONNECT not read: {e}"))),
        }
    }
    Ok(answer)
}

/// The status code of an answer head (`HTTP/1.x NNN …`).
fn connect_status(head: &[u8]) -> Option<u16> {
    let line = head.split(|b| *b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    words.next().filter(|v| v.starts_with("HTTP/1."))?;
    words.next()?.parse().ok()
}

/// What an outbound error says of the proxy: whether it was the proxy's own failure (not the
/// endpoint's), and whether the proxy was asked at all (a destination refused by the address
/// rules never reaches it).
pub(crate) fn proxy_part(err: &(dyn std::error::Error + 'static)) -> (bool, bool) {
    let mut source = Some(err);
    while let Some(e) = source {
        match e.downcast_ref::<TunnelError>() {
            Some(TunnelError::Proxy(_)) => return (true, true),
            Some(TunnelError::Refused(_)) => return (false, false),
            Some(TunnelError::Target(_)) => return (false, true),
            None => source = e.source(),
        }
    }
    (false, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxy_url_reads_host_port_and_credentials() {
        let p = ProxyConfig::parse("http://egress:s3cr%40t@proxy.internal:3128", ConnectBy::Address).unwrap();
        assert_eq!((p.host.as_str(), p.port), ("proxy.internal", 3128));
        // base64("egress:s3cr@t")
        assert_eq!(p.authorization.as_deref(), Some("Basic ZWdyZXNzOnMzY3JAdA=="));
        assert!(!format!("{p:?}").contains("s3cr"), "no credential in Debug");
        let plain = ProxyConfig::parse("http://[::1]:8888", ConnectBy::Name).unwrap();
        assert_eq!((plain.host.as_str(), plain.port, plain.authorization), ("::1", 8888, None));
        for bad in ["https://p:3128", "socks5://p:1080", "http://p:3128/path", "proxy:3128", "http://:3128"] {
            assert!(ProxyConfig::parse(bad, ConnectBy::Address).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_connect_answer_is_read_by_its_status_line() {
        assert_eq!(connect_status(b"HTTP/1.1 200 Connection established\r\n\r\n"), Some(200));
        assert_eq!(connect_status(b"HTTP/1.0 407 Proxy Authentication Required\r\nX: y\r\n\r\n"), Some(407));
        assert_eq!(connect_status(b"SSH-2.0-OpenSSH\r\n\r\n"), None);
        assert_eq!(authority("::1", 443), "[::1]:443");
        assert_eq!(authority("10.0.0.1", 80), "10.0.0.1:80");
    }
}
