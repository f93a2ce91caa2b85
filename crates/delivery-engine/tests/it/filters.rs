//! Content filters (filter.rs, store/routes.rs), on both stores: an endpoint gets a delivery
//! only for the events whose body matches its filter, wherever deliveries are made (enqueue,
//! a backlog's fill); a test event ignores it; a filter is checked when set.

use crate::common::*;
use delivery_engine::deliveries::DeliveryQuery;
use delivery_engine::endpoints::{EndpointPatch, NewEndpoint};
use delivery_engine::policy::RetryPolicy;
use delivery_engine::{Engine, EngineError, EventCatalog, NewEvent};
use serde_json::{json, Value};
use std::time::Duration;
use test_support::{on_both_backends, Backend, Receiver, TestDb};
use uuid::Uuid;

async fn filtered_endpoint(engine: &Engine, url: &str, filter: Value) -> Uuid {
    let new = NewEndpoint { url: url.to_owned(), content_filter: Some(filter), ..Default::default() };
    engine.create_endpoint(&TENANT, new).await.unwrap().endpoint.id
}

async fn keys_of(engine: &Engine, endpoint: Uuid) -> Vec<String> {
    let q = DeliveryQuery { limit: 100, endpoint_id: Some(endpoint), ..Default::default() };
    let mut keys: Vec<String> =
        engine.list_deliveries(&TENANT, &q).await.unwrap().into_iter().map(|d| d.dedupe_key).collect();
    keys.sort();
    keys
}

fn body(status: &str, amount: i64, tags: &[&str]) -> Vec<u8> {
    json!({"type": "thing.created", "payload": {"status": status, "amount": amount, "tags": tags}})
        .to_string()
        .into_bytes()
}

/// Events of several bodies to an endpoint without a filter and one with: the filtered one's
/// log holds only the matching events (an array field matching by any element), the other
/// holds all, the metric counts the rest; the receiver got exactly those; a PATCH changes what
/// the next event matches, `null` clears it; a test event reaches the filtered endpoint anyway.
async fn an_endpoint_receives_only_the_events_its_filter_matches(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let (all, some) = (Receiver::ok().await, Receiver::ok().await);
    let everything = endpoint(&engine, &all.url(), &[]).await.endpoint.id;
    let filter = json!({"payload": {"status": "paused"}, "$or": [{"payload.amount": {"$gte": 100}}, {"payload.tags": "vip"}]});
    let filtered = filtered_endpoint(&engine, &some.url(), filter.clone()).await;
    assert_eq!(engine.get_endpoint(&TENANT, filtered).await.unwrap().content_filter, Some(filter));

    for (key, b) in [
        ("paused-large", body("paused", 500, &[])),
        ("paused-small", body("paused", 5, &[])),
        ("paused-vip", body("paused", 5, &["new", "vip"])),
        ("active-large", body("active", 500, &["vip"])),
    ] {
        emit(&engine, "thing.created", key, &b).await;
    }
    emit(&engine, "thing.created", "not-json", b"<xml/>").await;
    assert_eq!(keys_of(&engine, filtered).await, ["paused-large", "paused-vip"]);
    assert_eq!(keys_of(&engine, everything).await.len(), 5);
    assert_eq!(engine.metrics().filtered_out_total(), 3);

    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    let got = some.wait_for(2).await;
    all.wait_for(5).await;
    let mut keys: Vec<String> = got
        .iter()
        .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["payload"]["amount"].to_string())
        .collect();
    keys.sort();
    assert_eq!(keys, ["5", "500"]);

    let patch = EndpointPatch {
        content_filter: Some(Some(json!({"payload.status": "active"}))),
        ..Default::default()
    };
    engine.update_endpoint(&TENANT, filtered, patch).await.unwrap();
    emit(&engine, "thing.created", "active-after", &body("active", 1, &[])).await;
    emit(&engine, "thing.created", "paused-after", &body("paused", 999, &[])).await;
    let cleared = EndpointPatch { content_filter: Some(None), ..Default::default() };
    assert_eq!(engine.update_endpoint(&TENANT, filtered, cleared).await.unwrap().content_filter, None);
    emit(&engine, "thing.created", "any-after-clear", b"{}").await;
    let test = NewEvent { only_endpoint: Some(filtered), ..event("webhook.test", "test", b"{}") };
    engine.enqueue_now(test).await.unwrap();
    assert_eq!(
        keys_of(&engine, filtered).await,
        ["active-after", "any-after-clear", "paused-large", "paused-vip", "test"]
    );
    some.wait_for(5).await;
    running.stop().await;
}

/// Two backlogged endpoints, one filtered: the events they are owed wait in the event log
/// (each has a `seq` for the one without a filter); the fill gives the filtered one only the
/// matching events and moves past the others, and both backlogs end.
async fn a_backlog_is_filled_with_only_the_events_its_filter_matches(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let (all, some) = (Receiver::ok().await, Receiver::ok().await);
    let everything = endpoint(&engine, &all.url(), &[]).await.endpoint.id;
    let filtered = filtered_endpoint(&engine, &some.url(), json!({"payload.amount": {"$gt": 10}})).await;
    db.execute(&switch_to_backlog_by_hand(backend, &[everything, filtered])).await.unwrap();
    for n in [1, 20, 3, 40, 50] {
        emit(&engine, "thing.created", &format!("amount-{n}"), &body("active", n, &[])).await;
    }
    assert!(keys_of(&engine, filtered).await.is_empty(), "owed, no rows yet");
    let config = delivery_engine::DispatcherConfig { backlog_fill: 2, ..fast_config() };
    let running = spawn_dispatcher(&engine, client(0, None), config);
    all.wait_for(5).await;
    some.wait_for(3).await;
    eventually("both backlogs to end", || async {
        (db.count("SELECT count(*) AS n FROM webhook_endpoint_backlogs").await.unwrap() == 0).then_some(())
    })
    .await;
    running.stop().await;
    assert_eq!(keys_of(&engine, filtered).await, ["amount-20", "amount-40", "amount-50"]);
    assert_eq!(keys_of(&engine, everything).await.len(), 5);
}

/// What the switch to a backlog writes, by hand, for `endpoints` (backlog.rs's `switch_by_hand`
/// for several).
fn switch_to_backlog_by_hand(backend: Backend, endpoints: &[Uuid]) -> String {
    let ids = endpoints.iter().map(|e| format!("'{e}'")).collect::<Vec<_>>().join(", ");
    let backlog = format!(
        "INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) \
         SELECT id, (SELECT coalesce(max(seq), 0) FROM webhook_events WHERE seq IS NOT NULL) \
         FROM webhook_endpoints WHERE id IN ({ids})"
    );
    match backend {
        Backend::Postgres => format!("{backlog}; UPDATE webhook_tenant_routes SET version = version + 1"),
        Backend::Sqlite => backlog,
    }
}

/// An engine whose catalog declares `thing.created`'s fields (as campaign-api's does).
fn engine_with_fields(db: &TestDb) -> Engine {
    let mut p = profile(RetryPolicy::fixed(vec![Duration::from_secs(1)]), Duration::from_secs(5));
    p.catalog = EventCatalog::new(["thing.created", "thing.deleted"])
        .with_fields("thing.created", ["type", "payload", "payload.status", "payload.amount"])
        .with_internal(["webhook.test"]);
    engine_with(db, p)
}

/// A wrong filter is refused with the place named; a misspelling of a declared field too,
/// naming the field meant; an undeclared field unlike any declared one is accepted.
async fn a_filter_is_checked_when_it_is_set(backend: Backend) {
    let db = database(backend).await;
    let engine = engine_with_fields(&db);
    let url = "http://127.0.0.1:9/hook";
    let create = |filter: Value| {
        let engine = engine.clone();
        async move {
            let new = NewEndpoint { url: url.into(), content_filter: Some(filter), ..Default::default() };
            engine.create_endpoint(&TENANT, new).await
        }
    };
    match create(json!({"payload": {"amount": {"$gte": "a lot"}}})).await {
        Err(EngineError::InvalidFilter(e)) => assert_eq!(e.pointer, "/payload/amount/$gte"),
        other => panic!("{other:?}"),
    }
    match create(json!({"payload.stauts": "paused"})).await {
        Err(EngineError::UnknownFilterField { path, meant }) => {
            assert_eq!((path.as_str(), meant.as_str()), ("payload.stauts", "payload.status"))
        }
        other => panic!("{other:?}"),
    }
    let id = create(json!({"payload.region": "eu"})).await.unwrap().endpoint.id;
    // A PATCH's filter is checked against the types the endpoint keeps.
    let typo = EndpointPatch { content_filter: Some(Some(json!({"tpye": "x"}))), ..Default::default() };
    assert!(matches!(
        engine.update_endpoint(&TENANT, id, typo).await,
        Err(EngineError::UnknownFilterField { .. })
    ));
    assert!(engine.list_endpoints(&TENANT).await.unwrap().len() == 1, "nothing made by a refusal");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    an_endpoint_receives_only_the_events_its_filter_matches,
    a_backlog_is_filled_with_only_the_events_its_filter_matches,
    a_filter_is_checked_when_it_is_set,
);
