//! What both consoles share: sign-in (by credential or single-use link) and sessions, the CSRF
//! check, the security headers, the assets, the layout and error pages, and the chart. Each
//! service adds its own pages under the same `/console` scope (`crates/*/src/console/`), and
//! those call the same engine and service functions as the API: the console has no queries of
//! its own besides its sessions (`store/`).
//!
//! Pages are askama templates (`crates/api-support/templates/console/`, and each service's
//! `templates/console/`), compiled into the binary and escaped by default. The one script
//! (`assets/console.js`) only adds conveniences: every flow works without it.

pub mod assets;
pub mod chart;
mod pages;
pub mod screens;
pub mod service;
pub mod session;
pub mod store;
pub mod views;

pub use pages::{configure_shared, not_found};
pub use session::{ConsoleForm, ConsoleSession};
pub use store::MIGRATIONS;

use crate::ApiError;
use actix_web::http::{header, StatusCode};
use actix_web::middleware::DefaultHeaders;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use delivery_engine::EngineError;

/// `CONSOLE`: whether the binary serves its console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConsoleSetting {
    On,
    Off,
}

/// `console-link`'s arguments besides the tenant.
#[derive(Debug, Clone, clap::Args)]
pub struct ConsoleLinkArgs {
    /// The console's address as the browser reaches it (default: from LISTEN_ADDR).
    #[arg(long)]
    pub base_url: Option<String>,
    #[arg(long, env = "LISTEN_ADDR", hide = true)]
    pub listen_addr: Option<String>,
}

impl ConsoleLinkArgs {
    /// `--base-url`, or `http://` and the listen address (`localhost` for an unspecified or
    /// loopback host).
    pub fn base_url(&self, default_listen: &str) -> String {
        if let Some(b) = &self.base_url {
            return b.trim_end_matches('/').to_owned();
        }
        let listen = self.listen_addr.as_deref().unwrap_or(default_listen);
        let port = listen.rsplit_once(':').map_or("80", |(_, p)| p);
        let host = listen.rsplit_once(':').map_or(listen, |(h, _)| h);
        let host =
            if matches!(host, "" | "0.0.0.0" | "[::]" | "127.0.0.1" | "[::1]") { "localhost" } else { host };
        format!("http://{host}:{port}")
    }
}

/// Prints a single-use sign-in link for `tenant` (the `console-link` commands).
pub async fn print_link(pool: &delivery_engine::Pool, tenant: &str, base_url: &str) -> anyhow::Result<()> {
    let code = session::create_link(pool, tenant, chrono::Utc::now()).await?;
    println!("{base_url}/console/sign-in/link?code={code}");
    eprintln!("(works once, for {} minutes)", session::LINK_TTL.num_minutes());
    Ok(())
}

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
        Self { service, current, tenant: session.tenant.clone(), csrf: session.csrf_token.clone(), title }
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

/// The `/console` scope with its headers and its form and query error pages; a service
/// configures its pages into it (after [`configure_shared`]).
pub fn scope() -> actix_web::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<actix_web::body::BoxBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    actix_web::web::scope("/console")
        .wrap(security_headers())
        .app_data(actix_web::web::FormConfig::default().limit(64 * 1024).error_handler(|e, _| {
            ConsoleError::bad_request(format!("the form could not be read: {e}")).into()
        }))
        .app_data(actix_web::web::QueryConfig::default().error_handler(|e, _| {
            ConsoleError::bad_request(format!("the address has a malformed query: {e}")).into()
        }))
        .app_data(
            actix_web::web::PathConfig::default()
                .error_handler(|_, _| ConsoleError::not_found("page").into()),
        )
}

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

/// A console failure, answered as a page (never JSON, never a stack trace).
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// No session, or an expired one: GET requests are sent to the sign-in page.
    #[error("sign in to continue")]
    SignInRequired,
    /// No session on a page view: sent to the sign-in page, which comes back to this path.
    #[error("sign in to continue")]
    SignInFirst { next: String },
    /// A state-changing request without the session's CSRF token.
    #[error("the form was not sent by this console (its CSRF token is missing or wrong); reload the page and try again")]
    CsrfRejected,
    #[error("{0}")]
    BadRequest(String),
    /// What the API would answer, shown as a page with the same status and detail.
    #[error("{}", .0.detail)]
    Api(ApiError),
}

impl ConsoleError {
    pub fn bad_request(detail: impl Into<String>) -> Self {
        Self::BadRequest(detail.into())
    }

    pub fn internal(detail: &str) -> Self {
        Self::Api(ApiError::internal(detail))
    }

    pub fn not_found(what: &str) -> Self {
        Self::Api(ApiError::not_found(what))
    }
}

impl From<ApiError> for ConsoleError {
    fn from(e: ApiError) -> Self {
        Self::Api(e)
    }
}

impl From<EngineError> for ConsoleError {
    fn from(e: EngineError) -> Self {
        Self::Api(ApiError::from_engine(e, "resource"))
    }
}

impl ResponseError for ConsoleError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::SignInRequired => StatusCode::UNAUTHORIZED,
            Self::SignInFirst { .. } => StatusCode::SEE_OTHER,
            Self::CsrfRejected => StatusCode::FORBIDDEN,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Api(e) => e.status,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let Self::SignInFirst { next } = self {
            let query = serde_html_form::to_string([("next", next)]).unwrap_or_default();
            return see_other(&format!("/console/sign-in?{query}"));
        }
        let status = self.status_code();
        if status.is_server_error() {
            tracing::error!(error = %self, "console request failed");
        }
        let page = pages::ErrorPage {
            css: assets::CSS_PATH,
            status: status.as_u16(),
            title: status.canonical_reason().unwrap_or("Error"),
            detail: if status.is_server_error() {
                "Something went wrong on our side.".to_owned()
            } else {
                self.to_string()
            },
            sign_in: matches!(self, Self::SignInRequired),
        };
        html(status, &page)
    }
}
