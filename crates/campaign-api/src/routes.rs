//! Every route of campaign-api, under `/api/v1`.

use crate::handlers::{campaigns, deliveries, events, webhooks};
use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
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
            .service(web::resource("/webhook-deliveries").route(web::get().to(deliveries::list)))
            .service(web::resource("/webhook-deliveries/{id}").route(web::get().to(deliveries::get)))
            .service(
                web::resource("/webhook-deliveries/{id}/replay").route(web::post().to(deliveries::replay)),
            )
            .service(web::resource("/campaigns").route(web::post().to(campaigns::create)))
            .service(
                web::resource("/campaigns/{id}")
                    .route(web::get().to(campaigns::get))
                    .route(web::patch().to(campaigns::update)),
            )
            .service(web::resource("/events").route(web::post().to(events::publish))),
    );
}
