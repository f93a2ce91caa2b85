//! Backlogged endpoints (store/backlog.rs), as one conformance suite on both stores: an
//! endpoint that stalls while events keep coming stops getting a delivery row per event; its
//! events wait in the event log and all become deliveries, once each, as it has room again.

use crate::common::*;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus};
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::policy::RetryPolicy;
use delivery_engine::{DispatcherConfig, Enqueued, NewEvent};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use test_support::{on_both_backends, Backend, Receiver, Reply, TestDb};

async fn rows_of(
    engine: &delivery_engine::Engine,
    endpoint: uuid::Uuid,
) -> Vec<delivery_engine::deliveries::Delivery> {
    let q = DeliveryQuery { limit: 1000, endpoint_id: Some(endpoint), ..Default::default() };
    engine.list_deliveries(&TENANT, &q).await.unwrap()
}

/// What the switch to backlogged writes, as SQL: events accepted from now on are owed to
/// `endpoint`. On PostgreSQL the tenant's routes change with it (pg/routes.rs).
fn switch_by_hand(backend: Backend, endpoint: uuid::Uuid) -> String {
    let backlog = format!(
        "INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) \
         SELECT id, (SELECT coalesce(max(seq), 0) FROM webhook_events WHERE seq IS NOT NULL) \
         FROM webhook_endpoints WHERE id = '{endpoint}'"
    );
    match backend {
        Backend::Postgres => format!(
            "{backlog}; UPDATE webhook_tenant_routes SET version = version + 1 \
             WHERE tenant_id = (SELECT tenant_id FROM webhook_endpoints WHERE id = '{endpoint}')"
        ),
        Backend::Sqlite => backlog,
    }
}

async fn backlogged(db: &TestDb, endpoint: uuid::Uuid) -> bool {
    let sql = format!("SELECT count(*) AS n FROM webhook_endpoint_backlogs WHERE endpoint_id = '{endpoint}'");
    db.count(&sql).await.unwrap() == 1
}

/// Emits `count` events from 8 concurrent tasks, keys `{prefix}{n}`.
async fn emit_concurrently(engine: &delivery_engine::Engine, prefix: &str, count: usize) {
    let tasks: Vec<_> = (0..8)
        .map(|task| {
            let (engine, prefix) = (engine.clone(), prefix.to_owned());
            tokio::spawn(async move {
                for n in (task..count).step_by(8) {
                    emit(&engine, "thing.created", &format!("{prefix}{n}"), b"{}").await;
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
}

/// An engine whose hung attempts time out after 300 ms and are retried 20 ms later.
fn engine_retrying_fast(db: &TestDb) -> delivery_engine::Engine {
    engine_with(
        db,
        profile(RetryPolicy::fixed(vec![Duration::from_millis(20); 60]), Duration::from_millis(300)),
    )
}

/// One slot per endpoint: switched at 2 open deliveries; filled 2 or more at a time, up to 4.
fn one_slot_config() -> DispatcherConfig {
    DispatcherConfig {
        per_endpoint: 1,
        backlog_stall: Some(Duration::from_millis(20)),
        backlog_fill: 4,
        ..fast_config()
    }
}

/// A receiver that holds every request open until `answering` is set, then answers 200
/// after 3 ms, counting the answers by `x-test-id`.
struct HangsUntilTold {
    receiver: Receiver,
    answering: Arc<AtomicBool>,
    answered: Arc<Mutex<HashMap<String, usize>>>,
}

impl HangsUntilTold {
    async fn start() -> Self {
        let answering = Arc::new(AtomicBool::new(false));
        let answered: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
        let receiver = {
            let (answering, answered) = (answering.clone(), answered.clone());
            Receiver::start(move |_, req| {
                if !answering.load(Ordering::SeqCst) {
                    return Reply::Hang;
                }
                let id = req.header("x-test-id").unwrap_or_default().to_owned();
                *answered.lock().unwrap().entry(id).or_default() += 1;
                Reply::StatusAfter(200, Duration::from_millis(3))
            })
            .await
        };
        Self { receiver, answering, answered }
    }

    fn answer(&self) {
        self.answering.store(true, Ordering::SeqCst);
    }

    /// Waits until `expected` distinct events were answered; fails if any was answered twice.
    async fn every_event_answered_once(&self, expected: usize) {
        eventually("every event to be answered", || async {
            (self.answered.lock().unwrap().len() == expected).then_some(())
        })
        .await;
        let answered = self.answered.lock().unwrap().clone();
        let twice: Vec<_> = answered.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "answered more than once: {twice:?}");
    }
}

/// The endpoint holds every request open while events keep coming: it is switched to
/// backlogged, and from then on an event costs it no row. Then it answers again (slowly, so
/// fills and the events still arriving from concurrent senders interleave): every event
/// arrives, and none is answered twice; caught up, the endpoint is eager again.
async fn a_stalled_endpoint_is_backlogged_and_every_event_arrives_once_when_it_answers(backend: Backend) {
    let db = database(backend).await;
    let engine = engine_retrying_fast(&db);
    let hangs = HangsUntilTold::start().await;
    let id = endpoint(&engine, &hangs.receiver.url(), &[]).await.endpoint.id;
    let running = spawn_dispatcher(&engine, client(0, None), one_slot_config());

    emit_concurrently(&engine, "before-", 40).await;
    eventually("the stalled endpoint to be backlogged", || async { backlogged(&db, id).await.then_some(()) })
        .await;
    let rows = rows_of(&engine, id).await.len();
    assert!(rows <= 40, "{rows} rows for 40 events");

    // Backlogged and still hanging: new events add no row.
    emit_concurrently(&engine, "during-", 100).await;
    assert_eq!(rows_of(&engine, id).await.len(), rows, "a backlogged endpoint got rows while it had no room");
    assert!(backlogged(&db, id).await);

    // It answers again while more events arrive from concurrent senders.
    hangs.answer();
    emit_concurrently(&engine, "after-", 100).await;
    let expected = 240;
    hangs.every_event_answered_once(expected).await;
    eventually("the endpoint to be eager again", || async { (!backlogged(&db, id).await).then_some(()) })
        .await;
    let rows = rows_of(&engine, id).await;
    assert_eq!(rows.len(), expected, "one delivery per event");
    running.stop().await;
    let rows = rows_of(&engine, id).await;
    assert!(rows.iter().all(|d| d.status == DeliveryStatus::Delivered));
}

/// A change of an endpoint's filter or disabled state closes its backlog: the events owed so
/// far stay owed under the filter they were accepted under and arrive once it delivers (in
/// batches, never all at once in the change's transaction); later events get their rows as
/// accepted, under the new filter, or none while it is disabled. Deleting it drops its backlog.
/// (The endpoint is put into the backlog by hand here; the switch itself is the dispatcher's,
/// tested above.)
async fn a_change_of_filter_or_state_closes_the_backlog_and_delete_drops_it(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let receiver = Receiver::ok().await;
    let id = endpoint(&engine, &receiver.url(), &["thing.created"]).await.endpoint.id;
    // As the switch does it: events accepted from now on are owed.
    let backlog = switch_by_hand(backend, id);
    let keys = |rows: Vec<delivery_engine::deliveries::Delivery>| {
        let mut keys: Vec<String> = rows.into_iter().map(|d| d.dedupe_key).collect();
        keys.sort();
        keys
    };

    db.execute(&backlog).await.unwrap();
    let owed = emit(&engine, "thing.created", "owed-1", b"{}").await;
    assert!(matches!(owed, Enqueued::New { deliveries: 1, .. }), "a backlogged endpoint is still a target");
    emit(&engine, "thing.deleted", "not-matching", b"{}").await;
    emit(&engine, "thing.created", "owed-2", b"{}").await;
    assert!(rows_of(&engine, id).await.is_empty());
    // An event for this endpoint only (a test event) is never owed: it gets its row at once.
    let test_event = NewEvent {
        tenant: &TENANT,
        event_type: "thing.deleted",
        dedupe_key: "test-1",
        body: b"{}",
        only_endpoint: Some(id),
        id: None,
    };
    engine.enqueue_now(test_event).await.unwrap();
    assert_eq!(keys(rows_of(&engine, id).await), ["test-1"]);

    // A new filter: what was owed stays owed (no rows yet); new events follow the new filter.
    let types = EndpointPatch { event_types: Some(vec!["thing.deleted".into()]), ..Default::default() };
    engine.update_endpoint(&TENANT, id, types).await.unwrap();
    emit(&engine, "thing.deleted", "after-filter", b"{}").await;
    emit(&engine, "thing.created", "not-matching-now", b"{}").await;
    assert_eq!(keys(rows_of(&engine, id).await), ["after-filter", "test-1"]);
    assert!(backlogged(&db, id).await, "closed, with owed events left");

    // It delivers: the owed events arrive, under the filter they were accepted under.
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    eventually("the closed backlog to be filled and ended", || async {
        (!backlogged(&db, id).await).then_some(())
    })
    .await;
    let arrived = receiver.wait_for(4).await;
    let mut arrived: Vec<String> =
        arrived.iter().map(|r| r.header("x-test-id").unwrap().to_owned()).collect();
    arrived.sort();
    assert_eq!(arrived, ["after-filter", "owed-1", "owed-2", "test-1"]);
    running.stop().await;

    // Disabled: owed events stay owed (and wait, like parked rows); events while disabled do
    // not target it; enabled, it gets the owed ones and new ones.
    db.execute(&backlog).await.unwrap();
    emit(&engine, "thing.deleted", "owed-3", b"{}").await;
    let off = EndpointPatch { disabled: Some(true), ..Default::default() };
    engine.update_endpoint(&TENANT, id, off).await.unwrap();
    emit(&engine, "thing.deleted", "while-disabled", b"{}").await;
    // A second backlogged endpoint, enabled: once its owed event arrives, a fill round (which
    // looks at every backlogged endpoint at once) has passed the disabled one by.
    let other = Receiver::ok().await;
    let other_id = endpoint(&engine, &other.url(), &["thing.created"]).await.endpoint.id;
    db.execute(&backlog.replace(&id.to_string(), &other_id.to_string())).await.unwrap();
    emit(&engine, "thing.created", "other-owed", b"{}").await;
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    other.wait_for(1).await;
    assert!(backlogged(&db, id).await, "a disabled endpoint's backlog is not filled");
    assert_eq!(receiver.count(), 4, "nothing reaches a disabled endpoint");
    let on = EndpointPatch { disabled: Some(false), ..Default::default() };
    engine.update_endpoint(&TENANT, id, on).await.unwrap();
    emit(&engine, "thing.deleted", "after-enable", b"{}").await;
    eventually("the backlog to be filled and ended", || async { (!backlogged(&db, id).await).then_some(()) })
        .await;
    let arrived = receiver.wait_for(6).await;
    let mut arrived: Vec<String> =
        arrived[4..].iter().map(|r| r.header("x-test-id").unwrap().to_owned()).collect();
    arrived.sort();
    assert_eq!(arrived, ["after-enable", "owed-3"]);
    running.stop().await;

    // Delete: the owed events never become deliveries.
    db.execute(&backlog).await.unwrap();
    emit(&engine, "thing.deleted", "owed-4", b"{}").await;
    engine.delete_endpoint(&TENANT, id).await.unwrap();
    assert!(!backlogged(&db, id).await);
    let q = DeliveryQuery { limit: 100, dedupe_key: None, ..Default::default() };
    let all = engine.list_deliveries(&TENANT, &q).await.unwrap();
    assert!(all.iter().all(|d| d.dedupe_key != "owed-4" && d.dedupe_key != "while-disabled"));
    assert_eq!(receiver.count(), 6, "nothing else arrived");
}

/// PostgreSQL only: the fill that ends a backlog holds the tenant's routes row while an
/// enqueue that routed the event as owed to the endpoint waits for it. Once the fill commits
/// the endpoint is owed nothing more: the enqueue must find its routes gone and write the
/// endpoint's delivery, or nobody ever would.
#[tokio::test(flavor = "multi_thread")]
async fn an_enqueue_that_waited_for_the_end_of_a_backlog_writes_its_delivery() {
    use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
    let db = database(Backend::Postgres).await;
    let engine = engine(&db);
    let id = endpoint(&engine, "http://127.0.0.1:9/hook", &[]).await.endpoint.id;
    db.execute(&switch_by_hand(Backend::Postgres, id)).await.unwrap();

    // What the ending fill does, by hand, holding the routes row until told to commit.
    let mut fill = AsyncPgConnection::establish(db.url()).await.unwrap();
    fill.batch_execute(&format!(
        "BEGIN; SELECT 1 FROM webhook_tenant_routes WHERE tenant_id = '{TENANT_ID}' FOR UPDATE"
    ))
    .await
    .unwrap();
    let waiting = {
        let engine = engine.clone();
        tokio::spawn(async move { emit(&engine, "thing.created", "waited", b"{}").await })
    };
    waiting_on_lock(&db, "WITH routes AS").await;
    fill.batch_execute(&format!(
        "DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = '{id}'; \
         UPDATE webhook_tenant_routes SET version = version + 1 WHERE tenant_id = '{TENANT_ID}'; COMMIT"
    ))
    .await
    .unwrap();
    let enqueued = waiting.await.unwrap();
    assert!(matches!(enqueued, Enqueued::New { deliveries: 1, .. }));
    assert_eq!(rows_of(&engine, id).await.len(), 1, "the enqueue wrote the endpoint's delivery");
}

/// PostgreSQL only: opens an outbox enqueue (`open_outbox_enqueue`), then starts a one-slot
/// dispatcher and waits until it has switched the hanging endpoint `id` to backlogged while the
/// enqueue is still open. Returns what lets the enqueue commit, its task, and the dispatcher.
async fn switch_while_an_enqueue_is_open(
    engine: &delivery_engine::Engine,
    db: &TestDb,
    id: uuid::Uuid,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<Enqueued, delivery_engine::EngineError>>,
    Running,
) {
    let (go, outbox) = open_outbox_enqueue(engine).await;
    let running = spawn_dispatcher(engine, client(0, None), one_slot_config());
    eventually("the switch to commit while the enqueue is open", || async {
        backlogged(db, id).await.then_some(())
    })
    .await;
    (go, outbox, running)
}

/// Waits until `id` is eager again, then checks it has one delivery per event, `events` in all.
async fn once_each_and_eager(engine: &delivery_engine::Engine, db: &TestDb, id: uuid::Uuid, events: usize) {
    eventually("the endpoint to be eager again", || async { (!backlogged(db, id).await).then_some(()) })
        .await;
    assert_eq!(rows_of(engine, id).await.len(), events, "one delivery per event");
}

/// PostgreSQL only: the switch to a backlog does not wait for an enqueue in flight (D44). An
/// enqueue in a domain transaction (the outbox) holds the tenant's routes row with the
/// endpoint's delivery written while the dispatcher switches the stalled endpoint: the switch
/// commits meanwhile and the next event is owed. Once the endpoint answers, the fill waits for
/// the enqueue still open (PostgreSQL carried its lock onto the routes version the switch
/// wrote); the enqueue keeps its row, and every event arrives once.
#[tokio::test(flavor = "multi_thread")]
async fn the_switch_to_a_backlog_does_not_wait_for_an_enqueue_in_flight() {
    let db = database(Backend::Postgres).await;
    let engine = engine_retrying_fast(&db);
    let hangs = HangsUntilTold::start().await;
    let id = endpoint(&engine, &hangs.receiver.url(), &[]).await.endpoint.id;
    emit_concurrently(&engine, "before-", 10).await;
    let (go, outbox, running) = switch_while_an_enqueue_is_open(&engine, &db, id).await;
    emit(&engine, "thing.created", "owed", b"{}").await;
    assert_eq!(
        rows_of(&engine, id).await.len(),
        10,
        "the owed event has no row, the open enqueue's is unseen"
    );

    hangs.answer();
    waiting_on_lock(&db, "WITH routes AS").await;
    go.send(()).unwrap();
    assert!(matches!(outbox.await.unwrap(), Ok(Enqueued::New { deliveries: 1, .. })));
    hangs.every_event_answered_once(12).await;
    once_each_and_eager(&engine, &db, id, 12).await;
    running.stop().await;
}

/// PostgreSQL only: as above, with another endpoint of the tenant backlogged already, so the
/// enqueue held open draws a `seq` (it is owed to that one) and, being uncommitted when the
/// switch reads the highest `seq`, lands above the switched endpoint's `backlog_after`. Its
/// row for the switched endpoint exists, and the fill, which waited for it, must skip that
/// event rather than write it a second row (nothing else in the schema stops a double).
#[tokio::test(flavor = "multi_thread")]
async fn an_event_in_flight_above_the_switch_is_not_filled_twice() {
    let db = database(Backend::Postgres).await;
    let engine = engine_retrying_fast(&db);
    let (hangs, other) = (HangsUntilTold::start().await, HangsUntilTold::start().await);
    let id = endpoint(&engine, &hangs.receiver.url(), &[]).await.endpoint.id;
    let other_id = endpoint(&engine, &other.receiver.url(), &[]).await.endpoint.id;
    emit_concurrently(&engine, "before-", 10).await;
    db.execute(&switch_by_hand(Backend::Postgres, other_id)).await.unwrap();
    let (go, outbox, running) = switch_while_an_enqueue_is_open(&engine, &db, id).await;
    let backlog_after =
        format!("SELECT backlog_after AS n FROM webhook_endpoint_backlogs WHERE endpoint_id = '{id}'");
    let backlog_after = db.count(&backlog_after).await.unwrap();
    emit(&engine, "thing.created", "owed", b"{}").await;

    hangs.answer();
    other.answer();
    waiting_on_lock(&db, "WITH routes AS").await;
    go.send(()).unwrap();
    assert!(matches!(outbox.await.unwrap(), Ok(Enqueued::New { deliveries: 2, .. })));
    let seq = db.count("SELECT seq AS n FROM webhook_events WHERE dedupe_key = 'in-flight'").await.unwrap();
    assert!(seq > backlog_after, "the event in flight ({seq}) is above the switch ({backlog_after})");
    hangs.every_event_answered_once(12).await;
    other.every_event_answered_once(12).await;
    for endpoint in [id, other_id] {
        once_each_and_eager(&engine, &db, endpoint, 12).await;
    }
    running.stop().await;
}

/// PostgreSQL only: a filter change closes a backlog while an enqueue that routed the event as
/// owed waits behind it for the tenant's routes row. The change goes first: the enqueue must
/// find its routes gone and write the endpoint's row (owed above where the backlog closed, no
/// fill would ever take it). The event arrives.
#[tokio::test(flavor = "multi_thread")]
async fn an_enqueue_that_waited_for_a_filter_change_is_delivered() {
    let db = database(Backend::Postgres).await;
    let engine = engine(&db);
    let receiver = Receiver::ok().await;
    let id = endpoint(&engine, &receiver.url(), &["thing.created"]).await.endpoint.id;
    db.execute(&switch_by_hand(Backend::Postgres, id)).await.unwrap();
    // The filter change queues behind a held routes row, then the enqueue.
    let change = {
        let engine = engine.clone();
        async move {
            let types = EndpointPatch {
                event_types: Some(vec!["thing.created".into(), "thing.deleted".into()]),
                ..Default::default()
            };
            engine.update_endpoint(&TENANT, id, types).await.unwrap();
        }
    };
    let enqueue = {
        let engine = engine.clone();
        async move { emit(&engine, "thing.created", "waited", b"{}").await }
    };
    let enqueued = Box::pin(change_then_enqueue_behind_the_routes_row(&db, TENANT_ID, change, enqueue)).await;
    assert!(matches!(enqueued, Enqueued::New { deliveries: 1, .. }));
    assert_eq!(rows_of(&engine, id).await.len(), 1, "the enqueue wrote the endpoint's row");
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    let arrived = receiver.wait_for(1).await;
    assert_eq!(arrived[0].header("x-test-id"), Some("waited"));
    eventually("the backlog to end", || async { (!backlogged(&db, id).await).then_some(()) }).await;
    running.stop().await;
}

/// The fill that ends a backlog changes the tenant's routes: the next event, from an engine
/// that routed the last one as owed, gets its row as accepted (with the routes it remembered it
/// would be owed to a backlog that no longer exists, and never arrive).
async fn the_event_after_a_backlog_ended_gets_its_row(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let receiver = Receiver::ok().await;
    let id = endpoint(&engine, &receiver.url(), &[]).await.endpoint.id;
    db.execute(&switch_by_hand(backend, id)).await.unwrap();
    emit(&engine, "thing.created", "owed", b"{}").await;
    assert!(rows_of(&engine, id).await.is_empty(), "owed, no row yet");
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    eventually("the backlog to be filled and ended", || async { (!backlogged(&db, id).await).then_some(()) })
        .await;
    receiver.wait_for(1).await;
    running.stop().await;
    emit(&engine, "thing.created", "after", b"{}").await;
    let mut keys: Vec<String> = rows_of(&engine, id).await.into_iter().map(|d| d.dedupe_key).collect();
    keys.sort();
    assert_eq!(keys, ["after", "owed"]);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_stalled_endpoint_is_backlogged_and_every_event_arrives_once_when_it_answers,
    a_change_of_filter_or_state_closes_the_backlog_and_delete_drops_it,
    the_event_after_a_backlog_ended_gets_its_row,
);
