//! The developer's side of listen sessions: `<service> listen` holds the service's stream,
//! forwards each delivery to a local URL with its real headers and signature, and reports the
//! local answer back as the attempt's outcome; `<service> trigger` (each service's own) calls
//! the public API through [`ServerClient`]. See docs/receiving.md "Listen on your laptop".
//!
//! Forwarding uses the engine's `OutboundClient` with every address allowed (the developer
//! names the URL on their own machine) but, as for real deliveries, never follows a redirect
//! and never uses a proxy from the environment.

use anyhow::{bail, Context};
use base64::Engine as _;
use bytes::Bytes;
use clap::Args;
use delivery_engine::http::{AddressPolicy, AttemptOutcome, OutboundClient, OutboundConfig};
use http_body_util::{BodyExt, Full};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::CertificateDer;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// A silent stream (not even a keep-alive) for this long is a dead one: reconnect.
const SILENCE: Duration = Duration::from_secs(20);
/// The longest wait between reconnection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(10);
/// A pooled connection idle this long is not used again (below the services' 5 s keep-alive).
const IDLE_CONNECTION: Duration = Duration::from_secs(4);

/// Where and how to reach a service: `--server` and a PEM file of extra authorities for https.
#[derive(Debug, Clone, Args)]
pub struct ServerArgs {
    /// The service's base URL, as `cargo xtask run` prints and exports it.
    #[arg(long)]
    pub server: String,
    /// PEM file of extra certificate authorities to trust for an https server or forward target.
    #[arg(long)]
    pub ca_file: Option<String>,
}

/// `listen`'s arguments besides the credential (each service names its own).
#[derive(Debug, Clone, Args)]
pub struct ListenArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// The local URL each delivery is POSTed to (any address, localhost included).
    #[arg(long)]
    pub forward_to: String,
    /// Event types to receive, comma-separated (default: every type).
    #[arg(long, value_delimiter = ',')]
    pub events: Vec<String>,
    /// A content filter (JSON, as an endpoint's `filter`): only events whose body matches it
    /// arrive. The service checks it as it checks an endpoint's.
    #[arg(long, value_parser = json_arg)]
    pub filter: Option<serde_json::Value>,
    /// Take this session again (after `listen` stopped without Ctrl-C): what arrived meanwhile
    /// is delivered at once. Printed when a session opens.
    #[arg(long)]
    pub session: Option<Uuid>,
}

/// What a query value escapes: everything but RFC 3986's unreserved characters.
const QUERY_VALUE: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `--filter`'s value: JSON.
fn json_arg(raw: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(raw).map_err(|e| format!("not JSON: {e}"))
}

/// A service's listen routes.
#[derive(Debug, Clone, Copy)]
pub struct ListenRoutes {
    /// The stream (`GET`).
    pub stream: &'static str,
    /// `{stream}/{sessionId}` ends a session (`DELETE`), `…/replies` takes answers (`POST`).
    pub session_prefix: &'static str,
}

/// A small client for a service's API: bearer authentication, JSON in and out, https with the
/// Mozilla roots plus `--ca-file`.
#[derive(Clone)]
pub struct ServerClient {
    base: String,
    bearer: String,
    client: Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>,
}

impl std::fmt::Debug for ServerClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerClient").field("base", &self.base).finish_non_exhaustive()
    }
}

/// An answer of the service: status, body and the rate limit it stated (`RateLimit-Policy`).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Bytes,
    pub rate_limit_policy: Option<String>,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// `Ok` for a 2xx; otherwise an error naming the status and the service's `detail`.
    pub fn success(self, what: &str) -> anyhow::Result<Self> {
        if (200..300).contains(&self.status) {
            return Ok(self);
        }
        let body = self.json();
        let detail = body["detail"]
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| String::from_utf8_lossy(&self.body[..self.body.len().min(200)]).into_owned());
        bail!("{what}: HTTP {} {}: {detail}", self.status, body["code"].as_str().unwrap_or(""))
    }
}

impl ServerClient {
    pub fn new(args: &ServerArgs, credential: &str) -> anyhow::Result<Self> {
        let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        if let Some(path) = &args.ca_file {
            let certs = CertificateDer::pem_file_iter(path)
                .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
                .with_context(|| format!("reading --ca-file {path}"))?;
            roots.add_parsable_certificates(certs);
        }
        let tls =
            rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()?
                .with_root_certificates(roots)
                .with_no_client_auth();
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .build();
        Ok(Self {
            base: args.server.trim_end_matches('/').to_owned(),
            bearer: credential.to_owned(),
            // The services close a connection idle for 5 s (actix's keep-alive): dropping ours
            // sooner keeps a request from going out on one the server is closing.
            client: Client::builder(TokioExecutor::new()).pool_idle_timeout(IDLE_CONNECTION).build(https),
        })
    }

    fn request(
        &self,
        method: Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> anyhow::Result<Request<Full<Bytes>>> {
        let mut req = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.bearer));
        let bytes = match body {
            Some(b) => {
                req = req.header("content-type", "application/json");
                Bytes::from(b.to_string())
            }
            None => Bytes::new(),
        };
        Ok(req.body(Full::new(bytes))?)
    }

    /// Sends a request and reads the whole answer (bounded by 30 s).
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> anyhow::Result<Answer> {
        let req = self.request(method, path, body)?;
        let exchange = async {
            let res = self.client.request(req).await?;
            let status = res.status().as_u16();
            let rate_limit_policy = res
                .headers()
                .get(api_support::rate_limit::POLICY_HEADER.as_str())
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body = res.into_body().collect().await?.to_bytes();
            Ok::<_, anyhow::Error>(Answer { status, body, rate_limit_policy })
        };
        tokio::time::timeout(Duration::from_secs(30), exchange)
            .await
            .with_context(|| format!("{} did not answer within 30 s", self.base))?
            .with_context(|| format!("calling {}{path}", self.base))
    }
}

/// An open Server-Sent Events stream of the service.
pub struct EventStream {
    body: hyper::body::Incoming,
    parser: SseParser,
    ready: std::collections::VecDeque<SseEvent>,
}

impl std::fmt::Debug for EventStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventStream").field("ready", &self.ready.len()).finish_non_exhaustive()
    }
}

impl EventStream {
    /// The next event (keep-alive comments are read and skipped); `Err` with why when the
    /// stream ended, failed, or stayed silent for `silence`.
    pub async fn next(&mut self, silence: Duration) -> Result<SseEvent, String> {
        loop {
            if let Some(event) = self.ready.pop_front() {
                return Ok(event);
            }
            let frame = match tokio::time::timeout(silence, self.body.frame()).await {
                Err(_) => return Err(format!("nothing for {} s", silence.as_secs())),
                Ok(None) => return Err("the service closed the stream".into()),
                Ok(Some(Err(e))) => return Err(e.to_string()),
                Ok(Some(Ok(frame))) => frame,
            };
            if let Ok(bytes) = frame.into_data() {
                self.ready.extend(self.parser.push(&bytes));
            }
        }
    }
}

impl ServerClient {
    /// `GET path` with `Accept: text/event-stream`: the stream, or the service's answer when it
    /// is not a 200.
    pub async fn stream(&self, path: &str) -> anyhow::Result<Result<EventStream, Answer>> {
        let mut req = self.request(Method::GET, path, None)?;
        req.headers_mut().insert("accept", HeaderValue::from_static("text/event-stream"));
        let res = self.client.request(req).await.with_context(|| format!("cannot reach {}", self.base))?;
        let status = res.status().as_u16();
        if status != 200 {
            let body = res.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
            return Ok(Err(Answer { status, body, rate_limit_policy: None }));
        }
        let (parser, ready) = (SseParser::default(), Default::default());
        Ok(Ok(EventStream { body: res.into_body(), parser, ready }))
    }
}

/// One event of a Server-Sent Events stream.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    pub event: String,
    pub data: String,
}

/// Splits a Server-Sent Events byte stream into events (LF or CRLF line ends; comments and
/// `id`/`retry` fields skipped; `data` lines joined with LF).
#[derive(Debug, Default)]
pub struct SseParser {
    buf: Vec<u8>,
    current: SseEvent,
    has_data: bool,
}

impl SseParser {
    pub fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        self.buf.extend_from_slice(bytes);
        let mut events = Vec::new();
        while let Some(end) = self.buf.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches('\n').trim_end_matches('\r');
            if line.is_empty() {
                if self.has_data {
                    events.push(std::mem::take(&mut self.current));
                }
                self.current = SseEvent::default();
                self.has_data = false;
                continue;
            }
            if line.starts_with(':') {
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "event" => self.current.event = value.to_owned(),
                "data" => {
                    if self.has_data {
                        self.current.data.push('\n');
                    }
                    self.current.data.push_str(value);
                    self.has_data = true;
                }
                _ => {}
            }
        }
        events
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SessionData {
    session_id: Uuid,
    secret: Option<String>,
    event_types: Vec<String>,
    #[serde(default)]
    filter: Option<serde_json::Value>,
    resumed: bool,
    timeout_ms: u64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryData {
    delivery_id: Uuid,
    event_type: String,
    attempt: u32,
    reply_token: String,
    headers: Vec<(String, String)>,
    body: String,
}

/// How a stream ended.
enum StreamEnd {
    /// The connection dropped or went silent: reconnect.
    Lost(String),
    /// The service ended the session: stop.
    Ended(String),
}

/// Runs `listen` until Ctrl-C (which ends the session) or the service ends the session. `bin`
/// names the binary in the hints it prints.
pub async fn run_listen(
    routes: ListenRoutes,
    credential: &str,
    args: ListenArgs,
    bin: &str,
) -> anyhow::Result<()> {
    let server = ServerClient::new(&args.server, credential)?;
    let everywhere = AddressPolicy::parse_allow_list("0.0.0.0/0,::/0").map_err(anyhow::Error::msg)?;
    let forwarder = OutboundClient::new(OutboundConfig {
        policy: everywhere,
        extra_ca_files: args.server.ca_file.iter().cloned().collect(),
        response_cap: 0,
        // The receiver is the developer's own (`--forward-to`): never through the egress proxy.
        proxy: None,
    })
    .context("building the HTTP client")?;
    delivery_engine::http::parse_target(&args.forward_to, false)
        .map_err(|e| anyhow::anyhow!("--forward-to {}: {e}", args.forward_to))?;
    let mut session = args.session;
    let mut backoff = Duration::from_millis(250);
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        let attempt = stream_once(&server, routes, &forwarder, &args, &mut session, bin);
        let end = tokio::select! {
            end = attempt => end,
            _ = &mut ctrl_c => {
                if let Some(id) = session {
                    let path = format!("{}/{id}", routes.session_prefix);
                    match server.call(Method::DELETE, &path, None).await.and_then(|a| a.success("ending the session")) {
                        Ok(_) => println!("session {id} ended"),
                        Err(e) => eprintln!("could not end session {id} ({e:#}); it expires by itself"),
                    }
                }
                return Ok(());
            }
        };
        match end {
            Ok(StreamEnd::Ended(reason)) => {
                println!("the service ended the stream: {reason}");
                return Ok(());
            }
            Ok(StreamEnd::Lost(why)) => {
                eprintln!("stream lost ({why}); reconnecting in {} ms", backoff.as_millis());
            }
            Err(e) => return Err(e),
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection: opens (or takes again) the session and forwards deliveries until the stream
/// ends. An error is fatal (refused credentials, the cap, a bad filter); a lost connection is not.
async fn stream_once(
    server: &ServerClient,
    routes: ListenRoutes,
    forwarder: &OutboundClient,
    args: &ListenArgs,
    session: &mut Option<Uuid>,
    bin: &str,
) -> anyhow::Result<StreamEnd> {
    let mut events = match open_stream(server, routes, args, session).await? {
        Ok(events) => events,
        Err(end) => return Ok(end),
    };
    let mut answers = tokio::task::JoinSet::new();
    // The service's attempt timeout, announced with the session: each forward's bound.
    let mut timeout = Duration::from_secs(10);
    loop {
        let event = match events.next(SILENCE).await {
            Ok(event) => event,
            Err(lost) => return Ok(StreamEnd::Lost(lost)),
        };
        match event.event.as_str() {
            "session" => {
                let s: SessionData = serde_json::from_str(&event.data).context("a session event")?;
                *session = Some(s.session_id);
                timeout = Duration::from_millis(s.timeout_ms.max(1));
                announce(&s, args, bin);
            }
            "delivery" => {
                let d: DeliveryData = serde_json::from_str(&event.data).context("a delivery event")?;
                let (server, forwarder) = (server.clone(), forwarder.clone());
                let (to, id) = (args.forward_to.clone(), session.unwrap_or_default());
                let replies = format!("{}/{id}/replies", routes.session_prefix);
                answers.spawn(async move { forward(&server, &forwarder, &to, &replies, d, timeout).await });
            }
            "end" => {
                let end = serde_json::from_str::<serde_json::Value>(&event.data).unwrap_or_default();
                let reason = end["reason"].as_str().unwrap_or_default().to_owned();
                while answers.join_next().await.is_some() {}
                if end["reconnect"] == serde_json::Value::Bool(true) {
                    return Ok(StreamEnd::Lost(reason));
                }
                return Ok(StreamEnd::Ended(reason));
            }
            _ => {}
        }
        while answers.try_join_next().is_some() {}
    }
}

/// Opens the stream, for the session to take again or a new one: the stream, or how this
/// connection ends without one (a lost connection, a session that is gone). An error is fatal.
async fn open_stream(
    server: &ServerClient,
    routes: ListenRoutes,
    args: &ListenArgs,
    session: &mut Option<Uuid>,
) -> anyhow::Result<Result<EventStream, StreamEnd>> {
    let mut path = routes.stream.to_owned();
    let mut query = Vec::new();
    match session {
        Some(id) => query.push(format!("session={id}")),
        None => {
            if !args.events.is_empty() {
                query.push(format!("events={}", args.events.join(",")));
            }
            if let Some(filter) = &args.filter {
                let json = filter.to_string();
                query.push(format!("filter={}", percent_encoding::utf8_percent_encode(&json, QUERY_VALUE)));
            }
        }
    }
    if !query.is_empty() {
        path = format!("{path}?{}", query.join("&"));
    }
    match server.stream(&path).await {
        Err(e) => Ok(Err(StreamEnd::Lost(format!("{e:#}")))),
        Ok(Ok(events)) => Ok(Ok(events)),
        Ok(Err(answer)) => {
            let status = answer.status;
            if status >= 500 || status == 429 {
                return Ok(Err(StreamEnd::Lost(format!("HTTP {status}"))));
            }
            if status == 404 && session.is_some() && answer.json()["code"] == "not_found" {
                eprintln!(
                    "session {} is gone (ended or expired); opening a new one",
                    session.unwrap_or_default()
                );
                *session = None;
                return Ok(Err(StreamEnd::Lost("session gone".into())));
            }
            answer.success("opening the listen stream")?;
            Ok(Err(StreamEnd::Lost(format!("HTTP {status} instead of a stream"))))
        }
    }
}

/// Tells the developer which session this is, what it takes, and how to pick it up again.
fn announce(s: &SessionData, args: &ListenArgs, bin: &str) {
    let mut filter =
        if s.event_types.is_empty() { "every event type".to_owned() } else { s.event_types.join(", ") };
    if let Some(f) = &s.filter {
        filter.push_str(&format!(" matching {f}"));
    }
    if s.resumed {
        println!("listening again as session {} ({filter}), forwarding to {}", s.session_id, args.forward_to);
    } else {
        println!("listening as session {} ({filter}), forwarding to {}", s.session_id, args.forward_to);
    }
    if let Some(secret) = &s.secret {
        println!("signing secret {secret}");
    }
    println!(
        "if this stops without Ctrl-C, `{bin} listen ... --session {}` picks up what arrived meanwhile",
        s.session_id
    );
}

/// POSTs one delivery to the local target and reports the answer back (a few tries: the
/// attempt is retried by the service if no answer arrives).
async fn forward(
    server: &ServerClient,
    forwarder: &OutboundClient,
    to: &str,
    replies: &str,
    d: DeliveryData,
    timeout: Duration,
) {
    let outcome = match base64::engine::general_purpose::STANDARD.decode(&d.body) {
        Ok(body) => forwarder.post(to, headers(&d.headers), Bytes::from(body), timeout).await,
        Err(e) => AttemptOutcome {
            status: None,
            error: Some(format!("the delivery's body was not base64: {e}")),
            body: Vec::new(),
            duration: Duration::ZERO,
            retry_after: None,
            timed_out: false,
            proxy_failure: false,
            via_proxy: false,
        },
    };
    let answered = match (&outcome.status, &outcome.error) {
        (_, Some(e)) => format!("failed: {e}"),
        (Some(s), None) => format!("{s}"),
        (None, None) => "no answer".to_owned(),
    };
    println!(
        "{}  {}  delivery {}  attempt {}  -> {} ({} ms)",
        api_support::ts(chrono::Utc::now()),
        d.event_type,
        d.delivery_id,
        d.attempt,
        answered,
        outcome.duration.as_millis()
    );
    let reply = serde_json::json!({
        "deliveryId": d.delivery_id,
        "replyToken": d.reply_token,
        "status": outcome.status,
        "error": outcome.error,
        "body": String::from_utf8_lossy(&outcome.body),
        "durationMs": outcome.duration.as_millis() as u64,
        "timedOut": outcome.timed_out,
    });
    for wait in [0, 200, 1000] {
        tokio::time::sleep(Duration::from_millis(wait)).await;
        match server.call(Method::POST, replies, Some(&reply)).await {
            Ok(a) if (200..300).contains(&a.status) => return,
            // Refused (timed out meanwhile, or answered): trying again cannot help.
            Ok(a) if (400..500).contains(&a.status) && a.status != 429 => {
                eprintln!(
                    "the service refused the answer to delivery {}: {:?}",
                    d.delivery_id,
                    a.json()["detail"]
                );
                return;
            }
            Ok(a) => eprintln!("reporting delivery {} failed: HTTP {}", d.delivery_id, a.status),
            Err(e) => eprintln!("reporting delivery {} failed: {e:#}", d.delivery_id),
        }
    }
}

fn headers(pairs: &[(String, String)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        if let (Ok(n), Ok(v)) = (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_str(value)) {
            map.append(n, v);
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_sent_events_are_split_across_chunks_and_line_ends() {
        let mut p = SseParser::default();
        assert!(p.push(b": ping\n\nevent: sess").is_empty());
        let events = p.push(b"ion\r\ndata: {\"a\":1}\r\n\r\nid: 7\nevent: delivery\ndata: x\ndata: y\n\n");
        assert_eq!(
            events,
            [
                SseEvent { event: "session".into(), data: "{\"a\":1}".into() },
                SseEvent { event: "delivery".into(), data: "x\ny".into() },
            ]
        );
        assert!(p.push(b"event: end\n").is_empty());
        assert_eq!(p.push(b"data: {}\n\n"), [SseEvent { event: "end".into(), data: "{}".into() }]);
    }

    #[test]
    fn forwarded_headers_keep_names_values_and_repeats() {
        let map = headers(&[
            ("x-a".into(), "1".into()),
            ("x-a".into(), "2".into()),
            ("bad name".into(), "x".into()),
        ]);
        assert_eq!(map.get_all("x-a").iter().collect::<Vec<_>>(), ["1", "2"]);
        assert_eq!(map.len(), 2);
    }
}
