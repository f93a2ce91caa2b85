//! Logs and traces.
//!
//! Logs go to stderr, as text or, with `LOG_FORMAT=json`, one JSON object per line. Every line
//! logged while a request is handled carries its request id (the span `http_request`), every
//! line of a delivery attempt its delivery id (the span `delivery_attempt`, opened by the
//! engine's dispatcher).
//!
//! When `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, the same
//! spans are exported as OpenTelemetry traces over OTLP/HTTP (protobuf), with the standard
//! `OTEL_*` settings (headers, timeout, sampler, batch sizes, service name). A request joins the
//! trace of an incoming W3C `traceparent` header. Nothing secret is put in a span: no header
//! values, no bodies, no URLs (an endpoint is named by its id).
//!
//! The exporter sends from a runtime of its own (one thread), so export never competes with
//! requests or deliveries for the service's runtime, and works before and after it runs.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithHttpConfig;
use opentelemetry_sdk::trace::SdkTracerProvider;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tracing::field::Empty;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::Layer;

/// The response header (and accepted request header) naming a request.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The log filter when `RUST_LOG` is unset.
pub const DEFAULT_LOG_FILTER: &str = "info,actix_server=warn";

/// The settings read here from the environment, before the command line is parsed (so they
/// have no flag): name, default, meaning. `--help` lists them beside the flags' variables.
pub const ENV_SETTINGS: &[(&str, &str, &str)] = &[
    ("LOG_FORMAT", "text", "`text`, or `json`: one object per line, with the request or delivery id"),
    ("RUST_LOG", DEFAULT_LOG_FILTER, "Log levels (tracing's EnvFilter syntax); logs go to stderr"),
    (
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "",
        "Export trace spans over OTLP/HTTP to this collector; the standard OTEL_* settings apply",
    ),
];

/// Whether spans are exported, so requests read `traceparent` only then.
static EXPORTING: OnceLock<bool> = OnceLock::new();

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl LogFormat {
    /// `LOG_FORMAT`: `text` (the default) or `json`.
    pub fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(str::trim) {
            None | Some("") => Ok(Self::Text),
            Some(v) if v.eq_ignore_ascii_case("text") => Ok(Self::Text),
            Some(v) if v.eq_ignore_ascii_case("json") => Ok(Self::Json),
            Some(v) => Err(format!("LOG_FORMAT must be `text` or `json`, not `{v}`")),
        }
    }
}

/// Where spans go, from the standard OpenTelemetry variables; `None` when export is off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSettings {
    /// An extra CA (PEM) the collector's certificate is checked against.
    pub certificate: Option<String>,
}

impl ExportSettings {
    /// Export is on when an OTLP endpoint is set and the SDK is not disabled; only the
    /// `http/protobuf` protocol is built in.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        if set("OTEL_SDK_DISABLED").is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
            || set("OTEL_TRACES_EXPORTER").is_some_and(|v| v.trim().eq_ignore_ascii_case("none"))
        {
            return Ok(None);
        }
        if set("OTEL_EXPORTER_OTLP_ENDPOINT").is_none() && set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").is_none()
        {
            return Ok(None);
        }
        for name in ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"] {
            if let Some(p) = set(name) {
                if p.trim() != "http/protobuf" {
                    return Err(format!(
                        "{name}={p}: only `http/protobuf` is supported (point it at the collector's \
                         OTLP/HTTP port, usually 4318)"
                    ));
                }
                break;
            }
        }
        let certificate =
            set("OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE").or_else(|| set("OTEL_EXPORTER_OTLP_CERTIFICATE"));
        Ok(Some(Self { certificate }))
    }
}

/// Keeps the trace exporter; dropping it sends the spans still buffered.
#[derive(Debug)]
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take() {
            if let Err(e) = provider.shutdown() {
                eprintln!("warning: the last trace spans could not be exported: {e}");
            }
        }
    }
}

/// Installs logging (and trace export when configured) for a binary; `service` names it in
/// traces unless `OTEL_SERVICE_NAME` does. A bad setting ends the process with a message.
pub fn init(service: &'static str) -> Telemetry {
    match try_init(service) {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

/// Whether text logs are coloured: only on a terminal, and not when `NO_COLOR` is set to
/// anything but an empty string (no-color.org). A file or a pipe gets plain text.
fn colour(stderr_is_terminal: bool, no_color: Option<&str>) -> bool {
    stderr_is_terminal && no_color.is_none_or(str::is_empty)
}

fn try_init(service: &'static str) -> Result<Telemetry, String> {
    let var = |name: &str| std::env::var(name).ok();
    let format = LogFormat::parse(var("LOG_FORMAT").as_deref())?;
    let export = ExportSettings::from_env(var)?;
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| DEFAULT_LOG_FILTER.into());
    type Base =
        tracing_subscriber::layer::Layered<tracing_subscriber::EnvFilter, tracing_subscriber::Registry>;
    let mut layers: Vec<Box<dyn Layer<Base> + Send + Sync>> = Vec::new();
    layers.push(match format {
        LogFormat::Text => tracing_subscriber::fmt::layer()
            .with_ansi(colour(
                std::io::IsTerminal::is_terminal(&std::io::stderr()),
                var("NO_COLOR").as_deref(),
            ))
            .with_writer(std::io::stderr)
            .boxed(),
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_writer(std::io::stderr)
            .boxed(),
    });
    let provider = match export {
        Some(settings) => {
            let provider = tracer_provider(service, &settings)?;
            let tracer = provider.tracer("webhook-delivery");
            layers.push(tracing_opentelemetry::layer().with_tracer(tracer).boxed());
            opentelemetry::global::set_text_map_propagator(
                opentelemetry_sdk::propagation::TraceContextPropagator::new(),
            );
            Some(provider)
        }
        None => None,
    };
    let _ = EXPORTING.set(provider.is_some());
    tracing_subscriber::registry().with(filter).with(layers).try_init().map_err(|e| e.to_string())?;
    Ok(Telemetry { provider })
}

fn tracer_provider(service: &'static str, settings: &ExportSettings) -> Result<SdkTracerProvider, String> {
    let client = export_client::OtlpClient::new(settings.certificate.as_deref())?;
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_http_client(client)
        .build()
        .map_err(|e| format!("OTLP trace exporter: {e}"))?;
    let mut resource = opentelemetry_sdk::Resource::builder();
    if std::env::var_os("OTEL_SERVICE_NAME").is_none() {
        resource = resource.with_service_name(service);
    }
    Ok(SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource.build()).build())
}

/// A request id from the client, when it is one we can log and echo safely.
fn client_request_id(value: Option<&HeaderValue>) -> Option<String> {
    let v = value?.to_str().ok()?;
    let ok = !v.is_empty()
        && v.len() <= 64
        && v.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'));
    ok.then(|| v.to_owned())
}

/// Reads W3C trace context from actix's header map.
struct Headers<'a>(&'a actix_web::http::header::HeaderMap);

impl opentelemetry::propagation::Extractor for Headers<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(HeaderName::as_str).collect()
    }
}

/// Opens the `http_request` span around a request: a request id (the client's `X-Request-Id`
/// when it is a plain token, else a new one), echoed in the response's `X-Request-Id`; the
/// route pattern and status; the client's trace as parent when spans are exported. A line is
/// logged when it ends: `info` for 4xx and 5xx, `debug` otherwise.
pub async fn request_middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = client_request_id(req.headers().get(REQUEST_ID_HEADER))
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let method = req.method().to_string();
    let span = tracing::info_span!(
        "http_request",
        otel.name = %method,
        otel.kind = "server",
        otel.status_code = Empty,
        request_id = %request_id,
        http.request.method = %method,
        http.route = Empty,
        http.response.status_code = Empty,
    );
    if EXPORTING.get().copied().unwrap_or(false) {
        let parent = opentelemetry::global::get_text_map_propagator(|p| p.extract(&Headers(req.headers())));
        let _ = span.set_parent(parent);
    }
    let started = Instant::now();
    let mut res = next.call(req).instrument(span.clone()).await?;
    let status = res.status().as_u16();
    let route = res.request().match_pattern().unwrap_or_else(|| "unmatched".to_owned());
    if EXPORTING.get().copied().unwrap_or(false) {
        // The OpenTelemetry span has started by now, and tracing-opentelemetry takes `otel.name`
        // only before that: rename it directly.
        use opentelemetry::trace::TraceContextExt as _;
        span.context().span().update_name(format!("{method} {route}"));
    }
    span.record("http.route", route.as_str());
    span.record("http.response.status_code", status);
    if status >= 500 {
        span.record("otel.status_code", "ERROR");
    }
    if let Ok(v) = HeaderValue::from_str(&request_id) {
        res.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), v);
    }
    let ms = duration_ms(started.elapsed());
    span.in_scope(|| {
        if status >= 400 {
            tracing::info!(status, duration_ms = ms, "{method} {route} answered {status}");
        } else {
            tracing::debug!(status, duration_ms = ms, "{method} {route} answered {status}");
        }
    });
    Ok(res)
}

fn duration_ms(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

mod export_client {
    //! OTLP/HTTP requests, sent from a runtime of the exporter's own: the SDK's batch exporter
    //! runs on a plain thread, and hyper needs a Tokio runtime to drive its connections.

    use bytes::Bytes;
    use opentelemetry_http::{HttpClient, HttpError, Request, Response};
    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::CertificateDer;
    use std::sync::Arc;
    use std::time::Duration;

    type Https = hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>;

    pub(super) struct OtlpClient {
        runtime: Option<tokio::runtime::Runtime>,
        inner: opentelemetry_http::hyper::HyperClient<Https>,
    }

    impl std::fmt::Debug for OtlpClient {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("OtlpClient").finish_non_exhaustive()
        }
    }

    impl OtlpClient {
        pub(super) fn new(extra_ca: Option<&str>) -> Result<Self, String> {
            let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
            if let Some(path) = extra_ca {
                let certs = CertificateDer::pem_file_iter(path)
                    .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
                    .map_err(|e| format!("OTEL_EXPORTER_OTLP_CERTIFICATE {path}: {e}"))?;
                let (added, _) = roots.add_parsable_certificates(certs);
                if added == 0 {
                    return Err(format!("OTEL_EXPORTER_OTLP_CERTIFICATE {path}: no certificate in it"));
                }
            }
            let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
                rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
            let https = hyper_rustls::HttpsConnectorBuilder::new()
                .with_tls_config(tls)
                .https_or_http()
                .enable_http1()
                .build();
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("otlp-export")
                .enable_all()
                .build()
                .map_err(|e| format!("starting the trace exporter's runtime: {e}"))?;
            // The SDK bounds each export by OTEL_EXPORTER_OTLP_TIMEOUT; this is the client's own.
            let inner = opentelemetry_http::hyper::HyperClient::new(https, Duration::from_secs(10), None);
            Ok(Self { runtime: Some(runtime), inner })
        }
    }

    impl Drop for OtlpClient {
        fn drop(&mut self) {
            if let Some(runtime) = self.runtime.take() {
                runtime.shutdown_background();
            }
        }
    }

    #[async_trait::async_trait]
    impl HttpClient for OtlpClient {
        async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
            let inner = self.inner.clone();
            let runtime = self.runtime.as_ref().ok_or("the trace exporter is stopped")?;
            runtime.spawn(async move { inner.send_bytes(request).await }).await?
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_are_coloured_only_on_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(colour(true, Some("")), "an empty NO_COLOR does not count");
        assert!(!colour(true, Some("1")));
        assert!(!colour(false, None), "a file or a pipe gets plain text");
    }

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn log_format_is_text_or_json() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("JSON")), Ok(LogFormat::Json));
        assert_eq!(LogFormat::parse(Some(" text ")), Ok(LogFormat::Text));
        assert!(LogFormat::parse(Some("logfmt")).unwrap_err().contains("`text` or `json`"));
    }

    #[test]
    fn export_is_on_only_with_an_endpoint_and_speaks_http_protobuf() {
        assert_eq!(ExportSettings::from_env(env(&[])), Ok(None));
        let on = [("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")];
        assert_eq!(ExportSettings::from_env(env(&on)), Ok(Some(ExportSettings { certificate: None })));
        let traces_only = [("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:4318/v1/traces")];
        assert!(ExportSettings::from_env(env(&traces_only)).unwrap().is_some());
        let disabled = [on[0], ("OTEL_SDK_DISABLED", "true")];
        assert_eq!(ExportSettings::from_env(env(&disabled)), Ok(None));
        let none = [on[0], ("OTEL_TRACES_EXPORTER", "none")];
        assert_eq!(ExportSettings::from_env(env(&none)), Ok(None));
        let grpc = [on[0], ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")];
        assert!(ExportSettings::from_env(env(&grpc)).unwrap_err().contains("http/protobuf"));
        // The signal-specific protocol wins over the general one.
        let both = [
            on[0],
            ("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
        ];
        assert!(ExportSettings::from_env(env(&both)).unwrap().is_some());
        let ca = [on[0], ("OTEL_EXPORTER_OTLP_CERTIFICATE", "/etc/ca.pem")];
        assert_eq!(
            ExportSettings::from_env(env(&ca)).unwrap().unwrap().certificate.as_deref(),
            Some("/etc/ca.pem")
        );
    }

    #[test]
    fn only_plain_client_request_ids_are_kept() {
        let v = |s: &str| HeaderValue::from_str(s).ok();
        assert_eq!(client_request_id(v("req-42_a.b:c").as_ref()).as_deref(), Some("req-42_a.b:c"));
        assert_eq!(client_request_id(v("has space").as_ref()), None);
        assert_eq!(client_request_id(v("<script>").as_ref()), None);
        assert_eq!(client_request_id(v(&"a".repeat(65)).as_ref()), None);
        assert_eq!(client_request_id(v("").as_ref()), None);
        assert_eq!(client_request_id(None), None);
    }
}
