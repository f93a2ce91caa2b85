//! The PostgreSQL connection (store/pg/connect.rs), against a private server with `ssl = on`
//! and a certificate from a test CA: TLS when the URL asks for it, verified against
//! `DATABASE_CA_FILE` (accepted with that CA, refused with another), for the pools and for
//! migrations; the connections named by `application_name`. PostgreSQL only.

use crate::common::*;
use delivery_engine::db::{connect_pool_with, run_migrations_with, DbSettings, ENGINE_MIGRATIONS};
use delivery_engine::endpoints::NewEndpoint;
use delivery_engine::{Engine, EngineConfig, EngineError};
use test_support::{count_at, PrivatePostgres, TestCa};

fn engine_on(url: &str, settings: &DbSettings) -> Engine {
    let pool = connect_pool_with(url, 2, settings).unwrap();
    let config = EngineConfig {
        url_rule: delivery_engine::endpoints::UrlRule::HttpOrHttps,
        address_policy: loopback(),
        payload_retention: None,
    };
    Engine::new(
        pool,
        keyring(),
        profile(
            delivery_engine::policy::RetryPolicy::fixed(vec![std::time::Duration::from_secs(1)]),
            std::time::Duration::from_secs(5),
        ),
        config,
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn tls_to_postgres_is_verified_against_the_ca_file_and_the_connections_are_named() {
    let ca = TestCa::new().unwrap();
    let pg = PrivatePostgres::start_with_tls(&ca).unwrap();
    pg.create_database("hooks").unwrap();
    let settings = DbSettings {
        ca_file: Some(ca.pem_path().to_owned()),
        application_name: "engine-test api".into(),
        ..DbSettings::default()
    };
    for mode in ["require", "verify-full"] {
        let url = format!("{}?sslmode={mode}", pg.url("hooks"));
        run_migrations_with(&url, vec![ENGINE_MIGRATIONS], &settings).await.unwrap();
        let engine = engine_on(&url, &settings);
        let new = NewEndpoint { url: "http://127.0.0.1:9/hook".into(), ..Default::default() };
        engine.create_endpoint(&TENANT, new).await.unwrap();
        // The pool keeps its connection: encrypted, and named.
        let named_and_encrypted = count_at(
            &pg.url("hooks"),
            "SELECT count(*) AS n FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) \
             WHERE a.application_name = 'engine-test api' AND s.ssl",
        )
        .await
        .unwrap();
        assert!(named_and_encrypted >= 1, "{mode}: no encrypted connection named engine-test api");
    }

    // Another CA: the server's certificate does not verify; nothing falls back to plain text.
    let other = TestCa::new().unwrap();
    let distrusting = DbSettings { ca_file: Some(other.pem_path().to_owned()), ..settings.clone() };
    let url = format!("{}?sslmode=require", pg.url("hooks"));
    let refused = run_migrations_with(&url, vec![ENGINE_MIGRATIONS], &distrusting).await;
    assert!(
        matches!(&refused, Err(EngineError::Unavailable(why)) if why.contains("certificate")),
        "{refused:?}"
    );
    let engine = engine_on(&url, &distrusting);
    assert!(matches!(engine.list_endpoints(&TENANT).await, Err(EngineError::Unavailable(_))));
    // Without `sslmode`, the default: in the clear, as before.
    let plain = engine_on(&pg.url("hooks"), &DbSettings::default());
    assert_eq!(plain.list_endpoints(&TENANT).await.unwrap().len(), 2);
}
