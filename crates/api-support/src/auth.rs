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
