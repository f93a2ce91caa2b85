//! Authentication, once per request. A service registers an [`Authenticator`] (how a request
//! becomes a principal: an account id, a workspace id); [`authenticate`] runs it at most once,
//! takes the rate-limit token once, passes a write through the engine's ingest gate once
//! (`delivery_engine::gate`), and caches the principal in the request, so the
//! middleware (which must authenticate before answering from the idempotency store) and the
//! handlers' extractors agree without doing the work twice.

use crate::{rate_limit, ApiError};
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

/// The request's principal: authenticated (and rate-limited) on first use, cached after.
pub async fn authenticate(req: &HttpRequest) -> Result<Tenant, ApiError> {
    if let Some(p) = req.extensions().get::<Principal>() {
        return Ok(p.0.clone());
    }
    let auth = req
        .app_data::<Authenticator>()
        .cloned()
        .ok_or_else(|| ApiError::internal("no authenticator is configured"))?;
    let principal = auth.principal(crate::bearer_credential(req, auth.what)?).await?;
    rate_limit::check(req, principal.as_str())?;
    // A write may enqueue: where this process's dispatcher is behind on the principal's fresh
    // deliveries while the CPU is short, it waits (a bounded time) for it to catch up.
    if !req.method().is_safe() {
        if let Some(engine) = req.app_data::<actix_web::web::Data<delivery_engine::Engine>>() {
            engine.admit(&principal).await;
        }
    }
    req.extensions_mut().insert(Principal(principal.clone()));
    Ok(principal)
}

/// The request's tenant, as a handler argument: extracting it is the authentication
/// ([`authenticate`]). A service with no rules of its own about its principal takes this one.
#[derive(Debug, Clone)]
pub struct Authenticated(pub Tenant);

impl actix_web::FromRequest for Authenticated {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate(&req).await.map(Authenticated) })
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

    #[tokio::test]
    async fn static_keys_stand_for_their_tenant_and_nothing_else_does() {
        let keys: StaticKeys = "acme:key-of-acme-0123456,globex:key-of-globex-012345".parse().expect("valid");
        let auth = keys.authenticator();
        let globex = auth.principal("key-of-globex-012345".into()).await.ok();
        assert_eq!(globex.as_ref().map(Tenant::as_str), Some("globex"));
        let refused = auth.principal("key-of-acme-0123457".into()).await.expect_err("unknown");
        assert_eq!(refused.status, actix_web::http::StatusCode::UNAUTHORIZED);
        for bad in ["acme", "acme:short", ":key-of-nobody-0123456", "acme:key-of-acme-0123456,"] {
            assert!(bad.parse::<StaticKeys>().is_err(), "{bad}");
        }
    }
}
