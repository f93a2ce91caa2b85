//! Console sessions: an opaque random token in an HttpOnly, `SameSite=Strict` cookie (and
//! `Secure` over HTTPS), stored only as its SHA-256, with a fixed lifetime; a CSRF token per
//! session that every state-changing form carries; and single-use sign-in links.
//!
//! The sign-in forms themselves are protected from login CSRF by a double-submit cookie
//! ([`ConsoleCookie::SignIn`]): a `SameSite=Strict` cookie is not sent with a cross-site POST, so a
//! forged sign-in is refused. When another site may frame the console, every cookie is
//! `SameSite=None; Secure` (sent inside the frame), and the tokens alone refuse a forgery: the
//! form must carry the value of a cookie the forging site cannot read.

use super::error::ConsoleError;
use super::store::{self, StoredSession};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use api_support::tokens_match;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use delivery_engine::db::Pool;
use delivery_engine::on_conn;
use delivery_engine::{Engine, EngineError, Tenant};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;

/// The console's cookies. Each service's console names its own (`workflow-api-session`,
/// `campaign-api-sign-in`): cookies ignore the port, so two consoles on one host (the quick
/// start's) under one name would sign each other out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConsoleCookie {
    /// The session.
    Session,
    /// The sign-in forms' double-submit value.
    SignIn,
}

/// The name of the service whose console serves a request (app data of the console's scope,
/// `screens::configure`): its cookies' names start with it.
#[derive(Debug, Clone, Copy)]
pub struct CookieOwner(pub &'static str);

impl ConsoleCookie {
    /// The name for the console serving `req`.
    pub fn name(self, req: &HttpRequest) -> String {
        let service = req.app_data::<CookieOwner>().map_or("console", |o| o.0);
        self.name_for(service)
    }

    fn name_for(self, service: &str) -> String {
        match self {
            Self::Session => format!("{service}-session"),
            Self::SignIn => format!("{service}-sign-in"),
        }
    }

    /// This cookie's value in `req`.
    pub fn value(self, req: &HttpRequest) -> Option<String> {
        req.cookie(&self.name(req)).map(|c| c.value().to_owned())
    }
}
/// A session lasts this long from sign-in, however active.
pub const SESSION_TTL: chrono::TimeDelta = chrono::TimeDelta::hours(8);
/// A sign-in link works once, within this long.
pub const LINK_TTL: chrono::TimeDelta = chrono::TimeDelta::minutes(10);
/// The form field that carries the CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// 32 random bytes, URL-safe base64: session tokens, CSRF tokens, link codes.
pub fn random_token() -> String {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(raw)
}

fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// A signed-in console request: the tenant it may see and the session's CSRF token.
#[derive(Debug, Clone)]
pub struct ConsoleSession {
    pub tenant: Tenant,
    /// How the header names the tenant: its [`TenantLabel`], else its id.
    pub tenant_label: String,
    pub csrf_token: String,
    /// The product's name for the header (`CONSOLE_PRODUCT_NAME`), if set.
    pub product_name: Option<String>,
    token: String,
}

/// How a service names its tenants in the console's header, looked up once per page (app data
/// of the console's scope; campaign-api: a workspace's name, one read by primary key). Without
/// it, or when it finds none, the header shows the tenant's id.
#[derive(Clone)]
pub struct TenantLabel(pub std::sync::Arc<dyn Fn(Engine, Tenant) -> LabelFuture + Send + Sync>);

impl std::fmt::Debug for TenantLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TenantLabel(..)")
    }
}

/// What a [`TenantLabel`] answers.
pub type LabelFuture = Pin<Box<dyn Future<Output = Option<String>>>>;

/// How a session was started: with a credential (its hash is kept, so revoking it can end the
/// session; a session ends no later than the credential's own expiry), or with a sign-in link.
#[derive(Debug, Clone, Copy)]
pub enum SignedInWith<'a> {
    Credential { credential: &'a str, expires_at: Option<DateTime<Utc>> },
    Link,
}

/// When a session started at `now` ends: after [`SESSION_TTL`], or when its credential expires
/// if that is sooner.
pub fn session_expiry(now: DateTime<Utc>, credential_expires_at: Option<DateTime<Utc>>) -> DateTime<Utc> {
    let ttl = now + SESSION_TTL;
    credential_expires_at.map_or(ttl, |exp| exp.min(ttl))
}

/// What the sessions table keeps of a credential: its SHA-256.
pub fn credential_hash(credential: &str) -> Vec<u8> {
    hash(credential)
}

/// Starts a session for `tenant`; answers the cookie value and when the session ends.
pub async fn start(
    engine: &Engine,
    tenant: &str,
    with: SignedInWith<'_>,
    now: DateTime<Utc>,
) -> Result<(String, DateTime<Utc>), ConsoleError> {
    let token = random_token();
    let (credential, expires_at) = match with {
        SignedInWith::Credential { credential, expires_at } => (Some(hash(credential)), expires_at),
        SignedInWith::Link => (None, None),
    };
    let expires_at = session_expiry(now, expires_at);
    let session = StoredSession { tenant: tenant.to_owned(), csrf_token: random_token(), expires_at };
    let token_hash = hash(&token);
    engine
        .run(on_conn!(|c| {
            store::insert_session(c, &token_hash, &session, credential.as_deref(), now)
                .await
                .map_err(EngineError::from)
        }))
        .await?;
    Ok((token, expires_at))
}

/// Ends the request's session.
pub async fn end(engine: &Engine, session: &ConsoleSession) -> Result<(), ConsoleError> {
    let token_hash = hash(&session.token);
    engine.run(on_conn!(|c| store::delete_session(c, &token_hash).await.map_err(EngineError::from))).await?;
    Ok(())
}

/// A flash lasts this long if the page it was left for is never opened.
pub const FLASH_TTL: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// Leaves `flash` for the next page this session opens, once: a form answers 303 to a page
/// (so a reload repeats nothing), and what the form's answer must show (a secret shown once, a
/// refused form's error and what was typed) goes to that page this way. Stored sealed
/// (ChaCha20-Poly1305) with a key derived from the session's cookie value, which the database
/// does not hold: a copy of the database reads no secret.
pub async fn put_flash<T: serde::Serialize>(
    engine: &Engine,
    session: &ConsoleSession,
    flash: &T,
) -> Result<(), ConsoleError> {
    put_flash_for(engine, &session.token, flash).await
}

/// [`put_flash`] under any secret cookie value the browser sends back: the sign-in page, which
/// has no session yet, leaves a refused sign-in's reason under its double-submit cookie.
pub async fn put_flash_for<T: serde::Serialize>(
    engine: &Engine,
    cookie_value: &str,
    flash: &T,
) -> Result<(), ConsoleError> {
    let plain = serde_json::to_vec(flash).map_err(|_| ConsoleError::internal("a flash that is not JSON"))?;
    let sealed = seal_flash(cookie_value, &plain);
    let (token_hash, now) = (hash(cookie_value), Utc::now());
    engine
        .run(on_conn!(|c| {
            store::put_flash(c, &token_hash, &sealed, now, now + FLASH_TTL).await.map_err(EngineError::from)
        }))
        .await?;
    Ok(())
}

/// The flash left for this session, once ([`put_flash`]); none if there is none, or it does not
/// read as a `T` (left by another page).
pub async fn take_flash<T: serde::de::DeserializeOwned>(
    engine: &Engine,
    session: &ConsoleSession,
) -> Result<Option<T>, ConsoleError> {
    take_flash_for(engine, &session.token).await
}

/// The flash left under a cookie value ([`put_flash_for`]), once.
pub async fn take_flash_for<T: serde::de::DeserializeOwned>(
    engine: &Engine,
    cookie_value: &str,
) -> Result<Option<T>, ConsoleError> {
    let (token_hash, now) = (hash(cookie_value), Utc::now());
    let sealed = engine
        .run(on_conn!(|c| store::take_flash(c, &token_hash, now).await.map_err(EngineError::from)))
        .await?;
    Ok(sealed.and_then(|s| open_flash(cookie_value, &s)).and_then(|p| serde_json::from_slice(&p).ok()))
}

fn flash_cipher(token: &str) -> chacha20poly1305::ChaCha20Poly1305 {
    use chacha20poly1305::KeyInit;
    let key = Sha256::new().chain_update(b"console flash\0").chain_update(token.as_bytes()).finalize();
    chacha20poly1305::ChaCha20Poly1305::new(&key)
}

/// A random nonce, then the ciphertext.
fn seal_flash(token: &str, plain: &[u8]) -> Vec<u8> {
    use chacha20poly1305::aead::Aead;
    let mut nonce = [0u8; 12];
    rand::rng().fill_bytes(&mut nonce);
    let sealed = flash_cipher(token).encrypt(&nonce.into(), plain).unwrap_or_default();
    [&nonce[..], &sealed].concat()
}

fn open_flash(token: &str, sealed: &[u8]) -> Option<Vec<u8>> {
    use chacha20poly1305::aead::Aead;
    let (nonce, ciphertext) = sealed.split_at_checked(12)?;
    flash_cipher(token).decrypt(nonce.into(), ciphertext).ok()
}

/// Where to go after signing in: a console path only (never another origin).
pub fn safe_next(next: &str) -> &str {
    let inside = next == "/console" || next.starts_with("/console/") || next.starts_with("/console?");
    if inside && !next.contains('\\') && !next.contains("//") {
        next
    } else {
        "/console"
    }
}

/// A single-use sign-in link for a tenant: its address, and when it stops working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignInLink {
    pub url: String,
    pub expires_at: DateTime<Utc>,
}

/// Why a link was not minted: the page is not one of the console's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("page must be a console path: /console or below it (`/console/deliveries`)")]
pub struct NotAConsolePage;

/// Mints a single-use sign-in link for `tenant` that opens `page` (a console path) once used,
/// on the console at `base_url` (its address as the browser reaches it): the CLI's
/// `console-link` and the operator API's `POST /operator/v1/console-links` both call this.
pub async fn mint_link(
    pool: &Pool,
    tenant: &str,
    base_url: &str,
    page: &str,
) -> Result<Result<SignInLink, NotAConsolePage>, EngineError> {
    if safe_next(page) != page {
        return Ok(Err(NotAConsolePage));
    }
    let now = Utc::now();
    let code = create_link(pool, tenant, now).await?;
    let mut query = vec![("code", code.as_str())];
    if page != "/console" {
        query.push(("next", page));
    }
    let query = serde_html_form::to_string(&query).map_err(|e| EngineError::Internal(e.to_string()))?;
    let url = format!("{}/console/sign-in/link?{query}", base_url.trim_end_matches('/'));
    Ok(Ok(SignInLink { url, expires_at: now + LINK_TTL }))
}

/// The operator API's answer to `POST /operator/v1/console-links`: 201 with the link's `url` and
/// `expiresAt`, on the console at the address the request came to (behind a proxy, its
/// `Forwarded` or `X-Forwarded-*` headers say which); 422 `invalid_body` for a page that is not
/// the console's.
pub async fn link_answer(
    pool: &Pool,
    tenant: &str,
    req: &HttpRequest,
    page: &str,
) -> Result<actix_web::HttpResponse, api_support::ApiError> {
    let base = {
        let info = req.connection_info();
        format!("{}://{}", info.scheme(), info.host())
    };
    let minted = mint_link(pool, tenant, &base, page)
        .await
        .map_err(|e| api_support::ApiError::from_engine(e, "link"))?;
    let link = minted
        .map_err(|e| api_support::ApiError::invalid(api_support::codes::INVALID_BODY, e.to_string()))?;
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct LinkOut {
        url: String,
        expires_at: String,
    }
    let body = LinkOut { url: link.url, expires_at: api_support::ts(link.expires_at) };
    Ok(actix_web::HttpResponse::Created().json(body))
}

/// Makes a single-use sign-in code for `tenant`, valid for [`LINK_TTL`].
pub async fn create_link(pool: &Pool, tenant: &str, now: DateTime<Utc>) -> Result<String, EngineError> {
    let code = random_token();
    let (code_hash, tenant) = (hash(&code), tenant.to_owned());
    pool.run(on_conn!(|c| {
        store::insert_link(c, &code_hash, &tenant, now, now + LINK_TTL).await.map_err(EngineError::from)
    }))
    .await?;
    Ok(code)
}

/// Uses up a sign-in code: its tenant, once, if it has not expired.
pub async fn take_link(
    engine: &Engine,
    code: &str,
    now: DateTime<Utc>,
) -> Result<Option<String>, ConsoleError> {
    let code_hash = hash(code);
    Ok(engine
        .run(on_conn!(|c| store::take_link(c, &code_hash, now).await.map_err(EngineError::from)))
        .await?)
}

/// Whether the request came over HTTPS (directly, or as a trusted proxy's `Forwarded` header
/// says): cookies are then `Secure`.
fn is_https(req: &HttpRequest) -> bool {
    req.connection_info().scheme() == "https"
}

/// A cookie of the console: HttpOnly, scoped to `/console`, `SameSite=Strict`; when another site
/// may frame the console (`CONSOLE_FRAME_ANCESTORS`), `SameSite=None; Secure` instead (and
/// `Partitioned`, added by the security headers), so the browser sends it inside that frame.
pub fn cookie(
    req: &HttpRequest,
    which: ConsoleCookie,
    value: String,
    max_age: chrono::TimeDelta,
) -> Cookie<'static> {
    let framed = req.app_data::<api_support::embedding::ConsoleEmbedding>().is_some_and(|e| e.framing());
    Cookie::build(which.name(req), value)
        .path("/console")
        .http_only(true)
        .same_site(if framed { SameSite::None } else { SameSite::Strict })
        .secure(framed || is_https(req))
        .max_age(actix_web::cookie::time::Duration::seconds(max_age.num_seconds()))
        .finish()
}

/// The cookie that removes `which`.
pub fn removal(req: &HttpRequest, which: ConsoleCookie) -> Cookie<'static> {
    let mut c = cookie(req, which, String::new(), chrono::TimeDelta::zero());
    c.make_removal();
    c
}

impl FromRequest for ConsoleSession {
    type Error = ConsoleError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ConsoleError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let token = ConsoleCookie::Session.value(&req);
            let signed_out = || {
                if req.method() == actix_web::http::Method::GET {
                    let next = req.uri().path_and_query().map_or("/console", |p| p.as_str()).to_owned();
                    ConsoleError::SignInFirst { next }
                } else {
                    ConsoleError::SignInRequired
                }
            };
            let Some(token) = token.filter(|t| !t.is_empty()) else {
                return Err(signed_out());
            };
            let engine = req
                .app_data::<web::Data<Engine>>()
                .ok_or_else(|| ConsoleError::internal("the console has no engine"))?;
            let token_hash = hash(&token);
            let now = Utc::now();
            let found = engine
                .run(on_conn!(|c| store::find_session(c, &token_hash, now).await.map_err(EngineError::from)))
                .await?;
            let stored = found.ok_or_else(signed_out)?;
            let tenant = Tenant::new(stored.tenant).map_err(|_| signed_out())?;
            let label = match req.app_data::<TenantLabel>() {
                Some(label) => (label.0)(engine.get_ref().clone(), tenant.clone()).await,
                None => None,
            };
            let tenant_label = label.unwrap_or_else(|| tenant.to_string());
            let product_name = req
                .app_data::<api_support::embedding::ConsoleEmbedding>()
                .and_then(|e| e.product_name.clone());
            Ok(ConsoleSession { tenant, tenant_label, csrf_token: stored.csrf_token, product_name, token })
        })
    }
}

/// The fields of a form that carries only its CSRF token (a button).
#[derive(Debug, serde::Deserialize)]
pub struct NoFields {}

/// A state-changing console form: the session, and the form's fields once its CSRF token has
/// matched the session's (403 otherwise). Every console POST handler takes one, so none can
/// forget the check.
#[derive(Debug)]
pub struct ConsoleForm<T> {
    pub session: ConsoleSession,
    pub fields: T,
}

/// Form bodies above this are refused.
const MAX_FORM_BYTES: usize = 64 * 1024;

/// Splits the CSRF field off an urlencoded body; the rest deserializes into `T`.
pub fn split_csrf<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<(Option<String>, T), ConsoleError> {
    let pairs: Vec<(String, String)> = serde_html_form::from_bytes(body)
        .map_err(|e| ConsoleError::bad_request(format!("the form could not be read: {e}")))?;
    let mut csrf = None;
    let mut rest = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        if k == CSRF_FIELD {
            csrf = Some(v);
        } else {
            rest.push((k, v));
        }
    }
    let encoded = serde_html_form::to_string(&rest)
        .map_err(|e| ConsoleError::bad_request(format!("the form could not be read: {e}")))?;
    let fields = serde_html_form::from_str(&encoded)
        .map_err(|e| ConsoleError::bad_request(format!("the form is incomplete: {e}")))?;
    Ok((csrf, fields))
}

impl<T: serde::de::DeserializeOwned + 'static> FromRequest for ConsoleForm<T> {
    type Error = ConsoleError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ConsoleError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let session = ConsoleSession::from_request(req, &mut Payload::None);
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let body = body.await.map_err(|_| ConsoleError::bad_request("the form could not be read"))?;
            if body.len() > MAX_FORM_BYTES {
                return Err(ConsoleError::bad_request("the form is too large"));
            }
            let session = session.await?;
            let (csrf, fields) = split_csrf::<T>(&body)?;
            match csrf {
                Some(t) if tokens_match(&t, &session.csrf_token) => Ok(ConsoleForm { session, fields }),
                _ => Err(ConsoleError::CsrfRejected),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_opens_only_with_the_session_it_was_sealed_for() {
        let sealed = seal_flash("token-a", b"whsec_secret");
        assert_eq!(open_flash("token-a", &sealed).as_deref(), Some(&b"whsec_secret"[..]));
        assert_eq!(open_flash("token-b", &sealed), None);
        assert!(!sealed.windows(12).any(|w| w == b"whsec_secret"), "sealed, not stored as typed");
        assert_eq!(open_flash("token-a", &sealed[..5]), None);
    }

    #[test]
    fn each_services_console_names_its_own_cookies() {
        let names =
            |service| (ConsoleCookie::Session.name_for(service), ConsoleCookie::SignIn.name_for(service));
        assert_eq!(names("workflow-api"), ("workflow-api-session".into(), "workflow-api-sign-in".into()));
        assert_ne!(names("workflow-api").0, names("campaign-api").0);
    }

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Fields {
        url: String,
        #[serde(default)]
        events: Vec<String>,
    }

    #[test]
    fn the_csrf_field_is_taken_off_before_the_fields_are_read() {
        let body = b"events=a.v1&csrf=abc&url=https%3A%2F%2Fa.example%2F%3Fq%3D1&events=b.v1";
        let (csrf, f) = split_csrf::<Fields>(body).unwrap();
        assert_eq!(csrf.as_deref(), Some("abc"));
        assert_eq!(
            f,
            Fields { url: "https://a.example/?q=1".into(), events: vec!["a.v1".into(), "b.v1".into()] }
        );
        let (csrf, _) = split_csrf::<Fields>(b"url=x").unwrap();
        assert_eq!(csrf, None);
        assert!(matches!(split_csrf::<Fields>(b"csrf=abc"), Err(ConsoleError::BadRequest(_))));
    }

    #[test]
    fn a_session_ends_with_its_credential_or_after_its_lifetime() {
        let now = DateTime::from_timestamp(1_795_000_000, 0).unwrap();
        assert_eq!(session_expiry(now, None), now + SESSION_TTL);
        let soon = now + chrono::TimeDelta::minutes(5);
        assert_eq!(session_expiry(now, Some(soon)), soon);
        assert_eq!(session_expiry(now, Some(now + chrono::TimeDelta::days(7))), now + SESSION_TTL);
    }

    #[test]
    fn tokens_are_random_and_url_safe() {
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }
}
