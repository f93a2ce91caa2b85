//! SQLite's row structs, each mapped into the model by `From` or `TryFrom` (stored text and
//! microseconds are parsed there; a value that does not parse is a corrupt row).

use super::values::{opt_time, time, uuid};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::store::model::{
    corrupt, Attempt, ClaimedDelivery, Delivery, DeliveryStatus, DisableCause, Endpoint, EndpointRef,
    HealthBefore, ProbeTarget, StoredKey,
};
use crate::store::model::{sealed_auth, stored_access, stored_certificate, stored_filter};
use crate::store::recovery_model::{RecoveryJob, RecoveryStatus, RecoveryWindow};
pub(super) use crate::store::rows::{CountRow, OpenRow, ResendRow, SnapshotRow};
use diesel::sql_types::{BigInt, Binary, Bool, Integer, Nullable, Text};
use diesel::QueryableByName;

/// The columns [`EndpointRow`] reads.
pub(super) const ENDPOINT_COLUMNS: &str =
    "id, tenant_id, url, event_types, disabled_at, disabled_reason, disabled_cause, rate_limit_per_s, created_at, \
     updated_at, headers, auth_summary, client_cert_summary, content_filter";

#[derive(QueryableByName)]
pub(super) struct EndpointRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    event_types: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    disabled_at: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    disabled_reason: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    disabled_cause: Option<String>,
    #[diesel(sql_type = Nullable<Integer>)]
    rate_limit_per_s: Option<i32>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = BigInt)]
    updated_at: i64,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_summary: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    client_cert_summary: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    content_filter: Option<String>,
}

impl TryFrom<EndpointRow> for Endpoint {
    type Error = EngineError;
    fn try_from(r: EndpointRow) -> EngineResult<Endpoint> {
        let (headers, auth) = stored_access(r.headers.as_deref(), r.auth_summary.as_deref());
        Ok(Endpoint {
            id: uuid(&r.id)?,
            tenant_id: r.tenant_id,
            url: r.url,
            event_types: serde_json::from_str(&r.event_types)
                .map_err(|e| corrupt(format!("event_types of endpoint {}: {e}", r.id)))?,
            disabled_at: opt_time(r.disabled_at)?,
            disabled_reason: r.disabled_reason,
            disabled_cause: r.disabled_cause.as_deref().map(DisableCause::parse_stored).transpose()?,
            rate_limit_per_s: r.rate_limit_per_s,
            headers,
            auth,
            client_certificate: stored_certificate(r.client_cert_summary.as_deref()),
            content_filter: stored_filter(r.content_filter.as_deref()),
            created_at: time(r.created_at)?,
            updated_at: time(r.updated_at)?,
        })
    }
}

/// An endpoint's sealed credential and client certificate columns.
#[derive(QueryableByName)]
pub(super) struct SealedRow {
    #[diesel(sql_type = Nullable<Text>)]
    pub auth_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    pub auth_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    pub auth_ciphertext: Option<Vec<u8>>,
}

/// A delivery joined with its event (`d` and `e`), as [`delivery_select`] reads it.
#[derive(QueryableByName)]
pub(super) struct DeliveryRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = Text)]
    event_id: String,
    #[diesel(sql_type = Text)]
    event_type: String,
    #[diesel(sql_type = Text)]
    dedupe_key: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Integer)]
    attempt_count: i32,
    #[diesel(sql_type = Nullable<Integer>)]
    last_response_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    last_error: Option<String>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = BigInt)]
    updated_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    next_attempt_at: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    delivered_at: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    payload_erased_at: Option<i64>,
}

/// The select [`DeliveryRow`] reads: deliveries `d` (through the index named, if any) with their
/// events `e`, for a `WHERE` to follow.
pub(super) fn delivery_select(indexed_by: Option<&str>) -> String {
    let index = indexed_by.map_or_else(String::new, |i| format!(" INDEXED BY {i}"));
    format!(
        "SELECT d.id, d.endpoint_id, d.event_id, e.event_type, e.dedupe_key, d.status, \
         d.attempt_count, d.last_response_code, d.last_error, d.created_at, d.updated_at, d.next_attempt_at, \
         d.delivered_at, e.payload_erased_at FROM webhook_deliveries d{index} JOIN webhook_events e ON e.id = d.event_id"
    )
}

impl TryFrom<DeliveryRow> for Delivery {
    type Error = EngineError;
    fn try_from(r: DeliveryRow) -> EngineResult<Delivery> {
        Ok(Delivery {
            id: uuid(&r.id)?,
            endpoint_id: uuid(&r.endpoint_id)?,
            event_id: uuid(&r.event_id)?,
            event_type: r.event_type,
            dedupe_key: r.dedupe_key,
            status: DeliveryStatus::parse_stored(&r.status)?,
            attempt_count: r.attempt_count,
            last_response_code: r.last_response_code,
            last_error: r.last_error,
            created_at: time(r.created_at)?,
            updated_at: time(r.updated_at)?,
            next_attempt_at: opt_time(r.next_attempt_at)?,
            delivered_at: opt_time(r.delivered_at)?,
            payload_erased_at: opt_time(r.payload_erased_at)?,
        })
    }
}

/// An attempt's columns from a LEFT JOIN (`a`): all NULL for a delivery with no attempt yet.
#[derive(QueryableByName)]
pub(super) struct JoinedAttemptRow {
    #[diesel(sql_type = Nullable<Integer>)]
    attempt_number: Option<i32>,
    #[diesel(sql_type = Nullable<BigInt>)]
    started_at: Option<i64>,
    #[diesel(sql_type = Nullable<Integer>)]
    duration_ms: Option<i32>,
    #[diesel(sql_type = Nullable<Integer>)]
    response_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    error: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_body: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Integer>)]
    rate_limited_ms: Option<i32>,
    #[diesel(sql_type = Nullable<Bool>)]
    via_proxy: Option<bool>,
}

/// The columns [`JoinedAttemptRow`] reads.
pub(super) const JOINED_ATTEMPT_COLUMNS: &str =
    "a.attempt_number, a.started_at, a.duration_ms, a.response_code, \
     a.error, a.response_body, a.rate_limited_ms, a.via_proxy";

impl TryFrom<JoinedAttemptRow> for Option<Attempt> {
    type Error = EngineError;
    fn try_from(r: JoinedAttemptRow) -> EngineResult<Option<Attempt>> {
        let (Some(attempt_number), Some(started_at), Some(duration_ms)) =
            (r.attempt_number, r.started_at, r.duration_ms)
        else {
            return Ok(None);
        };
        Ok(Some(Attempt {
            attempt_number,
            started_at: time(started_at)?,
            duration_ms,
            response_code: r.response_code,
            error: r.error,
            response_body: r.response_body,
            rate_limited_ms: r.rate_limited_ms,
            via_proxy: r.via_proxy.unwrap_or(false),
        }))
    }
}

/// A delivery with one of its attempts (or none).
#[derive(QueryableByName)]
pub(super) struct DeliveryAttemptRow {
    #[diesel(embed)]
    pub delivery: DeliveryRow,
    #[diesel(embed)]
    pub attempt: JoinedAttemptRow,
}

#[derive(QueryableByName)]
pub(super) struct ClaimedRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = BigInt)]
    fence: i64,
    #[diesel(sql_type = Integer)]
    attempt_count: i32,
    #[diesel(sql_type = Bool)]
    manual: bool,
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = Text)]
    event_id: String,
    #[diesel(sql_type = Text)]
    event_type: String,
    #[diesel(sql_type = Text)]
    dedupe_key: String,
    #[diesel(sql_type = Binary)]
    body: Vec<u8>,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret_key_id: String,
    #[diesel(sql_type = Binary)]
    secret_nonce: Vec<u8>,
    #[diesel(sql_type = Binary)]
    secret_ciphertext: Vec<u8>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    due_at: Option<i64>,
    #[diesel(sql_type = Nullable<Integer>)]
    rate_limit_per_s: Option<i32>,
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    auth_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    auth_ciphertext: Option<Vec<u8>>,
}

/// A due row a claim may take, and whether an earlier claim's lease on it ran out.
#[derive(QueryableByName)]
pub(super) struct CandidateRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = Bool)]
    pub lease_expired: bool,
}

impl TryFrom<ClaimedRow> for ClaimedDelivery {
    type Error = EngineError;
    fn try_from(r: ClaimedRow) -> EngineResult<Self> {
        Ok(ClaimedDelivery {
            id: uuid(&r.id)?,
            fence: r.fence,
            tenant_id: r.tenant_id,
            attempt_count: r.attempt_count,
            manual: r.manual,
            endpoint_id: uuid(&r.endpoint_id)?,
            event_id: uuid(&r.event_id)?,
            event_type: r.event_type,
            dedupe_key: r.dedupe_key,
            body: r.body,
            url: r.url,
            sealed_secret: SealedSecret {
                key_id: r.secret_key_id,
                nonce: r.secret_nonce,
                ciphertext: r.secret_ciphertext,
            },
            created_at: time(r.created_at)?,
            lease_expired: false,
            due_at: opt_time(r.due_at)?,
            rate_limit_per_s: r.rate_limit_per_s,
            headers: r.headers,
            sealed_auth: sealed_auth(r.auth_key_id, r.auth_nonce, r.auth_ciphertext),
        })
    }
}

/// An endpoint's earliest open row, as the claim's scan of endpoints reads it.
#[derive(QueryableByName)]
pub(super) struct EarliestRow {
    #[diesel(sql_type = Text)]
    pub endpoint_id: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub available_at: Option<i64>,
}

/// Whose a delivery is: its tenant and endpoint.
#[derive(QueryableByName)]
pub(super) struct DeliveryOwnerRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = Text)]
    pub endpoint_id: String,
}

#[derive(QueryableByName)]
pub(super) struct IdRow {
    #[diesel(sql_type = Text)]
    pub id: String,
}

#[derive(QueryableByName)]
pub(super) struct StoredKeyRow {
    #[diesel(sql_type = Binary)]
    request_hash: Vec<u8>,
    #[diesel(sql_type = Nullable<Integer>)]
    status_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    response_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    response_sealed: Option<Vec<u8>>,
}

impl From<StoredKeyRow> for StoredKey {
    fn from(r: StoredKeyRow) -> Self {
        StoredKey::from_columns(
            r.request_hash,
            r.status_code,
            r.response_key_id,
            r.response_nonce,
            r.response_sealed,
        )
    }
}

/// An endpoint's health as the recorder reads it.
#[derive(QueryableByName)]
pub(super) struct HealthRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub failing_since: Option<i64>,
    #[diesel(sql_type = Integer)]
    pub failing_warned: i32,
    /// Neither disabled nor deleted.
    #[diesel(sql_type = Bool)]
    pub open: bool,
}

impl HealthRow {
    pub(super) fn before(&self, endpoint_id: uuid::Uuid) -> EngineResult<HealthBefore> {
        Ok(HealthBefore {
            endpoint_id,
            tenant_id: self.tenant_id.clone(),
            failing_since: opt_time(self.failing_since)?,
            failing_warned: i16::try_from(self.failing_warned).map_err(|_| {
                corrupt(format!("failing_warned {} of endpoint {endpoint_id}", self.failing_warned))
            })?,
            open: self.open,
        })
    }
}

/// An endpoint and its tenant.
#[derive(QueryableByName)]
pub(super) struct EndpointTenantRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    tenant_id: String,
}

impl TryFrom<EndpointTenantRow> for EndpointRef {
    type Error = EngineError;
    fn try_from(r: EndpointTenantRow) -> EngineResult<Self> {
        Ok(EndpointRef { id: uuid(&r.id)?, tenant_id: r.tenant_id })
    }
}

/// A claimed probe.
#[derive(QueryableByName)]
pub(super) struct ProbeRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret_key_id: String,
    #[diesel(sql_type = Binary)]
    secret_nonce: Vec<u8>,
    #[diesel(sql_type = Binary)]
    secret_ciphertext: Vec<u8>,
    #[diesel(sql_type = BigInt)]
    disabled_at: i64,
    #[diesel(sql_type = Integer)]
    probes: i32,
    #[diesel(sql_type = BigInt)]
    next_probe_at: i64,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    auth_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    auth_ciphertext: Option<Vec<u8>>,
}

impl TryFrom<ProbeRow> for ProbeTarget {
    type Error = EngineError;
    fn try_from(r: ProbeRow) -> EngineResult<Self> {
        Ok(ProbeTarget {
            endpoint_id: uuid(&r.id)?,
            url: r.url,
            sealed_secret: SealedSecret {
                key_id: r.secret_key_id,
                nonce: r.secret_nonce,
                ciphertext: r.secret_ciphertext,
            },
            disabled_at: time(r.disabled_at)?,
            probes: r.probes,
            fence: time(r.next_probe_at)?,
            headers: r.headers,
            sealed_auth: sealed_auth(r.auth_key_id, r.auth_nonce, r.auth_ciphertext),
        })
    }
}

#[derive(QueryableByName)]
pub(super) struct JobRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = BigInt)]
    since: i64,
    #[diesel(sql_type = BigInt)]
    until: i64,
    #[diesel(sql_type = Bool)]
    include_delivered: bool,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = BigInt)]
    processed: i64,
    #[diesel(sql_type = BigInt)]
    resent: i64,
    #[diesel(sql_type = Nullable<Text>)]
    error: Option<String>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    started_at: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    finished_at: Option<i64>,
    #[diesel(sql_type = BigInt)]
    updated_at: i64,
}

impl TryFrom<JobRow> for RecoveryJob {
    type Error = EngineError;
    fn try_from(r: JobRow) -> EngineResult<Self> {
        Ok(RecoveryJob {
            id: uuid(&r.id)?,
            endpoint_id: uuid(&r.endpoint_id)?,
            window: RecoveryWindow {
                since: time(r.since)?,
                until: time(r.until)?,
                include_delivered: r.include_delivered,
            },
            status: RecoveryStatus::parse_stored(&r.status)?,
            total: r.total,
            processed: r.processed,
            resent: r.resent,
            error: r.error,
            created_at: time(r.created_at)?,
            started_at: opt_time(r.started_at)?,
            finished_at: opt_time(r.finished_at)?,
            updated_at: time(r.updated_at)?,
        })
    }
}

#[derive(QueryableByName)]
pub(super) struct ClaimedJobRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = BigInt)]
    pub fence: i64,
}

/// What a recovery batch reads of its job.
#[derive(QueryableByName)]
pub(super) struct JobBatchRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = Text)]
    pub endpoint_id: String,
    #[diesel(sql_type = BigInt)]
    since: i64,
    #[diesel(sql_type = BigInt)]
    until: i64,
    #[diesel(sql_type = Bool)]
    include_delivered: bool,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub cursor_created_at: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    pub cursor_id: Option<String>,
}

impl JobBatchRow {
    pub fn window(&self) -> EngineResult<RecoveryWindow> {
        Ok(RecoveryWindow {
            since: time(self.since)?,
            until: time(self.until)?,
            include_delivered: self.include_delivered,
        })
    }
}

/// A delivery a recovery batch may re-send.
#[derive(QueryableByName)]
pub(super) struct RecoveryCandidateRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = BigInt)]
    pub created_at: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Bool>)]
    in_flight: Option<bool>,
    #[diesel(sql_type = Bool)]
    endpoint_deleted: bool,
    #[diesel(sql_type = Bool)]
    endpoint_disabled: bool,
}

impl RecoveryCandidateRow {
    /// The row as a re-send's rule reads it.
    pub fn target(&self) -> ResendRow {
        ResendRow {
            status: self.status.clone(),
            in_flight: self.in_flight,
            endpoint_deleted: self.endpoint_deleted,
            endpoint_disabled: self.endpoint_disabled,
        }
    }
}

/// The tenant's waiting deliveries (`stats.rs`).
#[derive(QueryableByName)]
pub(super) struct WaitingRow {
    #[diesel(sql_type = BigInt)]
    pub due: i64,
    #[diesel(sql_type = BigInt)]
    pub scheduled: i64,
    #[diesel(sql_type = BigInt)]
    pub in_flight: i64,
    #[diesel(sql_type = BigInt)]
    pub dead_total: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub oldest_due_at: Option<i64>,
}

/// An hour's attempts in one latency bucket, summed over endpoints (`webhook_stats_hourly`).
#[derive(QueryableByName)]
pub(super) struct HourCellRow {
    #[diesel(sql_type = BigInt)]
    pub hour: i64,
    #[diesel(sql_type = diesel::sql_types::SmallInt)]
    pub latency_bucket: i16,
    #[diesel(sql_type = BigInt)]
    pub attempts: i64,
    #[diesel(sql_type = BigInt)]
    pub succeeded: i64,
    #[diesel(sql_type = BigInt)]
    pub first_attempts: i64,
    #[diesel(sql_type = BigInt)]
    pub given_up: i64,
}

impl TryFrom<HourCellRow> for crate::store::stats_model::HourCell {
    type Error = EngineError;
    fn try_from(r: HourCellRow) -> EngineResult<Self> {
        Ok(Self {
            hour: time(r.hour)?,
            latency_bucket: r.latency_bucket,
            attempts: r.attempts,
            succeeded: r.succeeded,
            first_attempts: r.first_attempts,
            given_up: r.given_up,
        })
    }
}

#[derive(QueryableByName)]
pub(super) struct ActivityRow {
    #[diesel(sql_type = Text)]
    pub endpoint_id: String,
    #[diesel(sql_type = BigInt)]
    pub last_attempt_at: i64,
    #[diesel(sql_type = BigInt)]
    pub delivered: i64,
    #[diesel(sql_type = BigInt)]
    pub failed: i64,
}

impl TryFrom<ActivityRow> for crate::store::stats_model::EndpointActivity {
    type Error = EngineError;
    fn try_from(r: ActivityRow) -> EngineResult<Self> {
        Ok(Self {
            endpoint_id: uuid(&r.endpoint_id)?,
            last_attempt_at: time(r.last_attempt_at)?,
            delivered: r.delivered,
            failed: r.failed,
        })
    }
}

/// What rebuilding a delivery's request reads (`deliveries.rs`).
#[derive(QueryableByName)]
pub(super) struct RequestPartsRow {
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret_key_id: String,
    #[diesel(sql_type = Binary)]
    secret_nonce: Vec<u8>,
    #[diesel(sql_type = Binary)]
    secret_ciphertext: Vec<u8>,
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = Text)]
    event_id: String,
    #[diesel(sql_type = Text)]
    event_type: String,
    #[diesel(sql_type = Text)]
    dedupe_key: String,
    #[diesel(sql_type = Binary)]
    body: Vec<u8>,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_summary: Option<String>,
}

impl TryFrom<RequestPartsRow> for crate::store::model::RequestParts {
    type Error = EngineError;
    fn try_from(r: RequestPartsRow) -> EngineResult<Self> {
        Ok(Self {
            url: r.url,
            sealed_secret: SealedSecret {
                key_id: r.secret_key_id,
                nonce: r.secret_nonce,
                ciphertext: r.secret_ciphertext,
            },
            endpoint_id: uuid(&r.endpoint_id)?,
            event_id: uuid(&r.event_id)?,
            event_type: r.event_type,
            dedupe_key: r.dedupe_key,
            body: r.body,
            access: stored_access(r.headers.as_deref(), r.auth_summary.as_deref()),
        })
    }
}

/// Whether an endpoint is disabled, read before an update.
#[derive(QueryableByName)]
pub(super) struct DisabledAtRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    pub disabled_at: Option<i64>,
}

/// Whose a recovery job is.
#[derive(QueryableByName)]
pub(super) struct JobOwnerRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = Text)]
    pub endpoint_id: String,
}

#[derive(QueryableByName)]
pub(super) struct EndpointFilterRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    /// As stored: a JSON array.
    #[diesel(sql_type = Text)]
    pub event_types: String,
    #[diesel(sql_type = BigInt)]
    pub backlog_after: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub backlog_until: Option<i64>,
    /// The content filter owed events must match, as stored.
    #[diesel(sql_type = Nullable<Text>)]
    pub content_filter: Option<String>,
    #[diesel(sql_type = BigInt)]
    pub open: i64,
}

#[derive(QueryableByName)]
pub(super) struct OwedEventRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = BigInt)]
    pub seq: i64,
    #[diesel(sql_type = BigInt)]
    pub created_at: i64,
    #[diesel(sql_type = Text)]
    pub event_type: String,
    /// Only when the backlog has a content filter.
    #[diesel(sql_type = Nullable<Binary>)]
    pub body: Option<Vec<u8>>,
}

#[derive(QueryableByName)]
pub(super) struct RouteRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    pub version: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    pub endpoint_id: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub event_types: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub content_filter: Option<String>,
    #[diesel(sql_type = Nullable<Bool>)]
    pub owed: Option<bool>,
}

#[derive(QueryableByName)]
pub(super) struct VersionRow {
    #[diesel(sql_type = BigInt)]
    pub version: i64,
}
