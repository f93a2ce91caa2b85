//! The run and test-event rules on a real store, without HTTP (each test runs as
//! `<test>::postgres` and `<test>::sqlite`): what a settle writes and which events it queues.

use delivery_engine::deliveries::{Delivery, DeliveryQuery};
use delivery_engine::endpoints::{EndpointPatch, NewEndpoint, UrlRule};
use delivery_engine::http::AddressPolicy;
use delivery_engine::secrets::Keyring;
use delivery_engine::{Engine, EngineConfig, Tenant};
use std::time::Duration;
use test_support::{on_both_backends, Backend, TestDb};
use workflow_api::runs::{self, Outcome, RunError, RunWriter, SettleRequest};
use workflow_api::test_event::{self, TestEventError};
use workflow_api::{profile, store};

const ACCOUNT_ID: &str = "acct-a";
static ACCOUNT: std::sync::LazyLock<Tenant> = std::sync::LazyLock::new(|| Tenant::new(ACCOUNT_ID).unwrap());

async fn database(backend: Backend) -> TestDb {
    TestDb::create_on(backend, "workflow", |url| async move {
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
        profile::profile(vec![Duration::from_secs(60)], Duration::from_secs(2)),
        EngineConfig {
            url_rule: UrlRule::HttpOrHttps,
            address_policy: AddressPolicy::parse_allow_list("127.0.0.0/8").unwrap(),
            payload_retention: None,
        },
    )
}

/// An endpoint for every run event; nothing is sent (no dispatcher runs), deliveries only queue.
async fn endpoint(engine: &Engine, account: &Tenant) -> uuid::Uuid {
    let new = NewEndpoint {
        url: "http://127.0.0.1:9/hook".into(),
        event_types: vec![profile::RUN_COMPLETED.into(), profile::RUN_FAILED.into()],
        rate_limit_per_s: None,
        ..Default::default()
    };
    engine.create_endpoint(account, new).await.unwrap().endpoint.id
}

/// A run as stored: the stores keep microseconds.
fn stored(run: &store::Run) -> (String, String, Option<String>) {
    let micros = |t: chrono::DateTime<chrono::Utc>| t.timestamp_micros().to_string();
    (run.status.clone(), micros(run.created_at), run.completed_at.map(micros))
}

async fn deliveries(engine: &Engine, account: &Tenant) -> Vec<Delivery> {
    engine.list_deliveries(account, &DeliveryQuery { limit: 100, ..Default::default() }).await.unwrap()
}

async fn a_settle_stores_the_outcome_and_queues_its_event_once(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let runs = RunWriter::spawn(&engine, 64);
    endpoint(&engine, &ACCOUNT).await;
    let run = runs.create_run(&ACCOUNT, "wf-1".into()).await.unwrap();
    assert_eq!(stored(&runs::get_run(&engine, &ACCOUNT, run.id).await.unwrap()), stored(&run));

    let settled = runs.settle_run(&ACCOUNT, run.id, Outcome::Failed).await.unwrap();
    assert_eq!(settled.status, "failed");
    assert!(settled.completed_at.is_some());
    assert_eq!(stored(&runs::get_run(&engine, &ACCOUNT, run.id).await.unwrap()), stored(&settled));
    let queued = deliveries(&engine, &ACCOUNT).await;
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].event_type, "run.failed");
    assert_eq!(queued[0].dedupe_key, format!("{}:run.failed", run.id));

    // The same outcome again: a no-op that queues nothing; the other outcome: refused.
    let again = runs.settle_run(&ACCOUNT, run.id, Outcome::Failed).await.unwrap();
    assert_eq!(stored(&again), stored(&settled));
    let refused = runs.settle_run(&ACCOUNT, run.id, Outcome::Succeeded).await;
    assert!(matches!(refused, Err(RunError::AlreadySettled(ref s)) if s == "failed"), "{refused:?}");
    assert_eq!(deliveries(&engine, &ACCOUNT).await.len(), 1);
    assert_eq!(stored(&runs::get_run(&engine, &ACCOUNT, run.id).await.unwrap()), stored(&settled));
}

async fn runs_belong_to_their_account(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let runs = RunWriter::spawn(&engine, 64);
    let run = runs.create_run(&ACCOUNT, "wf-1".into()).await.unwrap();
    assert!(matches!(
        runs::get_run(&engine, &Tenant::new("acct-b").unwrap(), run.id).await,
        Err(RunError::NotFound)
    ));
    let other = runs.settle_run(&Tenant::new("acct-b").unwrap(), run.id, Outcome::Succeeded).await;
    assert!(matches!(other, Err(RunError::NotFound)), "{other:?}");
    assert_eq!(runs::get_run(&engine, &ACCOUNT, run.id).await.unwrap().status, runs::RUNNING);
    assert!(matches!(runs.create_run(&ACCOUNT, " ".into()).await, Err(RunError::InvalidWorkflowId)));
}

async fn a_test_event_goes_to_its_enabled_endpoint_only(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let target = endpoint(&engine, &ACCOUNT).await;
    let bystander = endpoint(&engine, &ACCOUNT).await;
    let event_id = test_event::send_test_event(&engine, &ACCOUNT, target).await.unwrap();
    let queued = deliveries(&engine, &ACCOUNT).await;
    assert_eq!(queued.len(), 1);
    assert_eq!((queued[0].endpoint_id, queued[0].event_type.as_str()), (target, "webhook.test"));
    assert_eq!(queued[0].dedupe_key, event_id);

    let disable = EndpointPatch { disabled: Some(true), ..Default::default() };
    engine.update_endpoint(&ACCOUNT, bystander, disable).await.unwrap();
    let refused = test_event::send_test_event(&engine, &ACCOUNT, bystander).await;
    assert!(matches!(refused, Err(TestEventError::EndpointDisabled)), "{refused:?}");
    let unknown = test_event::send_test_event(&engine, &Tenant::new("acct-b").unwrap(), target).await;
    assert!(matches!(unknown, Err(TestEventError::Engine(delivery_engine::EngineError::NotFound))));
    assert_eq!(deliveries(&engine, &ACCOUNT).await.len(), 1);
}

/// Settles in one batch: each gets the answer it would get alone, and each run that settles
/// queues its event once, whatever else its batch holds.
async fn settles_in_one_batch_are_answered_each_as_alone(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    endpoint(&engine, &ACCOUNT).await;
    let runs = RunWriter::spawn(&engine, 64);
    let mut ids = Vec::new();
    for i in 0..4 {
        ids.push(runs.create_run(&ACCOUNT, format!("wf-{i}")).await.unwrap().id);
    }
    runs.settle_run(&ACCOUNT, ids[3], Outcome::Failed).await.unwrap();
    let other = Tenant::new("acct-b").unwrap();
    let settles = [
        (&other, ids[0], Outcome::Succeeded), // another account's, before its owner's: not found
        (&*ACCOUNT, ids[0], Outcome::Succeeded),
        (&*ACCOUNT, ids[0], Outcome::Succeeded), // the same settle twice: both succeed
        (&*ACCOUNT, ids[1], Outcome::Failed),
        (&other, ids[2], Outcome::Succeeded), // another account's run: not found
        (&*ACCOUNT, ids[3], Outcome::Succeeded), // settled the other way before: refused
        (&*ACCOUNT, ids[3], Outcome::Failed), // the same way again: unchanged
        (&*ACCOUNT, uuid::Uuid::now_v7(), Outcome::Failed),
    ];
    let batch = settles.iter().map(|&(a, id, outcome)| SettleRequest { account: a.clone(), id, outcome });
    let answers = runs::settle_runs(&engine, batch.collect()).await.unwrap();
    let (not_owners, answers) = answers.split_at(1);
    assert!(matches!(not_owners[0], Err(RunError::NotFound)), "{not_owners:?}");
    let statuses: Vec<_> = answers.iter().map(|a| a.as_ref().map(|r| r.status.as_str())).collect();
    assert!(matches!(statuses[..2], [Ok("succeeded"), Ok("succeeded")]), "{answers:?}");
    assert!(matches!(statuses[2], Ok("failed")), "{answers:?}");
    assert!(matches!(answers[3], Err(RunError::NotFound)), "{answers:?}");
    assert!(matches!(answers[4], Err(RunError::AlreadySettled(ref s)) if s == "failed"), "{answers:?}");
    assert!(matches!(statuses[5], Ok("failed")), "{answers:?}");
    assert!(matches!(answers[6], Err(RunError::NotFound)), "{answers:?}");
    assert!(deliveries(&engine, &other).await.is_empty(), "nothing is queued for the other account");
    let mut keys: Vec<String> =
        deliveries(&engine, &ACCOUNT).await.into_iter().map(|d| d.dedupe_key).collect();
    keys.sort();
    let mut expected = vec![
        format!("{}:run.completed", ids[0]),
        format!("{}:run.failed", ids[1]),
        format!("{}:run.failed", ids[3]),
    ];
    expected.sort();
    assert_eq!(keys, expected);
    // Through the lanes, two settles of one run the two ways: one wins, whichever batch each
    // is in.
    let (a, b) = tokio::join!(
        runs.settle_run(&ACCOUNT, ids[2], Outcome::Succeeded),
        runs.settle_run(&ACCOUNT, ids[2], Outcome::Failed)
    );
    assert!(a.is_ok() != b.is_ok(), "one of two settles the other way wins: {a:?} {b:?}");
    assert_eq!(deliveries(&engine, &ACCOUNT).await.len(), 4);
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_settle_stores_the_outcome_and_queues_its_event_once,
    runs_belong_to_their_account,
    a_test_event_goes_to_its_enabled_endpoint_only,
    settles_in_one_batch_are_answered_each_as_alone,
);
