//! The prober: probes the endpoints the engine disabled for failing, on their schedule
//! ([`ProbeSchedule`]), beside the claim loop, in every worker process (a probe is claimed
//! under a lease, so two workers never probe one endpoint at once).
//!
//! A probe is not an event and not a delivery: a signed POST with the service's own headers
//! and signature (under the endpoint's current secret), marked by the profile's probe header
//! (`X-Webhook-Probe: true`, …) and the event type `webhook.probe`, whose body names the
//! endpoint. It goes through the same client as deliveries (address policy, no redirects, the
//! attempt timeout). A 2xx enables the endpoint as an enable through the API does (its parked
//! deliveries resume, oldest first) and, with operational webhooks, says so
//! (`endpoint.enabled`, `by: probe`); anything else schedules the next probe, or none once
//! the schedule is over. Probes are not in the delivery log; the log line `probe answered`
//! (at `info`) and the operational event are their trace.
//!
//! - **Owns**: the probes it claimed, each under a lease.
//! - **Woken by**: its poll (`poll_interval`); a full claim is followed by another at once.
//! - **Never**: probes an endpoint disabled manually or for a 410, or one another worker holds.

use super::config::millis;
use super::send::{post_with_access, Target};
use crate::access::EndpointAccess;
use crate::core::Core;
use crate::http::{AttemptOutcome, OutboundClient};
use crate::metrics::Outcome;
use crate::ops::{self, AttemptSummary, EnabledBy, OpsEvent};
use crate::policy::ProbeSchedule;
use crate::signing::AttemptContext;
use crate::store::model::{ProbeTarget, ProbeVerdict};
use crate::store::probes;
use bytes::Bytes;
use chrono::{DateTime, SecondsFormat, Utc};
use hyper::header::{HeaderMap, HeaderValue};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// The event type a probe carries in the service's headers; not in any catalog.
pub const PROBE_EVENT_TYPE: &str = "webhook.probe";

/// Probes one claim takes at most (and sends at once).
const PROBES_PER_CLAIM: i64 = 16;

/// Runs until `shutdown`: claims due probes every `poll`, under a lease of `lease`.
pub(super) async fn run(
    core: Arc<Core>,
    client: OutboundClient,
    schedule: ProbeSchedule,
    shutdown: CancellationToken,
    poll: Duration,
    lease: Duration,
) {
    let lease_ms = millis(lease);
    loop {
        let claimed = core
            .run(crate::on_conn!(|c| probes::claim_due_probes(c, lease_ms, PROBES_PER_CLAIM).await))
            .await;
        match claimed {
            Ok(targets) if !targets.is_empty() => {
                let full = targets.len() as i64 == PROBES_PER_CLAIM;
                let sending = futures_util::future::join_all(
                    targets.into_iter().map(|target| probe_one(&core, &client, &schedule, target)),
                );
                tokio::select! {
                    _ = sending => {}
                    // The leases run out and another worker probes them.
                    () = shutdown.cancelled() => return,
                }
                if full {
                    continue;
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "looking for due probes failed; trying again"),
        }
        tokio::select! {
            () = tokio::time::sleep(poll) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

async fn probe_one(core: &Core, client: &OutboundClient, schedule: &ProbeSchedule, target: ProbeTarget) {
    let number = u32::try_from(target.probes).unwrap_or_default() + 1;
    let started_at = core.now();
    let request = ProbeRequest::new(&target, number, started_at);
    let outcome = match probe_headers(core, &target, &request) {
        Ok((headers, access)) => {
            let to = Target { endpoint: target.endpoint_id, url: &target.url, access: &access };
            post_with_access(core, client, to, headers, Bytes::from(request.body)).await
        }
        Err(e) => AttemptOutcome::not_sent(e),
    };
    let now = core.now();
    let verdict = if outcome.is_success() {
        ProbeVerdict::Enable
    } else {
        ProbeVerdict::Again(schedule.next(target.disabled_at, number, now))
    };
    let class = Outcome::of(&outcome);
    tracing::info!(
        endpoint_id = %target.endpoint_id,
        probe = number,
        outcome = ?class,
        status = outcome.status,
        next_probe_at = ?match verdict { ProbeVerdict::Again(at) => at, ProbeVerdict::Enable => None },
        "probe answered"
    );
    let summary = AttemptSummary {
        delivery_id: None,
        attempt: number,
        started_at,
        duration_ms: outcome.duration.as_millis().min(u128::from(u64::MAX)) as u64,
        status: outcome.status,
        outcome: class,
    };
    record(core, target, verdict, summary, now).await;
}

/// Records a probe's verdict (with, when it enables the endpoint, its operational event).
async fn record(
    core: &Core,
    target: ProbeTarget,
    verdict: ProbeVerdict,
    summary: AttemptSummary,
    now: DateTime<Utc>,
) {
    let (ops, endpoint_id) = (core.ops().cloned(), target.endpoint_id);
    let recorded = core
        .transaction(crate::on_conn!(|c| {
            let enabled = probes::record_probe(c, &target, verdict, now).await?;
            if let (Some(endpoint), Some(feed)) = (&enabled, ops) {
                let event = OpsEvent::EndpointEnabled {
                    endpoint: endpoint.clone(),
                    by: EnabledBy::Probe,
                    last_attempt: Some(summary),
                };
                ops::enqueue(c, &feed, &[event], now).await?;
            }
            Ok::<_, crate::error::EngineError>(enabled.is_some())
        }))
        .await;
    match recorded {
        Ok(true) => {
            // Its parked deliveries are due (and an operational event may be): the commit's
            // receipt woke the dispatchers.
            tracing::info!(endpoint_id = %endpoint_id, "endpoint enabled: a probe was answered 2xx");
        }
        Ok(false) => {}
        Err(e) => {
            tracing::warn!(endpoint_id = %endpoint_id, error = %e, "recording a probe failed; it is probed again after its lease")
        }
    }
}

/// Probe number `number` of an endpoint: its body, and the id its headers name.
struct ProbeRequest {
    id: Uuid,
    dedupe_key: String,
    number: u32,
    now: DateTime<Utc>,
    body: Vec<u8>,
}

impl ProbeRequest {
    fn new(target: &ProbeTarget, number: u32, now: DateTime<Utc>) -> Self {
        let id = Uuid::now_v7();
        let ts = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Millis, true);
        let body = serde_json::json!({
            "type": PROBE_EVENT_TYPE,
            "id": id,
            "endpointId": target.endpoint_id,
            "disabledAt": ts(target.disabled_at),
            "timestamp": ts(now),
        });
        let body = serde_json::to_vec(&body).unwrap_or_default();
        Self { id, dedupe_key: format!("{id}:{PROBE_EVENT_TYPE}"), number, now, body }
    }

    fn attempt(&self) -> AttemptContext<'_> {
        AttemptContext {
            delivery_id: self.id,
            event_id: self.id,
            event_type: PROBE_EVENT_TYPE,
            dedupe_key: &self.dedupe_key,
            attempt_number: self.number,
            now: self.now,
        }
    }
}

/// A probe's headers: an attempt's, signed under the endpoint's current secret, with the
/// endpoint's own headers and credential (a gateway in front of it refuses a probe without
/// them), and the profile's probe header.
fn probe_headers(
    core: &Core,
    target: &ProbeTarget,
    request: &ProbeRequest,
) -> Result<(HeaderMap, EndpointAccess), String> {
    let mut headers = core
        .sign_attempt(target.endpoint_id, &target.sealed_secret, &request.attempt(), &request.body)
        .map_err(|e| format!("signing secret unavailable: {e}"))?;
    let access =
        core.open_access(target.endpoint_id, target.headers.as_deref(), target.sealed_auth.as_ref())?;
    headers
        .insert(core.profile_for(target.endpoint_id).probe_header.clone(), HeaderValue::from_static("true"));
    Ok((headers, access))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::RetryPolicy;
    use crate::profile::{EventCatalog, Profile};
    use crate::secrets::{Keyring, SigningSecret};
    use crate::signing::{HeaderSet, HmacSha256Hex, Signer};
    use hyper::header::HeaderName;

    #[derive(Debug)]
    struct IdHeader;

    impl HeaderSet for IdHeader {
        fn apply(&self, a: &AttemptContext<'_>, h: &mut HeaderMap) {
            h.insert("x-webhook-id", HeaderValue::from_str(a.dedupe_key).unwrap());
        }
    }

    #[tokio::test]
    async fn a_probe_is_signed_like_a_delivery_and_marked_as_a_probe() {
        let profile = Profile {
            signer: Arc::new(HmacSha256Hex::V1),
            signature_header: HeaderName::from_static("x-webhook-signature"),
            headers: Arc::new(IdHeader),
            retry: RetryPolicy::fixed(vec![]),
            timeout: Duration::from_secs(1),
            catalog: EventCatalog::new(["run.completed"]),
            secret_prefix: "whsec_".into(),
            probe_header: HeaderName::from_static("x-webhook-probe"),
        };
        let dir = tempfile::tempdir().unwrap();
        let pool =
            crate::store::connect_pool(&format!("sqlite://{}/probe.db", dir.path().display()), 1).unwrap();
        let keyring = Keyring::parse(&Keyring::generate_entry("k1")).unwrap();
        let endpoint_id = Uuid::from_u128(3);
        let sealed_secret = keyring.seal(endpoint_id, &SigningSecret::from_plain("whsec_secret".into()));
        let core = Core::new(pool, keyring, profile);
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let target = ProbeTarget {
            endpoint_id,
            url: "https://example.com/hook".into(),
            sealed_secret,
            disabled_at: now - chrono::Duration::minutes(1),
            probes: 0,
            fence: now,
            headers: None,
            sealed_auth: None,
        };
        let request = ProbeRequest::new(&target, 1, now);
        let (headers, _) = probe_headers(&core, &target, &request).unwrap();
        assert_eq!(headers["x-webhook-probe"], "true");
        let signature = headers["x-webhook-signature"].to_str().unwrap();
        assert_eq!(HmacSha256Hex::V1.verify(b"whsec_secret", &request.body, signature), Ok(()));
        let json: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(json["type"], "webhook.probe");
        assert_eq!(json["endpointId"], "00000000-0000-0000-0000-000000000003");
        assert_eq!(json["disabledAt"], "2027-01-15T07:59:00.000Z");
        let id = json["id"].as_str().unwrap();
        assert_eq!(headers["x-webhook-id"], format!("{id}:webhook.probe").as_str());
    }
}
