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

use crate::engine::Engine;
use crate::http::{AttemptOutcome, OutboundClient};
use crate::metrics::Outcome;
use crate::ops::{self, AttemptSummary, EnabledBy, OpsEvent};
use crate::policy::ProbeSchedule;
use crate::profile::{AttemptContext, Profile};
use crate::store::model::{ProbeTarget, ProbeVerdict};
use crate::store::probes;
use bytes::Bytes;
use chrono::{DateTime, SecondsFormat, Utc};
use hyper::header::{HeaderMap, HeaderValue};
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// The event type a probe carries in the service's headers; not in any catalog.
pub const PROBE_EVENT_TYPE: &str = "webhook.probe";

/// Probes one claim takes at most (and sends at once).
const PROBES_PER_CLAIM: i64 = 16;

/// Runs until `shutdown`: claims due probes every `poll`, under a lease of `lease`.
pub(super) async fn run(
    engine: Engine,
    client: OutboundClient,
    schedule: ProbeSchedule,
    shutdown: CancellationToken,
    poll: Duration,
    lease: Duration,
) {
    let lease_ms = lease.as_millis().min(i64::MAX as u128) as i64;
    loop {
        let claimed = engine
            .inner
            .pool
            .run(move |mut c| {
                Box::pin(async move { probes::claim_due_probes(&mut c, lease_ms, PROBES_PER_CLAIM).await })
            })
            .await;
        match claimed {
            Ok(targets) if !targets.is_empty() => {
                let full = targets.len() as i64 == PROBES_PER_CLAIM;
                let sending = futures_util::future::join_all(
                    targets.into_iter().map(|target| probe_one(&engine, &client, &schedule, target)),
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

async fn probe_one(engine: &Engine, client: &OutboundClient, schedule: &ProbeSchedule, target: ProbeTarget) {
    let profile = engine.profile_for(target.endpoint_id);
    let started_at = engine.now();
    let number = u32::try_from(target.probes).unwrap_or_default() + 1;
    let outcome = match engine.inner.keyring.open(target.endpoint_id, &target.sealed_secret) {
        Ok(secret) => {
            let (headers, body) = probe_request(profile, &target, number, secret.as_hmac_key(), started_at);
            client.post(&target.url, headers, Bytes::from(body), profile.timeout).await
        }
        Err(e) => AttemptOutcome::not_sent(format!("signing secret unavailable: {e}")),
    };
    let now = engine.now();
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
    let ops = engine.ops().cloned();
    let endpoint_id = target.endpoint_id;
    let recorded = engine
        .inner
        .pool
        .transaction(move |mut c| {
            Box::pin(async move {
                let enabled = probes::record_probe(&mut c, &target, verdict, now).await?;
                if let (Some(endpoint), Some(feed)) = (&enabled, ops) {
                    let event = OpsEvent::EndpointEnabled {
                        endpoint: endpoint.clone(),
                        by: EnabledBy::Probe,
                        last_attempt: Some(summary),
                    };
                    ops::enqueue(&mut c, &feed, &[event], now).await?;
                }
                Ok::<_, crate::EngineError>(enabled.is_some())
            })
        })
        .await;
    match recorded {
        Ok(true) => {
            tracing::info!(endpoint_id = %endpoint_id, "endpoint enabled: a probe was answered 2xx");
            // Its parked deliveries are due (and an operational event may be).
            engine.wake_dispatchers();
        }
        Ok(false) => {}
        Err(e) => {
            tracing::warn!(endpoint_id = %endpoint_id, error = %e, "recording a probe failed; it is probed again after its lease")
        }
    }
}

/// The headers and body of probe number `number` of `target`, signed with `secret`.
fn probe_request(
    profile: &Profile,
    target: &ProbeTarget,
    number: u32,
    secret: &[u8],
    now: DateTime<Utc>,
) -> (HeaderMap, Vec<u8>) {
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
    let dedupe_key = format!("{id}:{PROBE_EVENT_TYPE}");
    let attempt = AttemptContext {
        delivery_id: id,
        event_id: id,
        event_type: PROBE_EVENT_TYPE,
        dedupe_key: &dedupe_key,
        attempt_number: number,
        now,
    };
    let mut headers = profile.signed_headers(&attempt, secret, &body);
    headers.insert(profile.probe_header.clone(), HeaderValue::from_static("true"));
    (headers, body)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::policy::RetryPolicy;
    use crate::profile::{EventCatalog, HeaderSet};
    use crate::secrets::SealedSecret;
    use crate::signing::{HmacSha256Hex, Signer};
    use hyper::header::HeaderName;
    use std::sync::Arc;

    #[derive(Debug)]
    struct IdHeader;

    impl HeaderSet for IdHeader {
        fn apply(&self, a: &AttemptContext<'_>, h: &mut HeaderMap) {
            h.insert("x-webhook-id", HeaderValue::from_str(a.dedupe_key).unwrap());
        }
    }

    #[test]
    fn a_probe_is_signed_like_a_delivery_and_marked_as_a_probe() {
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
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let target = ProbeTarget {
            endpoint_id: Uuid::from_u128(3),
            url: "https://example.com/hook".into(),
            sealed_secret: SealedSecret { key_id: "k".into(), nonce: vec![], ciphertext: vec![] },
            disabled_at: now - chrono::Duration::minutes(1),
            probes: 0,
            fence: now,
        };
        let (headers, body) = probe_request(&profile, &target, 1, b"whsec_secret", now);
        assert_eq!(headers["x-webhook-probe"], "true");
        let signature = headers["x-webhook-signature"].to_str().unwrap();
        assert_eq!(HmacSha256Hex::V1.verify(b"whsec_secret", &body, signature), Ok(()));
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["type"], "webhook.probe");
        assert_eq!(json["endpointId"], "00000000-0000-0000-0000-000000000003");
        assert_eq!(json["disabledAt"], "2027-01-15T07:59:00.000Z");
        let id = json["id"].as_str().unwrap();
        assert_eq!(headers["x-webhook-id"], format!("{id}:webhook.probe").as_str());
    }
}
