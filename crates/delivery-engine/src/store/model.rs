//! What the store reads and writes, as plain structs: no diesel derives, no SQL. Each backend
//! maps its own row structs (`pg/rows.rs`, `sqlite/rows.rs`) into these, and the rules that
//! need no database (what a re-send does, what an idempotency key answers) are functions here.

use crate::access::AuthSummary;
use crate::client_cert::CertificateSummary;
use crate::error::{EngineError, EngineResult};
use crate::secrets::SealedSecret;
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

/// The reserved tenant of operational events. Not a valid credential of either service (both
/// refuse it as a principal), and refused by every tenant-scoped call of the engine.
pub const OPS_TENANT: &str = "__ops";

/// The one endpoint of [`OPS_TENANT`]; fixed, so that processes starting at once register one.
pub const OPS_ENDPOINT_ID: Uuid = Uuid::from_u128(0x6f70_7300_0000_4000_8000_0000_0000_0001);

/// The queue as a scrape sees it: counts by state and the age of the oldest due delivery.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueueSnapshot {
    /// Open deliveries whose time has come and that no worker holds.
    pub due: i64,
    /// Open deliveries waiting for a retry time (or parked behind a disabled endpoint).
    pub scheduled: i64,
    /// Open deliveries a worker holds under a lease.
    pub in_flight: i64,
    pub dead: i64,
    /// Seconds since the oldest due delivery became due (0 when none is).
    pub oldest_due_age_s: i64,
    pub endpoints_active: i64,
    pub endpoints_disabled: i64,
    /// Active endpoints that stalled with a backlog: their new events wait in the event log.
    pub endpoints_backlogged: i64,
    /// Endpoints whose client certificate expires within 30 days (or has expired).
    pub certificates_expiring: i64,
}

/// The least UUIDv7 of the millisecond `t` (clamped to the epoch): every delivery or event
/// accepted before `t` has a smaller id, every one accepted at or after it a greater one.
pub(crate) fn id_floor(t: DateTime<Utc>) -> Uuid {
    let ms = u128::try_from(t.timestamp_millis()).unwrap_or(0);
    Uuid::from_u128(ms << 80)
}

/// One table's size, as sampled for the metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TableSize {
    /// One of [`HISTORY_TABLES`].
    pub table: &'static str,
    /// Rows (an estimate on PostgreSQL: the planner's, as of the last analyze).
    pub rows: i64,
    /// Bytes, indexes included.
    pub bytes: i64,
}

/// The history's size, as sampled for the metrics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct HistorySize {
    pub tables: Vec<TableSize>,
    /// When the oldest settled delivery kept settled (the oldest by id).
    pub oldest_settled: Option<DateTime<Utc>>,
}

/// The tables whose size grows with history.
pub(crate) const HISTORY_TABLES: [&str; 5] = [
    "webhook_events",
    "webhook_deliveries",
    "webhook_attempts",
    "webhook_recovery_jobs",
    "webhook_stats_hourly",
];

/// Where a retention pass stands in its id range: after this id (`None`: from the start).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SweepCursor(pub Option<Uuid>);

impl SweepCursor {
    pub(crate) fn after(self) -> Uuid {
        self.0.unwrap_or(Uuid::nil())
    }
}

/// What one retention batch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SweepBatch {
    /// Whether this process had the sweep to itself (PostgreSQL's advisory lock); when not, the
    /// batch did nothing.
    pub held: bool,
    /// Rows removed (or payloads erased) of the batch's own table.
    pub removed: i64,
    /// Attempts removed or emptied with them.
    pub attempts: i64,
    /// Where the next batch goes on; `None` once the range is done.
    pub next: Option<SweepCursor>,
}

impl SweepBatch {
    /// A batch that read `scanned` rows of the `scan` it asked for, the last being `last`.
    pub(crate) fn new(
        held: bool,
        removed: i64,
        attempts: i64,
        scanned: i64,
        scan: i64,
        last: Option<Uuid>,
    ) -> Self {
        let next = (held && scanned >= scan).then_some(SweepCursor(last));
        Self { held, removed, attempts, next }
    }
}

/// How the services reach PostgreSQL beyond its URL (docs/operations.md, "The database
/// connection"; `pg/connect.rs`). The embedded store takes none of it.
#[derive(Debug, Clone)]
pub struct DbSettings {
    /// `DATABASE_TIMEOUT`: the deadline of every piece of work on a pooled connection (its
    /// statements and its commit), of opening a connection and of waiting for one; what passes
    /// it answers `Unavailable` (503 `database_unavailable`) and its connection is dropped.
    pub timeout: std::time::Duration,
    /// `DATABASE_CA_FILE`: the roots TLS to PostgreSQL trusts (`sslmode=require`); Mozilla's
    /// when unset.
    pub ca_file: Option<std::path::PathBuf>,
    /// The connections' `application_name` (unless `DATABASE_URL` names one): the service and
    /// its role, as `pg_stat_activity` shows them.
    pub application_name: String,
}

impl Default for DbSettings {
    fn default() -> Self {
        Self {
            timeout: std::time::Duration::from_secs(5),
            ca_file: None,
            application_name: "webhooks".into(),
        }
    }
}

/// How a pool's connections commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Commit {
    /// Every commit is flushed before it returns (the API's writes): `synchronous_commit = on`
    /// on PostgreSQL, `synchronous = FULL` on SQLite.
    Durable,
    /// The dispatcher's claims and outcomes: `synchronous_commit = off` on PostgreSQL,
    /// `synchronous = NORMAL` on SQLite (WAL: a process crash loses nothing; power loss may
    /// lose the last claims and outcomes, which only leads to a re-send). See
    /// [`crate::store::connect_worker_pool`].
    Asynchronous,
}

/// Delivery states as stored. Services map them to their own vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    /// Not attempted yet.
    Pending,
    /// Attempted, failed, and awaiting an automatic retry at `next_attempt_at`.
    Failed,
    Delivered,
    /// Out of attempts (or its endpoint was deleted); can be re-sent by hand.
    Dead,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Failed => "failed",
            Self::Delivered => "delivered",
            Self::Dead => "dead",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "pending" => Self::Pending,
            "failed" => Self::Failed,
            "delivered" => Self::Delivered,
            "dead" => Self::Dead,
            _ => return None,
        })
    }

    /// A stored status; an unknown one is a corrupt row.
    pub(crate) fn parse_stored(s: &str) -> EngineResult<Self> {
        Self::parse(s).ok_or_else(|| corrupt(format!("unknown delivery status `{s}`")))
    }

    /// The log's filter on this status as SQL over the deliveries `table` (its name or alias).
    /// Written out, not bound, so that both stores' planners see that the partial index of open
    /// deliveries, or of dead ones, holds every row asked for (migration 000017); delivered ones
    /// are most rows, which the log index finds at once.
    pub(crate) fn log_condition(self, table: &str) -> String {
        match self {
            Self::Pending | Self::Failed => {
                format!("{table}.status IN ('pending', 'failed') AND {table}.status = '{}'", self.as_str())
            }
            Self::Delivered | Self::Dead => format!("{table}.status = '{}'", self.as_str()),
        }
    }
}

/// A stored value this version cannot read (a bug or a hand-edited database: a 500).
pub(crate) fn corrupt(what: String) -> EngineError {
    EngineError::Database(diesel::result::Error::DeserializationError(what.into()))
}

/// Why an endpoint is disabled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DisableCause {
    /// The engine: every attempt failed for longer than the disable window. Probed, and
    /// enabled again by the first probe that is answered 2xx.
    Failing,
    /// The engine: the endpoint answered `410 Gone` (the receiver asked to be removed).
    Gone,
    /// A user (through an API or a console) or the operator's configuration.
    Manual,
}

impl DisableCause {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Failing => "failing",
            Self::Gone => "gone",
            Self::Manual => "manual",
        }
    }

    /// A stored cause; an unknown one is a corrupt row.
    pub(crate) fn parse_stored(s: &str) -> EngineResult<Self> {
        Ok(match s {
            "failing" => Self::Failing,
            "gone" => Self::Gone,
            "manual" => Self::Manual,
            _ => return Err(corrupt(format!("unknown disable cause `{s}`"))),
        })
    }
}

/// A registered endpoint, without its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub id: Uuid,
    pub tenant_id: String,
    pub url: String,
    pub event_types: Vec<String>,
    pub disabled_at: Option<DateTime<Utc>>,
    pub disabled_reason: Option<String>,
    /// Set exactly when `disabled_at` is.
    pub disabled_cause: Option<DisableCause>,
    /// Deliveries per second at most, per worker process (`None`: no limit).
    pub rate_limit_per_s: Option<i32>,
    /// Headers of the receiver's own, sent on every attempt, in the order set.
    pub headers: Vec<(String, String)>,
    /// The credential sent on every attempt, without its secret part.
    pub auth: Option<AuthSummary>,
    /// The client certificate presented over TLS: its subject and expiry.
    pub client_certificate: Option<CertificateSummary>,
    /// The content filter its events must match, as set (`None`: every event of its types).
    pub content_filter: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new endpoint, as inserted.
#[derive(Debug)]
pub(crate) struct NewEndpointRow<'a> {
    pub id: Uuid,
    pub tenant_id: &'a str,
    pub url: &'a str,
    pub event_types: &'a [String],
    /// The content filter as stored (compact JSON), checked.
    pub content_filter: Option<&'a str>,
    pub sealed: &'a SealedSecret,
    pub rate_limit_per_s: Option<i32>,
    pub created_at: DateTime<Utc>,
}

/// A change of an endpoint's headers or of its secrets (credential, client certificate), as
/// stored; `None` leaves a part as it is.
#[derive(Debug, Default, Clone)]
pub(crate) struct AccessChange {
    /// The headers as JSON (`access::headers_to_json`); `Some(None)` removes them.
    pub headers: Option<Option<String>>,
    /// The secrets as they are to be after the change: they are sealed together, so a change
    /// of either rewrites both.
    pub secrets: Option<StoredSecrets>,
}

impl AccessChange {
    pub fn is_empty(&self) -> bool {
        self.headers.is_none() && self.secrets.is_none()
    }
}

/// An endpoint's credential and client certificate as stored: what may be shown of each
/// (JSON of an `AuthSummary`, of a `CertificateSummary` with its expiry), and both sealed
/// together (`access::AccessSecrets`); all `None` when it has neither.
#[derive(Debug, Default, Clone)]
pub(crate) struct StoredSecrets {
    pub auth_summary: Option<String>,
    pub client_cert: Option<(String, DateTime<Utc>)>,
    pub sealed: Option<SealedSecret>,
}

/// An endpoint's headers and credential's summary as stored, read into the model.
pub(crate) fn stored_access(
    headers: Option<&str>,
    auth_summary: Option<&str>,
) -> (Vec<(String, String)>, Option<AuthSummary>) {
    let auth = auth_summary.and_then(|s| serde_json::from_str(s).ok());
    (crate::access::headers_from_json(headers), auth)
}

/// An endpoint's content filter as stored (checked when it was stored).
pub(crate) fn stored_filter(stored: Option<&str>) -> Option<serde_json::Value> {
    stored.and_then(|s| serde_json::from_str(s).ok())
}

/// An endpoint's client certificate's summary as stored.
pub(crate) fn stored_certificate(summary: Option<&str>) -> Option<CertificateSummary> {
    summary.and_then(|s| serde_json::from_str(s).ok())
}

/// A stored credential's sealed columns, when the endpoint has one.
pub(crate) fn sealed_auth(
    key_id: Option<String>,
    nonce: Option<Vec<u8>>,
    ciphertext: Option<Vec<u8>>,
) -> Option<SealedSecret> {
    Some(SealedSecret { key_id: key_id?, nonce: nonce?, ciphertext: ciphertext? })
}

/// A partial update of an endpoint; `None` leaves a column as it is.
#[derive(Debug, Default, Clone)]
pub(crate) struct EndpointChanges {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    /// The content filter as stored; `Some(None)` removes it.
    pub content_filter: Option<Option<String>>,
    pub disabled_at: Option<Option<DateTime<Utc>>>,
    pub disabled_reason: Option<Option<String>>,
    pub disabled_cause: Option<Option<DisableCause>>,
    /// Cleared on re-enabling, so the failure window starts afresh.
    pub failing_since: Option<Option<DateTime<Utc>>>,
    pub rate_limit_per_s: Option<Option<i32>>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl EndpointChanges {
    /// `Some(true)` when these changes disable the endpoint, `Some(false)` when they enable it.
    /// Either way the probes and the failing warning level start afresh (the store clears
    /// `next_probe_at`, `probes` and `failing_warned` with it).
    pub(crate) fn disabling(&self) -> Option<bool> {
        self.disabled_at.map(|d| d.is_some())
    }
}

/// An endpoint after an update, and whether it was disabled just before (read under the
/// update's lock, so a change of state is seen by exactly one caller).
#[derive(Debug, Clone)]
pub(crate) struct EndpointUpdate {
    pub endpoint: Endpoint,
    pub was_disabled: bool,
}

/// An endpoint's health as it was before a batch of outcomes was noted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HealthBefore {
    pub endpoint_id: Uuid,
    pub tenant_id: String,
    /// When its current run of failures began (`None`: its last attempt succeeded).
    pub failing_since: Option<DateTime<Utc>>,
    /// The highest failing warning sent in this run (0: none).
    pub failing_warned: i16,
    /// Neither disabled nor deleted.
    pub open: bool,
}

/// An endpoint by id, with its tenant (one the engine has just disabled or enabled).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EndpointRef {
    pub id: Uuid,
    pub tenant_id: String,
}

/// An endpoint disabled for failing whose probe is due, claimed for one probe.
#[derive(Debug, Clone)]
pub(crate) struct ProbeTarget {
    pub endpoint_id: Uuid,
    pub url: String,
    pub sealed_secret: SealedSecret,
    pub disabled_at: DateTime<Utc>,
    /// Probes made since the disable, before this one.
    pub probes: i32,
    /// The lease this claim wrote into `next_probe_at`: the probe's outcome is recorded only
    /// while it is still there (no other worker took the probe over, nobody enabled, disabled
    /// or deleted the endpoint meanwhile).
    pub fence: DateTime<Utc>,
    /// The endpoint's custom headers as stored (JSON), and its credential sealed.
    pub headers: Option<String>,
    pub sealed_auth: Option<SealedSecret>,
}

/// What a probe's answer does to its endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ProbeVerdict {
    /// Answered 2xx: enable it (its parked deliveries resume).
    Enable,
    /// Probe again at this time, or never (`None`: the schedule is over).
    Again(Option<DateTime<Utc>>),
}

/// A delivery as shown in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub id: Uuid,
    pub endpoint_id: Uuid,
    pub event_id: Uuid,
    pub event_type: String,
    pub dedupe_key: String,
    pub status: DeliveryStatus,
    pub attempt_count: i32,
    pub last_response_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// When retention erased the event's payload (`PAYLOAD_RETENTION`): the delivery stays in
    /// the log, but its body and responses are gone and it cannot be sent again.
    pub payload_erased_at: Option<DateTime<Utc>>,
}

/// One attempt of a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub attempt_number: i32,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub response_code: Option<i32>,
    pub error: Option<String>,
    pub response_body: Option<Vec<u8>>,
    /// How long after the delivery was due its endpoint's rate limit held it back (`None`: not
    /// held back).
    pub rate_limited_ms: Option<i32>,
    /// It left through the egress proxy (`OUTBOUND_PROXY`).
    pub via_proxy: bool,
}

/// Filters of the delivery log. Every filter narrows; `before` pages (keyset, on the log's
/// own order, so a page costs the same however deep it is).
#[derive(Debug, Clone, Default)]
pub struct DeliveryQuery {
    pub limit: i64,
    pub status: Option<DeliveryStatus>,
    pub endpoint_id: Option<Uuid>,
    pub event_id: Option<Uuid>,
    pub delivery_id: Option<Uuid>,
    pub event_type: Option<String>,
    /// The event's dedupe key (the id receivers see), exactly or as a prefix.
    pub dedupe_key: Option<KeyMatch>,
    /// Created at or after.
    pub created_from: Option<DateTime<Utc>>,
    /// Created strictly before.
    pub created_before: Option<DateTime<Utc>>,
    /// Only entries after this one in the log's order (older, or as old with a smaller id).
    pub after: Option<LogPosition>,
}

/// How a [`DeliveryQuery`] matches dedupe keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyMatch {
    Exact(String),
    /// Keys that start with this. On PostgreSQL an event keyed by its own id stores no key
    /// (D119) and is found by [`KeyMatch::Exact`] only.
    Prefix(String),
}

/// A place in a list ordered newest first by (`created_at`, `id`): the keyset cursor of the
/// delivery log's pages, and of the services' own lists (runs, campaigns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogPosition {
    pub created_at: DateTime<Utc>,
    pub id: Uuid,
}

impl LogPosition {
    pub fn of(d: &Delivery) -> Self {
        Self { created_at: d.created_at, id: d.id }
    }

    /// An opaque, URL-safe cursor: `<microseconds>.<id>`.
    pub fn to_cursor(self) -> String {
        format!("{}.{}", self.created_at.timestamp_micros(), self.id.simple())
    }

    pub fn parse_cursor(s: &str) -> Option<Self> {
        let (micros, id) = s.split_once('.')?;
        let created_at = DateTime::from_timestamp_micros(micros.parse().ok()?)?;
        Some(Self { created_at, id: Uuid::try_parse(id).ok()? })
    }
}

/// A page of a tenant's endpoints, oldest first: at most `rows` of them, after `after` in that
/// order (newer, or as new with a larger id). The cursor is a [`LogPosition`]'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointPage {
    pub after: Option<LogPosition>,
    pub rows: i64,
}

/// `LIKE` pattern for a prefix: `%`, `_` and `\` escaped with `\`.
pub(crate) fn like_prefix(prefix: &str) -> String {
    let mut p = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// What it takes to rebuild a delivery's request: its endpoint's URL and sealed secret, and
/// its event.
#[derive(Debug, Clone)]
pub(crate) struct RequestParts {
    pub url: String,
    pub sealed_secret: SealedSecret,
    pub endpoint_id: Uuid,
    pub event_id: Uuid,
    pub event_type: String,
    pub dedupe_key: String,
    pub body: Vec<u8>,
    /// The endpoint's custom headers, and what may be shown of its credential.
    pub access: (Vec<(String, String)>, Option<AuthSummary>),
}

/// A new event, as inserted by the outbox.
#[derive(Debug)]
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

impl NewEventRow<'_> {
    /// The dedupe key as PostgreSQL stores it: none when it is the event's own id as text
    /// (campaign-api's, whose every event is new). The id is unique already, and the key cost
    /// each such event about 140 bytes, its column and its entry in the key index (D119).
    /// [`key_or_id`] gives it back; SQLite stores every key as given.
    pub fn stored_key(&self) -> Option<&str> {
        (key_is_id(self.dedupe_key) != Some(self.id)).then_some(self.dedupe_key)
    }
}

/// An event's dedupe key, from its stored one: the event's id as text where none is stored.
pub(crate) fn key_or_id(stored: Option<String>, event_id: Uuid) -> String {
    stored.unwrap_or_else(|| event_id.to_string())
}

/// The id whose text `key` is (lower-case, hyphenated, as `Uuid`'s `Display` writes it): the
/// event that [`NewEventRow::stored_key`] may have stored without a key.
pub(crate) fn key_is_id(key: &str) -> Option<Uuid> {
    Uuid::try_parse(key).ok().filter(|id| id.hyphenated().encode_lower(&mut Uuid::encode_buffer()) == key)
}

/// What filling a backlogged endpoint's deliveries did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BacklogFill {
    /// Deliveries inserted.
    pub added: i64,
    /// Whether the endpoint is still backlogged (owed events are left, or it had no room).
    pub backlogged: bool,
}

impl BacklogFill {
    /// The endpoint was not backlogged (any more): nothing to fill.
    pub(crate) const NOT_BACKLOGGED: BacklogFill = BacklogFill { added: 0, backlogged: false };
    /// A backlogged endpoint with no room (or not enough to be worth a fill) now.
    const NO_ROOM: BacklogFill = BacklogFill { added: 0, backlogged: true };

    /// Read before any lock: whether an endpoint with `open` open deliveries (`None`: not
    /// backlogged) is worth filling, `Err` with the answer when not. A fill adds at least half of
    /// `max_open`, so an endpoint with more than half of it open waits (the lock a fill takes
    /// waits for every enqueue to the endpoint in flight).
    pub(crate) fn worth_locking(open: Option<i64>, max_open: i64) -> Result<(), Self> {
        match open {
            None => Err(Self::NOT_BACKLOGGED),
            Some(open) if open > max_open / 2 => Err(Self::NO_ROOM),
            Some(_) => Ok(()),
        }
    }

    /// Read under the lock: how many owed events a fill may turn into deliveries for an endpoint
    /// with `open` open deliveries, `Err` with the answer when it has no room.
    pub(crate) fn room(open: i64, max_open: i64) -> Result<i64, Self> {
        if open >= max_open {
            Err(Self::NO_ROOM)
        } else {
            Ok(max_open - open)
        }
    }
}

/// A claimed delivery with everything needed to send it.
#[derive(Debug, Clone)]
pub(crate) struct ClaimedDelivery {
    pub id: Uuid,
    pub fence: i64,
    pub tenant_id: String,
    pub attempt_count: i32,
    /// A manual re-send: it gets this one attempt and no automatic retries.
    pub manual: bool,
    pub endpoint_id: Uuid,
    pub event_id: Uuid,
    pub event_type: String,
    pub dedupe_key: String,
    pub body: Vec<u8>,
    pub url: String,
    pub sealed_secret: SealedSecret,
    /// When the delivery was created (its event accepted): the start of its end-to-end delay.
    pub created_at: DateTime<Utc>,
    /// The row was claimed before and its lease ran out (a worker died or lost it).
    pub lease_expired: bool,
    /// When the row became due (its `next_attempt_at`; `None` for a parked row re-sent).
    pub due_at: Option<DateTime<Utc>>,
    /// The endpoint's deliveries per second at most, as stored now.
    pub rate_limit_per_s: Option<i32>,
    /// The endpoint's custom headers as stored (JSON), and its credential sealed.
    pub headers: Option<String>,
    pub sealed_auth: Option<SealedSecret>,
}

/// What a dispatcher asks of one claim.
#[derive(Debug, Clone)]
pub(crate) struct ClaimRequest {
    /// How long the claimed rows stay leased, on the database's clock.
    pub lease_ms: i64,
    /// Rows to claim at most (the dispatcher's free slots).
    pub limit: i64,
    /// Rows per endpoint at most, for endpoints not in `rooms`.
    pub default_room: i64,
    /// Endpoints with a room other than `default_room` (none when it is 0 or less).
    pub rooms: Vec<(Uuid, i64)>,
    /// Visit endpoints with ids after this one (`None`: from the first).
    pub after: Option<Uuid>,
    /// Endpoints with open deliveries to visit at most.
    pub max_endpoints: i64,
    /// Visit these endpoints only, in this order, instead of every endpoint with open
    /// deliveries (`after` and `max_endpoints` then do not apply; D53).
    pub only: Option<Vec<Uuid>>,
}

/// What a claim took, and where the next claim should continue.
#[derive(Debug, Default)]
pub(crate) struct Claim {
    pub deliveries: Vec<ClaimedDelivery>,
    /// The endpoint after which the next claim continues; `None` when this claim reached the
    /// last endpoint with open deliveries (the next one starts from the first again).
    pub resume_after: Option<Uuid>,
}

/// Where the claim after `claim` continues: after the last endpoint that got rows when the
/// claim was cut short by `limit` (endpoints after it got none), else after the last endpoint
/// the scan visited, if it stopped at `max_endpoints` before the end.
pub(crate) fn resume_after(
    deliveries: &[ClaimedDelivery],
    limit: i64,
    scan_stopped_at: Option<Uuid>,
) -> Option<Uuid> {
    if deliveries.len() as i64 >= limit {
        return deliveries.iter().map(|d| d.endpoint_id).max();
    }
    scan_stopped_at
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
    pub rate_limited_ms: Option<i32>,
    pub via_proxy: bool,
}

/// What a manual re-send may do with a delivery that already succeeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResendRule {
    /// Answer [`EngineError::AlreadyDelivered`] (workflow-api's 409).
    RejectDelivered,
    /// Send it again with the same delivery id (campaign-api's replay).
    AllowDelivered,
}

/// A delivery and its endpoint as a re-send finds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ResendTarget {
    pub status: DeliveryStatus,
    /// Claimed and its lease still running.
    pub in_flight: bool,
    pub endpoint_deleted: bool,
    pub endpoint_disabled: bool,
    /// Retention erased its event's payload (read after the delivery is locked).
    pub payload_erased: bool,
}

/// What a re-send does with a delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResendPlan {
    /// An attempt is in flight: leave it to finish.
    LeaveInFlight,
    /// Awaiting retry: keep its schedule, bring the next attempt forward to now.
    BringForward,
    /// Delivered, dead, or its endpoint disabled: exactly one more attempt, no automatic
    /// retries after it (a disabled endpoint stays disabled; only this re-send reaches it).
    OneMoreAttempt,
}

impl ResendTarget {
    /// What a re-send under `rule` does, or why it cannot.
    pub(crate) fn plan(&self, rule: ResendRule) -> EngineResult<ResendPlan> {
        if self.status == DeliveryStatus::Delivered && rule == ResendRule::RejectDelivered {
            return Err(EngineError::AlreadyDelivered);
        }
        if self.payload_erased {
            return Err(EngineError::PayloadExpired);
        }
        if self.endpoint_deleted {
            return Err(EngineError::EndpointDeleted);
        }
        if self.in_flight {
            return Ok(ResendPlan::LeaveInFlight);
        }
        let terminal = matches!(self.status, DeliveryStatus::Delivered | DeliveryStatus::Dead);
        Ok(if terminal || self.endpoint_disabled {
            ResendPlan::OneMoreAttempt
        } else {
            ResendPlan::BringForward
        })
    }
}

/// A stored `Idempotency-Key` as read back.
#[derive(Debug)]
pub(crate) struct StoredKey {
    pub request_hash: Vec<u8>,
    /// The status and sealed body of the answer, once the first request finished.
    pub answer: Option<(u16, SealedSecret)>,
}

/// What a request finds under an idempotency key, before the stored answer is opened.
#[derive(Debug)]
pub(crate) enum Found {
    /// First use: process it, then finish or abandon the key.
    New,
    /// Seen with the same request: answer this again.
    Replay { status: u16, sealed: SealedSecret },
    /// The first request with this key is still being processed.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

impl StoredKey {
    /// From the stored columns: the answer counts once all its parts are there.
    pub(crate) fn from_columns(
        request_hash: Vec<u8>,
        status_code: Option<i32>,
        key_id: Option<String>,
        nonce: Option<Vec<u8>>,
        ciphertext: Option<Vec<u8>>,
    ) -> Self {
        let answer = match (status_code, key_id, nonce, ciphertext) {
            (Some(status), Some(key_id), Some(nonce), Some(ciphertext)) => {
                Some((status as u16, SealedSecret { key_id, nonce, ciphertext }))
            }
            _ => None,
        };
        StoredKey { request_hash, answer }
    }

    /// What a request with `request_hash` finds under this key.
    pub(crate) fn classify(self, request_hash: &[u8]) -> Found {
        match self {
            StoredKey { request_hash: h, .. } if h != request_hash => Found::Mismatch,
            StoredKey { answer: Some((status, sealed)), .. } => Found::Replay { status, sealed },
            StoredKey { answer: None, .. } => Found::InProgress,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_that_is_the_events_own_id_is_not_stored_and_reads_back_as_the_id() {
        let id = Uuid::from_u128(0x0192_3f00_aaaa_7000_8000_0000_0000_00ff);
        let row = |key| NewEventRow {
            id,
            tenant_id: "t",
            event_type: "x",
            dedupe_key: key,
            body: b"{}",
            created_at: Utc::now(),
            only_endpoint: None,
        };
        let text = id.to_string();
        assert_eq!(row(&text).stored_key(), None);
        assert_eq!(key_or_id(None, id), text);
        // Another event's id, the id in capitals or braces, or any other key: stored as given.
        let other = Uuid::from_u128(7).to_string();
        let upper = text.to_uppercase();
        let braced = format!("{{{text}}}");
        for key in [other.as_str(), upper.as_str(), braced.as_str(), "run-1:run.completed"] {
            assert_eq!(row(key).stored_key(), Some(key));
        }
        assert_eq!(key_is_id(&upper), None);
        assert_eq!(key_is_id(&text), Some(id));
        assert_eq!(key_or_id(Some("k".into()), id), "k");
    }

    #[test]
    fn a_log_cursor_reads_back_as_the_same_position() {
        let p = LogPosition {
            created_at: DateTime::from_timestamp_micros(1_795_000_000_123_456).unwrap(),
            id: Uuid::now_v7(),
        };
        assert_eq!(LogPosition::parse_cursor(&p.to_cursor()), Some(p));
        for bad in ["", "1.", ".x", "abc.0190", "1", "1.not-a-uuid", "99999999999999999999.0"] {
            assert_eq!(LogPosition::parse_cursor(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn prefix_patterns_escape_like_wildcards() {
        assert_eq!(like_prefix("run-1:"), "run-1:%");
        assert_eq!(like_prefix("50%_\\x"), "50\\%\\_\\\\x%");
    }

    fn target(status: DeliveryStatus) -> ResendTarget {
        ResendTarget {
            status,
            in_flight: false,
            endpoint_deleted: false,
            endpoint_disabled: false,
            payload_erased: false,
        }
    }

    #[test]
    fn resend_of_a_delivered_delivery_follows_the_rule() {
        let t = target(DeliveryStatus::Delivered);
        assert!(matches!(t.plan(ResendRule::RejectDelivered), Err(EngineError::AlreadyDelivered)));
        assert_eq!(t.plan(ResendRule::AllowDelivered).ok(), Some(ResendPlan::OneMoreAttempt));
    }

    #[test]
    fn resend_brings_a_retry_forward_and_gives_dead_ones_one_attempt() {
        for rule in [ResendRule::RejectDelivered, ResendRule::AllowDelivered] {
            assert_eq!(target(DeliveryStatus::Failed).plan(rule).ok(), Some(ResendPlan::BringForward));
            assert_eq!(target(DeliveryStatus::Pending).plan(rule).ok(), Some(ResendPlan::BringForward));
            assert_eq!(target(DeliveryStatus::Dead).plan(rule).ok(), Some(ResendPlan::OneMoreAttempt));
        }
    }

    #[test]
    fn resend_leaves_in_flight_alone_and_refuses_deleted_endpoints() {
        let in_flight = ResendTarget { in_flight: true, ..target(DeliveryStatus::Failed) };
        assert_eq!(in_flight.plan(ResendRule::AllowDelivered).ok(), Some(ResendPlan::LeaveInFlight));
        let deleted =
            ResendTarget { endpoint_deleted: true, in_flight: true, ..target(DeliveryStatus::Dead) };
        assert!(matches!(deleted.plan(ResendRule::AllowDelivered), Err(EngineError::EndpointDeleted)));
        // The spec's 409 wins over the endpoint's state.
        let gone_delivered = ResendTarget { endpoint_deleted: true, ..target(DeliveryStatus::Delivered) };
        assert!(matches!(
            gone_delivered.plan(ResendRule::RejectDelivered),
            Err(EngineError::AlreadyDelivered)
        ));
    }

    #[test]
    fn resend_to_a_disabled_endpoint_is_one_attempt_only() {
        let t = ResendTarget { endpoint_disabled: true, ..target(DeliveryStatus::Failed) };
        assert_eq!(t.plan(ResendRule::RejectDelivered).ok(), Some(ResendPlan::OneMoreAttempt));
    }

    #[test]
    fn idempotency_key_answers_by_request_hash_and_progress() {
        let sealed = SealedSecret { key_id: "k".into(), nonce: vec![1], ciphertext: vec![2] };
        let done = || StoredKey { request_hash: b"h".to_vec(), answer: Some((201, sealed.clone())) };
        assert!(matches!(done().classify(b"h"), Found::Replay { status: 201, .. }));
        assert!(matches!(done().classify(b"other"), Found::Mismatch));
        let open = StoredKey { request_hash: b"h".to_vec(), answer: None };
        assert!(matches!(open.classify(b"h"), Found::InProgress));
    }

    fn claimed(endpoint_id: Uuid) -> ClaimedDelivery {
        ClaimedDelivery {
            id: Uuid::now_v7(),
            fence: 1,
            tenant_id: "t".into(),
            attempt_count: 0,
            manual: false,
            endpoint_id,
            event_id: Uuid::now_v7(),
            event_type: "t".into(),
            dedupe_key: "k".into(),
            body: Vec::new(),
            url: "https://example.com/".into(),
            sealed_secret: SealedSecret { key_id: "k".into(), nonce: Vec::new(), ciphertext: Vec::new() },
            created_at: Utc::now(),
            lease_expired: false,
            due_at: None,
            rate_limit_per_s: None,
            headers: None,
            sealed_auth: None,
        }
    }

    #[test]
    fn the_next_claim_resumes_where_this_one_could_not_serve_everyone() {
        let (a, b, c) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        // Cut short by the limit: endpoints after the last one served got nothing.
        assert_eq!(resume_after(&[claimed(b), claimed(a)], 2, Some(c)), Some(b));
        // Not cut short: go on where the scan stopped, or from the start when it reached the end.
        assert_eq!(resume_after(&[claimed(a)], 2, Some(c)), Some(c));
        assert_eq!(resume_after(&[claimed(a)], 2, None), None);
        assert_eq!(resume_after(&[], 2, None), None);
    }

    #[test]
    fn stored_statuses_round_trip_and_unknown_ones_are_corrupt() {
        for s in
            [DeliveryStatus::Pending, DeliveryStatus::Failed, DeliveryStatus::Delivered, DeliveryStatus::Dead]
        {
            assert_eq!(DeliveryStatus::parse_stored(s.as_str()).ok(), Some(s));
        }
        assert!(matches!(DeliveryStatus::parse_stored("retrying"), Err(EngineError::Database(_))));
    }

    #[test]
    fn a_fill_locks_only_when_it_may_add_half_a_batch_and_adds_up_to_the_room() {
        assert_eq!(BacklogFill::worth_locking(None, 100), Err(BacklogFill::NOT_BACKLOGGED));
        assert_eq!(BacklogFill::worth_locking(Some(51), 100), Err(BacklogFill::NO_ROOM));
        assert_eq!(BacklogFill::worth_locking(Some(50), 100), Ok(()));
        assert_eq!(BacklogFill::room(30, 100), Ok(70));
        assert_eq!(BacklogFill::room(100, 100), Err(BacklogFill::NO_ROOM));
        assert_eq!(BacklogFill::room(120, 100), Err(BacklogFill::NO_ROOM), "it filled up meanwhile");
    }
}
