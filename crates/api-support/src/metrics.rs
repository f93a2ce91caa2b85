//! `GET /metrics`: the Prometheus metrics of a service, in Prometheus's text format (0.0.4).
//!
//! Every name starts with `webhook_` and carries the constant label `service`. Labels are
//! bounded: a route pattern from the service's route table (`unmatched` for anything else),
//! a status class, an outcome class, a state; never an id, URL, tenant or raw status code.
//! The engine's counters come from [`delivery_engine::Engine::metrics`]; the queue gauges are read
//! at scrape time (cached for a few seconds, see `Engine::queue_snapshot`).

use crate::health::Health;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse};
use delivery_engine::Engine;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
    status_class: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteOnly {
    route: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    pool: &'static str,
    state: &'static str,
}

/// A service's metrics: its registry and what it updates itself.
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteLabels, Counter>,
    request_duration: Family<RouteOnly, Histogram>,
    waiting: Family<StateLabels, Gauge>,
    oldest_due_age: Gauge,
    endpoints: Family<StateLabels, Gauge>,
    endpoints_backlogged: Gauge,
    certificates_expiring: Gauge,
    connections: Family<PoolLabels, Gauge>,
    ready: Gauge,
    /// The embedded store's directory and the free space of its filesystem.
    store_free: Option<(PathBuf, Gauge)>,
    /// The API's engine (queue gauges, its pool) and the worker's, when this process runs one.
    api: Engine,
    worker: Option<Engine>,
    health: Arc<Health>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Metrics {
    /// `store_dir`: the embedded store's directory (`DATA_DIR`), whose filesystem's free space
    /// is a gauge; `None` on PostgreSQL, whose disk is watched where the database runs.
    pub fn new(
        service: &'static str,
        api: Engine,
        worker: Option<Engine>,
        health: Arc<Health>,
        store_dir: Option<PathBuf>,
    ) -> Arc<Self> {
        let mut registry =
            Registry::with_prefix_and_labels("webhook", [("service".into(), service.into())].into_iter());
        api.metrics().register(&mut registry);
        let m = Metrics {
            requests: Family::default(),
            request_duration: Family::new_with_constructor(|| {
                Histogram::new(exponential_buckets(0.001, 2.0, 14))
            }),
            waiting: Family::default(),
            oldest_due_age: Gauge::default(),
            endpoints: Family::default(),
            endpoints_backlogged: Gauge::default(),
            certificates_expiring: Gauge::default(),
            connections: Family::default(),
            ready: Gauge::default(),
            store_free: store_dir.map(|dir| (dir, Gauge::default())),
            registry: Registry::default(),
            api,
            worker,
            health,
        };
        registry.register("http_requests", "HTTP requests by route and status class", m.requests.clone());
        registry.register(
            "http_request_duration_seconds",
            "HTTP request duration by route",
            m.request_duration.clone(),
        );
        registry.register("deliveries_waiting", "Open and dead deliveries by state", m.waiting.clone());
        registry.register(
            "oldest_due_age_seconds",
            "How long the oldest due delivery has been due (the delivery lag)",
            m.oldest_due_age.clone(),
        );
        registry.register("endpoints", "Endpoints by state", m.endpoints.clone());
        registry.register(
            "endpoints_backlogged",
            "Active endpoints that stalled with a backlog: their new events wait in the event log",
            m.endpoints_backlogged.clone(),
        );
        registry.register(
            "client_certificates_expiring",
            "Endpoints whose client certificate expires within 30 days, or has expired",
            m.certificates_expiring.clone(),
        );
        registry.register("db_connections", "Database connections by pool and state", m.connections.clone());
        registry.register("ready", "1 when the process is ready, 0 when draining", m.ready.clone());
        if let Some((_, free)) = &m.store_free {
            registry.register(
                "store_free_bytes",
                "Bytes free to this process on the filesystem of the embedded store (DATA_DIR)",
                free.clone(),
            );
        }
        Arc::new(Metrics { registry, ..m })
    }

    fn observe_request(&self, route: String, status: u16, started: Instant) {
        let status_class = match status {
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        self.requests.get_or_create(&RouteLabels { route: route.clone(), status_class }).inc();
        self.request_duration.get_or_create(&RouteOnly { route }).observe(started.elapsed().as_secs_f64());
    }

    /// Refreshes the gauges and encodes everything.
    async fn render(&self) -> Result<String, std::fmt::Error> {
        match self.api.queue_snapshot().await {
            Ok(q) => {
                for (state, n) in
                    [("due", q.due), ("scheduled", q.scheduled), ("in_flight", q.in_flight), ("dead", q.dead)]
                {
                    self.waiting.get_or_create(&StateLabels { state }).set(n);
                }
                self.oldest_due_age.set(q.oldest_due_age_s);
                self.endpoints.get_or_create(&StateLabels { state: "active" }).set(q.endpoints_active);
                self.endpoints.get_or_create(&StateLabels { state: "disabled" }).set(q.endpoints_disabled);
                self.endpoints_backlogged.set(q.endpoints_backlogged);
                self.certificates_expiring.set(q.certificates_expiring);
            }
            // The gauges keep their last values; readiness reports the database.
            Err(e) => tracing::warn!(error = %e, "metrics: the queue gauges could not be read"),
        }
        let pools = [("api", Some(&self.api)), ("worker", self.worker.as_ref())];
        for (pool, engine) in pools {
            if let Some(engine) = engine {
                let (in_use, idle) = engine.pool_connections();
                self.connections.get_or_create(&PoolLabels { pool, state: "in_use" }).set(in_use as i64);
                self.connections.get_or_create(&PoolLabels { pool, state: "idle" }).set(idle as i64);
            }
        }
        self.ready.set(i64::from(!self.health.is_draining()));
        if let Some((dir, free)) = &self.store_free {
            match free_bytes(dir) {
                Ok(bytes) => {
                    free.set(bytes);
                }
                Err(e) => tracing::warn!(error = %e, "metrics: the store's free space could not be read"),
            }
        }
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)?;
        Ok(classic_text_format(&out))
    }
}

/// The bytes an unprivileged writer may still use on the filesystem holding `dir`.
fn free_bytes(dir: &std::path::Path) -> std::io::Result<i64> {
    let fs = rustix::fs::statvfs(dir)?;
    Ok(i64::try_from(fs.f_bavail.saturating_mul(fs.f_frsize)).unwrap_or(i64::MAX))
}

/// The OpenMetrics text `prometheus-client` writes, as Prometheus's classic text format
/// (0.0.4), which every scraper and `promtool check metrics` read: a counter's family is named
/// with its `_total` suffix, and the `# EOF` and `# UNIT` lines go.
fn classic_text_format(openmetrics: &str) -> String {
    let counters: std::collections::HashSet<&str> =
        openmetrics.lines().filter_map(|l| l.strip_prefix("# TYPE ")?.strip_suffix(" counter")).collect();
    let mut out = String::with_capacity(openmetrics.len());
    for line in openmetrics.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let renamed = ["# HELP ", "# TYPE "].iter().find_map(|prefix| {
            let rest = line.strip_prefix(prefix)?;
            let (name, tail) = rest.split_once(' ')?;
            counters.contains(name).then(|| format!("{prefix}{name}_total {tail}"))
        });
        out.push_str(renamed.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

/// Counts every request by its route pattern (not its path) and status class.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let metrics = req.app_data::<web::Data<Arc<Metrics>>>().cloned();
    let started = Instant::now();
    let res = next.call(req).await?;
    if let Some(metrics) = metrics {
        let route = res.request().match_pattern().unwrap_or_else(|| "unmatched".to_owned());
        metrics.observe_request(route, res.status().as_u16(), started);
    }
    Ok(res)
}

pub async fn serve(metrics: web::Data<Arc<Metrics>>) -> HttpResponse {
    match metrics.render().await {
        Ok(body) => HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(body),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

/// Registers `GET /metrics` and the request counting.
pub fn configure(metrics: Arc<Metrics>) -> impl Fn(&mut web::ServiceConfig) + Clone {
    move |cfg| {
        cfg.app_data(web::Data::new(metrics.clone())).route("/metrics", web::get().to(serve));
    }
}

#[cfg(test)]
mod tests {
    use super::classic_text_format;

    #[test]
    fn counters_are_named_with_total_and_openmetrics_lines_go() {
        let om = "# HELP a_b Things.\n# TYPE a_b counter\na_b_total{s=\"x\"} 1\n\
                  # HELP g A gauge.\n# TYPE g gauge\ng 2\n# EOF\n";
        assert_eq!(
            classic_text_format(om),
            "# HELP a_b_total Things.\n# TYPE a_b_total counter\na_b_total{s=\"x\"} 1\n\
             # HELP g A gauge.\n# TYPE g gauge\ng 2\n"
        );
    }
}
