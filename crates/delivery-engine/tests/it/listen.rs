//! Listen sessions in the engine, on both stores: the stream's frames, an answer recorded as the
//! attempt's outcome, the cap, the endpoint rules, and a session whose stream dropped expiring
//! after its TTL (what it had not delivered ends dead), which frees its place under the cap.

use crate::common::*;
use delivery_engine::deliveries::DeliveryStatus;
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::listen::{
    ListenConfig, ListenDelivery, ListenFrame, ListenOpen, ListenReply, ListenStream,
};
use delivery_engine::{EngineError, Tenant};
use futures_util::StreamExt;
use std::time::Duration;
use test_support::{on_both_backends, Backend};
use uuid::Uuid;

/// The next frame that is not a keep-alive.
async fn next_frame(stream: &mut ListenStream) -> ListenFrame {
    loop {
        let frame = tokio::time::timeout(test_support::WAIT, stream.next()).await.unwrap().unwrap();
        if frame != ListenFrame::Ping {
            return frame;
        }
    }
}

async fn next_delivery(stream: &mut ListenStream) -> ListenDelivery {
    match next_frame(stream).await {
        ListenFrame::Delivery(d) => d,
        other => panic!("expected a delivery, got {other:?}"),
    }
}

fn answer(d: &ListenDelivery, status: u16) -> ListenReply {
    ListenReply {
        delivery_id: d.delivery_id,
        reply_token: d.reply_token.clone(),
        status: Some(status),
        duration: Duration::from_millis(2),
        ..ListenReply::default()
    }
}

async fn a_session_delivers_answers_and_expires_after_its_stream_dropped(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    engine.configure_listen(ListenConfig { ttl: Duration::from_secs(1), max_sessions: 1 });
    let open =
        || ListenOpen { session: None, event_types: vec!["thing.created".into()], content_filter: None };
    let mut stream = engine.listen(&TENANT, open()).await.unwrap();
    let ListenFrame::Session(info) = next_frame(&mut stream).await else { panic!("a session first") };
    let session = info.session_id;
    let secret = info.secret.clone().expect("a new session shows its secret");
    assert_eq!(info.event_types, ["thing.created"]);

    // The cap; the endpoint rules: not listed, no URL to change.
    assert!(matches!(engine.listen(&TENANT, open()).await, Err(EngineError::ListenSessionLimit(1))));
    assert!(engine.list_endpoints(&TENANT).await.unwrap().is_empty());
    let to_http = EndpointPatch { url: Some("http://127.0.0.1:9/".into()), ..EndpointPatch::default() };
    assert!(matches!(
        engine.update_endpoint(&TENANT, session, to_http).await,
        Err(EngineError::InvalidUrl(_))
    ));

    // A delivery goes down the stream signed with the session's secret; the answer is its outcome.
    emit(&engine, "thing.deleted", "filtered-out", b"{}").await;
    emit(&engine, "thing.created", "k1", b"{\"n\":1}").await;
    let first = next_delivery(&mut stream).await;
    assert_eq!(
        (first.event_type.as_str(), first.attempt, first.body.as_slice()),
        ("thing.created", 1, &b"{\"n\":1}"[..])
    );
    let signature = first.headers.iter().find(|(k, _)| k == "x-webhook-signature").map(|(_, v)| v.clone());
    assert_eq!(signature, Some(format!("v1={}", independent_hmac_hex(secret.as_bytes(), &first.body))));
    let elsewhere =
        engine.listen_reply(&Tenant::new("tenant-b").unwrap(), session, answer(&first, 200)).await;
    assert!(matches!(elsewhere, Err(EngineError::NotFound)), "{elsewhere:?}");
    engine.listen_reply(&TENANT, session, answer(&first, 200)).await.unwrap();
    let again = engine.listen_reply(&TENANT, session, answer(&first, 200)).await;
    assert!(matches!(again, Err(EngineError::ListenReplyNotExpected)), "{again:?}");
    let (delivered, attempts) = engine.get_delivery(&TENANT, first.delivery_id).await.unwrap();
    assert_eq!((delivered.status, attempts[0].response_code), (DeliveryStatus::Delivered, Some(200)));

    // The stream drops with a delivery unanswered: it fails ("listener not connected"); once the
    // TTL has passed, opening a session ends the old one and that delivery with it.
    emit(&engine, "thing.created", "k2", b"{\"n\":2}").await;
    let second = next_delivery(&mut stream).await;
    drop(stream);
    let _new =
        eventually("the dropped session expired", || async { engine.listen(&TENANT, open()).await.ok() })
            .await;
    let (ended, attempts) = engine.get_delivery(&TENANT, second.delivery_id).await.unwrap();
    assert_eq!(ended.status, DeliveryStatus::Dead);
    assert_eq!(ended.last_error.as_deref(), Some("listen session expired"));
    assert_eq!(attempts[0].error.as_deref(), Some("listener not connected"));
    let resumed = engine
        .listen(&TENANT, ListenOpen { session: Some(session), event_types: vec![], content_filter: None })
        .await;
    assert!(matches!(resumed, Err(EngineError::NotFound)), "{:?}", resumed.map(|_| ()));
    let unknown = engine.end_listen(&TENANT, Uuid::now_v7()).await;
    assert!(matches!(unknown, Err(EngineError::NotFound)));
}

/// A session opened with a content filter gets only the matching events, and says its filter;
/// a wrong one is refused as an endpoint's is.
async fn a_session_with_a_filter_gets_only_the_matching_events(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let filter = serde_json::json!({"payload.status": {"$in": ["paused", "ended"]}});
    let open = ListenOpen { content_filter: Some(filter.clone()), ..ListenOpen::default() };
    let mut stream = engine.listen(&TENANT, open).await.unwrap();
    let ListenFrame::Session(info) = next_frame(&mut stream).await else { panic!("a session first") };
    assert_eq!(info.content_filter, Some(filter));
    let spawned = spawn_dispatcher(&engine, client(0, None), fast_config());
    emit(&engine, "thing.created", "active", br#"{"payload": {"status": "active"}}"#).await;
    emit(&engine, "thing.created", "ended", br#"{"payload": {"status": "ended"}}"#).await;
    let d = next_delivery(&mut stream).await;
    assert_eq!(d.body, br#"{"payload": {"status": "ended"}}"#, "the active one was never sent");
    engine.listen_reply(&TENANT, info.session_id, answer(&d, 200)).await.unwrap();
    spawned.stop().await;
    let wrong =
        ListenOpen { content_filter: Some(serde_json::json!({"a": {"$like": 1}})), ..ListenOpen::default() };
    assert!(matches!(engine.listen(&TENANT, wrong).await, Err(EngineError::InvalidFilter(_))));
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_session_delivers_answers_and_expires_after_its_stream_dropped,
    a_session_with_a_filter_gets_only_the_matching_events,
);
