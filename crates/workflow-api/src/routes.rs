//! Every route of workflow-api. `/webhooks/deliveries` and `/webhooks/listen` are registered
//! before the `/webhooks/{endpointId}/...` patterns.

use crate::handlers::{deliveries, listen, operator, recoveries, runs, webhooks};
use actix_web::{web, HttpResponse};
use api_support::query::QueryParameters;

/// The OpenAPI description served at `/openapi.json`; a test keeps it equal to [`ROUTES`].
pub const OPENAPI: &str = include_str!("../openapi.json");

/// The query parameters each operation of [`OPENAPI`] declares: any other is refused
/// ([`api_support::query`]). Read once, from the document compiled in.
pub static QUERY_PARAMETERS: std::sync::LazyLock<web::Data<QueryParameters>> =
    std::sync::LazyLock::new(|| {
        web::Data::new(
            QueryParameters::from_openapi(OPENAPI).expect("openapi.json declares its query parameters"),
        )
    });

/// Every route `configure` registers, as (method, path).
pub const ROUTES: &[(&str, &str)] = &[
    ("POST", "/webhooks"),
    ("GET", "/webhooks"),
    ("GET", "/webhooks/deliveries"),
    ("GET", "/webhooks/deliveries/{deliveryId}"),
    ("POST", "/webhooks/deliveries/{deliveryId}/retry"),
    ("GET", "/webhooks/listen"),
    ("DELETE", "/webhooks/listen/{sessionId}"),
    ("POST", "/webhooks/listen/{sessionId}/replies"),
    ("GET", "/webhooks/{endpointId}"),
    ("PATCH", "/webhooks/{endpointId}"),
    ("DELETE", "/webhooks/{endpointId}"),
    ("POST", "/webhooks/{endpointId}/rotate-secret"),
    ("POST", "/webhooks/{endpointId}/test"),
    ("POST", "/webhooks/{endpointId}/enable"),
    ("PUT", "/webhooks/{endpointId}/rate-limit"),
    ("POST", "/webhooks/{endpointId}/recoveries"),
    ("GET", "/webhooks/{endpointId}/recoveries"),
    ("GET", "/webhooks/{endpointId}/recoveries/{recoveryId}"),
    ("POST", "/webhooks/{endpointId}/recoveries/{recoveryId}/cancel"),
    ("POST", "/runs"),
    ("GET", "/runs"),
    ("GET", "/runs/{id}"),
    ("POST", "/runs/{id}/settle"),
    ("GET", "/openapi.json"),
    ("POST", "/operator/v1/tokens"),
    ("POST", "/operator/v1/console-links"),
];

/// The operator API's routes: they take an operator key (`OPERATOR_KEYS`), never an account's token.
pub const OPERATOR: &[(&str, &str)] =
    &[("POST", "/operator/v1/tokens"), ("POST", "/operator/v1/console-links")];

/// The routes that answer without a credential; every other route of [`ROUTES`] takes one.
pub const PUBLIC: &[(&str, &str)] = &[("GET", "/openapi.json")];

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(OPENAPI)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/operator/v1")
            .service(web::resource("/tokens").route(web::post().to(operator::token)))
            .service(web::resource("/console-links").route(web::post().to(operator::console_link))),
    );
    cfg.service(
        web::resource("/webhooks")
            .route(web::post().to(webhooks::create))
            .route(web::get().to(webhooks::list)),
    )
    .service(web::resource("/webhooks/deliveries").route(web::get().to(deliveries::list)))
    .service(web::resource("/webhooks/deliveries/{deliveryId}").route(web::get().to(deliveries::get)))
    .service(
        web::resource("/webhooks/deliveries/{deliveryId}/retry").route(web::post().to(deliveries::retry)),
    )
    .service(web::resource("/webhooks/listen").route(web::get().to(listen::stream)))
    .service(web::resource("/webhooks/listen/{sessionId}").route(web::delete().to(listen::end)))
    .service(web::resource("/webhooks/listen/{sessionId}/replies").route(web::post().to(listen::reply)))
    .service(
        web::resource("/webhooks/{endpointId}")
            .route(web::get().to(webhooks::get))
            .route(web::patch().to(webhooks::update))
            .route(web::delete().to(webhooks::delete)),
    )
    .service(
        web::resource("/webhooks/{endpointId}/rotate-secret").route(web::post().to(webhooks::rotate_secret)),
    )
    .service(web::resource("/webhooks/{endpointId}/test").route(web::post().to(webhooks::send_test)))
    .service(web::resource("/webhooks/{endpointId}/enable").route(web::post().to(webhooks::enable)))
    .service(
        web::resource("/webhooks/{endpointId}/rate-limit").route(web::put().to(webhooks::set_rate_limit)),
    )
    .service(
        web::resource("/webhooks/{endpointId}/recoveries")
            .route(web::post().to(recoveries::create))
            .route(web::get().to(recoveries::list)),
    )
    .service(
        web::resource("/webhooks/{endpointId}/recoveries/{recoveryId}").route(web::get().to(recoveries::get)),
    )
    .service(
        web::resource("/webhooks/{endpointId}/recoveries/{recoveryId}/cancel")
            .route(web::post().to(recoveries::cancel)),
    )
    .service(web::resource("/runs").route(web::post().to(runs::create)).route(web::get().to(runs::list)))
    .service(web::resource("/runs/{id}").route(web::get().to(runs::get)))
    .service(web::resource("/runs/{id}/settle").route(web::post().to(runs::settle)))
    .service(web::resource("/openapi.json").route(web::get().to(openapi)));
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_openapi_description_lists_exactly_the_routes() {
        let described = api_support::openapi_operations(super::OPENAPI).expect("openapi.json");
        let served = super::ROUTES.iter().map(|(m, p)| ((*m).to_owned(), (*p).to_owned())).collect();
        assert_eq!(described, served, "routes.rs and openapi.json disagree");
        assert!(super::QueryParameters::from_openapi(super::OPENAPI).is_ok(), "its parameters are readable");
    }
}
