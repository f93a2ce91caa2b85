//! The durable queue. Rows of `webhook_deliveries` are the queue; `available_at` is when a row
//! may next be claimed. A claim pushes `available_at` to the lease expiry and sets a fresh
//! `fence` in one short transaction; the HTTP attempt runs outside any transaction; the outcome
//! is written in a second short transaction, only if `fence` is still the one claimed. A worker
//! that dies leaves nothing behind but a lease that runs out. The SQL is per backend
//! (`pg/queue.rs`, `sqlite/queue.rs`); the rules are the same.

use super::{pg, sqlite, DbConn};
use crate::error::{EngineError, EngineResult};
use crate::store::DeliveryStatus;
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Bool, Bytea, Integer, Nullable, Text};
use diesel::QueryableByName;
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

/// The channel workers LISTEN on. NOTIFY is sent inside the enqueuing transaction, so
/// PostgreSQL delivers it only when (and if) that transaction commits.
pub const WAKE_CHANNEL: &str = "webhook_deliveries";

pub(crate) struct NewEventRow<'a> {
    pub id: Uuid,
    pub tenant_id: &'a str,
    pub event_type: &'a str,
    pub dedupe_key: &'a str,
    pub body: &'a [u8],
    pub created_at: DateTime<Utc>,
    /// Send to this endpoint only, regardless of its filter (test events).
    pub only_endpoint: Option<Uuid>,
}

/// A claimed delivery with everything needed to send it.
#[derive(Debug, Clone, QueryableByName)]
pub struct ClaimedDelivery {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub fence: i64,
    #[diesel(sql_type = Integer)]
    pub attempt_count: i32,
    #[diesel(sql_type = Bool)]
    pub manual: bool,
    #[diesel(sql_type = SqlUuid)]
    pub endpoint_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub event_id: Uuid,
    #[diesel(sql_type = Text)]
    pub event_type: String,
    #[diesel(sql_type = Text)]
    pub dedupe_key: String,
    #[diesel(sql_type = Bytea)]
    pub body: Vec<u8>,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Text)]
    pub secret_key_id: String,
    #[diesel(sql_type = Bytea)]
    pub secret_nonce: Vec<u8>,
    #[diesel(sql_type = Bytea)]
    pub secret_ciphertext: Vec<u8>,
}

/// The outcome of one attempt, ready to write.
#[derive(Debug, Clone)]
pub(crate) struct AttemptRecord {
    pub delivery_id: Uuid,
    pub fence: i64,
    pub status: DeliveryStatus,
    pub attempt_number: i32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub response_code: Option<i32>,
    pub error: Option<String>,
    pub response_body: Vec<u8>,
}

/// What a manual re-send may do with a delivery that already succeeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResendRule {
    /// Answer [`EngineError::AlreadyDelivered`] (workflow-api's 409).
    RejectDelivered,
    /// Send it again with the same delivery id (campaign-api's replay).
    AllowDelivered,
}

/// A delivery and its endpoint as a re-send finds them (both stores).
#[derive(QueryableByName)]
pub(super) struct ResendRow {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Bool>)]
    in_flight: Option<bool>,
    #[diesel(sql_type = Bool)]
    endpoint_deleted: bool,
    #[diesel(sql_type = Bool)]
    endpoint_disabled: bool,
}

impl ResendRow {
    /// What a re-send under `rule` does: an error, `None` (an attempt is in flight: leave it to
    /// finish), or `Some(terminal)`. A dead or delivered delivery, or any delivery of a disabled
    /// endpoint, is terminal: it gets exactly one attempt (the endpoint stays disabled; only this
    /// explicit re-send reaches it).
    pub(super) fn plan(&self, rule: ResendRule) -> EngineResult<Option<bool>> {
        let status = DeliveryStatus::parse(&self.status).unwrap_or(DeliveryStatus::Dead);
        if status == DeliveryStatus::Delivered && rule == ResendRule::RejectDelivered {
            return Err(EngineError::AlreadyDelivered);
        }
        if self.endpoint_deleted {
            return Err(EngineError::EndpointDeleted);
        }
        if self.in_flight == Some(true) {
            return Ok(None);
        }
        Ok(Some(matches!(status, DeliveryStatus::Delivered | DeliveryStatus::Dead) || self.endpoint_disabled))
    }
}

/// Inserts the event (unless its dedupe key exists) and one delivery per matching endpoint.
/// Returns `None` when the dedupe key was already used, else the number of deliveries.
pub(crate) async fn enqueue(conn: &mut DbConn<'_>, ev: &NewEventRow<'_>) -> EngineResult<Option<i64>> {
    match conn {
        DbConn::Pg(c) => pg::queue::enqueue(c, ev).await,
        DbConn::Sqlite(c) => sqlite::queue::enqueue(c, ev),
    }
}

/// Claims up to `limit` due deliveries. An endpoint listed in `busy` (this worker already has
/// attempts in flight to it) gets at most its `room`, every other endpoint at most `per_endpoint`;
/// rows other workers hold are skipped.
pub(crate) async fn claim_due_deliveries(
    conn: &mut DbConn<'_>,
    lease_ms: i64,
    limit: i64,
    per_endpoint: i64,
    busy: &[(Uuid, i64)],
) -> EngineResult<Vec<ClaimedDelivery>> {
    match conn {
        DbConn::Pg(c) => pg::queue::claim_due_deliveries(c, lease_ms, limit, per_endpoint, busy).await,
        DbConn::Sqlite(c) => sqlite::queue::claim_due_deliveries(c, lease_ms, limit, per_endpoint, busy),
    }
}

/// Writes a batch of outcomes. A record whose fence is stale (the lease ran out and another
/// worker claimed the row) or whose delivery was ended meanwhile changes nothing. Returns the
/// ids that were written.
pub(crate) async fn record_attempts(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    records: &[AttemptRecord],
) -> EngineResult<Vec<Uuid>> {
    match conn {
        DbConn::Pg(c) => pg::queue::record_attempts(c, now, records).await,
        DbConn::Sqlite(c) => sqlite::queue::record_attempts(c, now, records),
    }
}

/// Makes a delivery due now. A delivered or dead one gets exactly one more attempt (no
/// automatic retries after it); one awaiting retry keeps its schedule and is just brought
/// forward; one in flight is left to finish.
pub(crate) async fn resend(
    conn: &mut DbConn<'_>,
    tenant: &str,
    id: Uuid,
    rule: ResendRule,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::queue::resend(c, tenant, id, rule, now).await,
        DbConn::Sqlite(c) => sqlite::queue::resend(c, tenant, id, rule, now),
    }
}

/// Notes each endpoint's latest outcome (`true` = success): a success clears `failing_since`, a
/// failure starts it if unset. Returns the endpoints failing continuously since `failing_before`
/// or earlier (none when it is `None`), which the caller disables.
pub(crate) async fn note_endpoint_health(
    conn: &mut DbConn<'_>,
    now: DateTime<Utc>,
    latest: &[(Uuid, bool)],
    failing_before: Option<DateTime<Utc>>,
) -> EngineResult<Vec<Uuid>> {
    match conn {
        DbConn::Pg(c) => pg::queue::note_endpoint_health(c, now, latest, failing_before).await,
        DbConn::Sqlite(c) => sqlite::queue::note_endpoint_health(c, now, latest, failing_before),
    }
}

/// Disables endpoints (recording why and when) and parks their open deliveries.
pub(crate) async fn disable_endpoints(
    conn: &mut DbConn<'_>,
    ids: &[Uuid],
    reason: &str,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match conn {
        DbConn::Pg(c) => pg::queue::disable_endpoints(c, ids, reason, now).await,
        DbConn::Sqlite(c) => sqlite::queue::disable_endpoints(c, ids, reason, now),
    }
}
