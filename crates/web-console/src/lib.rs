//! What both consoles share: sign-in (by credential or single-use link) and sessions, the CSRF
//! check, the security headers, the assets, the layout and error pages, and the chart. Each
//! service adds its own pages under the same `/console` scope (`crates/*/src/console/`), and
//! those call the same engine and service functions as the API: the console has no queries of
//! its own besides its sessions (`store/`).
//!
//! Pages are askama templates (`crates/web-console/templates/console/`, and each service's
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
pub use layout::{content_security_policy, security_headers, ConsoleService, Layout, NavItem};
pub use pages::{configure_shared, not_found};
pub use render::{html, see_other};
pub use session::{ConsoleForm, ConsoleSession, NoFields};
pub use store::MIGRATIONS;

/// A service's console: the shared screens (`screens`), the event page (`event`) and bulk
/// recovery (`recovery`), inside the `/console` scope (the service adds its own pages after).
pub fn configure<S: service::ServiceConsole>(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.configure(screens::configure::<S>)
        .configure(event::configure::<S>)
        .configure(recovery::configure::<S>);
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
        .wrap(actix_web::middleware::from_fn(security_headers))
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
