//! What every signed-in page shows around its content: the service's name and navigation, the
//! tenant, the CSRF token its forms carry; and the security headers of every console response.

use super::assets;
use super::session::ConsoleSession;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use api_support::embedding::ConsoleEmbedding;

/// One entry of a console's navigation.
#[derive(Debug, Clone, Copy)]
pub struct NavItem {
    pub path: &'static str,
    pub label: &'static str,
}

/// A service's console, as the shared pages need it (registered as app data in the scope).
#[derive(Debug, Clone, Copy)]
pub struct ConsoleService {
    /// The service's name, shown in titles.
    pub name: &'static str,
    /// What the sign-in form asks for: "session token (JWT)", "API key".
    pub credential: &'static str,
    /// The CLI command that prints a sign-in link, for the sign-in page's hint.
    pub link_command: &'static str,
    pub nav: &'static [NavItem],
}

/// What every signed-in page's layout shows.
#[derive(Debug, Clone)]
pub struct Layout {
    pub service: ConsoleService,
    /// The nav entry of this page.
    pub current: &'static str,
    pub tenant: String,
    pub csrf: String,
    pub title: String,
    /// The product's name before the console's in the header (`CONSOLE_PRODUCT_NAME`).
    pub product: Option<String>,
}

impl Layout {
    pub fn new(
        service: ConsoleService,
        session: &ConsoleSession,
        current: &'static str,
        title: String,
    ) -> Self {
        Self {
            service,
            current,
            tenant: session.tenant_label.clone(),
            csrf: session.csrf_token.clone(),
            title,
            product: session.product_name.clone(),
        }
    }

    pub fn js(&self) -> &'static str {
        assets::JS_PATH
    }

    pub fn css(&self) -> &'static str {
        assets::CSS_PATH
    }

    /// The stylesheet of the configured accent colour (`CONSOLE_ACCENT_COLOR`).
    pub fn theme_css(&self) -> &'static str {
        assets::THEME_PATH
    }
}

/// The Content-Security-Policy of every console response: nothing but the console's own
/// script and stylesheet, no inline script or style, forms post only to itself, and framed by
/// the origins `frame_ancestors` names (`frame-ancestors 'none'` unless
/// `CONSOLE_FRAME_ANCESTORS` lists some: [`ConsoleEmbedding`]).
pub fn content_security_policy(frame_ancestors: &str) -> String {
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; {frame_ancestors}; base-uri 'none'"
    )
}

/// The headers the console scope adds to every response that does not set them itself (an
/// asset sets its own `Cache-Control`), as middleware: the CSP, no framing
/// (`X-Frame-Options: DENY`) unless framing is allowed, and then every cookie the response sets
/// is also `Partitioned` (CHIPS: kept per top-level site, so browsers that block third-party
/// cookies still keep a framed console's; the session module makes them `SameSite=None;
/// Secure`).
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let (csp, framing) = match req.app_data::<ConsoleEmbedding>() {
        Some(e) => (content_security_policy(&e.frame_ancestors_directive()), e.framing()),
        None => (content_security_policy("frame-ancestors 'none'"), false),
    };
    let mut res = next.call(req).await?.map_into_boxed_body();
    let headers = res.headers_mut();
    let mut defaults = vec![
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_str(&csp)?),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
    ];
    if framing {
        let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).cloned().collect();
        headers.remove(header::SET_COOKIE);
        for cookie in cookies {
            let partitioned = format!("{}; Partitioned", cookie.to_str().unwrap_or_default());
            headers.append(header::SET_COOKIE, HeaderValue::from_str(&partitioned)?);
        }
    } else {
        defaults.push((header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")));
    }
    for (name, value) in defaults {
        if !headers.contains_key(&name) {
            headers.insert(name, value);
        }
    }
    Ok(res)
}
