//! The campaign and publishing rules on a real store, without HTTP (each test runs as
//! `<test>::postgres` and `<test>::sqlite`): what a change writes and which events it queues,
//! in the same transaction.

use campaign_api::campaigns::{self, CampaignError, CampaignPatch, NewCampaign};
use campaign_api::events::{self, Publish, PublishError, Publisher};
use campaign_api::workspace::Workspace;
use campaign_api::{profile, store};
use delivery_engine::deliveries::{Delivery, DeliveryQuery};
use delivery_engine::endpoints::{NewEndpoint, UrlRule};
use delivery_engine::http::AddressPolicy;
use delivery_engine::secrets::Keyring;
use delivery_engine::{Engine, EngineConfig, EngineError};
use serde_json::json;
use std::time::Duration;
use test_support::{on_both_backends, Backend, TestDb};
use uuid::Uuid;

async fn database(backend: Backend) -> TestDb {
    TestDb::create_on(backend, "campaign", |url| async move {
        delivery_engine::db::run_migrations(
            &url,
            vec![delivery_engine::db::ENGINE_MIGRATIONS, store::MIGRATIONS],
        )
        .await?;
        Ok(())
    })
    .await
    .unwrap()
}

fn engine(db: &TestDb) -> Engine {
    Engine::new(
        delivery_engine::db::connect_pool(db.url(), 4).unwrap(),
        Keyring::parse("k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=").unwrap(),
        profile::profile("Service", None, Duration::from_secs(2)).unwrap(),
        EngineConfig {
            url_rule: UrlRule::HttpsOnly,
            address_policy: AddressPolicy::parse_allow_list("127.0.0.0/8").unwrap(),
            payload_retention: None,
        },
    )
}

/// A workspace with an endpoint for every type; no dispatcher runs, deliveries only queue.
async fn workspace(engine: &Engine) -> Workspace {
    let (id, _key) = engine
        .transaction(delivery_engine::on_conn!(|c| Ok::<_, EngineError>(
            store::create_workspace(c, "ws").await?
        )))
        .await
        .unwrap();
    let ws = Workspace::of(delivery_engine::Tenant::new(id.id.to_string()).unwrap()).unwrap();
    let new = NewEndpoint {
        url: "https://127.0.0.1:9/hook".into(),
        event_types: vec![],
        rate_limit_per_s: None,
        ..Default::default()
    };
    engine.create_endpoint(ws.tenant(), new).await.unwrap();
    ws
}

/// Queued event types, sorted (events of one transaction may share a timestamp).
async fn queued(engine: &Engine, ws: &Workspace) -> Vec<String> {
    let all: Vec<Delivery> = engine
        .list_deliveries(ws.tenant(), &DeliveryQuery { limit: 100, ..Default::default() })
        .await
        .unwrap();
    let mut types: Vec<String> = all.into_iter().map(|d| d.event_type).collect();
    types.sort();
    types
}

fn patch(name: Option<&str>, status: Option<&str>) -> CampaignPatch {
    CampaignPatch { name: name.map(Into::into), status: status.map(Into::into) }
}

async fn changes_commit_with_their_events(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let ws = workspace(&engine).await;
    let new = NewCampaign { name: "Spring".into(), status: Some("active".into()) };
    let created = campaigns::create_campaign(&engine, &ws, new).await.unwrap();
    assert_eq!(campaigns::get_campaign(&engine, &ws, created.id).await.unwrap().status, "active");
    assert_eq!(queued(&engine, &ws).await, ["campaign.created.v1"]);

    let paused =
        campaigns::update_campaign(&engine, &ws, created.id, patch(None, Some("paused"))).await.unwrap();
    assert_eq!(paused.status, "paused");
    assert_eq!(
        queued(&engine, &ws).await,
        ["campaign.created.v1", "campaign.status_changed.v1", "campaign.updated.v1"]
    );

    // Nothing changes: nothing is written or emitted.
    let same =
        campaigns::update_campaign(&engine, &ws, created.id, patch(Some("Spring"), None)).await.unwrap();
    assert_eq!(same.updated_at.timestamp_micros(), paused.updated_at.timestamp_micros());
    assert_eq!(queued(&engine, &ws).await.len(), 3);

    // A refused transition leaves the name change of the same patch unwritten too.
    campaigns::update_campaign(&engine, &ws, created.id, patch(None, Some("archived"))).await.unwrap();
    let refused =
        campaigns::update_campaign(&engine, &ws, created.id, patch(Some("New"), Some("active"))).await;
    assert!(matches!(refused, Err(CampaignError::InvalidTransition { .. })), "{refused:?}");
    let stored = campaigns::get_campaign(&engine, &ws, created.id).await.unwrap();
    assert_eq!((stored.name.as_str(), stored.status.as_str()), ("Spring", "archived"));
    assert_eq!(queued(&engine, &ws).await.len(), 5);
}

async fn campaigns_belong_to_their_workspace(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let (ws, other) = (workspace(&engine).await, workspace(&engine).await);
    let new = NewCampaign { name: "Spring".into(), status: None };
    let created = campaigns::create_campaign(&engine, &ws, new).await.unwrap();
    assert!(matches!(
        campaigns::get_campaign(&engine, &other, created.id).await,
        Err(CampaignError::NotFound)
    ));
    let foreign = campaigns::update_campaign(&engine, &other, created.id, patch(Some("Mine"), None)).await;
    assert!(matches!(foreign, Err(CampaignError::NotFound)), "{foreign:?}");
    assert_eq!(campaigns::get_campaign(&engine, &ws, created.id).await.unwrap().name, "Spring");
    assert!(queued(&engine, &other).await.is_empty());
}

fn segment_event(event_type: &str, payload: serde_json::Value) -> Publish {
    Publish {
        event_type: event_type.into(),
        entity_type: "segment".into(),
        entity_id: Uuid::now_v7().to_string(),
        payload,
    }
}

async fn published_events_are_checked_then_queued(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let publisher = Publisher::spawn(&engine, 1);
    let ws = workspace(&engine).await;
    let event = segment_event;
    let id =
        events::publish(&publisher, &ws, event("segment.evaluated.v1", json!({ "size": 12 }))).await.unwrap();
    let all = engine.list_deliveries(ws.tenant(), &DeliveryQuery { limit: 10, ..Default::default() }).await;
    let all = all.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].event_id, all[0].event_type.as_str()), (id, "segment.evaluated.v1"));

    let refused = events::publish(&publisher, &ws, event("segment.evaluated.v1", json!({}))).await;
    assert!(matches!(refused, Err(PublishError::InvalidPayload(_))), "{refused:?}");
    assert_eq!(queued(&engine, &ws).await.len(), 1);
}

/// Publishes of two workspaces at once, batched (at most 8 a batch, so several batches, some
/// of one workspace and some of both): each answer is its own event's id, each event is queued
/// once, in its own workspace, and a refused payload among them is refused alone.
async fn concurrent_publishes_go_together_and_each_gets_its_own_answer(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let publisher = Publisher::spawn(&engine, 8);
    let (a, b) = (workspace(&engine).await, workspace(&engine).await);
    let publishes = (0..40).map(|i| {
        let (publisher, ws) = (publisher.clone(), if i % 3 == 0 { b.clone() } else { a.clone() });
        let payload = if i == 17 { json!({}) } else { json!({ "size": i }) };
        async move {
            (ws.id(), events::publish(&publisher, &ws, segment_event("segment.evaluated.v1", payload)).await)
        }
    });
    let answers = futures_util::future::join_all(publishes).await;
    let refused: Vec<_> = answers.iter().filter(|(_, r)| r.is_err()).collect();
    assert!(matches!(refused[..], [(_, Err(PublishError::InvalidPayload(_)))]), "{refused:?}");
    for ws in [&a, &b] {
        let mut answered: Vec<Uuid> = answers
            .iter()
            .filter(|(w, _)| *w == ws.id())
            .filter_map(|(_, r)| r.as_ref().ok().copied())
            .collect();
        let log =
            engine.list_deliveries(ws.tenant(), &DeliveryQuery { limit: 100, ..Default::default() }).await;
        let mut queued: Vec<Uuid> = log.unwrap().iter().map(|d| d.event_id).collect();
        answered.sort();
        queued.sort();
        assert_eq!(answered, queued, "each answer is one queued event of its workspace");
    }
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    changes_commit_with_their_events,
    campaigns_belong_to_their_workspace,
    published_events_are_checked_then_queued,
    concurrent_publishes_go_together_and_each_gets_its_own_answer,
);
