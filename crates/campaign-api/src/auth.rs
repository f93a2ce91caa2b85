//! API keys: `Authorization: Bearer <apiKey>`, looked up by SHA-256 hash. A missing, unknown
//! or revoked key is 401.
//!
//! A live key's workspace is cached (on PostgreSQL; SQLite always reads), so a request costs no
//! database round trip of its own for authentication. Revoking a key announces the change in
//! the revoking transaction, and every running process drops its cached keys when it hears it,
//! within milliseconds of the commit; see `delivery_engine::cache` for when the cache is off.
//! Unknown keys are never cached: a key added by the CLI works at once.

use crate::store;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{dev::Payload, FromRequest, HttpRequest};
use api_support::ApiError;
use delivery_engine::on_conn;
use std::sync::Arc;

/// The request's workspace, as the authentication step found it (`api_support::auth`).
impl FromRequest for Workspace {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let workspace = api_support::auth::authenticated(req).and_then(|tenant| {
            Workspace::of(tenant).ok_or_else(|| ApiError::internal("the principal is not a workspace id"))
        });
        std::future::ready(workspace)
    }
}

/// Why a key was refused, saying so when it is not a campaign-api key at all: a session JWT is
/// workflow-api's credential.
fn unknown_key_detail(key: &str) -> &'static str {
    if key.starts_with("eyJ") && key.matches('.').count() == 2 {
        "this is a JWT (a workflow-api session token?); campaign-api takes an API key (ck_…) from `campaign-api create-workspace` or `create-api-key`"
    } else {
        "the API key is unknown or revoked"
    }
}

/// How campaign-api authenticates a request: a live API key, looked up by its hash.
pub fn authenticator(state: AppState) -> api_support::auth::Authenticator {
    api_support::auth::Authenticator {
        what: "apiKey",
        check: Arc::new(move |key: String| {
            let state = state.clone();
            Box::pin(async move {
                let key_text = key.clone();
                let key = store::KeyHash::of(&key);
                if let Some(workspace) = state.keys.get(&key) {
                    return Ok(workspace.to_string());
                }
                let ticket = state.keys.ticket();
                let lookup = key.clone();
                let workspace = state
                    .engine
                    .run(on_conn!(|c| Ok::<_, ApiError>(store::workspace_for_key(c, &lookup).await?)))
                    .await?
                    .ok_or_else(|| ApiError::unauthorized(unknown_key_detail(&key_text)))?;
                if let Some(ticket) = ticket {
                    state.keys.put(ticket, key, workspace);
                }
                Ok(workspace.to_string())
            })
        }),
        // An API key has no expiry of its own; revoking it ends its console sessions.
        expires_at: None,
    }
}
