//! Listen sessions (docs/receiving.md "Listen on your laptop"; an extension of the spec): the
//! stream, ending a session, and the CLI's answers. The rules are api-support's `listen` and
//! the engine's.

use super::path_id;
use crate::auth::Account;
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::listen::{self, listen_error, ListenQuery, ReplyIn};
use api_support::ApiError;

/// `GET /webhooks/listen`: opens a session (or takes `session` again) and streams its deliveries.
pub async fn stream(
    state: web::Data<AppState>,
    account: Account,
    req: HttpRequest,
    query: web::Query<ListenQuery>,
) -> Result<HttpResponse, ApiError> {
    let open = listen::listen_open(&req, query.into_inner())?;
    let stream = state.engine.listen(&account.0, open).await.map_err(listen_error)?;
    Ok(listen::sse_response(stream))
}

/// `DELETE /webhooks/listen/{sessionId}`: ends the session.
pub async fn end(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "listen session")?;
    state.engine.end_listen(&account.0, id).await.map_err(listen_error)?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /webhooks/listen/{sessionId}/replies`: what the local target answered to a delivery.
pub async fn reply(
    state: web::Data<AppState>,
    account: Account,
    id: web::Path<String>,
    body: web::Json<ReplyIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "listen session")?;
    let reply = body.into_inner().into_reply()?;
    state.engine.listen_reply(&account.0, id, reply).await.map_err(listen_error)?;
    Ok(HttpResponse::NoContent().finish())
}
