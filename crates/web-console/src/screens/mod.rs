//! The screens both consoles have, generic over the service's [`ServiceConsole`], a file each:
//! the overview, the endpoints (list, register, headers and credential, content filter, rotate,
//! disable and enable, delete), the
//! delivery log and one delivery; what they share is in `shared.rs`. A handler calls the engine
//! as the API handlers do and hands what it answered to a plain function that builds the page,
//! so each file's tests render its pages without a database or a server.

mod access;
mod delivery;
mod endpoints;
mod filter;
mod log;
mod overview;
mod shared;
#[cfg(test)]
mod testing;

pub use access::{parse_header_lines, AccessFields, Choice};
pub use endpoints::{parse_rate_limit, EndpointFields, ExampleTypes};
pub use filter::{filter_summary, filter_text, parse_filter_text};
pub use log::{LogFilter, PAGE_SIZE};
pub use shared::{endpoint_id, notice_text, takes, NoticeQuery};
// For the event page and bulk recovery, which show the same rows in the same layout.
pub(crate) use log::{endpoint_urls, log_rows, LogRow};
pub(crate) use shared::layout;

use crate::service::ServiceConsole;
use crate::session;
use actix_web::web;

/// The shared screens' routes, inside the `/console` scope (with the shared sign-in routes;
/// the service adds its own after).
pub fn configure<S: ServiceConsole>(cfg: &mut web::ServiceConfig) {
    let resend_path = format!("/deliveries/{{id}}/{}", S::RESEND.path);
    cfg.app_data(S::SERVICE)
        .app_data(session::CookieOwner(S::SERVICE.name))
        .configure(crate::pages::configure_shared)
        .service(web::resource("").route(web::get().to(overview::overview::<S>)))
        .service(web::resource("/").route(web::get().to(overview::overview::<S>)))
        .service(
            web::resource("/endpoints")
                .route(web::get().to(endpoints::list_endpoints::<S>))
                .route(web::post().to(endpoints::create_endpoint::<S>)),
        )
        .service(
            web::resource("/endpoints/{id}/rotate-secret")
                .route(web::post().to(endpoints::rotate_secret::<S>)),
        )
        .service(
            web::resource("/endpoints/{id}/access")
                .route(web::get().to(access::access_form::<S>))
                .route(web::post().to(access::save_access::<S>)),
        )
        .service(
            web::resource("/endpoints/{id}/filter")
                .route(web::get().to(filter::filter_form::<S>))
                .route(web::post().to(filter::post_filter::<S>)),
        )
        .service(web::resource("/endpoints/{id}/disable").route(web::post().to(endpoints::disable::<S>)))
        .service(web::resource("/endpoints/{id}/enable").route(web::post().to(endpoints::enable::<S>)))
        .service(
            web::resource("/endpoints/{id}/delete")
                .route(web::get().to(endpoints::confirm_delete::<S>))
                .route(web::post().to(endpoints::delete::<S>)),
        )
        .service(web::resource("/deliveries").route(web::get().to(log::deliveries::<S>)))
        .service(web::resource("/deliveries/rows").route(web::get().to(log::delivery_rows::<S>)))
        .service(web::resource("/deliveries/{id}").route(web::get().to(delivery::delivery::<S>)))
        .service(web::resource(resend_path).route(web::post().to(delivery::resend::<S>)));
}
