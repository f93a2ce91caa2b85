//! The console's stylesheet and script, compiled into the binary and served from
//! `/console/assets/`. Their paths carry a version, so a new binary's are fetched afresh.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

pub const CSS: &str = include_str!("../assets/console.css");
pub const JS: &str = include_str!("../assets/console.js");

/// Changes with every release, so browsers never keep an old asset.
const VERSION: &str = env!("CARGO_PKG_VERSION");

pub const CSS_PATH: &str = concat!("/console/assets/console.css?v=", env!("CARGO_PKG_VERSION"));
pub const JS_PATH: &str = concat!("/console/assets/console.js?v=", env!("CARGO_PKG_VERSION"));

pub async fn serve(name: web::Path<String>) -> HttpResponse {
    let (body, kind) = match name.as_str() {
        "console.css" => (CSS, "text/css; charset=utf-8"),
        "console.js" => (JS, "text/javascript; charset=utf-8"),
        _ => return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("no such asset"),
    };
    HttpResponse::Ok()
        .content_type(kind)
        // Replaces the scope's `no-store`: assets hold no tenant data.
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::ETAG, format!("\"{VERSION}\"")))
        .body(body)
}
