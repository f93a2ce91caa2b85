//! A real HTTP(S) server on loopback that records what it receives and answers as scripted.

use crate::tls::TestCa;
use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::header::HeaderMap;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::net::TcpListener;
use tokio::sync::watch;

/// A request as received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub received: Instant,
    pub received_at: SystemTime,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// How to answer one request.
#[derive(Debug, Clone)]
pub enum Reply {
    Status(u16),
    /// Wait before sending anything.
    StatusAfter(u16, Duration),
    /// Send the status and headers at once, then `chunks` body chunks, one every `every`.
    Trickle {
        status: u16,
        chunks: usize,
        every: Duration,
    },
    /// A 3xx with a Location header.
    Redirect(u16, String),
    /// A body of `bytes` bytes.
    Body {
        status: u16,
        bytes: usize,
    },
    /// A status with this body (`text/html`: what a hostile receiver might send).
    Text(u16, String),
    /// A status with this JSON body (`application/json`: a token server's answer).
    Json(u16, String),
    /// Never answer.
    Hang,
    /// A status with extra headers.
    WithHeaders(u16, Vec<(&'static str, String)>),
    /// The status once the test opens the gate: the request is recorded (an attempt in flight
    /// the test can act on) and its answer held until then.
    WhenOpen(u16, Gate),
}

/// What [`Reply::WhenOpen`] answers wait for; clones share one gate.
#[derive(Debug, Clone)]
pub struct Gate(Arc<watch::Sender<bool>>);

impl Gate {
    pub fn closed() -> Self {
        Self(Arc::new(watch::channel(false).0))
    }

    /// Lets every held answer, and every later one, go.
    pub fn open(&self) {
        self.0.send_replace(true);
    }

    async fn passed(&self) {
        let _ = self.0.subscribe().wait_for(|open| *open).await;
    }
}

type Responder = dyn Fn(usize, &Recorded) -> Reply + Send + Sync;

struct State {
    requests: Mutex<Vec<Recorded>>,
    count: watch::Sender<usize>,
    responder: Box<Responder>,
}

#[derive(Clone)]
pub struct Receiver {
    addr: SocketAddr,
    scheme: &'static str,
    state: Arc<State>,
    task: Arc<AbortOnDrop>,
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl std::fmt::Debug for Receiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receiver").field("url", &self.url()).field("count", &self.count()).finish()
    }
}

impl Receiver {
    /// An HTTP receiver answering 200 to everything.
    pub async fn ok() -> Self {
        Self::start(|_, _| Reply::Status(200)).await
    }

    /// An HTTP receiver; `responder(n, request)` decides the answer to the n-th (0-based) request.
    pub async fn start(responder: impl Fn(usize, &Recorded) -> Reply + Send + Sync + 'static) -> Self {
        Self::serve(None, Box::new(responder)).await
    }

    /// An HTTPS receiver with a certificate from `ca`.
    pub async fn start_https(
        ca: &TestCa,
        responder: impl Fn(usize, &Recorded) -> Reply + Send + Sync + 'static,
    ) -> Self {
        Self::serve(Some(tokio_rustls::TlsAcceptor::from(ca.server_config())), Box::new(responder)).await
    }

    /// An HTTPS server with the certificate of `config` ([`crate::TestCa::site_certificate`]):
    /// a page a browser test opens at a site's name.
    pub async fn start_https_with(
        config: Arc<rustls::ServerConfig>,
        responder: impl Fn(usize, &Recorded) -> Reply + Send + Sync + 'static,
    ) -> Self {
        Self::serve(Some(tokio_rustls::TlsAcceptor::from(config)), Box::new(responder)).await
    }

    /// An HTTPS receiver with a certificate from `ca` that completes a handshake only with a
    /// client presenting a certificate `ca` signed (`TestCa::client_identity`): without one,
    /// no request reaches `responder`.
    pub async fn start_https_requiring_client_cert(
        ca: &TestCa,
        responder: impl Fn(usize, &Recorded) -> Reply + Send + Sync + 'static,
    ) -> Self {
        Self::serve(Some(tokio_rustls::TlsAcceptor::from(ca.mtls_config())), Box::new(responder)).await
    }

    async fn serve(tls: Option<tokio_rustls::TlsAcceptor>, responder: Box<Responder>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let state =
            Arc::new(State { requests: Mutex::new(Vec::new()), count: watch::channel(0).0, responder });
        let scheme = if tls.is_some() { "https" } else { "http" };
        let accept_state = state.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else { continue };
                let _ = stream.set_nodelay(true);
                let state = accept_state.clone();
                let tls = tls.clone();
                tokio::spawn(async move {
                    let service = service_fn(move |req| handle(state.clone(), req));
                    let http = hyper::server::conn::http1::Builder::new();
                    match tls {
                        Some(acceptor) => {
                            if let Ok(stream) = acceptor.accept(stream).await {
                                let _ = http.serve_connection(TokioIo::new(stream), service).await;
                            }
                        }
                        None => {
                            let _ = http.serve_connection(TokioIo::new(stream), service).await;
                        }
                    }
                });
            }
        });
        Self { addr, scheme, state, task: Arc::new(AbortOnDrop(task)) }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http(s)://127.0.0.1:<port>/hook` (HTTPS receivers use `localhost` to exercise the name check).
    pub fn url(&self) -> String {
        match self.scheme {
            "https" => format!("https://localhost:{}/hook", self.addr.port()),
            _ => format!("http://127.0.0.1:{}/hook", self.addr.port()),
        }
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn count(&self) -> usize {
        *self.state.count.borrow()
    }

    /// Waits until at least `n` requests arrived (panics after [`crate::WAIT`]) and returns all.
    pub async fn wait_for(&self, n: usize) -> Vec<Recorded> {
        let mut rx = self.state.count.subscribe();
        let reached = tokio::time::timeout(crate::WAIT, rx.wait_for(|c| *c >= n)).await;
        assert!(reached.is_ok(), "receiver got {} requests, expected at least {n}", self.count());
        self.requests()
    }

    /// Waits until `done(requests)` holds (panics after [`crate::WAIT`]) and returns all requests.
    pub async fn wait_until(&self, what: &str, done: impl Fn(&[Recorded]) -> bool) -> Vec<Recorded> {
        let mut rx = self.state.count.subscribe();
        let reached = tokio::time::timeout(crate::WAIT, async {
            loop {
                if done(&self.requests()) {
                    return;
                }
                if rx.changed().await.is_err() {
                    return;
                }
            }
        })
        .await;
        assert!(reached.is_ok(), "receiver never reached: {what} ({} requests)", self.count());
        self.requests()
    }

    /// Stops accepting connections (open connections finish their current exchange).
    pub fn stop(&self) {
        self.task.0.abort();
    }
}

async fn handle(
    state: Arc<State>,
    req: Request<Incoming>,
) -> Result<Response<BoxBody<Bytes, Infallible>>, Infallible> {
    let (parts, body) = req.into_parts();
    let body = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
    let recorded = Recorded {
        method: parts.method.to_string(),
        path: parts.uri.path().to_owned(),
        headers: parts.headers,
        body,
        received: Instant::now(),
        received_at: SystemTime::now(),
    };
    let index = {
        let mut requests = state.requests.lock().unwrap_or_else(|e| e.into_inner());
        requests.push(recorded.clone());
        requests.len() - 1
    };
    state.count.send_modify(|c| *c += 1);
    let reply = (state.responder)(index, &recorded);
    let status = |code: u16| StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let full = |b: Bytes| Full::new(b).map_err(|never| match never {}).boxed();
    let response = match reply {
        Reply::Status(code) => Response::builder().status(status(code)).body(full(Bytes::from_static(b"ok"))),
        Reply::StatusAfter(code, delay) => {
            tokio::time::sleep(delay).await;
            Response::builder().status(status(code)).body(full(Bytes::from_static(b"late")))
        }
        Reply::Redirect(code, location) => {
            Response::builder().status(status(code)).header("location", location).body(full(Bytes::new()))
        }
        Reply::Text(code, text) => Response::builder()
            .status(status(code))
            .header("content-type", "text/html")
            .body(full(Bytes::from(text))),
        Reply::Json(code, json) => Response::builder()
            .status(status(code))
            .header("content-type", "application/json")
            .body(full(Bytes::from(json))),
        Reply::Body { status: code, bytes } => {
            Response::builder().status(status(code)).body(full(Bytes::from(vec![b'x'; bytes])))
        }
        Reply::Trickle { status: code, chunks, every } => {
            let stream = futures_util::stream::unfold(0usize, move |i| async move {
                if i >= chunks {
                    return None;
                }
                tokio::time::sleep(every).await;
                Some((Ok::<_, Infallible>(Frame::data(Bytes::from_static(b"."))), i + 1))
            });
            Response::builder().status(status(code)).body(StreamBody::new(stream).boxed())
        }
        Reply::Hang => std::future::pending().await,
        Reply::WhenOpen(code, gate) => {
            gate.passed().await;
            Response::builder().status(status(code)).body(full(Bytes::from_static(b"held")))
        }
        Reply::WithHeaders(code, headers) => {
            let mut b = Response::builder().status(status(code));
            for (k, v) in headers {
                b = b.header(k, v);
            }
            b.body(full(Bytes::new()))
        }
    };
    Ok(response.unwrap_or_else(|_| Response::new(full(Bytes::new()))))
}
