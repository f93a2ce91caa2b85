//! The egress proxy, a real tinyproxy: every attempt is a CONNECT tunnel through it to the
//! address the engine vetted (the `Host` header keeps the endpoint's name), HTTPS included;
//! an internal address is refused before anything is asked of the proxy; with the proxy down,
//! deliveries wait without an attempt counted and go out once it is back. On both stores.

use crate::common::*;
use delivery_engine::deliveries::DeliveryStatus;
use delivery_engine::http::{AddressPolicy, OutboundClient, OutboundConfig};
use delivery_engine::proxy::{ConnectBy, ProxyConfig};
use test_support::{eventually, on_both_backends, Backend, Receiver, Reply, TestCa, Tinyproxy};

fn through(proxy: &Tinyproxy, policy: AddressPolicy, ca: Option<&TestCa>) -> OutboundClient {
    through_by(proxy, policy, ca, ConnectBy::Address)
}

fn through_by(
    proxy: &Tinyproxy,
    policy: AddressPolicy,
    ca: Option<&TestCa>,
    by: ConnectBy,
) -> OutboundClient {
    OutboundClient::new(OutboundConfig {
        policy,
        extra_ca_files: ca.map(|c| c.pem_path().display().to_string()).into_iter().collect(),
        response_cap: 0,
        proxy: Some(ProxyConfig::parse(&proxy.url(), by).unwrap()),
    })
    .unwrap()
}

fn port_of(url: &str) -> String {
    url.split(':').nth(2).unwrap().split('/').next().unwrap().to_owned()
}

/// `OUTBOUND_PROXY_CONNECT=name`: the tunnel names the host (the proxy resolves it), so a
/// receiver the service's own rules would refuse directly (loopback, with no range allowed:
/// `an_internal_address_is_refused_before_the_proxy_is_asked`) is reached, through the proxy
/// only; and an endpoint the proxy cannot reach (tinyproxy answers 500) is the endpoint's
/// failure: an attempt counted, not held.
async fn by_name_the_proxy_is_asked_for_the_host_and_its_refusals_are_the_endpoints(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let proxy = Tinyproxy::start().await.unwrap();
    let receiver = Receiver::ok().await;
    let port = port_of(&receiver.url());
    endpoint(&engine, &format!("http://localhost:{port}/hook"), &["thing.created"]).await;
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let down = endpoint(&engine, &format!("http://localhost:{closed}/hook"), &["thing.deleted"]).await;
    let public_only = AddressPolicy::parse_allow_list("").unwrap();
    let running =
        spawn_dispatcher(&engine, through_by(&proxy, public_only, None, ConnectBy::Name), fast_config());
    emit(&engine, "thing.created", "by-name", b"{}").await;
    emit(&engine, "thing.deleted", "unreachable", b"{}").await;
    receiver.wait_for(1).await;
    let counted = eventually("the unreachable endpoint's attempt counted", || async {
        let q = delivery_engine::deliveries::DeliveryQuery {
            endpoint_id: Some(down.endpoint.id),
            limit: 1,
            ..Default::default()
        };
        let d = engine.list_deliveries(&TENANT, &q).await.unwrap().remove(0);
        (d.attempt_count >= 1).then_some(d)
    })
    .await;
    running.stop().await;
    assert!(counted.last_error.unwrap_or_default().contains("through the egress proxy: HTTP 500"));
    assert_eq!(engine.metrics().proxy_failures(), 0, "not the proxy's failure");
    assert!(proxy.connects().contains(&format!("localhost:{port}")), "{:?}", proxy.connects());
}

async fn every_attempt_tunnels_through_the_proxy_to_the_vetted_address(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let proxy = Tinyproxy::start().await.unwrap();
    let ca = TestCa::new().unwrap();
    let plain = Receiver::ok().await;
    let tls = Receiver::start_https(&ca, |_, _| Reply::Status(204)).await;
    // Named by host name: the engine resolves and vets it, the tunnel asks for the address.
    let plain_port = plain.url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    let named = format!("http://localhost:{plain_port}/hook");
    endpoint(&engine, &named, &[]).await;
    endpoint(&engine, &tls.url(), &[]).await;
    let running = spawn_dispatcher(&engine, through(&proxy, loopback(), Some(&ca)), fast_config());
    emit(&engine, "thing.created", "via-proxy", b"{}").await;
    let got = plain.wait_for(1).await;
    tls.wait_for(1).await;
    running.stop().await;
    assert_eq!(got[0].header("host"), Some(format!("localhost:{plain_port}").as_str()), "the name is kept");
    let tls_port = tls.url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    let mut asked = proxy.connects();
    asked.sort();
    let mut expected = vec![format!("127.0.0.1:{plain_port}"), format!("127.0.0.1:{tls_port}")];
    expected.sort();
    assert_eq!(asked, expected, "one tunnel each, to the vetted address, HTTPS and plain HTTP alike");
}

async fn an_internal_address_is_refused_before_the_proxy_is_asked(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let proxy = Tinyproxy::start().await.unwrap();
    let receiver = Receiver::ok().await;
    let port = receiver.url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    endpoint(&engine, &format!("http://localhost:{port}/hook"), &[]).await;
    // The engine's rules allow no loopback address: the name is refused at the engine.
    let public_only = AddressPolicy::parse_allow_list("").unwrap();
    let running = spawn_dispatcher(&engine, through(&proxy, public_only, None), fast_config());
    emit(&engine, "thing.created", "internal", b"{}").await;
    let failed = eventually("the attempt refused", || async {
        let q = delivery_engine::deliveries::DeliveryQuery { limit: 1, ..Default::default() };
        let d = engine.list_deliveries(&TENANT, &q).await.unwrap().remove(0);
        (d.attempt_count >= 1).then_some(d)
    })
    .await;
    running.stop().await;
    let (_, attempts) = engine.get_delivery(&TENANT, failed.id).await.unwrap();
    assert!(!attempts[0].via_proxy, "refused before the proxy was asked");
    assert!(failed.last_error.unwrap_or_default().contains("forbidden address"));
    assert!(proxy.connects().is_empty(), "nothing was asked of the proxy");
    assert_eq!(receiver.count(), 0);
}

async fn with_the_proxy_down_deliveries_wait_uncounted_and_go_out_when_it_is_back(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let mut proxy = Tinyproxy::start().await.unwrap();
    proxy.stop().await.unwrap();
    let receiver = Receiver::ok().await;
    endpoint(&engine, &receiver.url(), &[]).await;
    let running = spawn_dispatcher(&engine, through(&proxy, loopback(), None), fast_config());
    emit(&engine, "thing.created", "held", b"{}").await;
    eventually("an attempt the proxy failed", || async {
        (engine.metrics().proxy_failures() >= 1).then_some(())
    })
    .await;
    let q = delivery_engine::deliveries::DeliveryQuery { limit: 1, ..Default::default() };
    let held = engine.list_deliveries(&TENANT, &q).await.unwrap().remove(0);
    assert_eq!((held.status, held.attempt_count), (DeliveryStatus::Pending, 0), "no attempt counted");
    assert!(engine.get_delivery(&TENANT, held.id).await.unwrap().1.is_empty(), "no attempt recorded");

    proxy.resume().await.unwrap();
    receiver.wait_for(1).await;
    let done = eventually("the delivery delivered", || async {
        let (d, attempts) = engine.get_delivery(&TENANT, held.id).await.unwrap();
        (d.status == DeliveryStatus::Delivered).then_some(attempts)
    })
    .await;
    running.stop().await;
    assert_eq!(done.len(), 1, "one attempt: the one that went through");
    assert!(done[0].via_proxy, "the detail says it went through the proxy");
}

/// A proxy that wants credentials: without them its 407 is the proxy's failure (held, not
/// counted); with them in the URL (`Proxy-Authorization: Basic`) the delivery goes through.
async fn a_proxy_that_wants_credentials_gets_them_from_the_url(backend: Backend) {
    let db = database(backend).await;
    let engine = engine(&db);
    let proxy = Tinyproxy::start_with_auth("egress", "s3cret").await.unwrap();
    let receiver = Receiver::ok().await;
    endpoint(&engine, &receiver.url(), &[]).await;
    let anonymous = spawn_dispatcher(&engine, through(&proxy, loopback(), None), fast_config());
    emit(&engine, "thing.created", "authenticated", b"{}").await;
    eventually("the proxy's 407", || async { (engine.metrics().proxy_failures() >= 1).then_some(()) }).await;
    anonymous.stop().await;
    let q = delivery_engine::deliveries::DeliveryQuery { limit: 1, ..Default::default() };
    assert_eq!(engine.list_deliveries(&TENANT, &q).await.unwrap()[0].attempt_count, 0, "not counted");
    let config = OutboundConfig {
        policy: loopback(),
        extra_ca_files: Vec::new(),
        response_cap: 0,
        proxy: Some(ProxyConfig::parse(&proxy.url_with("egress", "s3cret"), ConnectBy::Address).unwrap()),
    };
    let running = spawn_dispatcher(&engine, OutboundClient::new(config).unwrap(), fast_config());
    receiver.wait_for(1).await;
    running.stop().await;
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    every_attempt_tunnels_through_the_proxy_to_the_vetted_address,
    an_internal_address_is_refused_before_the_proxy_is_asked,
    with_the_proxy_down_deliveries_wait_uncounted_and_go_out_when_it_is_back,
    by_name_the_proxy_is_asked_for_the_host_and_its_refusals_are_the_endpoints,
    a_proxy_that_wants_credentials_gets_them_from_the_url,
);
