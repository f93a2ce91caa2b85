//! [`ConsoleError`]: a console failure, answered as a page (never JSON, never a stack trace).

use super::assets;
use super::render::{html, see_other};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use api_support::ApiError;
use askama::Template;
use delivery_engine::EngineError;

#[derive(Template)]
#[template(path = "console/error.html")]
struct ErrorPage {
    pub css: &'static str,
    pub status: u16,
    pub title: &'static str,
    pub detail: String,
    pub sign_in: bool,
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
        let page = ErrorPage {
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
