//! Receivers behind gateways: an endpoint's custom headers and credential reach a receiver that
//! refuses every request without them, on both stores; the secret is stored sealed and never
//! shown; the rules refuse what the service or the transport sets.

use crate::common::*;
use delivery_engine::deliveries::DeliveryStatus;
use delivery_engine::endpoints::{
    AccessError, AuthSummary, EndpointAccess, EndpointAuth, EndpointPatch, NewEndpoint,
};
use delivery_engine::EngineError;
use test_support::{on_both_backends, Backend, Receiver, Recorded, Reply};

/// A receiver that answers 204 only to requests carrying `X-Tenant: acme` and `credential`
/// (a header name and value), 401 otherwise.
async fn gatekeeper(credential: (&'static str, &'static str)) -> Receiver {
    Receiver::start(move |_, r: &Recorded| {
        let allowed = r.header("x-tenant") == Some("acme") && r.header(credential.0) == Some(credential.1);
        Reply::Status(if allowed { 204 } else { 401 })
    })
    .await
}

fn headers() -> Vec<(String, String)> {
    vec![("X-Tenant".into(), "acme".into())]
}

async fn each_credential_reaches_a_receiver_that_requires_it(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    let cases = [
        (EndpointAuth::Bearer { token: "s3cret-token".into() }, ("authorization", "Bearer s3cret-token")),
        (
            EndpointAuth::Basic { username: "Aladdin".into(), password: "open sesame".into() },
            ("authorization", "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        ),
        (EndpointAuth::Header { name: "X-Api-Key".into(), value: "k-123".into() }, ("x-api-key", "k-123")),
    ];
    for (n, (auth, credential)) in cases.into_iter().enumerate() {
        let receiver = gatekeeper(credential).await;
        let new = NewEndpoint {
            url: receiver.url(),
            event_types: vec!["thing.created".into()],
            access: EndpointAccess { headers: headers(), auth: Some(auth.clone()) },
            ..Default::default()
        };
        let created = engine.create_endpoint(&TENANT, new).await.unwrap().endpoint;
        assert_eq!(created.headers, headers());
        assert_eq!(created.auth, Some(auth.summary()));
        emit(&engine, "thing.created", &format!("cred-{n}"), b"{}").await;
        let got = receiver.wait_for(1).await;
        assert_eq!(got[0].header(credential.0), Some(credential.1), "{auth:?}");
        // Stored sealed: neither the summary nor the sealed bytes hold the secret.
        let secret = match &auth {
            EndpointAuth::Bearer { token } => token,
            EndpointAuth::Basic { password, .. } => password,
            EndpointAuth::Header { value, .. } => value,
        };
        let in_clear = match backend {
            Backend::Postgres => format!(
                "SELECT count(*) AS n FROM webhook_endpoints WHERE auth_summary LIKE '%{secret}%' \
                 OR position(convert_to('{secret}', 'UTF8') in auth_ciphertext) > 0"
            ),
            Backend::Sqlite => format!(
                "SELECT count(*) AS n FROM webhook_endpoints WHERE auth_summary LIKE '%{secret}%' \
                 OR instr(auth_ciphertext, CAST('{secret}' AS BLOB)) > 0"
            ),
        };
        assert_eq!(db.count(&in_clear).await.unwrap(), 0, "{auth:?}");
        assert!(
            db.count("SELECT count(*) AS n FROM webhook_endpoints WHERE auth_ciphertext IS NOT NULL")
                .await
                .unwrap()
                > 0
        );
    }
    running.stop().await;
}

async fn removing_the_credential_makes_the_gateway_refuse_and_the_attempt_fail(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let receiver = gatekeeper(("authorization", "Bearer t")).await;
    let new = NewEndpoint {
        url: receiver.url(),
        access: EndpointAccess { headers: headers(), auth: Some(EndpointAuth::Bearer { token: "t".into() }) },
        ..Default::default()
    };
    let id = engine.create_endpoint(&TENANT, new).await.unwrap().endpoint.id;
    let patch = EndpointPatch { auth: Some(None), ..Default::default() };
    let changed = engine.update_endpoint(&TENANT, id, patch).await.unwrap();
    assert_eq!((changed.auth, changed.headers.len()), (None, 1), "the headers stay");
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    emit(&engine, "thing.created", "after-removal", b"{}").await;
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].header("authorization"), None);
    let delivery = only_delivery(&engine).await;
    let failed = eventually("the refused attempt recorded", || async {
        let (d, _) = engine.get_delivery(&TENANT, delivery.id).await.unwrap();
        (d.attempt_count >= 1).then_some(d)
    })
    .await;
    assert_ne!(failed.status, DeliveryStatus::Delivered);
    assert_eq!(failed.last_response_code, Some(401));
    // Headers cleared with an empty list.
    let cleared =
        engine.update_endpoint(&TENANT, id, EndpointPatch { headers: Some(vec![]), ..Default::default() });
    assert!(cleared.await.unwrap().headers.is_empty());
    running.stop().await;
}

async fn headers_the_service_or_transport_sets_are_refused(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let with = |headers: Vec<(&str, &str)>, auth: Option<EndpointAuth>| NewEndpoint {
        url: "https://example.com/hook".into(),
        access: EndpointAccess {
            headers: headers.into_iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect(),
            auth,
        },
        ..Default::default()
    };
    for (name, refused) in [
        ("Content-Type", "Content-Type"),
        ("X-Webhook-Signature", "X-Webhook-Signature"),
        ("x-test-id", "x-test-id"),
    ] {
        let r = engine.create_endpoint(&TENANT, with(vec![(name, "x")], None)).await;
        assert!(
            matches!(&r, Err(EngineError::Access(AccessError::ReservedHeader(h))) if h == refused),
            "{name}: {r:?}"
        );
    }
    let key = EndpointAuth::Header { name: "X-Api-Key".into(), value: "k".into() };
    let created = engine.create_endpoint(&TENANT, with(vec![], Some(key))).await.unwrap().endpoint;
    assert_eq!(created.auth, Some(AuthSummary::Header { name: "X-Api-Key".into() }));
    // A header the credential already sends, set afterwards.
    let patch =
        EndpointPatch { headers: Some(vec![("x-api-key".into(), "again".into())]), ..Default::default() };
    let r = engine.update_endpoint(&TENANT, created.id, patch).await;
    assert!(matches!(r, Err(EngineError::Access(AccessError::ReservedHeader(_)))), "{r:?}");
    assert!(
        engine.list_endpoints(&TENANT).await.unwrap().iter().all(|e| e.headers.is_empty()),
        "nothing stored"
    );
}

async fn only_delivery(engine: &delivery_engine::Engine) -> delivery_engine::deliveries::Delivery {
    let q = delivery_engine::deliveries::DeliveryQuery { limit: 10, ..Default::default() };
    let mut all = engine.list_deliveries(&TENANT, &q).await.unwrap();
    assert_eq!(all.len(), 1, "one delivery");
    all.remove(0)
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    each_credential_reaches_a_receiver_that_requires_it,
    removing_the_credential_makes_the_gateway_refuse_and_the_attempt_fail,
    headers_the_service_or_transport_sets_are_refused,
);
