//! The console inside a product's pages, as a browser sees it: Chromium over HTTPS with three
//! sites (host names mapped to loopback by `--host-resolver-rules`, certificates from a test
//! CA): the console at `console.test` (behind a TLS front, as behind a proxy), the product at
//! `app.test`, which `CONSOLE_FRAME_ANCESTORS` allows, and `evil.test`, which it does not. Two
//! ports of one host would be one site and prove nothing about cookies or framing.
//!
//! The customer signs in through a link the operator API minted and uses a form, all inside
//! the product's frame; another site's frame stays empty; a used or expired link is refused.

use serde_json::json;
use test_support::{
    eventually, ApiClient, Backend, Browser, Receiver, Reply, ServiceProcess, TestCa, TestDb, TlsRelay,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const OPERATOR_KEY: &str = "operator-key-0123456789abcdefghijklmn";

/// A page of `site` that frames `src`.
fn framing_page(site: &str, src: &str) -> String {
    format!(
        "<!doctype html><title>{site}</title><h1>{site}</h1>\
         <iframe id=\"console\" src=\"{src}\" width=\"1200\" height=\"700\"></iframe>"
    )
}

/// The frame's document address once it has loaded something completely: the console's page, or
/// Chromium's error page when the console refused to be framed.
async fn frame_location(browser: &Browser) -> String {
    browser.client.enter_frame(0).await.unwrap();
    let location = eventually("the frame to load", || async {
        let script = "return document.readyState === 'complete' ? document.location.href : 'about:blank';";
        let href = browser.client.execute(script, vec![]).await.ok()?;
        href.as_str().filter(|h| *h != "about:blank").map(str::to_owned)
    })
    .await;
    location
}

/// The address of the frame's document, path and query (WebDriver's current URL is the top
/// page's).
async fn frame_path(browser: &Browser) -> String {
    let v = browser.client.execute("return location.pathname + location.search;", vec![]).await.unwrap();
    v.as_str().unwrap_or_default().to_owned()
}

/// A sign-in link for `account` that opens `page`, on the console's site.
async fn link(op: &ApiClient, console_origin: &str, page: &str) -> String {
    let minted = op
        .call("POST", "/operator/v1/console-links", Some(json!({ "account": "acct-embed", "page": page })))
        .await;
    assert_eq!(minted.status, 201, "{}", String::from_utf8_lossy(&minted.body));
    let url = minted.json()["url"].as_str().unwrap().to_owned();
    let path = &url[url.find("/console/").unwrap()..];
    format!("{console_origin}{path}")
}

#[tokio::test(flavor = "multi_thread")]
async fn an_allowed_site_frames_the_console_and_another_cannot() {
    let ca = TestCa::new().unwrap();
    let (sites, spki) = ca.site_certificate(&["console.test", "app.test", "evil.test"]).unwrap();
    // The product's pages, served once the links exist (each answers the page of the moment).
    let pages = std::sync::Arc::new(std::sync::Mutex::new((String::new(), String::new())));
    let (app_pages, evil_pages) = (pages.clone(), pages.clone());
    let app = Receiver::start_https_with(sites.clone(), move |_, _| {
        Reply::Text(200, app_pages.lock().unwrap().0.clone())
    })
    .await;
    let evil = Receiver::start_https_with(sites.clone(), move |_, _| {
        Reply::Text(200, evil_pages.lock().unwrap().1.clone())
    })
    .await;
    let (app_origin, evil_origin) = (
        format!("https://app.test:{}", app.addr().port()),
        format!("https://evil.test:{}", evil.addr().port()),
    );

    let db = TestDb::migrated_by(Backend::Sqlite, "workflow", BIN).await.unwrap();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OPERATOR_KEYS", OPERATOR_KEY),
        ("CONSOLE_FRAME_ANCESTORS", app_origin.as_str()),
        ("PUBLIC_URL", "https://console.test"),
        ("CONSOLE_PRODUCT_NAME", "Acme"),
    ];
    let service = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let front =
        TlsRelay::start(sites, service.base_url().trim_start_matches("http://").parse().unwrap()).await;
    let console_origin = format!("https://console.test:{}", front.port());
    let op = ApiClient::new(service.base_url()).with_bearer(OPERATOR_KEY);
    let (first, second) = (
        link(&op, &console_origin, "/console/endpoints").await,
        link(&op, &console_origin, "/console").await,
    );
    *pages.lock().unwrap() = (framing_page("app.test", &first), framing_page("evil.test", &second));

    let switches = [
        "--host-resolver-rules=MAP console.test 127.0.0.1, MAP app.test 127.0.0.1, MAP evil.test 127.0.0.1"
            .to_owned(),
        format!("--ignore-certificate-errors-spki-list={spki}"),
    ];
    let browser = Browser::start_with_switches("embedding", &switches).await.unwrap();

    // Another site: Chromium refuses to render the console in its frame (the CSP names only
    // the product), so the link is not even shown there, let alone used.
    browser.goto(&format!("{evil_origin}/")).await.unwrap();
    assert!(
        frame_location(&browser).await.starts_with("chrome-error://"),
        "the console rendered inside evil.test"
    );
    browser.client.enter_parent_frame().await.unwrap();
    browser.screenshot("evil-site").await.unwrap();

    // The product's site: the link's page, one button; signing in opens the page asked for,
    // inside the frame, with the product's name in the header; a form there works.
    browser.goto(&format!("{app_origin}/")).await.unwrap();
    assert!(frame_location(&browser).await.starts_with(&format!("{console_origin}/console/sign-in/link")));
    browser.submit("#use-link").await.unwrap();
    assert_eq!(frame_path(&browser).await, "/console/endpoints");
    assert!(browser.text(".brand").await.unwrap().starts_with("Acme"));
    browser.fill("#url", "https://hooks.example.com/framed").await.unwrap();
    browser.submit("#create-endpoint button[type=submit]").await.unwrap();
    browser.client.enter_parent_frame().await.unwrap();
    browser.screenshot("framed-console").await.unwrap();
    let token = op.call("POST", "/operator/v1/tokens", Some(json!({ "account": "acct-embed" }))).await.json();
    let account = ApiClient::new(service.base_url()).with_bearer(token["token"].as_str().unwrap());
    let endpoints = account.call("GET", "/webhooks", None).await.json();
    assert_eq!(
        endpoints[0]["url"], "https://hooks.example.com/framed",
        "the framed form created it: {endpoints}"
    );

    // The same link again: it was used, so it signs nobody in.
    browser.goto(&format!("{app_origin}/")).await.unwrap();
    frame_location(&browser).await;
    browser.submit("#use-link").await.unwrap();
    let refused = browser.text("body").await.unwrap();
    assert!(refused.contains("this sign-in link has been used or has expired"), "{refused}");
    // A link past its 10 minutes is refused the same way.
    let expired = link(&op, &console_origin, "/console").await;
    db.execute("UPDATE console_sign_in_links SET expires_at = created_at - 1").await.unwrap();
    pages.lock().unwrap().0 = framing_page("app.test", &expired);
    browser.client.enter_parent_frame().await.unwrap();
    browser.goto(&format!("{app_origin}/")).await.unwrap();
    frame_location(&browser).await;
    browser.submit("#use-link").await.unwrap();
    let refused = browser.text("body").await.unwrap();
    assert!(refused.contains("this sign-in link has been used or has expired"), "{refused}");
    assert!(!browser.injected().await.unwrap());
    browser.close().await.unwrap();
}
