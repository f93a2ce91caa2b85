//! Retention on both stores (docs/engine.md, "Retention"), with settings of seconds so a test
//! can pass through them: a settled delivery loses its payload after PAYLOAD_RETENTION and goes
//! after RETENTION with its attempts and its event; an open delivery stays however old.

use crate::common::*;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, ResendRule};
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::policy::Retention;
use delivery_engine::{DispatcherConfig, EngineError, NewEvent};
use std::time::Duration;
use test_support::{on_both_backends, Backend, Receiver, Reply};

const PAYLOAD: Duration = Duration::from_millis(1_500);
const HISTORY: Duration = Duration::from_secs(4);

async fn log(engine: &delivery_engine::Engine) -> Vec<delivery_engine::deliveries::Delivery> {
    engine.list_deliveries(&TENANT, &DeliveryQuery { limit: 100, ..Default::default() }).await.unwrap()
}

/// One delivered, one dead and one parked (its endpoint disabled while it was pending): the
/// first two lose their payload, then go; the parked one is never touched.
async fn settled_history_goes_in_two_steps_and_open_deliveries_stay(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let ok = Receiver::ok().await;
    let failing = Receiver::start(|_, _| Reply::Status(500)).await;
    let delivered_ep = endpoint(&engine, &ok.url(), &["thing.created"]).await.endpoint.id;
    let dead_ep = endpoint(&engine, &failing.url(), &["thing.deleted"]).await.endpoint.id;
    // Pending before any dispatcher runs, then parked: open however old it gets.
    let parked_ep = endpoint(&engine, &ok.url(), &["thing.created"]).await.endpoint.id;
    let to = |only: uuid::Uuid, event_type: &'static str, key: &'static str| NewEvent {
        only_endpoint: Some(only),
        ..event(event_type, key, br#"{"n":1}"#)
    };
    engine.enqueue_now(to(delivered_ep, "thing.created", "e1")).await.unwrap();
    engine.enqueue_now(to(dead_ep, "thing.deleted", "e2")).await.unwrap();
    engine.enqueue_now(to(parked_ep, "webhook.test", "e3")).await.unwrap();
    let off = EndpointPatch { disabled: Some(true), ..Default::default() };
    engine.update_endpoint(&TENANT, parked_ep, off).await.unwrap();
    let retention = Retention::new(HISTORY, Some(PAYLOAD)).unwrap();
    let running = spawn_dispatcher(
        &engine,
        client(64, None),
        DispatcherConfig { retention: Some(retention), ..fast_config() },
    );
    let settled = |d: &delivery_engine::deliveries::Delivery| {
        matches!(d.status, DeliveryStatus::Delivered | DeliveryStatus::Dead)
    };
    eventually("the delivered and the dead delivery to settle", || async {
        (log(&engine).await.iter().filter(|d| settled(d)).count() == 2).then_some(())
    })
    .await;
    let dead = log(&engine).await.into_iter().find(|d| d.endpoint_id == dead_ep).unwrap();
    assert_eq!(dead.status, DeliveryStatus::Dead);
    let delivered = log(&engine).await.into_iter().find(|d| d.endpoint_id == delivered_ep).unwrap();
    assert_eq!(delivered.status, DeliveryStatus::Delivered);

    // After PAYLOAD_RETENTION: the records stay, their payload and responses are gone.
    eventually("the settled payloads to be erased", || async {
        let all = log(&engine).await;
        (all.iter().filter(|d| d.payload_erased_at.is_some()).count() == 2).then_some(())
    })
    .await;
    let (_, attempts) = engine.get_delivery(&TENANT, dead.id).await.unwrap();
    assert!(attempts.len() >= 2 && attempts.iter().all(|a| a.response_body.is_none()), "{attempts:?}");
    let request = engine.sent_request(&TENANT, dead.id, 1, chrono::Utc::now()).await.unwrap();
    assert!(request.body.is_empty(), "the body is erased");
    let replay = engine.resend(&TENANT, dead.id, ResendRule::AllowDelivered).await;
    assert!(matches!(replay, Err(EngineError::PayloadExpired)), "{replay:?}");

    // After RETENTION: gone, attempts and events with them; the parked one is still there.
    eventually("the settled history to be removed", || async {
        let all = log(&engine).await;
        (all.len() == 1 && all[0].endpoint_id == parked_ep).then_some(())
    })
    .await;
    let parked = log(&engine).await.remove(0);
    assert_eq!(parked.status, DeliveryStatus::Pending);
    assert!(parked.payload_erased_at.is_none(), "an open delivery keeps its payload");
    assert!(matches!(engine.get_delivery(&TENANT, dead.id).await, Err(EngineError::NotFound)));
    let count = |sql: &'static str| db.count(sql);
    assert_eq!(count("SELECT count(*) AS n FROM webhook_attempts").await.unwrap(), 0);
    // The parked delivery's event stays; the two others went.
    assert_eq!(count("SELECT count(*) AS n FROM webhook_events").await.unwrap(), 1);
    running.stop().await;
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    settled_history_goes_in_two_steps_and_open_deliveries_stay
);

/// On PostgreSQL the engine says when the server's autovacuum is off (the space the sweeper
/// frees would never be reused); on SQLite there is nothing to say.
async fn the_engine_warns_when_removed_history_would_keep_its_space(backend: Backend) {
    let db = database(backend).await;
    let warning = engine(&db).history_space_warning().await.unwrap();
    match backend {
        Backend::Sqlite => assert_eq!(warning, None),
        Backend::Postgres => {
            let off =
                db.count("SELECT (current_setting('autovacuum') = 'off')::int::bigint AS n").await.unwrap()
                    == 1;
            assert_eq!(warning.is_some(), off, "autovacuum off: {off}, warning: {warning:?}");
            assert!(warning.is_none_or(|w| w.contains("turn autovacuum on")), "{warning:?}");
        }
    }
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    the_engine_warns_when_removed_history_would_keep_its_space
);
