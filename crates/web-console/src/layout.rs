//! What every signed-in page shows around its content: the service's name and navigation, the
//! tenant, the CSRF token its forms carry; and the security headers of every console response.

use super::assets;
use super::session::ConsoleSession;
use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;

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
        }
    }

    pub fn js(&self) -> &'static str {
        assets::JS_PATH
    }

    pub fn css(&self) -> &'static str {
        assets::CSS_PATH
    }
}

/// The Content-Security-Policy of every console response: nothing but the console's own
/// script and stylesheet, no inline script or style, no framing, forms post only to itself.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; \
     base-uri 'none'";

/// The headers the console scope adds to every response.
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "no-referrer"))
        .add((header::CACHE_CONTROL, "no-store"))
}
