//! workflow-api: run webhooks on the delivery engine. The binary is `src/main.rs`; this library
//! holds the application so it can be served by the binary and described in one place.

pub mod auth;
pub mod config;
pub mod console;
pub mod error_codes;
pub mod handlers;
pub mod load;
pub mod profile;
pub mod routes;
pub mod runs;
pub mod state;
pub mod store;
pub mod test_event;

use actix_web::web;
pub use api_support::{json_errors, ApiError};
pub use state::AppState;

/// Request bodies above this are refused with 413 before they are read in full.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Everything an `App` needs besides the routes: state, extractor error mapping, JSON errors
/// for whatever actix answers on its own (unknown route, wrong method).
/// With `console`, the developer dashboard is served under `/console`.
pub fn configure_app(
    state: AppState,
    jwt: auth::JwtKeys,
    console: bool,
) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(web::Data::new(state))
            .app_data(web::Data::new(jwt.clone()))
            .app_data(auth::authenticator(jwt))
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
