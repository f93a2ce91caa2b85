//! The first step of every API request: authentication. A service registers an
//! [`Authenticator`] (how a credential becomes a principal: an account id, a workspace id) and
//! its [`RouteTable`]; [`middleware`] authenticates every request for a route
//! that takes a credential, before its body is read, and keeps the principal in the request.
//! The next steps read it there: rate limiting ([`crate::rate_limit::middleware`]), the ingest
//! gate ([`crate::ingest_gate::middleware`]), the idempotency keys and the handler's extractor
//! ([`Authenticated`], or the service's own, through [`authenticated`]). The operator API's
//! routes take an operator key instead ([`crate::operator`]), and their handlers an [`Operator`].

use crate::operator::OperatorKeys;
use crate::{ApiError, RouteTable};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest};
use delivery_engine::Tenant;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The authenticated principal of a request: the engine's tenant it acts for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal(pub Tenant);

pub type AuthFuture = Pin<Box<dyn Future<Output = Result<String, ApiError>>>>;

/// A service's way to authenticate: which bearer credential it takes (`what` names it in
/// errors: "jwt", "apiKey") and how a credential becomes a principal. Registered as app data;
/// the API reads the credential from `Authorization`, the console's sign-in form from a field.
#[derive(Clone)]
pub struct Authenticator {
    pub what: &'static str,
    pub check: Arc<dyn Fn(String) -> AuthFuture + Send + Sync>,
    /// When an accepted credential stops being accepted, if it says so itself (a JWT's `exp`):
    /// a console session started with it ends then too.
    pub expires_at: Option<Arc<ExpiresAt>>,
}

/// Reads a credential's own expiry.
pub type ExpiresAt = dyn Fn(&str) -> Option<chrono::DateTime<chrono::Utc>> + Send + Sync;

impl Authenticator {
    /// The tenant a credential stands for. The engine's reserved tenant of operational
    /// webhooks is never one, whatever the credential says (a JWT's `sub` is free text).
    pub async fn principal(&self, credential: String) -> Result<Tenant, ApiError> {
        let principal = (self.check)(credential).await?;
        Tenant::new(principal)
            .map_err(|_| ApiError::unauthorized("this account id is reserved for the service itself"))
    }
}

impl std::fmt::Debug for Authenticator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Authenticator")
    }
}

/// Step one, as middleware: a request for a route that takes a credential (its service's
/// [`RouteTable`]) is authenticated, or answered 401; any other request (a public route, an
/// unknown route or method, the console, health) passes untouched.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let checked = match credential_for(req.request()) {
        Some(Credential::Tenant) => authenticate(req.request()).await.map(drop),
        Some(Credential::Operator) => authenticate_operator(req.request()),
        None => Ok(()),
    };
    if let Err(e) = checked {
        return Ok(req.error_response(e).map_into_boxed_body());
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

/// Which credential a route takes.
enum Credential {
    /// The service's own: a tenant's ([`Authenticator`]).
    Tenant,
    /// An operator key ([`crate::operator`]).
    Operator,
}

/// The credential `req`'s route takes, if it is a route of its service's table that takes one.
fn credential_for(req: &HttpRequest) -> Option<Credential> {
    let (table, pattern) = (req.app_data::<RouteTable>()?, req.match_pattern()?);
    let method = req.method().as_str();
    if table.is_operator(method, &pattern) {
        Some(Credential::Operator)
    } else {
        table.needs_credential(method, &pattern).then_some(Credential::Tenant)
    }
}

/// Checks an operator route's key, and marks the request as the operator's. Without
/// `OPERATOR_KEYS` the operator API is off: its routes answer 404, as if absent.
fn authenticate_operator(req: &HttpRequest) -> Result<(), ApiError> {
    let Some(keys) = req.app_data::<OperatorKeys>() else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, crate::codes::NOT_FOUND, "no such route"));
    };
    if !keys.accepts(&crate::bearer_credential(req, "operatorKey")?) {
        return Err(ApiError::unauthorized("unknown operator key"));
    }
    req.extensions_mut().insert(OperatorRequest);
    Ok(())
}

/// Marks a request the operator key authenticated.
#[derive(Debug, Clone, Copy)]
struct OperatorRequest;

/// An operator route's handler argument: the request carried an operator key. An error (500)
/// when the authentication step did not check one: the route is missing from its service's
/// [`RouteTable`]'s operator routes.
#[derive(Debug, Clone, Copy)]
pub struct Operator;

impl actix_web::FromRequest for Operator {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let checked = req.extensions().get::<OperatorRequest>().is_some();
        std::future::ready(checked.then_some(Operator).ok_or_else(|| {
            ApiError::internal(&format!(
                "{} is not an operator route of the service's route table",
                req.match_pattern().unwrap_or_default()
            ))
        }))
    }
}

/// Authenticates `req` by its bearer credential and keeps the principal in it.
async fn authenticate(req: &HttpRequest) -> Result<Tenant, ApiError> {
    let auth = req
        .app_data::<Authenticator>()
        .cloned()
        .ok_or_else(|| ApiError::internal("no authenticator is configured"))?;
    let principal = auth.principal(crate::bearer_credential(req, auth.what)?).await?;
    req.extensions_mut().insert(Principal(principal.clone()));
    Ok(principal)
}

/// The principal the authentication step found for `req`, if it ran.
pub fn principal(req: &HttpRequest) -> Option<Tenant> {
    req.extensions().get::<Principal>().map(|p| p.0.clone())
}

/// The principal of a request whose route takes a credential, for a handler's extractor. An
/// error (500) when the authentication step did not run: the route is missing from its
/// service's [`RouteTable`].
pub fn authenticated(req: &HttpRequest) -> Result<Tenant, ApiError> {
    principal(req).ok_or_else(|| {
        ApiError::internal(&format!(
            "{} is not in the service's route table",
            req.match_pattern().unwrap_or_default()
        ))
    })
}

/// The request's tenant, as a handler argument ([`authenticated`]). A service with no rules of
/// its own about its principal takes this one.
#[derive(Debug, Clone)]
pub struct Authenticated(pub Tenant);

impl actix_web::FromRequest for Authenticated {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(authenticated(req).map(Authenticated))
    }
}

/// API keys fixed in the configuration, `tenant:key[,tenant:key…]` (keys of 16 characters or
/// more): the simplest credential a service can take. `Debug` shows the tenants only.
#[derive(Clone)]
pub struct StaticKeys(Vec<(String, String)>);

impl std::fmt::Debug for StaticKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|(tenant, _)| tenant)).finish()
    }
}

impl std::str::FromStr for StaticKeys {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let pair = |p: &str| match p.split_once(':') {
            Some((tenant, key)) if !tenant.is_empty() && key.len() >= 16 => {
                Ok((tenant.to_owned(), key.to_owned()))
            }
            _ => Err(format!("an entry is not `tenant:key` with a key of 16 characters or more: `{}…`", {
                p.chars().take(8).collect::<String>()
            })),
        };
        text.split(',').map(pair).collect::<Result<_, _>>().map(Self)
    }
}

impl StaticKeys {
    /// The authenticator that takes these keys as bearer credentials (`what`: `apiKey`).
    pub fn authenticator(self) -> Authenticator {
        let check = move |sent: String| {
            // Every key is compared, each in constant time, so timing tells nothing.
            let tenant = self.0.iter().fold(None, |found, (tenant, key)| {
                found.or(crate::api::tokens_match(key, &sent).then(|| tenant.clone()))
            });
            let result = tenant.ok_or_else(|| ApiError::unauthorized("unknown API key"));
            Box::pin(std::future::ready(result)) as AuthFuture
        };
        Authenticator { what: "apiKey", check: Arc::new(check), expires_at: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::StatusCode;
    use actix_web::test::{call_service, init_service, read_body, TestRequest};
    use actix_web::{web, App, HttpResponse};

    const KEY: &str = "key-of-acme-0123456";

    async fn whose(t: Authenticated) -> HttpResponse {
        HttpResponse::Ok().body(t.0.as_str().to_owned())
    }

    #[actix_web::test]
    async fn a_route_that_takes_a_credential_is_authenticated_first_and_no_other_is() {
        // `/a` takes a credential (GET only) and `/doc` does not.
        let keys: StaticKeys = format!("acme:{KEY}").parse().expect("valid");
        let app = init_service(
            App::new()
                .wrap(actix_web::middleware::from_fn(middleware))
                .app_data(keys.authenticator())
                .app_data(RouteTable {
                    routes: &[("GET", "/a"), ("GET", "/doc")],
                    public: &[("GET", "/doc")],
                    operator: &[],
                })
                .service(web::resource("/a").route(web::get().to(whose)))
                .service(web::resource("/doc").route(web::get().to(HttpResponse::Ok)))
                .default_service(web::to(crate::unknown_route)),
        )
        .await;
        let call = |req: TestRequest| call_service(&app, req.to_request());
        let bearer = ("Authorization", format!("Bearer {KEY}"));
        let signed = call(TestRequest::get().uri("/a").insert_header(bearer.clone())).await;
        assert_eq!(signed.status(), StatusCode::OK);
        assert_eq!(read_body(signed).await, "acme", "the handler has the principal");
        assert_eq!(call(TestRequest::get().uri("/a")).await.status(), StatusCode::UNAUTHORIZED);
        let wrong = ("Authorization", "Bearer key-of-nobody-00000".to_owned());
        assert_eq!(
            call(TestRequest::get().uri("/a").insert_header(wrong)).await.status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(call(TestRequest::get().uri("/doc")).await.status(), StatusCode::OK, "public");
        assert_eq!(call(TestRequest::get().uri("/nope")).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(call(TestRequest::put().uri("/a")).await.status(), StatusCode::METHOD_NOT_ALLOWED);
    }

    async fn operator_only(_: Operator) -> HttpResponse {
        HttpResponse::Ok().body("operator")
    }

    #[actix_web::test]
    async fn an_operator_route_takes_an_operator_key_and_nothing_else_does() {
        const OPERATOR_KEY: &str = "operator-key-0123456789abcdefghijklmn";
        let table = RouteTable {
            routes: &[("GET", "/a"), ("POST", "/op"), ("POST", "/unmarked")],
            public: &[],
            operator: &[("POST", "/op")],
        };
        let app = |keys: Option<OperatorKeys>| {
            let tenant_keys: StaticKeys = format!("acme:{KEY}").parse().expect("valid");
            let mut app = App::new()
                .wrap(actix_web::middleware::from_fn(middleware))
                .app_data(tenant_keys.authenticator())
                .app_data(table)
                .service(web::resource("/a").route(web::get().to(whose)))
                .service(web::resource("/op").route(web::post().to(operator_only)))
                .service(web::resource("/unmarked").route(web::post().to(operator_only)));
            if let Some(keys) = keys {
                app = app.app_data(keys);
            }
            init_service(app)
        };
        let bearer = |k: &str| ("Authorization", format!("Bearer {k}"));
        let on = app(Some(OPERATOR_KEY.parse().expect("a key"))).await;
        let call = |req: TestRequest| call_service(&on, req.to_request());
        let op = call(TestRequest::post().uri("/op").insert_header(bearer(OPERATOR_KEY))).await;
        assert_eq!((op.status(), read_body(op).await), (StatusCode::OK, "operator".into()));
        let tenant_on_op = call(TestRequest::post().uri("/op").insert_header(bearer(KEY))).await;
        assert_eq!(tenant_on_op.status(), StatusCode::UNAUTHORIZED, "a tenant's key is no operator key");
        let op_on_tenant = call(TestRequest::get().uri("/a").insert_header(bearer(OPERATOR_KEY))).await;
        assert_eq!(op_on_tenant.status(), StatusCode::UNAUTHORIZED, "an operator key is no tenant's key");
        assert_eq!(call(TestRequest::post().uri("/op")).await.status(), StatusCode::UNAUTHORIZED);
        let unmarked = call(TestRequest::post().uri("/unmarked").insert_header(bearer(KEY))).await;
        assert_eq!(unmarked.status(), StatusCode::INTERNAL_SERVER_ERROR, "a handler checks the step ran");
        let off = app(None).await;
        let off = call_service(
            &off,
            TestRequest::post().uri("/op").insert_header(bearer(OPERATOR_KEY)).to_request(),
        )
        .await;
        assert_eq!(off.status(), StatusCode::NOT_FOUND, "without OPERATOR_KEYS the operator API is absent");
    }

    #[tokio::test]
    async fn static_keys_stand_for_their_tenant_and_nothing_else_does() {
        let keys: StaticKeys = "acme:key-of-acme-0123456,globex:key-of-globex-012345".parse().expect("valid");
        let auth = keys.authenticator();
        let globex = auth.principal("key-of-globex-012345".into()).await.ok();
        assert_eq!(globex.as_ref().map(Tenant::as_str), Some("globex"));
        let refused = auth.principal("key-of-acme-0123457".into()).await.expect_err("unknown");
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
        for bad in ["acme", "acme:short", ":key-of-nobody-0123456", "acme:key-of-acme-0123456,"] {
            assert!(bad.parse::<StaticKeys>().is_err(), "{bad}");
        }
    }
}
