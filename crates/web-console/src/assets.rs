//! The console's stylesheet and script, compiled into the binary and served from
//! `/console/assets/`. Their paths carry a version, so a new binary's are fetched afresh.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::embedding::ConsoleEmbedding;

pub const CSS: &str = include_str!("../assets/console.css");
pub const JS: &str = include_str!("../assets/console.js");

/// Changes with every release, so browsers never keep an old asset.
const VERSION: &str = env!("CARGO_PKG_VERSION");

pub const CSS_PATH: &str = concat!("/console/assets/console.css?v=", env!("CARGO_PKG_VERSION"));
pub const JS_PATH: &str = concat!("/console/assets/console.js?v=", env!("CARGO_PKG_VERSION"));

/// The accent colour's stylesheet: `CONSOLE_ACCENT_COLOR` as the `--accent` the console's
/// stylesheet uses (empty without one). Served from the console's origin, so the CSP's
/// `style-src 'self'` holds and no style is inline.
pub const THEME_PATH: &str = "/console/assets/theme.css";

pub async fn serve(req: HttpRequest, name: web::Path<String>) -> HttpResponse {
    if name.as_str() == "theme.css" {
        let accent = req.app_data::<ConsoleEmbedding>().and_then(|e| e.accent.clone());
        let body = accent.map(|c| format!(":root {{ --accent: {}; }}\n", c.as_str())).unwrap_or_default();
        return HttpResponse::Ok().content_type("text/css; charset=utf-8").body(body);
    }
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
