//! Per-endpoint rate limits on both stores, with real receivers: a limited endpoint is paced,
//! an unlimited one beside it is not, and the log records how long a delivery waited.

use crate::common::*;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus};
use delivery_engine::endpoints::{EndpointPatch, NewEndpoint};
use delivery_engine::{DispatcherConfig, EngineError};
use std::time::Duration;
use test_support::{on_both_backends, Backend, Receiver, Recorded};

const RATE: i64 = 5;
const N: usize = 20;
/// Loopback and scheduling jitter allowed on each gap between arrivals.
const JITTER: Duration = Duration::from_millis(40);

fn gaps(requests: &[Recorded]) -> Vec<Duration> {
    let mut at: Vec<_> = requests.iter().map(|r| r.received).collect();
    at.sort();
    at.windows(2).map(|w| w[1] - w[0]).collect()
}

fn span(requests: &[Recorded]) -> Duration {
    let first = requests.iter().map(|r| r.received).min().unwrap();
    let last = requests.iter().map(|r| r.received).max().unwrap();
    last - first
}

async fn a_rate_limited_endpoint_is_paced_and_an_unlimited_one_beside_it_is_not(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let limited = Receiver::ok().await;
    let free = Receiver::ok().await;
    let new = NewEndpoint {
        url: limited.url(),
        event_types: vec!["thing.created".into()],
        rate_limit_per_s: Some(RATE),
        ..Default::default()
    };
    let limited_ep = engine.create_endpoint(&TENANT, new).await.unwrap().endpoint;
    assert_eq!(limited_ep.rate_limit_per_s, Some(RATE as i32));
    let free_ep = endpoint(&engine, &free.url(), &["thing.deleted"]).await.endpoint;
    assert_eq!(free_ep.rate_limit_per_s, None);
    for i in 0..N {
        emit(&engine, "thing.created", &format!("limited-{i}"), b"{}").await;
        emit(&engine, "thing.deleted", &format!("free-{i}"), b"{}").await;
    }
    // Endpoints start with room for 4 attempts: the limited one still gets one at a time. No
    // poll timer within the test: the limited endpoint's turns come from the pacing wake-up.
    let config = DispatcherConfig {
        per_endpoint_initial: 4,
        poll_interval: Duration::from_secs(600),
        ..DispatcherConfig::default()
    };
    let running = spawn_dispatcher(&engine, client(0, None), config);

    // The unlimited endpoint gets its whole backlog while the limited one is still being paced.
    let free_requests = free.wait_for(N).await;
    let limited_so_far = limited.count();
    let paced_total = Duration::from_secs(1) * (N as u32 - 1) / RATE as u32;
    assert!(limited_so_far < N / 2, "the limited endpoint got {limited_so_far} of {N} meanwhile");
    assert!(
        span(&free_requests) < paced_total / 4,
        "the unlimited endpoint took {:?} for {N} deliveries: paced?",
        span(&free_requests)
    );

    // The limited one receives them at its rate at most.
    let limited_requests = limited.wait_for(N).await;
    assert_eq!(limited_requests.len(), N, "nothing sent twice");
    let interval = Duration::from_secs(1) / RATE as u32;
    for (i, gap) in gaps(&limited_requests).into_iter().enumerate() {
        assert!(gap + JITTER >= interval, "arrivals {i} and {} were {gap:?} apart", i + 1);
    }
    assert!(span(&limited_requests) + JITTER >= paced_total, "took {:?}", span(&limited_requests));

    // The log shows the wait: every limited delivery but the first was held back, the last
    // for about (N - 1) intervals; no unlimited delivery was.
    let delivered = eventually("all deliveries recorded", || async {
        let q = DeliveryQuery { limit: 100, status: Some(DeliveryStatus::Delivered), ..Default::default() };
        let all = engine.list_deliveries(&TENANT, &q).await.unwrap();
        (all.len() == 2 * N).then_some(all)
    })
    .await;
    let mut waits = Vec::new();
    for d in delivered {
        let (_, attempts) = engine.get_delivery(&TENANT, d.id).await.unwrap();
        assert_eq!(attempts.len(), 1);
        let held = attempts[0].rate_limited_ms;
        if d.endpoint_id == free_ep.id {
            assert_eq!(held, None, "an unlimited endpoint's delivery was not held back");
        } else {
            waits.push(held);
        }
    }
    waits.sort();
    assert_eq!(waits.iter().filter(|w| w.is_none()).count(), 1, "only the first went at once: {waits:?}");
    let longest = waits.last().copied().flatten().unwrap();
    let expected = paced_total.as_millis() as i32;
    assert!(
        longest + JITTER.as_millis() as i32 >= expected && longest <= expected + 2000,
        "the last delivery waited {longest} ms for the rate limit; expected about {expected} ms"
    );
    running.stop().await;
}

async fn a_rate_limit_is_validated_changed_and_cleared(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    for bad in [0, -1, 10_001] {
        let new = NewEndpoint {
            url: "https://example.com/".into(),
            event_types: vec![],
            rate_limit_per_s: Some(bad),
            ..Default::default()
        };
        let r = engine.create_endpoint(&TENANT, new).await;
        assert!(matches!(r, Err(EngineError::InvalidRateLimit(n)) if n == bad), "{bad}");
    }
    let ep = endpoint(&engine, "https://example.com/", &[]).await.endpoint;
    let set = EndpointPatch { rate_limit_per_s: Some(Some(10_000)), ..Default::default() };
    assert_eq!(engine.update_endpoint(&TENANT, ep.id, set).await.unwrap().rate_limit_per_s, Some(10_000));
    // Other changes leave it as it is.
    let other = EndpointPatch { url: Some("https://example.org/".into()), ..Default::default() };
    assert_eq!(engine.update_endpoint(&TENANT, ep.id, other).await.unwrap().rate_limit_per_s, Some(10_000));
    let bad = EndpointPatch { rate_limit_per_s: Some(Some(0)), ..Default::default() };
    assert!(matches!(
        engine.update_endpoint(&TENANT, ep.id, bad).await,
        Err(EngineError::InvalidRateLimit(0))
    ));
    let clear = EndpointPatch { rate_limit_per_s: Some(None), ..Default::default() };
    assert_eq!(engine.update_endpoint(&TENANT, ep.id, clear).await.unwrap().rate_limit_per_s, None);
    assert_eq!(engine.get_endpoint(&TENANT, ep.id).await.unwrap().rate_limit_per_s, None);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_rate_limited_endpoint_is_paced_and_an_unlimited_one_beside_it_is_not,
    a_rate_limit_is_validated_changed_and_cleared,
);
