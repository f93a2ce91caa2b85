//! Client certificates (mutual TLS): a receiver that completes a handshake only with a client
//! certificate its CA signed gets the deliveries of the endpoint that has one, and none of the
//! endpoint without; the key is stored sealed, never in the clear; a change of the credential
//! keeps the certificate (they are sealed together); a pair that does not match, or has
//! expired, is refused. On both stores.

use crate::common::*;
use delivery_engine::deliveries::DeliveryStatus;
use delivery_engine::endpoints::{
    AccessError, ClientCertificate, EndpointAccess, EndpointAuth, EndpointPatch, NewEndpoint,
};
use delivery_engine::EngineError;
use test_support::{eventually, on_both_backends, Backend, Receiver, Recorded, Reply, TestCa};

fn with_cert(url: String, cert: Option<ClientCertificate>) -> NewEndpoint {
    NewEndpoint {
        url,
        access: EndpointAccess { client_certificate: cert, ..Default::default() },
        ..Default::default()
    }
}

async fn status_of(engine: &delivery_engine::Engine, endpoint: uuid::Uuid) -> Vec<DeliveryStatus> {
    let q = delivery_engine::deliveries::DeliveryQuery {
        endpoint_id: Some(endpoint),
        limit: 10,
        ..Default::default()
    };
    engine.list_deliveries(&TENANT, &q).await.unwrap().into_iter().map(|d| d.status).collect()
}

async fn a_receiver_that_requires_a_client_certificate_gets_only_the_endpoint_that_has_one(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let ca = TestCa::new().unwrap();
    let mtls = Receiver::start_https_requiring_client_cert(&ca, |_, r: &Recorded| {
        Reply::Status(if r.header("authorization") == Some("Bearer t-1") { 204 } else { 401 })
    })
    .await;
    let (certificate, private_key) = ca.client_identity("hooks-client", 90).unwrap();
    let cert = ClientCertificate { certificate, private_key: private_key.clone() };
    let with = engine.create_endpoint(&TENANT, with_cert(mtls.url(), Some(cert))).await.unwrap().endpoint;
    let shown = with.client_certificate.clone().expect("its summary");
    assert_eq!(shown.subject, "CN=hooks-client");
    assert!(shown.not_after > chrono::Utc::now() + chrono::TimeDelta::days(89));
    // The credential, set after the certificate, keeps it: they are sealed together.
    let bearer = EndpointPatch {
        auth: Some(Some(EndpointAuth::Bearer { token: "t-1".into() })),
        ..Default::default()
    };
    let patched = engine.update_endpoint(&TENANT, with.id, bearer).await.unwrap();
    assert_eq!(patched.client_certificate, Some(shown));
    let without = engine.create_endpoint(&TENANT, with_cert(mtls.url(), None)).await.unwrap().endpoint;

    let running = spawn_dispatcher(&engine, client(0, Some(ca.pem_path())), fast_config());
    emit(&engine, "thing.created", "mtls-1", b"{}").await;
    let got = mtls.wait_for(1).await;
    assert_eq!(got[0].header("authorization"), Some("Bearer t-1"));
    eventually("the endpoint without a certificate to fail its attempt", || async {
        let (with, without) = (status_of(&engine, with.id).await, status_of(&engine, without.id).await);
        let failed = matches!(without[..], [DeliveryStatus::Failed | DeliveryStatus::Dead]);
        (with == [DeliveryStatus::Delivered] && failed).then_some(())
    })
    .await;
    running.stop().await;
    assert_eq!(mtls.count(), 1, "no request without the certificate reached the receiver");

    // Stored sealed: no column holds the key in the clear.
    let line = private_key.lines().nth(1).unwrap().to_owned();
    let in_clear = match backend {
        Backend::Postgres => format!(
            "SELECT count(*) AS n FROM webhook_endpoints WHERE client_cert_summary LIKE '%{line}%' \
             OR position(convert_to('{line}', 'UTF8') in auth_ciphertext) > 0"
        ),
        Backend::Sqlite => format!(
            "SELECT count(*) AS n FROM webhook_endpoints WHERE client_cert_summary LIKE '%{line}%' \
             OR instr(auth_ciphertext, CAST('{line}' AS BLOB)) > 0"
        ),
    };
    assert_eq!(db.count(&in_clear).await.unwrap(), 0);

    // The metric counts certificates that expire within 30 days: not this one, but one of 10.
    // (A fresh engine each time: an engine keeps its snapshot for 5 s.)
    assert_eq!(super::common::engine(&db).queue_snapshot().await.unwrap().certificates_expiring, 0);
    let (certificate, private_key) = ca.client_identity("short-lived", 10).unwrap();
    let short = ClientCertificate { certificate, private_key };
    engine.create_endpoint(&TENANT, with_cert(mtls.url(), Some(short))).await.unwrap();
    assert_eq!(super::common::engine(&db).queue_snapshot().await.unwrap().certificates_expiring, 1);

    // Removed, the endpoint's next attempt goes without it, and the receiver refuses it.
    let removed = EndpointPatch { client_certificate: Some(None), ..Default::default() };
    assert_eq!(engine.update_endpoint(&TENANT, with.id, removed).await.unwrap().client_certificate, None);
}

async fn a_pair_that_does_not_match_or_has_expired_is_refused(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let ca = TestCa::new().unwrap();
    let (certificate, _) = ca.client_identity("a", 90).unwrap();
    let (_, other_key) = ca.client_identity("b", 90).unwrap();
    let refused = |r: Result<_, EngineError>| match r {
        Err(EngineError::Access(AccessError::InvalidClientCertificate(why))) => why,
        other => panic!("{other:?}"),
    };
    let mismatched = ClientCertificate { certificate, private_key: other_key };
    let why = refused(
        engine.create_endpoint(&TENANT, with_cert("https://a.example/".into(), Some(mismatched))).await,
    );
    assert!(why.contains("not the certificate's"), "{why}");
    let (certificate, private_key) = ca.client_identity("old", 0).unwrap();
    let expired = ClientCertificate { certificate, private_key };
    let why =
        refused(engine.create_endpoint(&TENANT, with_cert("https://a.example/".into(), Some(expired))).await);
    assert!(why.contains("expired"), "{why}");
    assert!(engine.list_endpoints(&TENANT).await.unwrap().is_empty(), "nothing registered");
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    a_receiver_that_requires_a_client_certificate_gets_only_the_endpoint_that_has_one,
    a_pair_that_does_not_match_or_has_expired_is_refused,
);
