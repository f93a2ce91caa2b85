//! Every route of workflow-api. `/webhooks/deliveries` is registered before the
//! `/webhooks/{endpointId}/...` patterns.

use crate::handlers::{deliveries, runs, webhooks};
use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/webhooks")
            .route(web::post().to(webhooks::create))
            .route(web::get().to(webhooks::list)),
    )
    .service(web::resource("/webhooks/deliveries").route(web::get().to(deliveries::list)))
    .service(
        web::resource("/webhooks/deliveries/{deliveryId}/retry").route(web::post().to(deliveries::retry)),
    )
    .service(web::resource("/webhooks/{endpointId}").route(web::delete().to(webhooks::delete)))
    .service(
        web::resource("/webhooks/{endpointId}/rotate-secret").route(web::post().to(webhooks::rotate_secret)),
    )
    .service(web::resource("/webhooks/{endpointId}/test").route(web::post().to(webhooks::send_test)))
    .service(web::resource("/webhooks/{endpointId}/enable").route(web::post().to(webhooks::enable)))
    .service(web::resource("/runs").route(web::post().to(runs::create)))
    .service(web::resource("/runs/{id}").route(web::get().to(runs::get)))
    .service(web::resource("/runs/{id}/settle").route(web::post().to(runs::settle)));
}
