//! Routing an event to its endpoints while other processes change them (store/routes.rs). On
//! PostgreSQL each engine caches its tenants' routes, and an enqueue writes only by routes that
//! are still current; two engines on one database stand for two processes. On SQLite each
//! engine caches them too, and triggers draw the new version (D48).

use crate::common::*;
use delivery_engine::deliveries::DeliveryQuery;
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::{Enqueued, Tenant};
use test_support::{on_both_backends, Backend};
use uuid::Uuid;

async fn keys_of(engine: &delivery_engine::Engine, endpoint: Uuid) -> Vec<String> {
    let q = DeliveryQuery { limit: 100, endpoint_id: Some(endpoint), ..Default::default() };
    let mut keys: Vec<String> =
        engine.list_deliveries(&TENANT, &q).await.unwrap().into_iter().map(|d| d.dedupe_key).collect();
    keys.sort();
    keys
}

fn deliveries(enqueued: Enqueued) -> i64 {
    match enqueued {
        Enqueued::New { deliveries, .. } => deliveries,
        Enqueued::Duplicate { .. } => panic!("not a duplicate"),
    }
}

/// Every change another process makes to the tenant's endpoints (create, disable, a new
/// filter, enable, delete) is seen by this process's very next event, although it routed the
/// events before by routes it keeps.
async fn each_change_another_process_makes_routes_the_next_event(backend: Backend) {
    let db = database(backend).await;
    let (here, there) = (engine(&db), engine(&db));
    let first = endpoint(&here, "http://127.0.0.1:9/first", &[]).await.endpoint.id;
    assert_eq!(deliveries(emit(&here, "thing.created", "e1", b"{}").await), 1);

    let second = endpoint(&there, "http://127.0.0.1:9/second", &["thing.created"]).await.endpoint.id;
    assert_eq!(deliveries(emit(&here, "thing.created", "e2", b"{}").await), 2, "a new endpoint");

    let off = EndpointPatch { disabled: Some(true), ..Default::default() };
    there.update_endpoint(&TENANT, first, off).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e3", b"{}").await), 1, "a disabled endpoint");

    let types = EndpointPatch { event_types: Some(vec!["thing.deleted".into()]), ..Default::default() };
    there.update_endpoint(&TENANT, second, types).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e4", b"{}").await), 0, "a new filter");
    assert_eq!(deliveries(emit(&here, "thing.deleted", "e5", b"{}").await), 1);

    let on = EndpointPatch { disabled: Some(false), ..Default::default() };
    there.update_endpoint(&TENANT, first, on).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e6", b"{}").await), 1, "an enabled endpoint");

    there.delete_endpoint(&TENANT, first).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e7", b"{}").await), 0, "a deleted endpoint");

    assert_eq!(keys_of(&here, second).await, ["e2", "e3", "e5"]);
    let q = DeliveryQuery { limit: 100, ..Default::default() };
    let mut all: Vec<String> =
        here.list_deliveries(&TENANT, &q).await.unwrap().into_iter().map(|d| d.dedupe_key).collect();
    all.sort();
    // The first endpoint's own rows (e1, e2, e6) ended with it when it was deleted.
    assert_eq!(all, ["e1", "e2", "e2", "e3", "e5", "e6"]);
}

/// PostgreSQL only (SQLite has one writer at a time): a disable waits for the tenant's routes
/// row (held here), and an enqueue by routes that still hold the endpoint queues behind it.
/// The disable goes first; the enqueue must find its routes gone, route again and write no row
/// for the endpoint. (The other order: `a_disable_that_waited_for_an_enqueue_parks_its_row`.)
#[tokio::test(flavor = "multi_thread")]
async fn an_enqueue_that_waited_for_a_disable_leaves_no_due_row_for_the_endpoint() {
    let db = database(Backend::Postgres).await;
    let (here, there) = (engine(&db), engine(&db));
    let id = endpoint(&here, "http://127.0.0.1:9/hook", &[]).await.endpoint.id;
    // `here` routes by the routes it read for this event from now on.
    emit(&here, "thing.created", "before", b"{}").await;

    let disable = async move {
        let off = EndpointPatch { disabled: Some(true), ..Default::default() };
        there.update_endpoint(&TENANT, id, off).await.unwrap();
    };
    let enqueue = {
        let here = here.clone();
        async move { emit(&here, "thing.created", "waited", b"{}").await }
    };
    let enqueued =
        Box::pin(change_then_enqueue_behind_the_routes_row(&db, TENANT_ID, disable, enqueue)).await;
    assert!(matches!(enqueued, Enqueued::New { deliveries: 0, .. }), "routed again: {enqueued:?}");
    let due = format!(
        "SELECT count(*) AS n FROM webhook_deliveries \
         WHERE endpoint_id = '{id}' AND status IN ('pending', 'failed') AND available_at <> 'infinity'"
    );
    assert_eq!(db.count(&due).await.unwrap(), 0, "nothing of a disabled endpoint is due");
}

/// PostgreSQL only: the other order. An enqueue (in a domain transaction, the outbox) holds
/// the tenant's routes row with its delivery written; a disable of the endpoint parks what it
/// finds and queues behind it. Once the enqueue commits, the disable must park its row too.
#[tokio::test(flavor = "multi_thread")]
async fn a_disable_that_waited_for_an_enqueue_parks_its_row() {
    let db = database(Backend::Postgres).await;
    let (here, there) = (engine(&db), engine(&db));
    let id = endpoint(&here, "http://127.0.0.1:9/hook", &[]).await.endpoint.id;
    let (go, outbox) = open_outbox_enqueue(&here).await;
    let disable = tokio::spawn(async move {
        let off = EndpointPatch { disabled: Some(true), ..Default::default() };
        there.update_endpoint(&TENANT, id, off).await.unwrap();
    });
    waiting_on_lock(&db, "JOIN webhook_tenant_routes").await;
    go.send(()).unwrap();
    assert!(matches!(outbox.await.unwrap(), Ok(Enqueued::New { deliveries: 1, .. })));
    disable.await.unwrap();
    let due = format!(
        "SELECT count(*) AS n FROM webhook_deliveries \
         WHERE endpoint_id = '{id}' AND status IN ('pending', 'failed') AND available_at <> 'infinity'"
    );
    assert_eq!(db.count(&due).await.unwrap(), 0, "the enqueued row was parked");
    assert_eq!(keys_of(&here, id).await, ["in-flight"]);
}

/// SQLite only: the version is drawn by triggers, so a change made by any statement, not only
/// the engine's (here plain SQL, as an operator's repair would be), routes the next event.
#[tokio::test(flavor = "multi_thread")]
async fn on_sqlite_a_change_by_any_statement_routes_the_next_event() {
    let db = database(Backend::Sqlite).await;
    let here = engine(&db);
    let id = endpoint(&here, "http://127.0.0.1:9/hook", &[]).await.endpoint.id;
    assert_eq!(deliveries(emit(&here, "thing.created", "e1", b"{}").await), 1);

    db.execute(&format!(
        "UPDATE webhook_endpoints SET event_types = '[\"thing.deleted\"]' WHERE id = '{id}'"
    ))
    .await
    .unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e2", b"{}").await), 0, "a new filter");
    db.execute(&format!("UPDATE webhook_endpoints SET event_types = '[]' WHERE id = '{id}'")).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e3", b"{}").await), 1, "the filter back");

    // A backlog: the event is owed (counted, no row); closed, it gets its row again.
    db.execute(&format!(
        "INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) VALUES ('{id}', 0)"
    ))
    .await
    .unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e4", b"{}").await), 1);
    db.execute(&format!("UPDATE webhook_endpoint_backlogs SET backlog_until = 1 WHERE endpoint_id = '{id}'"))
        .await
        .unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e5", b"{}").await), 1);
    db.execute(&format!("DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = '{id}'")).await.unwrap();
    assert_eq!(keys_of(&here, id).await, ["e1", "e3", "e5"], "e4 was owed, so it has no row");
    // An open backlog dropped: the next event gets its row again.
    db.execute(&format!(
        "INSERT INTO webhook_endpoint_backlogs (endpoint_id, backlog_after) VALUES ('{id}', 1)"
    ))
    .await
    .unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e5b", b"{}").await), 1);
    db.execute(&format!("DELETE FROM webhook_endpoint_backlogs WHERE endpoint_id = '{id}'")).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e5c", b"{}").await), 1);
    assert_eq!(keys_of(&here, id).await, ["e1", "e3", "e5", "e5c"], "e5b was owed");

    db.execute(&format!("UPDATE webhook_endpoints SET disabled_at = 1 WHERE id = '{id}'")).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e6", b"{}").await), 0, "disabled");
    db.execute(&format!("UPDATE webhook_endpoints SET disabled_at = NULL WHERE id = '{id}'")).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e7", b"{}").await), 1, "enabled");
    db.execute(&format!("UPDATE webhook_endpoints SET deleted_at = 1 WHERE id = '{id}'")).await.unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e8", b"{}").await), 0, "deleted");

    // A row removed outright (with its deliveries first: they refer to it).
    let gone = endpoint(&here, "http://127.0.0.1:9/gone", &[]).await.endpoint.id;
    assert_eq!(deliveries(emit(&here, "thing.created", "e9", b"{}").await), 1);
    db.execute(&format!(
        "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = '{gone}'); \
         DELETE FROM webhook_deliveries WHERE endpoint_id = '{gone}'; \
         DELETE FROM webhook_endpoints WHERE id = '{gone}'"
    ))
    .await
    .unwrap();
    assert_eq!(deliveries(emit(&here, "thing.created", "e10", b"{}").await), 0, "removed");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    each_change_another_process_makes_routes_the_next_event,
    the_routes_migration_upgrades_a_database_with_endpoints,
);

/// The routes migration (D38 on PostgreSQL, D48 on SQLite) on a database that already has
/// endpoints, several for one tenant: it must apply, with one routes row per tenant, and the
/// engine must route by them. The database is taken back to before it (reverting migrations
/// through it) and then migrated to the head again.
async fn the_routes_migration_upgrades_a_database_with_endpoints(backend: Backend) {
    let db = database(backend).await;
    let here = engine(&db);
    for n in 0..3 {
        endpoint(&here, &format!("http://127.0.0.1:9/hook-{n}"), &[]).await;
    }
    let other = delivery_engine::endpoints::NewEndpoint {
        url: "http://127.0.0.1:9/other".into(),
        event_types: Vec::new(),
        rate_limit_per_s: None,
        ..Default::default()
    };
    here.create_endpoint(&Tenant::new("tenant-b").unwrap(), other).await.unwrap();
    drop(here);

    revert_through_routes_migration(db.url(), backend).await;
    assert!(db.count("SELECT count(*) AS n FROM webhook_tenant_routes").await.is_err(), "reverted");
    delivery_engine::db::run_migrations(db.url(), vec![delivery_engine::db::ENGINE_MIGRATIONS])
        .await
        .unwrap();

    assert_eq!(db.count("SELECT count(*) AS n FROM webhook_tenant_routes").await.unwrap(), 2);
    let here = engine(&db);
    assert_eq!(deliveries(emit(&here, "thing.created", "after", b"{}").await), 3);
}

/// Reverts the engine's migrations, newest first, until the one that made
/// `webhook_tenant_routes` is undone.
async fn revert_through_routes_migration(url: &str, backend: Backend) {
    use delivery_engine::db::ENGINE_MIGRATIONS;
    use diesel::Connection;
    use diesel_migrations::MigrationHarness;
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || {
        let made_routes = |v: &str| v == "20261124000014" || v == "20261125000015";
        match backend {
            Backend::Postgres => {
                use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
                type Conn = AsyncConnectionWrapper<diesel_async::AsyncPgConnection>;
                let mut c = Conn::establish(&url).unwrap();
                while !made_routes(&c.revert_last_migration(ENGINE_MIGRATIONS.postgres).unwrap().to_string())
                {
                }
            }
            Backend::Sqlite => {
                let path = url.strip_prefix("sqlite://").unwrap_or(&url).to_owned();
                let mut c = diesel::SqliteConnection::establish(&path).unwrap();
                while !made_routes(&c.revert_last_migration(ENGINE_MIGRATIONS.sqlite).unwrap().to_string()) {}
            }
        }
    })
    .await
    .unwrap();
}
