//! campaign-api: versioned event webhooks on the delivery engine. The binary is `src/main.rs`.

pub mod auth;
pub mod campaigns;
pub mod catalog;
pub mod config;
pub mod console;
pub mod error_codes;
pub mod events;
pub mod handlers;
pub mod load;
pub mod profile;
pub mod provisioning;
pub mod routes;
pub mod state;
pub mod store;
pub mod workspace;

pub use config::SERVICE;
pub use state::AppState;

use actix_web::web;

/// Request bodies above this are refused with 413 before they are read in full.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// With `console`, the console is served under `/console`.
pub fn configure_app(state: AppState, console: bool) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(auth::authenticator(state.clone()))
            .app_data(web::Data::new(state))
            .configure(api_support::configure_extractors(MAX_BODY_BYTES))
            .app_data(api_support::RouteTable {
                routes: routes::ROUTES,
                public: routes::PUBLIC,
                operator: routes::OPERATOR,
            })
            .app_data(routes::QUERY_PARAMETERS.clone())
            .configure(routes::configure);
        if console {
            cfg.service(web_console::scope().configure(console::configure));
        }
        cfg.default_service(web::to(api_support::unknown_route));
    }
}
