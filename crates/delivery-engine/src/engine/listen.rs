//! Listen sessions, the services' side (what they are: [`crate::listen`]): opening or taking
//! one again, recording the CLI's answer to a delivery, ending one.

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::http::AttemptOutcome;
use crate::listen::{chrono_duration, HeldSession, ListenConfig, ListenFrame, ListenOpen, ListenReply};
use crate::listen::{ListenSessionInfo, ListenStream, HOLD};
use crate::secrets::SigningSecret;
use crate::store::listen_model::{listen_url, ListenConnection, NewListenSession};
use crate::store::listen_sessions;
use crate::store::model::NewEndpointRow;
use crate::store::Endpoint;
use crate::tenant::Tenant;
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

impl Engine {
    /// Ends every stream this process holds, telling each client to reconnect (to another
    /// process): called when the process starts stopping, so a stream that never ends by
    /// itself does not hold up the HTTP server's drain. The sessions live on.
    pub fn close_listen_streams(&self) {
        self.core.listen().closing.cancel();
    }

    /// Sets how listen sessions behave (before serving).
    pub fn configure_listen(&self, config: ListenConfig) {
        self.core.listen().configure(config);
    }

    /// Opens a listen session (or takes `open.session` again) for `tenant` and returns its
    /// stream: a [`ListenFrame::Session`] first, then deliveries. `ListenSessionLimit` beyond the
    /// cap; `NotFound` for a session that is not the tenant's or no longer lives;
    /// `UnknownEventTypes` for a type filter outside the catalog; `InvalidFilter` and
    /// `UnknownFilterField` for a content filter, as for an endpoint.
    pub async fn listen(&self, tenant: &Tenant, open: ListenOpen) -> EngineResult<ListenStream> {
        let config = self.core.listen().config();
        let now = self.core.now();
        let connection = ListenConnection {
            id: Uuid::new_v4(),
            connected_until: now + chrono_duration(HOLD),
            expires_at: now + chrono_duration(config.ttl),
        };
        let (endpoint, secret) = match open.session {
            Some(id) => (self.resume_session(tenant, id, connection).await?, None),
            None => {
                let (endpoint, secret) =
                    self.open_session(tenant, open.event_types, open.content_filter, connection).await?;
                (endpoint, Some(secret.expose().to_owned()))
            }
        };
        let (tx, frames) = mpsc::channel(64);
        let info = ListenSessionInfo {
            session_id: endpoint.id,
            secret,
            event_types: endpoint.event_types,
            content_filter: endpoint.content_filter,
            resumed: open.session.is_some(),
            timeout: self.core.profile().timeout,
            ttl: config.ttl,
        };
        // The channel is new and empty: the first frame always fits.
        let _ = tx.try_send(ListenFrame::Session(info));
        let held = HeldSession {
            connection: connection.id,
            wake: Arc::new(Notify::new()),
            answered: Arc::default(),
            ended: CancellationToken::new(),
        };
        self.core.listen().hold(endpoint.id, held.clone());
        tokio::spawn(crate::worker::listen::run_session(self.core.clone(), endpoint.id, held, tx));
        // Deliveries made due by taking the session again go out at once.
        self.core.wake_dispatchers();
        Ok(ListenStream::new(frames))
    }

    async fn resume_session(
        &self,
        tenant: &Tenant,
        id: Uuid,
        connection: ListenConnection,
    ) -> EngineResult<Endpoint> {
        let (tenant, now) = (tenant.clone(), self.core.now());
        self.run(crate::on_conn!(|c| listen_sessions::resume_session(
            c,
            tenant.as_str(),
            id,
            connection,
            now
        )
        .await))
            .await
    }

    async fn open_session(
        &self,
        tenant: &Tenant,
        types: Vec<String>,
        content_filter: Option<serde_json::Value>,
        connection: ListenConnection,
    ) -> EngineResult<(Endpoint, SigningSecret)> {
        let types = self.checked_types(types)?;
        let content_filter = content_filter.map(|f| self.checked_filter(&f, &types)).transpose()?;
        let id = Uuid::now_v7();
        let secret = self.core.profile().new_secret();
        let sealed = self.core.keyring().seal(id, &secret);
        let max_live = i64::from(self.core.listen().config().max_sessions);
        let (tenant, now) = (tenant.clone(), self.core.now());
        let endpoint = self
            .run(crate::on_conn!(|c| {
                let url = listen_url(id);
                let endpoint = NewEndpointRow {
                    id,
                    tenant_id: tenant.as_str(),
                    url: &url,
                    event_types: &types,
                    content_filter: content_filter.as_deref(),
                    sealed: &sealed,
                    rate_limit_per_s: None,
                    created_at: now,
                };
                listen_sessions::open_session(c, NewListenSession { endpoint, max_live, connection }).await
            }))
            .await?;
        Ok((endpoint, secret))
    }

    /// Records the CLI's answer to a delivery of the tenant's session `session` as that
    /// attempt's outcome, as the dispatcher records an HTTP answer (retry policy, health).
    /// `ListenReplyNotExpected` when the attempt is not awaiting an answer (answered already,
    /// timed out, or unknown); `NotFound` when `session` is not the tenant's.
    pub async fn listen_reply(&self, tenant: &Tenant, session: Uuid, reply: ListenReply) -> EngineResult<()> {
        let fence: i64 = reply.reply_token.parse().map_err(|_| EngineError::ListenReplyNotExpected)?;
        let (owner, delivery) = (tenant.clone(), reply.delivery_id);
        let claim = self
            .run(crate::on_conn!(|c| {
                listen_sessions::awaiting_reply(c, owner.as_str(), session, delivery, fence).await
            }))
            .await?;
        let Some(claim) = claim else {
            // Another tenant's (or no) session is not found; the tenant's own is a late reply.
            self.get_endpoint(tenant, session).await?;
            return Err(EngineError::ListenReplyNotExpected);
        };
        let duration = reply.duration.min(self.core.profile().timeout);
        let outcome = AttemptOutcome {
            status: reply.status,
            error: reply.error,
            body: reply.body.into_iter().take(crate::http::DEFAULT_RESPONSE_CAP).collect(),
            duration,
            retry_after: None,
            timed_out: reply.timed_out,
            proxy_failure: false,
            via_proxy: false,
        };
        let started_at = self.core.now() - chrono_duration(duration);
        crate::worker::listen::record(&self.core, claim, started_at, outcome).await;
        self.core.listen().answered(session, delivery);
        Ok(())
    }

    /// Ends the tenant's session `session` now: its endpoint is deleted, its open deliveries
    /// end as dead, and its stream (if this process holds it; otherwise at its next heartbeat)
    /// ends.
    pub async fn end_listen(&self, tenant: &Tenant, session: Uuid) -> EngineResult<()> {
        let (tenant, now) = (tenant.clone(), self.core.now());
        self.run(crate::on_conn!(|c| listen_sessions::end_session(c, tenant.as_str(), session, now).await))
            .await?;
        self.core.listen().end(session);
        Ok(())
    }
}
