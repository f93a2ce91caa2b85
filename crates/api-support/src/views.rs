//! Response shapes both services share.

use crate::ts;
use delivery_engine::deliveries::{Attempt, Delivery};
use delivery_engine::recovery::{RecoveryJob, RecoveryWindow};
use delivery_engine::{Engine, EngineError, Tenant};
use serde::Serialize;
use std::collections::BTreeMap;
use uuid::Uuid;

/// One attempt of a delivery, as both services show it with the delivery (campaign-api's
/// delivery view, workflow-api's `GET /webhooks/deliveries/{deliveryId}` extension).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptOut {
    pub attempt_number: i32,
    pub started_at: String,
    pub duration_ms: i32,
    pub response_code: Option<i32>,
    pub error: Option<String>,
    /// The first 4 KiB of the response body, as text (invalid UTF-8 replaced).
    pub response_body: Option<String>,
    /// How long after the delivery was due its endpoint's rate limit held it back (`null`: not
    /// held back).
    pub rate_limited_ms: Option<i32>,
    /// It left through the service's egress proxy (`OUTBOUND_PROXY`).
    pub via_proxy: bool,
    /// The headers the attempt sent, names in lower case, the endpoint's credential and any
    /// header that looks like one shown as `[redacted]` (`null` once the payload expired).
    pub request_headers: Option<BTreeMap<String, String>>,
}

impl AttemptOut {
    /// A delivery's attempts as the API shows them, each with the headers it sent (one more
    /// read, and one HMAC an attempt, for the delivery detail only).
    pub async fn all_of(
        engine: &Engine,
        tenant: &Tenant,
        delivery: &Delivery,
        attempts: Vec<Attempt>,
    ) -> Result<Vec<Self>, EngineError> {
        let started: Vec<_> = attempts.iter().map(|a| (a.attempt_number as u32, a.started_at)).collect();
        let sent = match delivery.payload_erased_at {
            Some(_) => None,
            None => engine.sent_headers(tenant, delivery.id, &started).await?,
        };
        let mut sent = sent.unwrap_or_default().into_iter();
        Ok(attempts
            .into_iter()
            .map(|a| Self { request_headers: sent.next().map(|h| h.into_iter().collect()), ..a.into() })
            .collect())
    }
}

impl From<Attempt> for AttemptOut {
    fn from(a: Attempt) -> Self {
        Self {
            request_headers: None,
            via_proxy: a.via_proxy,
            attempt_number: a.attempt_number,
            started_at: ts(a.started_at),
            duration_ms: a.duration_ms,
            response_code: a.response_code,
            error: a.error,
            response_body: a.response_body.map(|b| String::from_utf8_lossy(&b).into_owned()),
            rate_limited_ms: a.rate_limited_ms,
        }
    }
}

/// A bulk recovery job as both services show it (`…/recoveries` routes).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryJobOut {
    pub id: String,
    pub endpoint_id: String,
    /// `queued`, `running`, `finished`, `cancelled` or `failed`.
    pub status: &'static str,
    pub since: String,
    pub until: String,
    pub include_delivered: bool,
    /// Deliveries in the window when the job was created (the dry run's answer then).
    pub total: i64,
    /// Deliveries of the window the job has gone through.
    pub processed: i64,
    /// Of those, how many it made due again (the rest were delivered meanwhile, or in flight).
    pub resent: i64,
    /// Why a `failed` job stopped.
    pub error: Option<String>,
    pub created_at: String,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    pub updated_at: String,
}

impl From<RecoveryJob> for RecoveryJobOut {
    fn from(j: RecoveryJob) -> Self {
        Self {
            id: j.id.to_string(),
            endpoint_id: j.endpoint_id.to_string(),
            status: j.status.as_str(),
            since: ts(j.window.since),
            until: ts(j.window.until),
            include_delivered: j.window.include_delivered,
            total: j.total,
            processed: j.processed,
            resent: j.resent,
            error: j.error,
            created_at: ts(j.created_at),
            started_at: j.started_at.map(ts),
            finished_at: j.finished_at.map(ts),
            updated_at: ts(j.updated_at),
        }
    }
}

/// The answer of a recovery dry run: the window as it was read, and how many deliveries a job
/// over it would re-send now.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryDryRunOut {
    pub endpoint_id: String,
    pub since: String,
    pub until: String,
    pub include_delivered: bool,
    pub total: i64,
}

impl RecoveryDryRunOut {
    pub fn new(endpoint: Uuid, window: &RecoveryWindow, total: i64) -> Self {
        Self {
            endpoint_id: endpoint.to_string(),
            since: ts(window.since),
            until: ts(window.until),
            include_delivered: window.include_delivered,
            total,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};
    use delivery_engine::recovery::RecoveryStatus;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_recovery_job_shows_its_window_progress_and_times_in_camel_case() {
        let window = RecoveryWindow {
            since: t("2026-11-23T10:00:00Z"),
            until: t("2026-11-23T11:00:00.250Z"),
            include_delivered: false,
        };
        let job = RecoveryJob {
            id: Uuid::nil(),
            endpoint_id: Uuid::max(),
            window,
            status: RecoveryStatus::Running,
            total: 250,
            processed: 200,
            resent: 199,
            error: None,
            created_at: t("2026-11-23T11:00:01Z"),
            started_at: Some(t("2026-11-23T11:00:02Z")),
            finished_at: None,
            updated_at: t("2026-11-23T11:00:03Z"),
        };
        let json = serde_json::to_value(RecoveryJobOut::from(job)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "id": Uuid::nil(), "endpointId": Uuid::max(), "status": "running",
                "since": "2026-11-23T10:00:00.000Z", "until": "2026-11-23T11:00:00.250Z",
                "includeDelivered": false, "total": 250, "processed": 200, "resent": 199, "error": null,
                "createdAt": "2026-11-23T11:00:01.000Z", "startedAt": "2026-11-23T11:00:02.000Z",
                "finishedAt": null, "updatedAt": "2026-11-23T11:00:03.000Z"
            })
        );
        let dry = serde_json::to_value(RecoveryDryRunOut::new(Uuid::max(), &window, 7)).unwrap();
        assert_eq!(
            dry,
            serde_json::json!({
                "endpointId": Uuid::max(), "since": "2026-11-23T10:00:00.000Z",
                "until": "2026-11-23T11:00:00.250Z", "includeDelivered": false, "total": 7
            })
        );
    }
}
