//! Operational webhooks and probes on both stores, with real receivers: the operator's
//! receiver checks every event with a Standard Webhooks verification written from the
//! specification (`test_support::standard_webhooks`), in the order the events arrive.

use crate::common::*;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus};
use delivery_engine::endpoints::{DisableCause, EndpointPatch};
use delivery_engine::policy::{ProbeSchedule, RetryPolicy};
use delivery_engine::recovery::{RecoveryWindow, StartRecovery};
use delivery_engine::{DispatcherConfig, Engine, EngineError, Tenant};
use delivery_engine::{OpsTarget, OPS_ENDPOINT_ID, OPS_TENANT};
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use test_support::standard_webhooks::{label, wait_for_events, OPS_SECRET};
use test_support::{on_both_backends, Backend, Receiver, Recorded, Reply, TestDb};

/// An engine that emits operational webhooks to `ops`.
async fn ops_engine(db: &TestDb, retry: RetryPolicy, ops: &Receiver) -> Engine {
    let engine = engine_with(db, profile(retry, Duration::from_secs(5))).with_ops_feed("test-service");
    engine.configure_ops_endpoint(Some(&OpsTarget::new(&ops.url(), OPS_SECRET).unwrap())).await.unwrap();
    engine
}

fn labels(events: &[Value]) -> Vec<String> {
    events.iter().map(label).collect()
}

/// A receiver that answers 200 while `up`, else `down_status`.
async fn switchable(down_status: u16) -> (Receiver, Arc<AtomicBool>) {
    let up = Arc::new(AtomicBool::new(false));
    let is_up = up.clone();
    let receiver = Receiver::start(move |_, _| {
        Reply::Status(if is_up.load(Ordering::SeqCst) { 200 } else { down_status })
    })
    .await;
    (receiver, up)
}

fn is_probe(r: &Recorded) -> bool {
    r.header("x-webhook-probe") == Some("true")
}

async fn endpoint_state(engine: &Engine, id: uuid::Uuid) -> delivery_engine::endpoints::Endpoint {
    engine.get_endpoint(&TENANT, id).await.unwrap()
}

/// Two runs of failures of one endpoint: the first warned about (50 %, perhaps more) and ended
/// by a success (`endpoint.recovered`), the second warned about at 50, 75 and 90 % once each
/// and disabled; then a user enables and disables it. Every event arrives signed, verifiable,
/// in the order it happened, and names the service, tenant and endpoint without a secret or a
/// URL.
async fn operational_events_arrive_signed_in_order_with_each_warning_once(backend: Backend) {
    let db = database(backend).await;
    let ops = Receiver::ok().await;
    let engine = ops_engine(&db, RetryPolicy::fixed(vec![Duration::from_millis(100); 80]), &ops).await;
    let (receiver, up) = switchable(500).await;
    let ep = endpoint(&engine, &receiver.url(), &[]).await;
    let config = DispatcherConfig {
        disable_after: Some(Duration::from_secs(3)),
        probe: None,
        per_endpoint: 1,
        ..fast_config()
    };
    let running = spawn_dispatcher(&engine, client(0, None), config);

    // First run of failures: warned at 50 %, then the endpoint answers again.
    emit(&engine, "thing.created", "first", b"{}").await;
    wait_for_events(&ops, OPS_SECRET, "the 50 % warning", |l| l.iter().any(|x| x == "endpoint.failing:50"))
        .await;
    up.store(true, Ordering::SeqCst);
    wait_for_events(&ops, OPS_SECRET, "the recovery", |l| l.iter().any(|x| x == "endpoint.recovered")).await;

    // Second run: every level once, then the automatic disable.
    up.store(false, Ordering::SeqCst);
    emit(&engine, "thing.created", "second", b"{}").await;
    wait_for_events(&ops, OPS_SECRET, "the disable", |l| l.iter().any(|x| x == "endpoint.disabled:failing"))
        .await;
    let disabled = endpoint_state(&engine, ep.endpoint.id).await;
    assert_eq!(disabled.disabled_cause, Some(DisableCause::Failing));

    // A user enables it, then disables it.
    let on = EndpointPatch { disabled: Some(false), ..Default::default() };
    engine.update_endpoint(&TENANT, ep.endpoint.id, on).await.unwrap();
    let off = EndpointPatch {
        disabled: Some(true),
        disabled_reason: Some("maintenance".into()),
        ..Default::default()
    };
    engine.update_endpoint(&TENANT, ep.endpoint.id, off).await.unwrap();
    let events = wait_for_events(&ops, OPS_SECRET, "the manual disable", |l| {
        l.last().is_some_and(|x| x == "endpoint.disabled:manual")
    })
    .await;
    running.stop().await;

    let labels = labels(&events);
    let recovered = labels.iter().position(|l| l == "endpoint.recovered").unwrap();
    let first_run = &labels[..recovered];
    let levels = ["endpoint.failing:50", "endpoint.failing:75", "endpoint.failing:90"];
    let prefix =
        !first_run.is_empty() && first_run.len() <= 3 && first_run.iter().zip(levels).all(|(l, e)| l == e);
    assert!(prefix, "the first run's warnings, in order, none twice: {labels:?}");
    assert_eq!(
        labels[recovered + 1..],
        [
            "endpoint.failing:50",
            "endpoint.failing:75",
            "endpoint.failing:90",
            "endpoint.disabled:failing",
            "endpoint.enabled:manual",
            "endpoint.disabled:manual"
        ],
        "{labels:?}"
    );

    // Each event is one message, and says what happened to whom, and when.
    let ids: std::collections::HashSet<_> =
        ops.requests().iter().map(|r| r.header("webhook-id").unwrap().to_owned()).collect();
    assert_eq!(ids.len(), events.len(), "one webhook-id per event");
    for e in &events {
        let d = &e["data"];
        assert_eq!(
            (d["service"].as_str(), d["tenant"].as_str()),
            (Some("test-service"), Some(TENANT_ID)),
            "{e}"
        );
        assert_eq!(d["endpointId"], ep.endpoint.id.to_string(), "{e}");
        assert!(e["timestamp"].as_str().is_some_and(|t| t.ends_with('Z')), "{e}");
        let text = e.to_string();
        assert!(!text.contains(ep.secret.expose()) && !text.contains(&receiver.url()), "{text}");
    }
    let failing = &events[recovered + 1]["data"];
    assert_eq!(failing["disableAfterSeconds"], 3.0);
    assert_eq!(failing["lastAttempt"]["status"], 500);
    assert_eq!(failing["lastAttempt"]["outcome"], "http_5xx");
    assert!(failing["lastAttempt"]["deliveryId"].is_string());
    assert_eq!(events[recovered]["data"]["lastAttempt"]["status"], 200);
    let auto = &events[recovered + 4]["data"];
    assert_eq!(auto["reason"], "every attempt failed for longer than 3 seconds");
    assert_eq!(auto["failingSince"], failing["failingSince"]);
    assert!(auto["nextProbeAt"].is_null(), "probes are off here");
    assert_eq!(events.last().unwrap()["data"]["reason"], "maintenance");
}

/// A delivery given up is reported with its last attempt; a recovery job is reported when it
/// ends (cancelled or finished), before the attempts it caused.
async fn dead_deliveries_and_ended_recovery_jobs_are_reported(backend: Backend) {
    let db = database(backend).await;
    let ops = Receiver::ok().await;
    // One attempt each: a failure is dead at once.
    let engine = ops_engine(&db, RetryPolicy::fixed(vec![]), &ops).await;
    let receiver = Receiver::start(|_, _| Reply::Status(500)).await;
    let ep = endpoint(&engine, &receiver.url(), &[]).await.endpoint.id;
    let config = DispatcherConfig { per_endpoint: 1, ..fast_config() };
    let since = chrono::Utc::now() - chrono::TimeDelta::seconds(1);
    let running = spawn_dispatcher(&engine, client(0, None), config.clone());
    let enqueued = emit(&engine, "thing.created", "doomed", b"{}").await;
    wait_for_events(&ops, OPS_SECRET, "the dead delivery", |l| !l.is_empty()).await;
    running.stop().await;

    // With no worker running, a job is started and cancelled; another is started.
    let window = RecoveryWindow::new(since, None, false, chrono::Utc::now()).unwrap();
    let StartRecovery::Started(cancelled) = engine.start_recovery(&TENANT, ep, window).await.unwrap() else {
        panic!("no job was active")
    };
    engine.cancel_recovery(&TENANT, ep, cancelled.id).await.unwrap();
    let StartRecovery::Started(job) = engine.start_recovery(&TENANT, ep, window).await.unwrap() else {
        panic!("no job was active")
    };
    let running = spawn_dispatcher(&engine, client(0, None), config);
    let events =
        wait_for_events(&ops, OPS_SECRET, "the re-sent delivery given up again", |l| l.len() >= 4).await;
    running.stop().await;
    assert_eq!(
        labels(&events),
        [
            "delivery.exhausted:retries_exhausted",
            "recovery_job.finished:cancelled",
            "recovery_job.finished:finished",
            "delivery.exhausted:manual_retry_failed"
        ]
    );
    let dead = &events[0]["data"];
    let delivery =
        engine.list_deliveries(&TENANT, &DeliveryQuery { limit: 5, ..Default::default() }).await.unwrap();
    assert_eq!(dead["deliveryId"], delivery[0].id.to_string());
    // The event as its tenant knows it (workflow-api's `X-Webhook-ID`), not the engine's row id.
    assert_eq!(dead["eventId"], "doomed");
    assert_ne!(dead["eventId"], enqueued.event_id().to_string());
    assert_eq!((dead["eventType"].as_str(), dead["attempts"].as_u64()), (Some("thing.created"), Some(1)));
    assert_eq!(
        (dead["lastAttempt"]["status"].as_u64(), dead["lastAttempt"]["attempt"].as_u64()),
        (Some(500), Some(1))
    );
    assert_eq!(events[1]["data"]["jobId"], cancelled.id.to_string());
    let finished = &events[2]["data"];
    assert_eq!(finished["jobId"], job.id.to_string());
    assert_eq!(finished["endpointId"], ep.to_string());
    assert_eq!(
        (finished["total"].as_i64(), finished["processed"].as_i64(), finished["resent"].as_i64()),
        (Some(1), Some(1), Some(1))
    );
    assert_eq!(events[3]["data"]["attempts"], 2);
    for e in &events {
        assert_eq!(e["data"]["tenant"], TENANT_ID);
    }
}

/// The reserved tenant cannot be named by any tenant-scoped call, and its one endpoint follows
/// the setting: registered once, updated, disabled when unset, enabled when set again.
async fn the_ops_tenant_is_out_of_reach_and_its_endpoint_follows_the_setting(backend: Backend) {
    let db = database(backend).await;
    let (first, second) = (Receiver::ok().await, Receiver::ok().await);
    let engine = ops_engine(&db, RetryPolicy::fixed(vec![]), &first).await;
    // No call can name the reserved tenant: every tenant-scoped call takes a `Tenant`, and
    // none can be made for it (the services refuse it as a principal too: their tests).
    assert!(matches!(Tenant::new(OPS_TENANT), Err(EngineError::NotFound)));
    // Another tenant's endpoint id is NotFound to the ops tenant's callers too, and vice versa.
    assert!(matches!(engine.get_endpoint(&TENANT, OPS_ENDPOINT_ID).await, Err(EngineError::NotFound)));
    assert!(engine.list_endpoints(&TENANT).await.unwrap().is_empty());

    let ops_row = |cond: &str| {
        format!("SELECT count(*) AS n FROM webhook_endpoints WHERE tenant_id = '{OPS_TENANT}' AND {cond}")
    };
    let count = |sql: String| {
        let db = &db;
        async move { db.count(&sql).await.unwrap() }
    };
    assert_eq!(count(ops_row("disabled_at IS NULL")).await, 1);
    let target = |r: &Receiver| OpsTarget::new(&r.url(), OPS_SECRET).unwrap();
    engine.configure_ops_endpoint(Some(&target(&first))).await.unwrap();
    engine.configure_ops_endpoint(Some(&target(&second))).await.unwrap();
    assert_eq!(count(ops_row("true")).await, 1, "one endpoint, however often it is configured");
    assert_eq!(count(ops_row(&format!("url = '{}'", second.url()))).await, 1);
    engine.configure_ops_endpoint(None).await.unwrap();
    assert_eq!(
        count(ops_row("disabled_cause = 'manual' AND disabled_reason = 'OPS_WEBHOOK_URL is not set'")).await,
        1
    );
    engine.configure_ops_endpoint(Some(&target(&second))).await.unwrap();
    assert_eq!(count(ops_row("disabled_at IS NULL")).await, 1);

    // The URL is held to the rules of any endpoint; the secret must be a Standard Webhooks one.
    let bad_url = OpsTarget::new("ftp://example.com/", OPS_SECRET).unwrap();
    assert!(matches!(engine.configure_ops_endpoint(Some(&bad_url)).await, Err(EngineError::InvalidUrl(_))));
    assert!(OpsTarget::new(&second.url(), "whsec_c2hvcnQ=").is_err());
    assert!(OpsTarget::new(&second.url(), "not-a-secret").is_err());
}

/// An endpoint fails until it is disabled; its deliveries are parked, not dead. Probes, signed
/// and marked, fail while it is down; when it answers again, the next probe enables it, an
/// operational event says so, and the parked deliveries arrive in the order they were made.
async fn a_probe_enables_an_endpoint_disabled_for_failing_and_its_parked_deliveries_arrive_in_order(
    backend: Backend,
) {
    let db = database(backend).await;
    let ops = Receiver::ok().await;
    let engine = ops_engine(&db, RetryPolicy::fixed(vec![Duration::from_millis(100); 100]), &ops).await;
    let (receiver, up) = switchable(503).await;
    let ep = endpoint(&engine, &receiver.url(), &[]).await;
    for i in 0..5 {
        emit(&engine, "thing.created", &format!("parked-{i}"), b"{}").await;
    }
    let config = DispatcherConfig {
        disable_after: Some(Duration::from_millis(600)),
        probe: ProbeSchedule::new(vec![Duration::from_millis(150)], Duration::from_secs(60)),
        per_endpoint: 1,
        ..fast_config()
    };
    let running = spawn_dispatcher(&engine, client(0, None), config);
    receiver.wait_until("a probe while the endpoint is down", |r| r.iter().any(is_probe)).await;
    let disabled = endpoint_state(&engine, ep.endpoint.id).await;
    assert_eq!(disabled.disabled_cause, Some(DisableCause::Failing), "{disabled:?}");
    let parked =
        engine.list_deliveries(&TENANT, &DeliveryQuery { limit: 10, ..Default::default() }).await.unwrap();
    assert_eq!(parked.len(), 5);
    assert!(
        parked.iter().all(|d| matches!(d.status, DeliveryStatus::Failed | DeliveryStatus::Pending)),
        "{parked:?}"
    );

    // A probe: the service's headers and signature, marked, naming the endpoint.
    let probe = receiver.requests().into_iter().find(is_probe).unwrap();
    let expected = format!("v1={}", independent_hmac_hex(ep.secret.expose().as_bytes(), &probe.body));
    assert_eq!(probe.header("x-webhook-signature"), Some(expected.as_str()));
    assert_eq!(probe.header("x-test-event"), Some("webhook.probe"));
    let body: Value = serde_json::from_slice(&probe.body).unwrap();
    assert_eq!(
        (body["type"].as_str(), body["endpointId"].as_str()),
        (Some("webhook.probe"), Some(&*ep.endpoint.id.to_string()))
    );

    let before = receiver.count();
    up.store(true, Ordering::SeqCst);
    let arrived = receiver
        .wait_until("the parked deliveries", |r| r[before..].iter().filter(|r| !is_probe(r)).count() >= 5)
        .await;
    let order: Vec<&str> =
        arrived[before..].iter().filter(|r| !is_probe(r)).map(|r| r.header("x-test-id").unwrap()).collect();
    assert_eq!(order, ["parked-0", "parked-1", "parked-2", "parked-3", "parked-4"]);
    let enabled = endpoint_state(&engine, ep.endpoint.id).await;
    assert_eq!((enabled.disabled_at, enabled.disabled_cause), (None, None));
    eventually("every parked delivery delivered", || async {
        let all = engine
            .list_deliveries(&TENANT, &DeliveryQuery { limit: 10, ..Default::default() })
            .await
            .unwrap();
        all.iter().all(|d| d.status == DeliveryStatus::Delivered).then_some(())
    })
    .await;
    let events = wait_for_events(&ops, OPS_SECRET, "the enable by a probe", |l| {
        l.iter().any(|x| x == "endpoint.enabled:probe")
    })
    .await;
    running.stop().await;
    let labels = labels(&events);
    assert_eq!(
        labels,
        [
            "endpoint.failing:50",
            "endpoint.failing:75",
            "endpoint.failing:90",
            "endpoint.disabled:failing",
            "endpoint.enabled:probe"
        ]
    );
    assert!(events[3]["data"]["nextProbeAt"].is_string());
    let by_probe = &events[4]["data"];
    assert_eq!(by_probe["lastAttempt"]["status"], 200);
    assert!(by_probe["lastAttempt"]["deliveryId"].is_null(), "a probe is not a delivery");
}

/// Only endpoints disabled for failing are probed: not one a user disabled, not one that
/// answered 410 Gone, and no longer one a user disabled after the engine did.
async fn a_manually_disabled_or_gone_endpoint_is_never_probed(backend: Backend) {
    let db = database(backend).await;
    let engine = engine_with(
        &db,
        profile(RetryPolicy::fixed(vec![Duration::from_millis(50); 100]), Duration::from_secs(5)),
    );
    let manual_rx = Receiver::ok().await;
    let failing_rx = Receiver::start(|_, _| Reply::Status(503)).await;
    let gone_rx = Receiver::start(|_, _| Reply::Status(410)).await;
    let manual = endpoint(&engine, &manual_rx.url(), &[]).await.endpoint.id;
    let failing = endpoint(&engine, &failing_rx.url(), &[]).await.endpoint.id;
    let gone = endpoint(&engine, &gone_rx.url(), &[]).await.endpoint.id;
    let off = EndpointPatch { disabled: Some(true), ..Default::default() };
    engine.update_endpoint(&TENANT, manual, off.clone()).await.unwrap();
    emit(&engine, "thing.created", "e", b"{}").await;
    let config = DispatcherConfig {
        disable_after: Some(Duration::from_millis(300)),
        probe: ProbeSchedule::new(vec![Duration::from_millis(50)], Duration::from_secs(60)),
        ..fast_config()
    };
    let running = spawn_dispatcher(&engine, client(0, None), config);
    failing_rx.wait_until("three probes", |r| r.iter().filter(|r| is_probe(r)).count() >= 3).await;
    assert_eq!(endpoint_state(&engine, gone).await.disabled_cause, Some(DisableCause::Gone));
    assert_eq!(endpoint_state(&engine, manual).await.disabled_cause, Some(DisableCause::Manual));
    assert_eq!(manual_rx.count(), 0, "a manually disabled endpoint gets nothing");
    assert_eq!(gone_rx.count(), 1, "a gone endpoint got its one delivery and no probe");
    let scheduled = "SELECT count(*) AS n FROM webhook_endpoints WHERE next_probe_at IS NOT NULL";
    assert_eq!(db.count(scheduled).await.unwrap(), 1);

    // A user disables the probed one too: its probes stop.
    engine.update_endpoint(&TENANT, failing, off).await.unwrap();
    assert_eq!(endpoint_state(&engine, failing).await.disabled_cause, Some(DisableCause::Manual));
    assert_eq!(db.count(scheduled).await.unwrap(), 0);
    running.stop().await;
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    operational_events_arrive_signed_in_order_with_each_warning_once,
    dead_deliveries_and_ended_recovery_jobs_are_reported,
    the_ops_tenant_is_out_of_reach_and_its_endpoint_follows_the_setting,
    a_probe_enables_an_endpoint_disabled_for_failing_and_its_parked_deliveries_arrive_in_order,
    a_manually_disabled_or_gone_endpoint_is_never_probed,
);
