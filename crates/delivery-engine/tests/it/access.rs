//! Receivers behind gateways: an endpoint's custom headers and credential reach a receiver that
//! refuses every request without them, on both stores; the secret is stored sealed and never
//! shown; the rules refuse what the service or the transport sets.

use crate::common::*;
use delivery_engine::deliveries::DeliveryStatus;
use delivery_engine::endpoints::{
    AccessError, AuthSummary, EndpointAccess, EndpointAuth, EndpointPatch, NewEndpoint, OAuth2Client,
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
            access: EndpointAccess { headers: headers(), auth: Some(auth.clone()), ..Default::default() },
            ..Default::default()
        };
        let created = engine.create_endpoint(&TENANT, new).await.unwrap().endpoint;
        assert_eq!(created.headers, headers());
        assert_eq!(created.auth, Some(auth.summary()));
        emit(&engine, "thing.created", &format!("cred-{n}"), b"{}").await;
        let got = receiver.wait_for(1).await;
        assert_eq!(got[0].header(credential.0), Some(credential.1), "{auth:?}");
        // The delivery's detail shows the headers sent, the credential redacted.
        let q = delivery_engine::deliveries::DeliveryQuery {
            endpoint_id: Some(created.id),
            limit: 1,
            ..Default::default()
        };
        let delivery = engine.list_deliveries(&TENANT, &q).await.unwrap().remove(0);
        let shown = engine.sent_request(&TENANT, delivery.id, 1, chrono::Utc::now()).await.unwrap().headers;
        assert!(shown.contains(&("x-tenant".into(), "acme".into())), "{shown:?}");
        assert!(shown.contains(&(credential.0.into(), "[redacted]".into())), "{shown:?}");
        assert!(!format!("{shown:?}").contains(credential.1), "{shown:?}");
        // Stored sealed: neither the summary nor the sealed bytes hold the secret.
        let secret = match &auth {
            EndpointAuth::Bearer { token } => token,
            EndpointAuth::Basic { password, .. } => password,
            EndpointAuth::Header { value, .. } => value,
            EndpointAuth::OAuth2(c) => &c.client_secret,
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
        access: EndpointAccess {
            headers: headers(),
            auth: Some(EndpointAuth::Bearer { token: "t".into() }),
            ..Default::default()
        },
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
            ..Default::default()
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

/// A token server that gives `tok-1`, `tok-2`, … in turn, each for an hour (or answers
/// `refuse` when set).
async fn token_server(refuse: Option<u16>) -> Receiver {
    short_lived_tokens(refuse, 3600).await
}

/// [`token_server`] whose tokens expire after `expires_in` seconds.
async fn short_lived_tokens(refuse: Option<u16>, expires_in: u64) -> Receiver {
    Receiver::start(move |n, _| match refuse {
        Some(code) => Reply::Json(code, r#"{"error":"invalid_client"}"#.into()),
        None => Reply::Json(
            200,
            format!(r#"{{"access_token":"tok-{}","token_type":"Bearer","expires_in":{expires_in}}}"#, n + 1),
        ),
    })
    .await
}

async fn oauth2_endpoint(engine: &delivery_engine::Engine, url: String, tokens: &Receiver) -> uuid::Uuid {
    let client = OAuth2Client {
        token_url: tokens.url(),
        client_id: "hooks".into(),
        client_secret: "cl1ent-5ecret".into(),
        scope: Some("webhooks:write".into()),
        audience: None,
    };
    let new = NewEndpoint {
        url,
        access: EndpointAccess { auth: Some(EndpointAuth::OAuth2(client)), ..Default::default() },
        ..Default::default()
    };
    engine.create_endpoint(&TENANT, new).await.unwrap().endpoint.id
}

/// A burst to an OAuth2 endpoint makes one token request: the process's attempts share it.
async fn an_oauth2_endpoint_fetches_one_token_for_a_burst(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let tokens = token_server(None).await;
    let gateway = gatekeeper_bearer("Bearer tok-1").await;
    let id = oauth2_endpoint(&engine, gateway.url(), &tokens).await;
    let shown = engine.get_endpoint(&TENANT, id).await.unwrap().auth;
    assert!(matches!(shown, Some(AuthSummary::OAuth2 { client_id, .. }) if client_id == "hooks"));
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    for n in 0..30 {
        emit(&engine, "thing.created", &format!("burst-{n}"), b"{}").await;
    }
    let got = gateway.wait_for(30).await;
    assert!(got.iter().all(|r| r.header("authorization") == Some("Bearer tok-1")));
    let asked = tokens.wait_for(1).await;
    assert_eq!(asked.len(), 1, "one token request for the burst");
    let grant = String::from_utf8_lossy(&asked[0].body).into_owned();
    assert_eq!(grant, "grant_type=client_credentials&scope=webhooks%3Awrite");
    assert_eq!(asked[0].header("content-type"), Some("application/x-www-form-urlencoded"));
    // base64("hooks:cl1ent-5ecret")
    assert_eq!(asked[0].header("authorization"), Some("Basic aG9va3M6Y2wxZW50LTVlY3JldA=="));
    running.stop().await;
}

/// A short-lived token (`expires_in: 2`) is shared by the attempts of its lifetime and fetched
/// anew after it: as many token requests as tokens seen, the burst on one.
async fn a_short_lived_token_is_reused_then_refreshed(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let tokens = short_lived_tokens(None, 2).await;
    let gateway = Receiver::start(|_, r: &Recorded| {
        let bearer = r.header("authorization").is_some_and(|a| a.starts_with("Bearer tok-"));
        Reply::Status(if bearer { 204 } else { 401 })
    })
    .await;
    oauth2_endpoint(&engine, gateway.url(), &tokens).await;
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    for n in 0..10 {
        emit(&engine, "thing.created", &format!("burst-{n}"), b"{}").await;
    }
    let burst = gateway.wait_for(10).await;
    assert_eq!(tokens.count(), 1, "one token for the burst");
    assert!(burst.iter().all(|r| r.header("authorization") == burst[0].header("authorization")));
    // One event at a time until one carries a token fetched after the first expired.
    let mut sent = 10;
    eventually("a delivery with a fresh token", || {
        sent += 1;
        let (engine, gateway, n) = (engine.clone(), gateway.clone(), sent);
        async move {
            emit(&engine, "thing.created", &format!("later-{n}"), b"{}").await;
            let got = gateway.wait_for(n).await;
            let last = got.iter().max_by_key(|r| r.received).and_then(|r| r.header("authorization"));
            (last != Some("Bearer tok-1")).then_some(())
        }
    })
    .await;
    let seen: std::collections::BTreeSet<_> =
        gateway.requests().iter().filter_map(|r| r.header("authorization").map(str::to_owned)).collect();
    assert_eq!(tokens.count(), seen.len(), "a token request per token seen: {seen:?}");
    assert!(seen.len() >= 2, "{seen:?}");
    running.stop().await;
}

/// A receiver that refuses a token gets a new one, once, in the same attempt.
async fn a_refused_token_is_fetched_again_once(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let tokens = token_server(None).await;
    let gateway = gatekeeper_bearer("Bearer tok-2").await;
    oauth2_endpoint(&engine, gateway.url(), &tokens).await;
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    emit(&engine, "thing.created", "refused-once", b"{}").await;
    let delivery = only_delivery(&engine).await;
    let delivered = eventually("delivered with the second token", || async {
        let (d, attempts) = engine.get_delivery(&TENANT, delivery.id).await.unwrap();
        (d.status == DeliveryStatus::Delivered).then_some(attempts)
    })
    .await;
    assert_eq!(delivered.len(), 1, "one attempt, sent twice");
    assert_eq!(tokens.wait_for(2).await.len(), 2);
    let sent: Vec<_> =
        gateway.wait_for(2).await.iter().map(|r| r.header("authorization").unwrap().to_owned()).collect();
    assert_eq!(sent, ["Bearer tok-1", "Bearer tok-2"]);
    running.stop().await;
}

/// A token that cannot be had fails the attempt like any failure, saying why without the secret.
async fn a_token_that_cannot_be_had_fails_the_attempt(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let tokens = token_server(Some(401)).await;
    let gateway = Receiver::ok().await;
    oauth2_endpoint(&engine, gateway.url(), &tokens).await;
    let running = spawn_dispatcher(&engine, client(0, None), fast_config());
    emit(&engine, "thing.created", "no-token", b"{}").await;
    let delivery = only_delivery(&engine).await;
    let failed = eventually("the failed attempt recorded", || async {
        let (d, _) = engine.get_delivery(&TENANT, delivery.id).await.unwrap();
        (d.attempt_count >= 1).then_some(d)
    })
    .await;
    let error = failed.last_error.unwrap();
    assert_eq!(error, "oauth2 token: HTTP 401 from the token URL");
    assert!(!error.contains("cl1ent-5ecret"));
    running.stop().await;
    assert_eq!(gateway.count(), 0, "nothing sent without a token");
}

/// A receiver that answers 204 only to `Authorization: <expected>`, 401 otherwise.
async fn gatekeeper_bearer(expected: &'static str) -> Receiver {
    Receiver::start(move |_, r: &Recorded| {
        Reply::Status(if r.header("authorization") == Some(expected) { 204 } else { 401 })
    })
    .await
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
    an_oauth2_endpoint_fetches_one_token_for_a_burst,
    a_short_lived_token_is_reused_then_refreshed,
    a_refused_token_is_fetched_again_once,
    a_token_that_cannot_be_had_fails_the_attempt,
);
