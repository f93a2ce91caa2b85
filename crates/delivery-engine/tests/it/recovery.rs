//! Bulk recovery jobs on both stores: a receiver that was down, a job that re-sends exactly the
//! window's failed-and-never-delivered deliveries (paging past one batch), one active job per
//! endpoint, cancel, and tenant isolation.

use crate::common::*;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus};
use delivery_engine::policy::RetryPolicy;
use delivery_engine::recovery::{RecoveryStatus, RecoveryWindow, StartRecovery};
use delivery_engine::{EngineError, Tenant};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use test_support::{on_both_backends, Backend, Receiver, Reply};

/// More than one batch (200), so the job pages.
const EVENTS: usize = 250;

fn window(since: chrono::DateTime<chrono::Utc>, include_delivered: bool) -> RecoveryWindow {
    RecoveryWindow::new(since, None, include_delivered, chrono::Utc::now()).unwrap()
}

async fn a_job_resends_the_windows_failed_deliveries_once_and_only_those(backend: Backend) {
    let db = database(backend).await;
    // One attempt each: a failure is dead at once. A timeout long enough that a loaded machine
    // does not turn the one delivery that must succeed into a dead one.
    let engine = engine_with(&db, profile(RetryPolicy::fixed(vec![]), Duration::from_secs(30)));
    let down = Arc::new(AtomicBool::new(true));
    let is_down = down.clone();
    // While "down", everything fails but the event whose body says ok.
    let receiver = Receiver::start(move |_, r| {
        if is_down.load(Ordering::SeqCst) && !r.body.starts_with(b"ok") {
            Reply::Status(503)
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let a = endpoint(&engine, &format!("{}/a", receiver.url()), &[]).await.endpoint.id;
    endpoint(&engine, &format!("{}/b", receiver.url()), &[]).await;
    let since = chrono::Utc::now() - chrono::TimeDelta::seconds(1);
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    for i in 0..EVENTS {
        emit(&engine, "thing.created", &format!("e{i}"), b"{}").await;
    }
    emit(&engine, "thing.created", "delivered", b"ok").await;
    // Every delivery of both endpoints is settled: 250 dead each, one delivered each.
    let sent = 2 * (EVENTS + 1);
    receiver.wait_for(sent).await;
    let count = |engine: &delivery_engine::Engine, status| {
        let engine = engine.clone();
        async move {
            let q = DeliveryQuery { limit: 1000, status: Some(status), ..Default::default() };
            engine.list_deliveries(&TENANT, &q).await.unwrap().len()
        }
    };
    // Settled: every failure dead and the `ok` event delivered to both, nothing else left.
    eventually("every failure to be dead and the ok event delivered", || async {
        let dead = count(&engine, DeliveryStatus::Dead).await;
        let delivered = count(&engine, DeliveryStatus::Delivered).await;
        (dead == 2 * EVENTS && delivered == 2).then_some(())
    })
    .await;
    let w = window(since, false);
    // A failure after the window's end is not the job's.
    emit(&engine, "thing.created", "later", b"{}").await;
    receiver.wait_for(sent + 2).await;

    assert_eq!(engine.recovery_dry_run(&TENANT, a, w).await.unwrap(), EVENTS as i64);
    assert_eq!(
        engine.recovery_dry_run(&TENANT, a, RecoveryWindow { include_delivered: true, ..w }).await.unwrap(),
        EVENTS as i64 + 1
    );
    down.store(false, Ordering::SeqCst);
    let StartRecovery::Started(job) = engine.start_recovery(&TENANT, a, w).await.unwrap() else {
        panic!("the endpoint had no active job")
    };
    assert_eq!((job.status, job.total, job.processed), (RecoveryStatus::Queued, EVENTS as i64, 0));
    match engine.start_recovery(&TENANT, a, w).await.unwrap() {
        StartRecovery::AlreadyActive(id) => assert_eq!(id, job.id),
        StartRecovery::Started(_) => panic!("a second active job on one endpoint"),
    }
    let done = eventually("the job to finish", || async {
        let j = engine.recovery_job(&TENANT, a, job.id).await.unwrap();
        (j.status == RecoveryStatus::Finished).then_some(j)
    })
    .await;
    assert_eq!((done.processed, done.resent), (EVENTS as i64, EVENTS as i64));
    assert!(done.started_at.is_some() && done.finished_at.is_some());
    let got = receiver.wait_for(sent + 2 + EVENTS).await;
    running.stop().await;

    // Exactly the window's dead deliveries of endpoint a, once each; nothing of b, nothing
    // delivered, nothing after the window.
    let resent = &got[sent + 2..];
    assert_eq!(resent.len(), EVENTS, "{} requests after the job", resent.len());
    assert!(resent.iter().all(|r| r.path == "/hook/a"));
    let mut per_delivery: HashMap<&str, usize> = HashMap::new();
    for r in resent {
        *per_delivery.entry(r.header("x-test-delivery").unwrap()).or_default() += 1;
    }
    assert_eq!(per_delivery.len(), EVENTS);
    assert!(resent.iter().all(|r| r.body.as_ref() == b"{}"));
    assert_eq!(engine.recovery_dry_run(&TENANT, a, w).await.unwrap(), 0, "all of them are delivered now");
    // The same ids: receivers deduplicate as usual.
    let first_ids: std::collections::HashSet<&str> = got[..sent]
        .iter()
        .filter(|r| r.path == "/hook/a")
        .filter_map(|r| r.header("x-test-delivery"))
        .collect();
    assert!(per_delivery.keys().all(|id| first_ids.contains(id)));

    // A finished job cannot be cancelled; a queued one can (no runner is running now).
    assert!(matches!(engine.cancel_recovery(&TENANT, a, job.id).await, Err(EngineError::RecoveryJobEnded)));
    let StartRecovery::Started(queued) =
        engine.start_recovery(&TENANT, a, RecoveryWindow { include_delivered: true, ..w }).await.unwrap()
    else {
        panic!("the first job has ended")
    };
    let cancelled = engine.cancel_recovery(&TENANT, a, queued.id).await.unwrap();
    assert_eq!(cancelled.status, RecoveryStatus::Cancelled);
    assert_eq!(cancelled.processed, 0);
    let jobs = engine.recovery_jobs(&TENANT, a).await.unwrap();
    assert_eq!(jobs.iter().map(|j| j.id).collect::<Vec<_>>(), [queued.id, job.id], "newest first");

    // Another tenant sees none of it.
    assert!(matches!(
        engine.recovery_dry_run(&Tenant::new("tenant-b").unwrap(), a, w).await,
        Err(EngineError::NotFound)
    ));
    assert!(matches!(
        engine.start_recovery(&Tenant::new("tenant-b").unwrap(), a, w).await,
        Err(EngineError::NotFound)
    ));
    assert!(matches!(
        engine.recovery_job(&Tenant::new("tenant-b").unwrap(), a, job.id).await,
        Err(EngineError::NotFound)
    ));
    assert!(matches!(
        engine.recovery_jobs(&Tenant::new("tenant-b").unwrap(), a).await,
        Err(EngineError::NotFound)
    ));
    assert!(matches!(
        engine.cancel_recovery(&Tenant::new("tenant-b").unwrap(), a, queued.id).await,
        Err(EngineError::NotFound)
    ));
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_job_resends_the_windows_failed_deliveries_once_and_only_those,
);
