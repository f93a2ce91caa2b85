//! Answering a console request: a rendered page, or a redirect after a form. The lowest layer
//! of the console: it knows templates and HTTP, nothing of sessions or services.

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use askama::Template;

/// A rendered page.
pub fn html(status: StatusCode, page: &impl Template) -> HttpResponse {
    match page.render() {
        Ok(body) => HttpResponse::build(status).content_type("text/html; charset=utf-8").body(body),
        Err(e) => {
            tracing::error!(error = %e, "a console page failed to render");
            HttpResponse::InternalServerError()
                .content_type("text/plain; charset=utf-8")
                .body("internal error")
        }
    }
}

/// A redirect after a form post (303, so the browser follows with GET).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish()
}
