//! The third step of every API request: the engine's ingest gate (`delivery_engine`'s
//! `gate.rs`, D47/D102). A write may enqueue; where this process's dispatcher is behind on the
//! principal's fresh deliveries while the CPU is short, [`middleware`] holds the write (at most
//! the gate's `max_hold`) until it catches up. Reads, requests without a principal and
//! processes whose dispatcher did not arm the gate pass at once.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;
use delivery_engine::{Engine, Tenant};

/// Step three, as middleware: an authenticated write waits at the gate for its tenant.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let engine = req.app_data::<web::Data<Engine>>();
    if let (Some(engine), Some(tenant)) =
        (engine, waits_for(req.method(), crate::auth::principal(req.request())))
    {
        engine.admit(&tenant).await;
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

/// The tenant whose turn at the gate a request waits for: a write's, with a principal.
fn waits_for(method: &Method, principal: Option<Tenant>) -> Option<Tenant> {
    principal.filter(|_| !method.is_safe())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_authenticated_write_waits() {
        let acme = || Some(Tenant::new("acme").expect("a tenant"));
        for write in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert_eq!(waits_for(&write, acme()), acme(), "{write}");
            assert_eq!(waits_for(&write, None), None, "{write} without a principal");
        }
        for read in [Method::GET, Method::HEAD, Method::OPTIONS] {
            assert_eq!(waits_for(&read, acme()), None, "{read}");
        }
    }
}
