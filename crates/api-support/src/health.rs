//! `GET /livez` and `GET /readyz`: unauthenticated, cheap, never rate-limited.
//!
//! - `/livez` answers 200 whenever the process serves HTTP; it never touches the database, so
//!   an orchestrator does not restart a process because the database is down.
//! - `/readyz` answers 200 when the database answers within [`CHECK_TIMEOUT`], every migration
//!   this binary carries is applied, and the process is not draining; otherwise 503 with the
//!   error body (`code` `not_ready`, `detail` naming the first failed check). With `?verbose`
//!   both answers list every check.

use crate::ApiError;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use delivery_engine::Engine;
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long `/readyz` waits for the database.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// What the probes look at; shared with the code that stops the process.
#[derive(Debug)]
pub struct Health {
    engine: Engine,
    /// Every migration version this binary carries.
    migrations: Vec<String>,
    draining: AtomicBool,
}

impl Health {
    pub fn new(engine: Engine, migrations: Vec<String>) -> Arc<Self> {
        Arc::new(Self { engine, migrations, draining: AtomicBool::new(false) })
    }

    /// From now on `/readyz` answers 503.
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Release);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    /// Each check and its result (`"ok"` or why not), in a fixed order; ready if all are ok.
    pub async fn checks(&self) -> Vec<(&'static str, String)> {
        let unapplied =
            tokio::time::timeout(CHECK_TIMEOUT, self.engine.unapplied_migrations(self.migrations.clone()))
                .await;
        let (database, migrations) = match unapplied {
            Err(_) => (format!("no answer within {} s", CHECK_TIMEOUT.as_secs()), "unknown".to_owned()),
            Ok(Err(e)) => (format!("unreachable: {e}"), "unknown".to_owned()),
            Ok(Ok(missing)) if missing.is_empty() => ("ok".to_owned(), "ok".to_owned()),
            Ok(Ok(missing)) => ("ok".to_owned(), format!("not applied: {}", missing.join(", "))),
        };
        let draining = if self.is_draining() { "the process is stopping" } else { "ok" };
        vec![("database", database), ("migrations", migrations), ("draining", draining.to_owned())]
    }
}

pub async fn livez() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

pub async fn readyz(health: web::Data<Arc<Health>>, req: HttpRequest) -> HttpResponse {
    let checks = health.checks().await;
    let verbose = req.query_string().split('&').any(|p| p == "verbose" || p.starts_with("verbose="));
    let listed = serde_json::Map::from_iter(checks.iter().map(|(k, v)| (k.to_string(), json!(v))));
    let failed = checks.iter().find(|(_, v)| v != "ok");
    let mut body = match failed {
        None => json!({ "status": "ready" }),
        Some((name, why)) => {
            let e = ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                crate::codes::NOT_READY,
                format!("{name}: {why}"),
            );
            json!({ "code": e.code, "detail": e.detail })
        }
    };
    if verbose {
        body["checks"] = serde_json::Value::Object(listed);
    }
    let status = if failed.is_some() { StatusCode::SERVICE_UNAVAILABLE } else { StatusCode::OK };
    HttpResponse::build(status).insert_header(("cache-control", "no-store")).json(body)
}

/// Registers both probes.
pub fn configure(health: Arc<Health>) -> impl Fn(&mut web::ServiceConfig) + Clone {
    move |cfg| {
        cfg.app_data(web::Data::new(health.clone()))
            .route("/livez", web::get().to(livez))
            .route("/readyz", web::get().to(readyz));
    }
}
