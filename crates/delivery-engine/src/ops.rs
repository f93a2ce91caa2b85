//! Operational webhooks: the engine's own events for the operator (docs/operational-webhooks.md).
//!
//! They are ordinary events of a reserved tenant, [`OPS_TENANT`], whose one endpoint
//! ([`OPS_ENDPOINT_ID`]) the service registers from its settings
//! ([`Engine::configure_ops_endpoint`](crate::Engine::configure_ops_endpoint)). Each is enqueued
//! by `enqueue` on the connection, and in the transaction, of the change that causes it (the
//! disable, the health note, the dead outcome, the job's last batch), so none is lost and none
//! is sent for a change that rolled back; the dispatcher then delivers them like any other:
//! retries, the delivery log, the address policy, timeouts. They are signed with the Standard
//! Webhooks scheme ([`StandardWebhooks`]), chosen per endpoint by `Core::profile_for`.
//!
//! No API route can name the reserved tenant: every tenant-scoped call of the engine takes a
//! [`Tenant`](crate::Tenant), which cannot be it (D100), and `api_support` refuses it as a
//! principal. Nothing about
//! the ops endpoint itself (its failures, its dead deliveries) becomes an operational event.

use crate::metrics::{DeadReason, Outcome};
use crate::profile::{EventCatalog, Profile};
use crate::signing::StandardWebhooks;
use crate::store::model::{DisableCause, Endpoint, EndpointRef, NewEventRow};
use crate::store::{queue, DbConn, RecoveryJob};
use crate::EngineResult;
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

pub use crate::store::model::{OPS_ENDPOINT_ID, OPS_TENANT};

/// Why the ops endpoint is disabled when `OPS_WEBHOOK_URL` is unset.
pub(crate) const UNSET_REASON: &str = "OPS_WEBHOOK_URL is not set";

/// The event types, in the order docs/operational-webhooks.md lists them.
pub const OPS_EVENT_TYPES: [&str; 6] = [
    "endpoint.disabled",
    "endpoint.enabled",
    "endpoint.failing",
    "endpoint.recovered",
    "delivery.exhausted",
    "recovery_job.finished",
];

/// What this process's engine needs to emit operational events.
#[derive(Debug)]
pub(crate) struct OpsFeed {
    /// The service's name, in every event (`data.service`).
    pub service: String,
    /// How deliveries to the ops endpoint are signed and sent: Standard Webhooks headers and
    /// signature, the service's retry policy and timeout.
    pub profile: Profile,
}

impl OpsFeed {
    pub(crate) fn new(service: &str, base: &Profile) -> Arc<Self> {
        let catalog = EventCatalog::new(OPS_EVENT_TYPES);
        let profile = Profile::standard_webhooks(base.retry.clone(), base.timeout, catalog);
        Arc::new(Self { service: service.to_owned(), profile })
    }
}

/// Where operational events go: the operator's URL and secret (`OPS_WEBHOOK_URL`,
/// `OPS_WEBHOOK_SECRET`). `Debug` shows neither (a URL may hold a token).
#[derive(Clone)]
pub struct OpsTarget {
    pub url: String,
    /// `whsec_<base64>` (checked by [`OpsTarget::new`]).
    pub secret: crate::secrets::SigningSecret,
}

impl std::fmt::Debug for OpsTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OpsTarget(<redacted>)")
    }
}

impl OpsTarget {
    /// A target whose secret is a Standard Webhooks secret (`whsec_` and 24 to 64 bytes in
    /// base64). The URL is checked when it is configured, by the engine's URL rules.
    pub fn new(url: &str, secret: &str) -> Result<Self, crate::signing::StandardSecretError> {
        StandardWebhooks::key(secret)?;
        Ok(Self { url: url.to_owned(), secret: crate::secrets::SigningSecret::from_plain(secret.to_owned()) })
    }
}

/// What configuring the ops endpoint does, from what is stored and what is wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OpsEndpointPlan {
    /// Register it (with the fixed id).
    Create,
    /// Store the URL (if it changed) and the secret, and enable it if it is disabled: every
    /// start with the setting is an operator's word that the target is to be used.
    Update {
        url: Option<String>,
        enable: bool,
    },
    /// Disable it (manually, "OPS_WEBHOOK_URL is not set"): its parked events resume when the
    /// setting comes back.
    Disable,
    Nothing,
}

impl OpsEndpointPlan {
    pub(crate) fn new(stored: Option<&Endpoint>, wanted_url: Option<&str>) -> Self {
        match (stored, wanted_url) {
            (None, Some(_)) => Self::Create,
            (Some(e), Some(url)) => {
                Self::Update { url: (e.url != url).then(|| url.to_owned()), enable: e.disabled_at.is_some() }
            }
            (Some(e), None) if e.disabled_cause != Some(DisableCause::Manual) => Self::Disable,
            (_, None) => Self::Nothing,
        }
    }
}

/// The last attempt an event is about, as operational events show it: no URL, header, body or
/// error text (which can quote a URL), only its class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AttemptSummary {
    /// `None` for a probe (not a delivery).
    pub delivery_id: Option<Uuid>,
    /// 1-based; for a probe, the probe's number since the disable.
    pub attempt: u32,
    pub started_at: DateTime<Utc>,
    pub duration_ms: u64,
    pub status: Option<u16>,
    pub outcome: Outcome,
}

impl AttemptSummary {
    fn json(&self) -> Value {
        json!({
            "deliveryId": self.delivery_id,
            "attempt": self.attempt,
            "startedAt": ts(self.started_at),
            "durationMs": self.duration_ms,
            "status": self.status,
            "outcome": format!("{:?}", self.outcome),
        })
    }
}

/// Who enabled an endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EnabledBy {
    /// A user, through an API or a console.
    Manual,
    /// The engine, after a probe was answered 2xx.
    Probe,
}

/// One operational event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OpsEvent {
    EndpointDisabled {
        endpoint: EndpointRef,
        cause: DisableCause,
        reason: String,
        /// When the run of failures that disabled it began (`failing` only).
        failing_since: Option<DateTime<Utc>>,
        /// When it is probed first (`failing`, with probes on).
        next_probe_at: Option<DateTime<Utc>>,
        last_attempt: Option<AttemptSummary>,
    },
    EndpointEnabled {
        endpoint: EndpointRef,
        by: EnabledBy,
        /// The probe that was answered 2xx.
        last_attempt: Option<AttemptSummary>,
    },
    EndpointFailing {
        endpoint: EndpointRef,
        level: u8,
        failing_since: DateTime<Utc>,
        window: Duration,
        last_attempt: AttemptSummary,
    },
    EndpointRecovered {
        endpoint: EndpointRef,
        failing_since: DateTime<Utc>,
        /// The highest warning sent in the run that ended.
        warned: u8,
        last_attempt: AttemptSummary,
    },
    DeliveryExhausted {
        endpoint: EndpointRef,
        /// The event as its tenant knows it: the key its service gave it (workflow-api's
        /// `<runId>:<event>`, its `X-Webhook-ID`; campaign-api's event id, the envelope's `id`),
        /// not the engine's row id, which appears nowhere a tenant looks.
        event_key: String,
        event_type: String,
        reason: DeadReason,
        last_attempt: AttemptSummary,
    },
    RecoveryJobFinished {
        tenant_id: String,
        job: RecoveryJob,
    },
}

impl OpsEvent {
    pub(crate) fn event_type(&self) -> &'static str {
        match self {
            Self::EndpointDisabled { .. } => "endpoint.disabled",
            Self::EndpointEnabled { .. } => "endpoint.enabled",
            Self::EndpointFailing { .. } => "endpoint.failing",
            Self::EndpointRecovered { .. } => "endpoint.recovered",
            Self::DeliveryExhausted { .. } => "delivery.exhausted",
            Self::RecoveryJobFinished { .. } => "recovery_job.finished",
        }
    }

    /// The tenant the event is about.
    pub(crate) fn tenant(&self) -> &str {
        match self {
            Self::EndpointDisabled { endpoint, .. }
            | Self::EndpointEnabled { endpoint, .. }
            | Self::EndpointFailing { endpoint, .. }
            | Self::EndpointRecovered { endpoint, .. }
            | Self::DeliveryExhausted { endpoint, .. } => &endpoint.tenant_id,
            Self::RecoveryJobFinished { tenant_id, .. } => tenant_id,
        }
    }

    /// Unique per occurrence, so that the same occurrence noted twice (two workers judging one
    /// endpoint in the same instant) is one event: the engine's dedupe key.
    pub(crate) fn dedupe_key(&self, at: DateTime<Utc>) -> String {
        let micros = |t: DateTime<Utc>| t.timestamp_micros();
        let kind = self.event_type();
        match self {
            Self::EndpointDisabled { endpoint, .. } | Self::EndpointEnabled { endpoint, .. } => {
                format!("{kind}:{}:{}", endpoint.id, micros(at))
            }
            Self::EndpointFailing { endpoint, level, failing_since, .. } => {
                format!("{kind}:{}:{}:{level}", endpoint.id, micros(*failing_since))
            }
            Self::EndpointRecovered { endpoint, failing_since, .. } => {
                format!("{kind}:{}:{}", endpoint.id, micros(*failing_since))
            }
            Self::DeliveryExhausted { last_attempt, .. } => {
                let delivery = last_attempt.delivery_id.unwrap_or_default();
                format!("{kind}:{delivery}:{}", last_attempt.attempt)
            }
            Self::RecoveryJobFinished { job, .. } => format!("{kind}:{}", job.id),
        }
    }

    /// The body: `{"type", "timestamp", "data"}`, as Standard Webhooks suggests. `data` always
    /// has `service`, `tenant` and `endpointId`; never a URL, a secret or a payload.
    pub(crate) fn body(&self, service: &str, at: DateTime<Utc>) -> Vec<u8> {
        let mut data = match self {
            Self::EndpointDisabled {
                endpoint,
                cause,
                reason,
                failing_since,
                next_probe_at,
                last_attempt,
            } => {
                json!({
                    "endpointId": endpoint.id,
                    "cause": cause.as_str(),
                    "reason": reason,
                    "disabledAt": ts(at),
                    "failingSince": failing_since.map(ts),
                    "nextProbeAt": next_probe_at.map(ts),
                    "lastAttempt": last_attempt.as_ref().map(AttemptSummary::json),
                })
            }
            Self::EndpointEnabled { endpoint, by, last_attempt } => json!({
                "endpointId": endpoint.id,
                "by": match by { EnabledBy::Manual => "manual", EnabledBy::Probe => "probe" },
                "enabledAt": ts(at),
                "lastAttempt": last_attempt.as_ref().map(AttemptSummary::json),
            }),
            Self::EndpointFailing { endpoint, level, failing_since, window, last_attempt } => {
                let disables_at = chrono::Duration::from_std(*window)
                    .ok()
                    .and_then(|w| failing_since.checked_add_signed(w));
                json!({
                    "endpointId": endpoint.id,
                    "level": level,
                    "failingSince": ts(*failing_since),
                    "disableAfterSeconds": window.as_secs_f64(),
                    "disablesAt": disables_at.map(ts),
                    "lastAttempt": last_attempt.json(),
                })
            }
            Self::EndpointRecovered { endpoint, failing_since, warned, last_attempt } => json!({
                "endpointId": endpoint.id,
                "failingSince": ts(*failing_since),
                "recoveredAt": ts(at),
                "highestLevel": warned,
                "lastAttempt": last_attempt.json(),
            }),
            Self::DeliveryExhausted { endpoint, event_key, event_type, reason, last_attempt } => json!({
                "endpointId": endpoint.id,
                "deliveryId": last_attempt.delivery_id,
                "eventId": event_key,
                "eventType": event_type,
                "reason": format!("{reason:?}"),
                "attempts": last_attempt.attempt,
                "lastAttempt": last_attempt.json(),
            }),
            Self::RecoveryJobFinished { job, .. } => json!({
                "endpointId": job.endpoint_id,
                "jobId": job.id,
                "status": job.status.as_str(),
                "error": job.error,
                "since": ts(job.window.since),
                "until": ts(job.window.until),
                "includeDelivered": job.window.include_delivered,
                "total": job.total,
                "processed": job.processed,
                "resent": job.resent,
                "finishedAt": job.finished_at.map(ts),
            }),
        };
        if let Value::Object(fields) = &mut data {
            fields.insert("service".into(), service.into());
            fields.insert("tenant".into(), self.tenant().into());
        }
        let body = json!({ "type": self.event_type(), "timestamp": ts(at), "data": data });
        serde_json::to_vec(&body).unwrap_or_default()
    }
}

/// RFC 3339 in UTC with milliseconds, as the services' APIs write times.
fn ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Records `events` (those about the ops tenant itself left out) as events of the ops tenant on
/// `conn`, inside the caller's transaction: created one microsecond apart from `at` in the
/// order given, so they are sent in that order. Returns the deliveries made (0 while the ops
/// endpoint is disabled or absent: events are then kept without deliveries, as for any
/// tenant).
pub(crate) async fn enqueue(
    conn: &mut DbConn<'_>,
    feed: &OpsFeed,
    events: &[OpsEvent],
    at: DateTime<Utc>,
) -> EngineResult<i64> {
    let mut deliveries = 0;
    for (i, event) in events.iter().filter(|e| e.tenant() != OPS_TENANT).enumerate() {
        let body = event.body(&feed.service, at);
        let dedupe_key = event.dedupe_key(at);
        let row = NewEventRow {
            id: Uuid::now_v7(),
            tenant_id: OPS_TENANT,
            event_type: event.event_type(),
            dedupe_key: &dedupe_key,
            body: &body,
            created_at: at + chrono::Duration::microseconds(i as i64),
            only_endpoint: None,
        };
        // Uncached: operational events are few, and the ops tenant's routes rarely read.
        let written = queue::enqueue(conn, std::slice::from_ref(&row), None).await?;
        deliveries += written.iter().flatten().map(|t| t.deliveries()).sum::<i64>();
    }
    Ok(deliveries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{RecoveryStatus, RecoveryWindow};

    fn t(s: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + s, 123_000_000).unwrap()
    }

    fn ep() -> EndpointRef {
        EndpointRef { id: Uuid::from_u128(1), tenant_id: "acct-1".into() }
    }

    fn attempt() -> AttemptSummary {
        AttemptSummary {
            delivery_id: Some(Uuid::from_u128(2)),
            attempt: 3,
            started_at: t(0),
            duration_ms: 12,
            status: Some(503),
            outcome: Outcome::http_5xx,
        }
    }

    fn body(e: &OpsEvent) -> Value {
        serde_json::from_slice(&e.body("workflow-api", t(10))).unwrap()
    }

    #[test]
    fn a_failing_warning_says_which_level_of_which_window() {
        let e = OpsEvent::EndpointFailing {
            endpoint: ep(),
            level: 75,
            failing_since: t(0),
            window: Duration::from_secs(100),
            last_attempt: attempt(),
        };
        let b = body(&e);
        assert_eq!(b["type"], "endpoint.failing");
        assert_eq!(b["timestamp"], "2027-01-15T08:00:10.123Z");
        let d = &b["data"];
        assert_eq!((d["service"].as_str(), d["tenant"].as_str()), (Some("workflow-api"), Some("acct-1")));
        assert_eq!(d["endpointId"], "00000000-0000-0000-0000-000000000001");
        assert_eq!(d["level"], 75);
        assert_eq!(d["failingSince"], "2027-01-15T08:00:00.123Z");
        assert_eq!(d["disableAfterSeconds"], 100.0);
        assert_eq!(d["disablesAt"], "2027-01-15T08:01:40.123Z");
        assert_eq!(
            d["lastAttempt"],
            json!({"deliveryId": "00000000-0000-0000-0000-000000000002", "attempt": 3,
                   "startedAt": "2027-01-15T08:00:00.123Z", "durationMs": 12, "status": 503,
                   "outcome": "http_5xx"})
        );
        // One event per level and run of failures.
        assert_eq!(
            e.dedupe_key(t(10)),
            format!("endpoint.failing:{}:{}:75", ep().id, t(0).timestamp_micros())
        );
    }

    #[test]
    fn disabled_enabled_exhausted_and_recovery_bodies_name_what_happened() {
        let disabled = OpsEvent::EndpointDisabled {
            endpoint: ep(),
            cause: DisableCause::Failing,
            reason: "every attempt failed for longer than 5 days".into(),
            failing_since: Some(t(0)),
            next_probe_at: Some(t(70)),
            last_attempt: Some(attempt()),
        };
        let d = body(&disabled)["data"].clone();
        assert_eq!(
            (d["cause"].as_str(), d["nextProbeAt"].as_str()),
            (Some("failing"), Some("2027-01-15T08:01:10.123Z"))
        );
        assert_eq!(d["disabledAt"], "2027-01-15T08:00:10.123Z");

        let enabled = OpsEvent::EndpointEnabled { endpoint: ep(), by: EnabledBy::Probe, last_attempt: None };
        let d = body(&enabled)["data"].clone();
        assert_eq!((d["by"].as_str(), d["lastAttempt"].is_null()), (Some("probe"), true));

        let dead = OpsEvent::DeliveryExhausted {
            endpoint: ep(),
            event_key: "run-9:run.completed".into(),
            event_type: "run.completed".into(),
            reason: DeadReason::retries_exhausted,
            last_attempt: attempt(),
        };
        let d = body(&dead)["data"].clone();
        assert_eq!((d["reason"].as_str(), d["attempts"].as_u64()), (Some("retries_exhausted"), Some(3)));
        assert_eq!(d["eventId"], "run-9:run.completed", "the id the tenant's receiver saw");
        assert_eq!(dead.dedupe_key(t(10)), format!("delivery.exhausted:{}:3", Uuid::from_u128(2)));

        let job = RecoveryJob {
            id: Uuid::from_u128(5),
            endpoint_id: ep().id,
            window: RecoveryWindow { since: t(-100), until: t(0), include_delivered: false },
            status: RecoveryStatus::Finished,
            total: 3,
            processed: 3,
            resent: 2,
            error: None,
            created_at: t(1),
            started_at: Some(t(2)),
            finished_at: Some(t(3)),
            updated_at: t(3),
        };
        let finished = OpsEvent::RecoveryJobFinished { tenant_id: "acct-1".into(), job };
        let d = body(&finished)["data"].clone();
        assert_eq!(
            (d["status"].as_str(), d["resent"].as_i64(), d["tenant"].as_str()),
            (Some("finished"), Some(2), Some("acct-1"))
        );
        assert_eq!(d["endpointId"], "00000000-0000-0000-0000-000000000001");
    }

    #[test]
    fn no_body_carries_a_url_or_an_error_text() {
        let b = String::from_utf8(
            OpsEvent::EndpointRecovered {
                endpoint: ep(),
                failing_since: t(0),
                warned: 50,
                last_attempt: attempt(),
            }
            .body("campaign-api", t(5)),
        )
        .unwrap();
        assert!(!b.contains("http") || b.contains("http_5xx"), "{b}");
        assert!(!b.contains("error"), "{b}");
    }

    fn stored(url: &str, cause: Option<DisableCause>) -> Endpoint {
        Endpoint {
            id: OPS_ENDPOINT_ID,
            tenant_id: OPS_TENANT.into(),
            url: url.into(),
            event_types: vec![],
            disabled_at: cause.map(|_| t(0)),
            disabled_reason: None,
            disabled_cause: cause,
            rate_limit_per_s: None,
            headers: vec![],
            auth: None,
            client_certificate: None,
            content_filter: None,
            created_at: t(0),
            updated_at: t(0),
        }
    }

    #[test]
    fn the_ops_endpoint_follows_the_setting() {
        use OpsEndpointPlan::*;
        assert_eq!(OpsEndpointPlan::new(None, Some("https://ops/")), Create);
        assert_eq!(OpsEndpointPlan::new(None, None), Nothing);
        let live = stored("https://ops/", None);
        assert_eq!(
            OpsEndpointPlan::new(Some(&live), Some("https://ops/")),
            Update { url: None, enable: false }
        );
        assert_eq!(
            OpsEndpointPlan::new(Some(&live), Some("https://new/")),
            Update { url: Some("https://new/".into()), enable: false }
        );
        assert_eq!(OpsEndpointPlan::new(Some(&live), None), Disable);
        let off = stored("https://ops/", Some(DisableCause::Manual));
        assert_eq!(OpsEndpointPlan::new(Some(&off), None), Nothing);
        assert_eq!(
            OpsEndpointPlan::new(Some(&off), Some("https://ops/")),
            Update { url: None, enable: true }
        );
        // Disabled by the engine: a start with the setting enables it again; unsetting stops its probes.
        let failing = stored("https://ops/", Some(DisableCause::Failing));
        assert_eq!(
            OpsEndpointPlan::new(Some(&failing), Some("https://ops/")),
            Update { url: None, enable: true }
        );
        assert_eq!(OpsEndpointPlan::new(Some(&failing), None), Disable);
    }
}
