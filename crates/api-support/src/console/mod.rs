//! What both consoles share: sign-in (by credential or single-use link) and sessions, the CSRF
//! check, the security headers, the assets, the layout and error pages, and the chart. Each
//! service adds its own pages under the same `/console` scope (`crates/*/src/console/`), and
//! those call the same engine and service functions as the API: the console has no queries of
//! its own besides its sessions (`store/`).
//!
//! Pages are askama templates (`crates/api-support/templates/console/`, and each service's
//! `templates/console/`), compiled into the binary and escaped by default. The one script
//! (`assets/console.js`) only adds conveniences: every flow works without it.

pub mod assets;
pub mod chart;
mod error;
mod event;
mod layout;
mod pages;
mod recovery;
mod render;
pub mod screens;
pub mod service;
pub mod session;
pub mod store;
pub mod views;

pub use error::ConsoleError;
pub use layout::{security_headers, ConsoleService, Layout, NavItem, CONTENT_SECURITY_POLICY};
pub use pages::{configure_shared, not_found};
pub use render::{html, see_other};
pub use session::{ConsoleForm, ConsoleSession, NoFields};
pub use store::MIGRATIONS;

/// `CONSOLE`: whether the binary serves its console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConsoleSetting {
    On,
    Off,
}

/// `console-link`'s arguments besides the tenant.
#[derive(Debug, Clone, clap::Args)]
pub struct ConsoleLinkArgs {
    /// The console's address as the browser reaches it; behind a proxy, its public address
    /// (default: the service's base URL variable, WORKFLOW or CAMPAIGN, as `cargo xtask run`
    /// exports it; else http://localhost and the port of LISTEN_ADDR).
    #[arg(long, env = "PUBLIC_URL")]
    pub base_url: Option<String>,
    /// The service's base URL variable (its `env` is set by `cli::with_base_url_env`).
    #[arg(long, hide = true)]
    pub service_url: Option<String>,
    #[arg(long, env = "LISTEN_ADDR", hide = true)]
    pub listen_addr: Option<String>,
}

impl ConsoleLinkArgs {
    /// `--base-url` (or `PUBLIC_URL`), else the service's base URL variable, else `http://`
    /// and the listen address (`localhost` for an unspecified or loopback host).
    pub fn base_url(&self, default_listen: &str) -> String {
        if let Some(b) = self.base_url.as_ref().or(self.service_url.as_ref()) {
            return b.trim_end_matches('/').to_owned();
        }
        let listen = self.listen_addr.as_deref().unwrap_or(default_listen);
        let port = listen.rsplit_once(':').map_or("80", |(_, p)| p);
        let host = listen.rsplit_once(':').map_or(listen, |(h, _)| h);
        let host =
            if matches!(host, "" | "0.0.0.0" | "[::]" | "127.0.0.1" | "[::1]") { "localhost" } else { host };
        format!("http://{host}:{port}")
    }
}

/// A service's console: the shared screens (`screens`), the event page (`event`) and bulk
/// recovery (`recovery`), inside the `/console` scope (the service adds its own pages after).
pub fn configure<S: service::ServiceConsole>(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.configure(screens::configure::<S>)
        .configure(event::configure::<S>)
        .configure(recovery::configure::<S>);
}

/// Prints a single-use sign-in link for `tenant` (the `console-link` commands).
pub async fn print_link(pool: &delivery_engine::Pool, tenant: &str, base_url: &str) -> anyhow::Result<()> {
    let code = session::create_link(pool, tenant, chrono::Utc::now()).await?;
    println!("{base_url}/console/sign-in/link?code={code}");
    eprintln!("(works once, for {} minutes)", session::LINK_TTL.num_minutes());
    Ok(())
}

/// The `/console` scope with its headers and its form and query error pages; a service
/// configures its pages into it (after [`configure_shared`]).
pub fn scope() -> actix_web::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<actix_web::body::BoxBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    actix_web::web::scope("/console")
        .wrap(security_headers())
        .app_data(actix_web::web::FormConfig::default().limit(64 * 1024).error_handler(|e, _| {
            ConsoleError::bad_request(format!("the form could not be read: {e}")).into()
        }))
        .app_data(actix_web::web::QueryConfig::default().error_handler(|e, _| {
            ConsoleError::bad_request(format!("the address has a malformed query: {e}")).into()
        }))
        .app_data(
            actix_web::web::PathConfig::default()
                .error_handler(|_, _| ConsoleError::not_found("page").into()),
        )
}
