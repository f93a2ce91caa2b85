//! API keys: `Authorization: Bearer <apiKey>`, looked up by SHA-256 hash. A missing, unknown
//! or revoked key is 401.

use crate::store;
use crate::AppState;
use actix_web::{dev::Payload, FromRequest, HttpRequest};
use api_support::{on_conn, ApiError};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use uuid::Uuid;

/// The authenticated workspace: extracting it is the authentication.
#[derive(Debug, Clone, Copy)]
pub struct Workspace(pub Uuid);

impl Workspace {
    /// The engine's tenant id for this workspace.
    pub fn tenant(&self) -> String {
        self.0.to_string()
    }
}

impl FromRequest for Workspace {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let principal = api_support::auth::authenticate(&req).await?;
            Uuid::parse_str(&principal)
                .map(Workspace)
                .map_err(|_| ApiError::internal("the principal is not a workspace id"))
        })
    }
}

/// How campaign-api authenticates a request: a live API key, looked up by its hash.
pub fn authenticator(state: AppState) -> api_support::auth::Authenticator {
    api_support::auth::Authenticator(Arc::new(move |req: &HttpRequest| {
        let key = api_support::bearer_credential(req, "apiKey");
        let state = state.clone();
        Box::pin(async move {
            let key = key?;
            let workspace = state
                .engine
                .run(on_conn!(|c| Ok::<_, ApiError>(store::workspace_for_key(c, &key).await?)))
                .await?
                .ok_or_else(|| ApiError::unauthorized("the API key is unknown or revoked"))?;
            Ok(workspace.to_string())
        })
    }))
}
