//! PostgreSQL's row structs, each mapped into the model by `From` or `TryFrom`.

use super::schema::{webhook_attempts, webhook_deliveries, webhook_endpoints, webhook_events};
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use crate::store::model::{
    key_or_id, Attempt, ClaimedDelivery, Delivery, DeliveryStatus, DisableCause, Endpoint, EndpointRef,
    HealthBefore, ProbeTarget, StoredKey,
};
use crate::store::model::{sealed_auth, stored_access, stored_certificate, stored_filter};
use crate::store::recovery_model::{RecoveryJob, RecoveryStatus, RecoveryWindow};
pub(super) use crate::store::rows::{CountRow, OpenRow, ResendRow, SnapshotRow};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Integer, Nullable, Text, Timestamptz};
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_endpoints, check_for_backend(diesel::pg::Pg))]
pub(super) struct EndpointRow {
    id: Uuid,
    tenant_id: String,
    url: String,
    event_types: Vec<String>,
    disabled_at: Option<DateTime<Utc>>,
    disabled_reason: Option<String>,
    disabled_cause: Option<String>,
    rate_limit_per_s: Option<i32>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    headers: Option<String>,
    auth_summary: Option<String>,
    client_cert_summary: Option<String>,
    content_filter: Option<String>,
}

impl TryFrom<EndpointRow> for Endpoint {
    type Error = EngineError;
    fn try_from(r: EndpointRow) -> EngineResult<Self> {
        let (headers, auth) = stored_access(r.headers.as_deref(), r.auth_summary.as_deref());
        Ok(Endpoint {
            id: r.id,
            tenant_id: r.tenant_id,
            url: r.url,
            event_types: r.event_types,
            disabled_at: r.disabled_at,
            disabled_reason: r.disabled_reason,
            disabled_cause: r.disabled_cause.as_deref().map(DisableCause::parse_stored).transpose()?,
            rate_limit_per_s: r.rate_limit_per_s,
            headers,
            auth,
            client_certificate: stored_certificate(r.client_cert_summary.as_deref()),
            content_filter: stored_filter(r.content_filter.as_deref()),
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = webhook_endpoints)]
pub(super) struct NewEndpointValues<'a> {
    pub id: Uuid,
    pub tenant_id: &'a str,
    pub url: &'a str,
    pub event_types: &'a [String],
    pub content_filter: Option<&'a str>,
    pub secret_key_id: &'a str,
    pub secret_nonce: &'a [u8],
    pub secret_ciphertext: &'a [u8],
    pub rate_limit_per_s: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// An endpoint's headers and credential; `None` leaves a column as it is.
#[derive(AsChangeset)]
#[diesel(table_name = webhook_endpoints)]
pub(super) struct AccessChangeset<'a> {
    pub headers: Option<Option<&'a str>>,
    pub auth_summary: Option<Option<&'a str>>,
    pub auth_key_id: Option<Option<&'a str>>,
    pub auth_nonce: Option<Option<&'a [u8]>>,
    pub auth_ciphertext: Option<Option<&'a [u8]>>,
    pub client_cert_summary: Option<Option<&'a str>>,
    pub client_cert_not_after: Option<Option<DateTime<Utc>>>,
    pub updated_at: DateTime<Utc>,
}

#[derive(AsChangeset)]
#[diesel(table_name = webhook_endpoints)]
pub(super) struct EndpointChangeset {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    pub content_filter: Option<Option<String>>,
    pub disabled_at: Option<Option<DateTime<Utc>>>,
    pub disabled_reason: Option<Option<String>>,
    pub disabled_cause: Option<Option<&'static str>>,
    pub failing_since: Option<Option<DateTime<Utc>>>,
    pub failing_warned: Option<i16>,
    pub next_probe_at: Option<Option<DateTime<Utc>>>,
    pub probes: Option<i32>,
    pub rate_limit_per_s: Option<Option<i32>>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A delivery joined with its event.
#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_deliveries, check_for_backend(diesel::pg::Pg))]
pub(super) struct DeliveryRow {
    id: Uuid,
    endpoint_id: Uuid,
    event_id: Uuid,
    #[diesel(select_expression = webhook_events::event_type)]
    event_type: String,
    #[diesel(select_expression = webhook_events::dedupe_key)]
    dedupe_key: Option<String>,
    status: String,
    attempt_count: i32,
    last_response_code: Option<i32>,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    next_attempt_at: Option<DateTime<Utc>>,
    delivered_at: Option<DateTime<Utc>>,
    #[diesel(select_expression = webhook_events::payload_erased_at)]
    payload_erased_at: Option<DateTime<Utc>>,
}

impl TryFrom<DeliveryRow> for Delivery {
    type Error = EngineError;
    fn try_from(r: DeliveryRow) -> EngineResult<Self> {
        Ok(Delivery {
            id: r.id,
            endpoint_id: r.endpoint_id,
            event_id: r.event_id,
            event_type: r.event_type,
            dedupe_key: key_or_id(r.dedupe_key, r.event_id),
            status: DeliveryStatus::parse_stored(&r.status)?,
            attempt_count: r.attempt_count,
            last_response_code: r.last_response_code,
            last_error: r.last_error,
            created_at: r.created_at,
            updated_at: r.updated_at,
            next_attempt_at: r.next_attempt_at,
            delivered_at: r.delivered_at,
            payload_erased_at: r.payload_erased_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_attempts, check_for_backend(diesel::pg::Pg))]
pub(super) struct AttemptRow {
    attempt_number: i32,
    started_at: DateTime<Utc>,
    duration_ms: i32,
    response_code: Option<i32>,
    error: Option<String>,
    response_body: Option<Vec<u8>>,
    rate_limited_ms: Option<i32>,
    via_proxy: bool,
}

impl From<AttemptRow> for Attempt {
    fn from(r: AttemptRow) -> Self {
        Attempt {
            attempt_number: r.attempt_number,
            started_at: r.started_at,
            duration_ms: r.duration_ms,
            response_code: r.response_code,
            error: r.error,
            response_body: r.response_body,
            rate_limited_ms: r.rate_limited_ms,
            via_proxy: r.via_proxy,
        }
    }
}

/// A row of a claim: a claimed delivery, or (every column but the last NULL) where the scan
/// of endpoints stopped.
#[derive(QueryableByName)]
pub(super) struct ClaimedRow {
    #[diesel(sql_type = Nullable<SqlUuid>)]
    id: Option<Uuid>,
    #[diesel(sql_type = Nullable<BigInt>)]
    fence: Option<i64>,
    #[diesel(sql_type = Nullable<Integer>)]
    attempt_count: Option<i32>,
    #[diesel(sql_type = Nullable<Bool>)]
    manual: Option<bool>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    endpoint_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    event_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    event_type: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    dedupe_key: Option<String>,
    #[diesel(sql_type = Nullable<Bytea>)]
    body: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Text>)]
    url: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    secret_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Bytea>)]
    secret_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Bytea>)]
    secret_ciphertext: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    created_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Bool>)]
    lease_expired: Option<bool>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    due_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Integer>)]
    rate_limit_per_s: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    tenant_id: Option<String>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    scan_stopped_at: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Bytea>)]
    auth_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Bytea>)]
    auth_ciphertext: Option<Vec<u8>>,
}

/// What a [`ClaimedRow`] carries.
pub(super) enum ClaimPart {
    Delivery(Box<ClaimedDelivery>),
    ScanStoppedAt(Option<Uuid>),
}

impl From<ClaimedRow> for ClaimPart {
    fn from(r: ClaimedRow) -> Self {
        let ClaimedRow {
            id: Some(id),
            fence: Some(fence),
            attempt_count: Some(attempt_count),
            manual: Some(manual),
            endpoint_id: Some(endpoint_id),
            event_id: Some(event_id),
            event_type: Some(event_type),
            dedupe_key: Some(dedupe_key),
            body: Some(body),
            url: Some(url),
            secret_key_id: Some(key_id),
            secret_nonce: Some(nonce),
            secret_ciphertext: Some(ciphertext),
            created_at: Some(created_at),
            lease_expired: Some(lease_expired),
            due_at,
            rate_limit_per_s,
            tenant_id: Some(tenant_id),
            headers,
            auth_key_id,
            auth_nonce,
            auth_ciphertext,
            ..
        } = r
        else {
            return ClaimPart::ScanStoppedAt(r.scan_stopped_at);
        };
        ClaimPart::Delivery(Box::new(ClaimedDelivery {
            id,
            fence,
            tenant_id,
            attempt_count,
            manual,
            endpoint_id,
            event_id,
            event_type,
            dedupe_key,
            body,
            url,
            sealed_secret: SealedSecret { key_id, nonce, ciphertext },
            created_at,
            lease_expired,
            due_at,
            rate_limit_per_s,
            headers,
            sealed_auth: sealed_auth(auth_key_id, auth_nonce, auth_ciphertext),
        }))
    }
}

#[derive(QueryableByName)]
pub(super) struct IdRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
}

#[derive(QueryableByName)]
pub(super) struct StoredKeyRow {
    #[diesel(sql_type = Bytea)]
    request_hash: Vec<u8>,
    #[diesel(sql_type = Nullable<Integer>)]
    status_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    response_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Bytea>)]
    response_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Bytea>)]
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

#[derive(QueryableByName)]
pub(super) struct JobRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    endpoint_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    since: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    until: DateTime<Utc>,
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
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    started_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    finished_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

impl TryFrom<JobRow> for RecoveryJob {
    type Error = EngineError;
    fn try_from(r: JobRow) -> EngineResult<Self> {
        Ok(RecoveryJob {
            id: r.id,
            endpoint_id: r.endpoint_id,
            window: RecoveryWindow { since: r.since, until: r.until, include_delivered: r.include_delivered },
            status: RecoveryStatus::parse_stored(&r.status)?,
            total: r.total,
            processed: r.processed,
            resent: r.resent,
            error: r.error,
            created_at: r.created_at,
            started_at: r.started_at,
            finished_at: r.finished_at,
            updated_at: r.updated_at,
        })
    }
}

#[derive(QueryableByName)]
pub(super) struct ClaimedJobRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub fence: i64,
}

/// What a recovery batch reads of its job.
#[derive(QueryableByName)]
pub(super) struct JobBatchRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = SqlUuid)]
    pub endpoint_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub since: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub until: DateTime<Utc>,
    #[diesel(sql_type = Bool)]
    pub include_delivered: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub cursor_created_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub cursor_id: Option<Uuid>,
}

/// A delivery a recovery batch may re-send.
#[derive(QueryableByName)]
pub(super) struct RecoveryCandidateRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
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
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub oldest_due_at: Option<DateTime<Utc>>,
}

/// An hour's attempts in one latency bucket, summed over endpoints (`webhook_stats_hourly`).
#[derive(QueryableByName)]
pub(super) struct HourCellRow {
    #[diesel(sql_type = Timestamptz)]
    pub hour: DateTime<Utc>,
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

impl From<HourCellRow> for crate::store::stats_model::HourCell {
    fn from(r: HourCellRow) -> Self {
        Self {
            hour: r.hour,
            latency_bucket: r.latency_bucket,
            attempts: r.attempts,
            succeeded: r.succeeded,
            first_attempts: r.first_attempts,
            given_up: r.given_up,
        }
    }
}

#[derive(QueryableByName)]
pub(super) struct ActivityRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub endpoint_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub last_attempt_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pub delivered: i64,
    #[diesel(sql_type = BigInt)]
    pub failed: i64,
}

impl From<ActivityRow> for crate::store::stats_model::EndpointActivity {
    fn from(r: ActivityRow) -> Self {
        Self {
            endpoint_id: r.endpoint_id,
            last_attempt_at: r.last_attempt_at,
            delivered: r.delivered,
            failed: r.failed,
        }
    }
}

/// An endpoint's health before a batch (`note_endpoint_health`).
#[derive(QueryableByName)]
pub(super) struct HealthRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    failing_since: Option<DateTime<Utc>>,
    #[diesel(sql_type = diesel::sql_types::SmallInt)]
    failing_warned: i16,
    #[diesel(sql_type = Bool)]
    open: bool,
}

impl From<HealthRow> for HealthBefore {
    fn from(r: HealthRow) -> Self {
        HealthBefore {
            endpoint_id: r.id,
            tenant_id: r.tenant_id,
            failing_since: r.failing_since,
            failing_warned: r.failing_warned,
            open: r.open,
        }
    }
}

/// An endpoint and its tenant.
#[derive(QueryableByName)]
pub(super) struct EndpointTenantRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    tenant_id: String,
}

impl From<EndpointTenantRow> for EndpointRef {
    fn from(r: EndpointTenantRow) -> Self {
        EndpointRef { id: r.id, tenant_id: r.tenant_id }
    }
}

/// A claimed probe.
#[derive(QueryableByName)]
pub(super) struct ProbeRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret_key_id: String,
    #[diesel(sql_type = Bytea)]
    secret_nonce: Vec<u8>,
    #[diesel(sql_type = Bytea)]
    secret_ciphertext: Vec<u8>,
    #[diesel(sql_type = Timestamptz)]
    disabled_at: DateTime<Utc>,
    #[diesel(sql_type = Integer)]
    probes: i32,
    #[diesel(sql_type = Timestamptz)]
    next_probe_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    headers: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    auth_key_id: Option<String>,
    #[diesel(sql_type = Nullable<Bytea>)]
    auth_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Bytea>)]
    auth_ciphertext: Option<Vec<u8>>,
}

impl From<ProbeRow> for ProbeTarget {
    fn from(r: ProbeRow) -> Self {
        ProbeTarget {
            endpoint_id: r.id,
            url: r.url,
            sealed_secret: SealedSecret {
                key_id: r.secret_key_id,
                nonce: r.secret_nonce,
                ciphertext: r.secret_ciphertext,
            },
            disabled_at: r.disabled_at,
            probes: r.probes,
            fence: r.next_probe_at,
            headers: r.headers,
            sealed_auth: sealed_auth(r.auth_key_id, r.auth_nonce, r.auth_ciphertext),
        }
    }
}

/// Whose a recovery job is.
#[derive(QueryableByName)]
pub(super) struct JobOwnerRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = SqlUuid)]
    pub endpoint_id: Uuid,
}

#[derive(QueryableByName)]
pub(super) struct EndpointFilterRow {
    #[diesel(sql_type = Text)]
    pub tenant_id: String,
    #[diesel(sql_type = BigInt)]
    pub open: i64,
    /// The content filter owed events must match, as stored.
    #[diesel(sql_type = Nullable<Text>)]
    pub content_filter: Option<String>,
}

/// An owed event's id and body, for its backlog's content filter.
#[derive(QueryableByName)]
pub(super) struct OwedBodyRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Bytea)]
    pub body: Vec<u8>,
}

#[derive(QueryableByName)]
pub(super) struct BacklogFillRow {
    #[diesel(sql_type = BigInt)]
    pub added: i64,
    #[diesel(sql_type = Bool)]
    pub backlogged: bool,
}

#[derive(QueryableByName)]
pub(super) struct RouteRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    pub version: Option<i64>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub endpoint_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Array<Text>>)]
    pub event_types: Option<Vec<String>>,
    #[diesel(sql_type = Nullable<Text>)]
    pub content_filter: Option<String>,
    #[diesel(sql_type = Nullable<Bool>)]
    pub owed: Option<bool>,
}

#[derive(QueryableByName)]
pub(super) struct EnqueueOutcome {
    /// The routes' version was still current: the statement wrote what it was given.
    #[diesel(sql_type = Bool)]
    pub current: bool,
    /// The events inserted (the others' dedupe keys were used already).
    #[diesel(sql_type = Array<diesel::sql_types::Uuid>)]
    pub inserted: Vec<Uuid>,
}
