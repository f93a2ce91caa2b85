//! Every route of campaign-api, under `/api/v1`.

use crate::handlers::{campaigns, deliveries, event_types, events, listen, operator, recoveries, webhooks};
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
    ("POST", "/api/v1/webhooks"),
    ("GET", "/api/v1/webhooks"),
    ("GET", "/api/v1/webhooks/{id}"),
    ("PATCH", "/api/v1/webhooks/{id}"),
    ("DELETE", "/api/v1/webhooks/{id}"),
    ("POST", "/api/v1/webhooks/{id}/rotate-secret"),
    ("POST", "/api/v1/webhooks/{id}/recoveries"),
    ("GET", "/api/v1/webhooks/{id}/recoveries"),
    ("GET", "/api/v1/webhooks/{id}/recoveries/{recoveryId}"),
    ("POST", "/api/v1/webhooks/{id}/recoveries/{recoveryId}/cancel"),
    ("GET", "/api/v1/webhook-deliveries"),
    ("GET", "/api/v1/webhook-deliveries/{id}"),
    ("POST", "/api/v1/webhook-deliveries/{id}/replay"),
    ("POST", "/api/v1/campaigns"),
    ("GET", "/api/v1/campaigns"),
    ("GET", "/api/v1/campaigns/{id}"),
    ("PATCH", "/api/v1/campaigns/{id}"),
    ("POST", "/api/v1/events"),
    ("GET", "/api/v1/event-types"),
    ("GET", "/api/v1/event-types/{name}"),
    ("GET", "/api/v1/listen"),
    ("DELETE", "/api/v1/listen/{sessionId}"),
    ("POST", "/api/v1/listen/{sessionId}/replies"),
    ("GET", "/openapi.json"),
    ("POST", "/operator/v1/workspaces"),
    ("GET", "/operator/v1/workspaces"),
    ("POST", "/operator/v1/workspaces/{workspaceId}/api-keys"),
    ("GET", "/operator/v1/workspaces/{workspaceId}/api-keys"),
    ("DELETE", "/operator/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}"),
    ("POST", "/operator/v1/console-links"),
];

/// The operator API's routes: they take an operator key (`OPERATOR_KEYS`), never a workspace's.
pub const OPERATOR: &[(&str, &str)] = &[
    ("POST", "/operator/v1/workspaces"),
    ("GET", "/operator/v1/workspaces"),
    ("POST", "/operator/v1/workspaces/{workspaceId}/api-keys"),
    ("GET", "/operator/v1/workspaces/{workspaceId}/api-keys"),
    ("DELETE", "/operator/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}"),
    ("POST", "/operator/v1/console-links"),
];

/// The routes that answer without a credential; every other route of [`ROUTES`] takes one.
pub const PUBLIC: &[(&str, &str)] = &[("GET", "/openapi.json")];

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(OPENAPI)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/openapi.json").route(web::get().to(openapi)));
    cfg.service(
        web::scope("/operator/v1")
            .service(
                web::resource("/workspaces")
                    .route(web::post().to(operator::create_workspace))
                    .route(web::get().to(operator::list_workspaces)),
            )
            .service(
                web::resource("/workspaces/{workspaceId}/api-keys")
                    .route(web::post().to(operator::add_api_key))
                    .route(web::get().to(operator::list_api_keys)),
            )
            .service(
                web::resource("/workspaces/{workspaceId}/api-keys/{apiKeyId}")
                    .route(web::delete().to(operator::revoke_api_key)),
            )
            .service(web::resource("/console-links").route(web::post().to(operator::console_link))),
    );
    cfg.service(
        web::scope("/api/v1")
            .service(
                web::resource("/webhooks")
                    .route(web::post().to(webhooks::create))
                    .route(web::get().to(webhooks::list)),
            )
            .service(
                web::resource("/webhooks/{id}")
                    .route(web::get().to(webhooks::get))
                    .route(web::patch().to(webhooks::update))
                    .route(web::delete().to(webhooks::delete)),
            )
            .service(
                web::resource("/webhooks/{id}/rotate-secret").route(web::post().to(webhooks::rotate_secret)),
            )
            .service(
                web::resource("/webhooks/{id}/recoveries")
                    .route(web::post().to(recoveries::create))
                    .route(web::get().to(recoveries::list)),
            )
            .service(
                web::resource("/webhooks/{id}/recoveries/{recoveryId}").route(web::get().to(recoveries::get)),
            )
            .service(
                web::resource("/webhooks/{id}/recoveries/{recoveryId}/cancel")
                    .route(web::post().to(recoveries::cancel)),
            )
            .service(web::resource("/webhook-deliveries").route(web::get().to(deliveries::list)))
            .service(web::resource("/webhook-deliveries/{id}").route(web::get().to(deliveries::get)))
            .service(
                web::resource("/webhook-deliveries/{id}/replay").route(web::post().to(deliveries::replay)),
            )
            .service(
                web::resource("/campaigns")
                    .route(web::post().to(campaigns::create))
                    .route(web::get().to(campaigns::list)),
            )
            .service(
                web::resource("/campaigns/{id}")
                    .route(web::get().to(campaigns::get))
                    .route(web::patch().to(campaigns::update)),
            )
            .service(web::resource("/events").route(web::post().to(events::publish)))
            .service(web::resource("/event-types").route(web::get().to(event_types::list)))
            .service(web::resource("/event-types/{name}").route(web::get().to(event_types::get)))
            .service(web::resource("/listen").route(web::get().to(listen::stream)))
            .service(web::resource("/listen/{sessionId}").route(web::delete().to(listen::end)))
            .service(web::resource("/listen/{sessionId}/replies").route(web::post().to(listen::reply))),
    );
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
