//! API keys: `Authorization: Bearer <apiKey>`, looked up by SHA-256 hash. A missing, unknown
//! or revoked key is 401.

use crate::store;
use crate::AppState;
use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use api_support::ApiError;
use std::future::Future;
use std::pin::Pin;
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
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let key = api_support::bearer_credential(req, "apiKey");
        let req = req.clone();
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            let key = key?;
            let mut conn = state.engine.connection().await?;
            let workspace = store::workspace_for_key(&mut conn, &key)
                .await?
                .ok_or_else(|| ApiError::unauthorized("the API key is unknown or revoked"))?;
            api_support::rate_limit::check(&req, &workspace.to_string())?;
            Ok(Workspace(workspace))
        })
    }
}
