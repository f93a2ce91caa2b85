//! The shared pages: sign-in by credential, sign-in by link, sign-out, assets, errors.

use super::assets;
use super::error::ConsoleError;
use super::layout::ConsoleService;
use super::render::{html, see_other};
use super::session::{self, cookie, removal, safe_next, ConsoleCookie};
use super::session::{ConsoleForm, NoFields};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::auth::Authenticator;
use api_support::tokens_match;
use askama::Template;
use chrono::Utc;
use delivery_engine::Engine;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "console/sign_in.html")]
struct SignInPage {
    css: &'static str,
    service: ConsoleService,
    csrf: String,
    next: String,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "console/link.html")]
struct LinkPage {
    css: &'static str,
    service: ConsoleService,
    csrf: String,
    code: String,
    /// The console page the link opens once used ([`safe_next`]).
    next: String,
}

/// The sign-in forms' double-submit value: the cookie's, or a new one (set by the caller).
fn sign_in_token(req: &HttpRequest) -> (String, bool) {
    match ConsoleCookie::SignIn.value(req).filter(|v| v.len() == 43) {
        Some(v) => (v, false),
        None => (session::random_token(), true),
    }
}

fn with_sign_in_cookie(req: &HttpRequest, mut res: HttpResponse, token: String, new: bool) -> HttpResponse {
    if new {
        let c = cookie(req, ConsoleCookie::SignIn, token, chrono::TimeDelta::hours(1));
        if let Err(e) = res.add_cookie(&c) {
            tracing::error!(error = %e, "could not set the sign-in cookie");
        }
    }
    res
}

fn service(req: &HttpRequest) -> Result<ConsoleService, ConsoleError> {
    req.app_data::<ConsoleService>().copied().ok_or_else(|| ConsoleError::internal("no console service"))
}

fn engine(req: &HttpRequest) -> Result<web::Data<Engine>, ConsoleError> {
    req.app_data::<web::Data<Engine>>()
        .cloned()
        .ok_or_else(|| ConsoleError::internal("the console has no engine"))
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

async fn sign_in_form(req: HttpRequest, query: web::Query<NextQuery>) -> Result<HttpResponse, ConsoleError> {
    let next = safe_next(query.next.as_deref().unwrap_or("/console")).to_owned();
    let (csrf, new) = sign_in_token(&req);
    let refused = match new {
        true => None,
        false => session::take_flash_for::<SignInRefused>(&**engine(&req)?, &csrf).await?,
    };
    let error = refused.map(|r| r.error);
    let page = SignInPage { css: assets::CSS_PATH, service: service(&req)?, csrf: csrf.clone(), next, error };
    Ok(with_sign_in_cookie(&req, html(StatusCode::OK, &page), csrf, new))
}

/// Why the last sign-in was refused, left for the sign-in page under its double-submit cookie.
#[derive(serde::Serialize, Deserialize)]
struct SignInRefused {
    error: String,
}

#[derive(Deserialize)]
struct SignInFields {
    csrf: String,
    credential: String,
    #[serde(default)]
    next: String,
}

/// Checks the double-submit token of a sign-in form.
fn check_sign_in_token(req: &HttpRequest, sent: &str) -> Result<(), ConsoleError> {
    match ConsoleCookie::SignIn.value(req) {
        Some(c) if tokens_match(&c, sent) => Ok(()),
        _ => Err(ConsoleError::CsrfRejected),
    }
}

/// Starts a session and leaves the sign-in page for `next`.
async fn signed_in(
    req: &HttpRequest,
    tenant: &str,
    with: session::SignedInWith<'_>,
    next: &str,
) -> Result<HttpResponse, ConsoleError> {
    let now = Utc::now();
    let (token, expires_at) = session::start(&**engine(req)?, tenant, with, now).await?;
    let mut res = see_other(safe_next(next));
    for c in
        [cookie(req, ConsoleCookie::Session, token, expires_at - now), removal(req, ConsoleCookie::SignIn)]
    {
        res.add_cookie(&c).map_err(|_| ConsoleError::internal("could not set a cookie"))?;
    }
    Ok(res)
}

async fn sign_in(req: HttpRequest, form: web::Form<SignInFields>) -> Result<HttpResponse, ConsoleError> {
    let form = form.into_inner();
    check_sign_in_token(&req, &form.csrf)?;
    let auth =
        req.app_data::<Authenticator>().cloned().ok_or_else(|| ConsoleError::internal("no authenticator"))?;
    let credential = form.credential.trim().to_owned();
    match auth.principal(credential.clone()).await {
        Ok(tenant) => {
            let expires_at = auth.expires_at.as_ref().and_then(|f| f(&credential));
            let with = session::SignedInWith::Credential { credential: &credential, expires_at };
            signed_in(&req, tenant.as_str(), with, &form.next).await
        }
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            // 303 back to the form like every console form: a reload sends nothing again.
            let error = format!("That {} was not accepted: {}.", service(&req)?.credential, e.detail);
            session::put_flash_for(&**engine(&req)?, &form.csrf, &SignInRefused { error }).await?;
            let query = serde_html_form::to_string([("next", safe_next(&form.next))]).unwrap_or_default();
            Ok(see_other(&format!("/console/sign-in?{query}")))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct LinkQuery {
    code: Option<String>,
    next: Option<String>,
}

/// A sign-in link opens a page with one button: following a link alone (a chat preview, a
/// mail scanner) does not use it up, and a session starts only from this console's own form.
async fn link_form(req: HttpRequest, query: web::Query<LinkQuery>) -> Result<HttpResponse, ConsoleError> {
    let LinkQuery { code, next } = query.into_inner();
    let code = code.filter(|c| !c.is_empty() && c.len() <= 64);
    let code = code.ok_or_else(|| ConsoleError::bad_request("the sign-in link has no code"))?;
    let next = safe_next(next.as_deref().unwrap_or("/console")).to_owned();
    let (csrf, new) = sign_in_token(&req);
    let page = LinkPage { css: assets::CSS_PATH, service: service(&req)?, csrf: csrf.clone(), code, next };
    Ok(with_sign_in_cookie(&req, html(StatusCode::OK, &page), csrf, new))
}

#[derive(Deserialize)]
struct LinkFields {
    csrf: String,
    code: String,
    #[serde(default)]
    next: Option<String>,
}

async fn use_link(req: HttpRequest, form: web::Form<LinkFields>) -> Result<HttpResponse, ConsoleError> {
    check_sign_in_token(&req, &form.csrf)?;
    match session::take_link(&**engine(&req)?, &form.code, Utc::now()).await? {
        Some(tenant) => {
            let next = form.next.as_deref().unwrap_or("/console");
            signed_in(&req, &tenant, session::SignedInWith::Link, next).await
        }
        None => Err(ConsoleError::Api(api_support::ApiError::unauthorized(
            "this sign-in link has been used or has expired; ask for a new one",
        ))),
    }
}

async fn sign_out(req: HttpRequest, form: ConsoleForm<NoFields>) -> Result<HttpResponse, ConsoleError> {
    session::end(&**engine(&req)?, &form.session).await?;
    let mut res = see_other("/console/sign-in");
    res.add_cookie(&removal(&req, ConsoleCookie::Session))
        .map_err(|_| ConsoleError::internal("could not clear a cookie"))?;
    Ok(res)
}

/// Unknown console paths: a page, not the API's JSON.
pub async fn not_found() -> Result<HttpResponse, ConsoleError> {
    Err(ConsoleError::not_found("page"))
}

/// The shared routes, inside the service's `/console` scope.
pub fn configure_shared(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/sign-in").route(web::get().to(sign_in_form)).route(web::post().to(sign_in)))
        .service(
            web::resource("/sign-in/link").route(web::get().to(link_form)).route(web::post().to(use_link)),
        )
        .service(web::resource("/sign-out").route(web::post().to(sign_out)))
        .service(web::resource("/assets/{name}").route(web::get().to(assets::serve)));
}

#[cfg(test)]
mod tests {
    use super::super::session::safe_next;

    #[test]
    fn after_sign_in_only_console_paths_are_followed() {
        for ok in ["/console", "/console/deliveries?status=dead", "/console?x=1"] {
            assert_eq!(safe_next(ok), ok);
        }
        for bad in [
            "https://evil.example/",
            "//evil.example/console",
            "/console//evil",
            "/consolex",
            "/console/\\evil",
            "",
        ] {
            assert_eq!(safe_next(bad), "/console", "{bad}");
        }
    }
}
