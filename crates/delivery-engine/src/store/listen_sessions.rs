//! Listen sessions (see [`super::listen_model`]): opening one within the tenant's cap, a
//! stream's hold on it (connect, heartbeat, release), ending and expiring them, and the claim
//! and reply reads of the process that holds a session's stream. Scoped by tenant wherever an
//! API caller names a session.

use super::listen_model::{ListenConnection, NewListenSession};
use super::model::{ClaimedDelivery, Endpoint};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Atomically: expires the tenant's sessions that are past their time (as [`sweep_expired`]),
/// refuses with `ListenSessionLimit` when `max_live` remain, else inserts the endpoint and its
/// session, held by `connection`. Two opens of one tenant never both pass the cap (PostgreSQL:
/// an advisory lock per tenant; SQLite: the write lock).
pub(crate) async fn open_session(conn: &mut DbConn<'_>, new: NewListenSession<'_>) -> EngineResult<Endpoint> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::open_session(c, new).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::open_session(c, new),
    }
}

/// A stream takes the tenant's live session `id` (the newest connection wins) and, atomically,
/// every waiting delivery of it not in flight is made due now (the manual re-send's "bring
/// forward": the schedule goes on from there). `NotFound` for an unknown, another tenant's,
/// ended or expired session.
pub(crate) async fn resume_session(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    connection: ListenConnection,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::resume_session(c, tenant, id, connection, now).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::resume_session(c, tenant, id, connection, now),
    }
}

/// The heartbeat of the stream holding session `id` as `connection.id`: renews both times.
/// `false` when the session ended or another connection took it.
pub(crate) async fn renew_connection(
    conn: &mut DbConn<'_>,
    id: Uuid,
    connection: ListenConnection,
) -> EngineResult<bool> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::renew_connection(c, id, connection).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::renew_connection(c, id, connection),
    }
}

/// The stream of `connection` is gone: the session is no longer held (unless another
/// connection took it meanwhile) and expires at `expires_at` unless a stream takes it again.
pub(crate) async fn release_connection(
    conn: &mut DbConn<'_>,
    id: Uuid,
    connection: Uuid,
    expires_at: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::release_connection(c, id, connection, expires_at).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::release_connection(c, id, connection, expires_at),
    }
}

/// Ends the tenant's session `id` now: its endpoint is deleted and its open deliveries end as
/// dead ("listen session ended"). `NotFound` for an unknown or another tenant's session.
pub(crate) async fn end_session(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::end_session(c, tenant, id, now).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::end_session(c, tenant, id, now),
    }
}

/// Ends every session (of `tenant`, or of all tenants) whose `expires_at` has passed while no
/// stream held it, as [`end_session`] does but with "listen session expired"; forgets sessions
/// whose endpoint was deleted through the endpoint routes. Returns how many expired.
pub(crate) async fn sweep_expired(
    conn: &mut DbConn<'_>,
    tenant: Option<&str>,
    now: DateTime<Utc>,
) -> EngineResult<usize> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::sweep_expired(c, tenant, now).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::sweep_expired(c, tenant, now),
    }
}

/// Claims up to `limit` deliveries of session endpoint `endpoint` for the process holding its
/// stream, as the dispatcher's claim does (lease of `lease_ms`, fresh fence, rows others hold
/// skipped): the due ones, and at once those whose last attempt failed only because no stream
/// held the session ([`NOT_CONNECTED`](super::listen_model::NOT_CONNECTED)). Parked rows stay.
pub(crate) async fn claim_session_deliveries(
    conn: &mut DbConn<'_>,
    endpoint: Uuid,
    limit: i64,
    lease_ms: i64,
) -> EngineResult<Vec<ClaimedDelivery>> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::claim_session_deliveries(c, endpoint, limit, lease_ms).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::claim_session_deliveries(c, endpoint, limit, lease_ms),
    }
}

/// The claim of delivery `delivery` of the tenant's session `session` under `fence`, while it is
/// still awaiting its answer (open, leased); `None` otherwise (answered, timed out, re-claimed).
pub(crate) async fn awaiting_reply(
    conn: &mut DbConn<'_>,
    tenant: &str,
    session: Uuid,
    delivery: Uuid,
    fence: i64,
) -> EngineResult<Option<ClaimedDelivery>> {
    match conn.backend() {
        Backend::Pg(c) => pg::listen_sessions::awaiting_reply(c, tenant, session, delivery, fence).await,
        Backend::Sqlite(c) => sqlite::listen_sessions::awaiting_reply(c, tenant, session, delivery, fence),
    }
}
