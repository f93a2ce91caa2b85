//! Listen sessions (docs/receiving.md "Listen on your laptop"; an extension of the spec): the
//! stream, ending a session, and the CLI's answers. The rules are api-support's `listen` and
//! the engine's.

use super::engine_err;
use crate::workspace::Workspace;
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::listen::{self, ListenQuery, ReplyIn};
use api_support::{path_id, ApiError};

/// `GET /api/v1/listen`: opens a session (or takes `session` again) and streams its deliveries.
pub async fn stream(
    state: web::Data<AppState>,
    ws: Workspace,
    req: HttpRequest,
    query: web::Query<ListenQuery>,
) -> Result<HttpResponse, ApiError> {
    let open = listen::listen_open(&req, query.into_inner())?;
    let stream = state.engine.listen(ws.tenant(), open).await.map_err(|e| engine_err(e, "listen session"))?;
    Ok(listen::sse_response(stream))
}

/// `DELETE /api/v1/listen/{sessionId}`: ends the session.
pub async fn end(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "listen session")?;
    state.engine.end_listen(ws.tenant(), id).await.map_err(|e| engine_err(e, "listen session"))?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/v1/listen/{sessionId}/replies`: what the local target answered to a delivery.
pub async fn reply(
    state: web::Data<AppState>,
    ws: Workspace,
    id: web::Path<String>,
    body: web::Json<ReplyIn>,
) -> Result<HttpResponse, ApiError> {
    let id = path_id(&id, "listen session")?;
    let reply = body.into_inner().into_reply()?;
    state.engine.listen_reply(ws.tenant(), id, reply).await.map_err(|e| engine_err(e, "listen session"))?;
    Ok(HttpResponse::NoContent().finish())
}
