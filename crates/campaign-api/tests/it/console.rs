//! campaign-api's console in a real headless Chromium (ChromeDriver), on both stores, with real
//! HTTPS receivers: sign-in by API key and by link, endpoints created with their secret shown
//! once, campaign mutations appearing in the log live, a dead delivery replayed, the detail's
//! signature verified, an endpoint's URL and filter edited, a catalog example sent, the
//! catalog, rotate, disable, enable, delete, another workspace's ids, hostile receivers and
//! URLs, CSRF. Screenshots go to `target/console-screenshots/campaign-<store>/`.

use serde_json::{json, Value};
use test_support::browser::post_form;
use test_support::{
    eventually, independent_hmac_sha256_hex, on_both_backends, run_cli, ApiClient, Backend, Browser,
    Receiver, Reply, ServiceProcess, TestCa, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const HOSTILE: &str = "<script>window.__injected=true</script><img src=x onerror=\"window.__injected=true\">";

async fn workspace(db: &TestDb, name: &str) -> Value {
    let out =
        run_cli(BIN, &["create-workspace", "--name", name], &[("DATABASE_URL", db.url())]).await.unwrap();
    serde_json::from_str(out.trim()).unwrap()
}

async fn console(backend: Backend) {
    let db = TestDb::migrated_by(backend, "campaign", BIN).await.unwrap();
    let ca = TestCa::new().unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
        ("RETRY_SCHEDULE", "50ms,50ms,50ms,50ms,50ms,50ms,50ms"),
        ("PRODUCT_NAME", "Acme"),
    ];
    let service = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let base = service.base_url().to_owned();
    let wa = workspace(&db, "Workspace A").await;
    let wb = workspace(&db, "Workspace B").await;
    let a = ApiClient::new(&base).with_bearer(wa["apiKey"].as_str().unwrap());
    let b = ApiClient::new(&base).with_bearer(wb["apiKey"].as_str().unwrap());
    let hostile = Receiver::start_https(&ca, |_, _| Reply::Text(200, HOSTILE.to_owned())).await;
    // Down for all eight attempts of the first delivery, up for its replay.
    let flaky = Receiver::start_https(&ca, |n, _| Reply::Status(if n < 8 { 503 } else { 200 })).await;
    let store = match backend {
        Backend::Postgres => "postgres",
        Backend::Sqlite => "sqlite",
    };
    let browser = Browser::start(&format!("campaign-{store}")).await.unwrap();

    // Sign in with an API key.
    browser.goto(&format!("{base}/console")).await.unwrap();
    browser.screenshot("sign-in").await.unwrap();
    browser.fill("#credential", "sk_not_a_key").await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    assert!(browser.text("#sign-in-error").await.unwrap().contains("not accepted"));
    assert_eq!(browser.path().await.unwrap(), "/console/sign-in?next=%2Fconsole", "303 to the form");
    browser.fill("#credential", wa["apiKey"].as_str().unwrap()).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();

    // Two endpoints: one for every type at a URL with quotes and markup, one filtered.
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    let odd_url = format!("{}/in?q=\"'><script>window.__injected=true</script>", hostile.url());
    browser.fill("#url", &odd_url).await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    let secret = browser.text("#signing-secret").await.unwrap();
    let all_types =
        browser.find("tr[data-endpoint]").await.unwrap().attr("data-endpoint").await.unwrap().unwrap();
    assert_eq!(browser.text(".endpoint-url").await.unwrap(), odd_url);
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.fill("#url", &flaky.url()).await.unwrap();
    browser.click("input[name=events][value='campaign.created.v1']").await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    browser.find("#signing-secret").await.unwrap();
    browser.screenshot("endpoint-created").await.unwrap();
    let endpoints = a.call("GET", "/api/v1/webhooks", None).await.json();
    let flaky_id = endpoints.as_array().unwrap().iter().find(|e| e["id"] != all_types.as_str()).unwrap()
        ["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        a.call("GET", &format!("/api/v1/webhooks/{flaky_id}"), None).await.json()["eventTypes"],
        json!(["campaign.created.v1"])
    );

    // Mutations through the API appear in the open log without a reload.
    browser.goto(&format!("{base}/console/deliveries")).await.unwrap();
    browser.find("#log-rows").await.unwrap();
    let campaign = a
        .call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "draft" })))
        .await
        .json();
    let cid = campaign["id"].as_str().unwrap();
    let res = a.call("PATCH", &format!("/api/v1/campaigns/{cid}"), Some(json!({ "status": "active" }))).await;
    assert_eq!(res.status, 200);
    browser
        .wait_for_text("#log-rows", "the campaign's events in the live log", |t| {
            t.contains("campaign.created.v1") && t.contains("campaign.status_changed.v1")
        })
        .await
        .unwrap();
    browser.screenshot("log").await.unwrap();

    // The flaky endpoint's delivery dies after eight attempts; the dead filter finds it.
    browser.goto(&format!("{base}/console/deliveries?status=dead")).await.unwrap();
    browser.wait_for_text("#log-rows", "a dead delivery", |t| t.contains("dead")).await.unwrap();
    assert_eq!(browser.log_rows().await.unwrap(), 1);
    let dead = browser
        .find("#log-rows tr[data-delivery]")
        .await
        .unwrap()
        .attr("data-delivery")
        .await
        .unwrap()
        .unwrap();
    browser.goto(&format!("{base}/console/deliveries/{dead}")).await.unwrap();
    assert_eq!(browser.text("#delivery-status").await.unwrap(), "dead");
    assert_eq!(browser.all("ol.timeline li").await.unwrap().len(), 8);

    // The event's page, from the log's link under the delivery: its deliveries to both
    // endpoints, and the failed one sent again from there.
    browser.goto(&format!("{base}/console/deliveries?status=dead")).await.unwrap();
    browser.click("#log-rows a.event-link").await.unwrap();
    assert!(browser.path().await.unwrap().starts_with("/console/events/"));
    assert_eq!(browser.log_rows().await.unwrap(), 2, "one delivery per endpoint");
    browser.screenshot("event").await.unwrap();
    browser.click("#resend-failed").await.unwrap();
    assert!(browser.text("#notice").await.unwrap().contains("on their way again"));
    flaky.wait_for(9).await;
    let replayed = flaky.requests();
    assert_eq!(
        replayed[8].header("x-acme-delivery"),
        Some(dead.as_str()),
        "the re-send keeps the delivery id"
    );
    browser
        .wait_for_text("#log-rows", "both delivered", |t| t.matches("delivered").count() == 2)
        .await
        .unwrap();
    assert!(browser.find("#none-failed").await.is_ok(), "nothing left to send again");

    // A delivered delivery can be replayed from its detail (campaign-api replays any).
    browser.goto(&format!("{base}/console/deliveries/{dead}")).await.unwrap();
    browser.click("#resend").await.unwrap();
    assert!(browser.text("#notice").await.unwrap().starts_with("Replayed"));
    flaky.wait_for(10).await;
    assert_eq!(
        flaky.requests()[9].header("x-acme-delivery"),
        Some(dead.as_str()),
        "the replay keeps the delivery id"
    );
    browser.goto(&format!("{base}/console/deliveries/{dead}")).await.unwrap();
    browser
        .wait_for_text("#delivery-status", "delivered after the replay", |t| t == "delivered")
        .await
        .unwrap();

    // Search by event id; the detail of a hostile receiver's delivery; its signature verifies.
    let to_hostile =
        a.call("GET", &format!("/api/v1/webhook-deliveries?endpointId={all_types}"), None).await.json();
    let first = to_hostile.as_array().unwrap().last().unwrap();
    let event_id = first["eventId"].as_str().unwrap();
    browser.goto(&format!("{base}/console/deliveries?q={event_id}&endpoint={all_types}")).await.unwrap();
    browser.find("#log").await.unwrap();
    assert_eq!(browser.log_rows().await.unwrap(), 1);
    hostile.wait_for(2).await;
    browser.goto(&format!("{base}/console/deliveries/{}", first["id"].as_str().unwrap())).await.unwrap();
    browser.wait_for_text("#delivery-status", "delivered", |t| t == "delivered").await.unwrap();
    let excerpt =
        browser.find(".response-excerpt").await.unwrap().prop("textContent").await.unwrap().unwrap();
    assert_eq!(excerpt, HOSTILE);
    let body = browser.find("#request-body").await.unwrap().prop("textContent").await.unwrap().unwrap();
    // Shown indented first; the exact bytes (what the signature covers) below it.
    let pretty =
        browser.find("#request-body-pretty").await.unwrap().prop("textContent").await.unwrap().unwrap();
    assert!(pretty.contains("\n  \""), "{pretty}");
    assert_eq!(
        serde_json::from_str::<Value>(&pretty).unwrap(),
        serde_json::from_str::<Value>(&body).unwrap()
    );
    let signature = browser.text("#signature").await.unwrap();
    assert_eq!(
        signature,
        format!("sha256={}", independent_hmac_sha256_hex(secret.as_bytes(), body.as_bytes()))
    );
    assert!(hostile.requests().iter().any(|r| r.body == body.as_bytes()));
    assert_eq!(browser.text("td[data-header='x-acme-signature']").await.unwrap(), signature);
    assert!(!browser.injected().await.unwrap());
    browser.screenshot("delivery").await.unwrap();

    // Edit the filtered endpoint: another type, and a URL the engine refuses first.
    browser.goto(&format!("{base}/console/endpoints/{flaky_id}/edit")).await.unwrap();
    browser.fill("#url", "http://example.com/plain").await.unwrap();
    browser.click("#edit-endpoint button[type=submit]").await.unwrap();
    assert!(browser.text("#form-error").await.unwrap().contains("https"));
    // A refused form answers 303 to the form, with the error once: a reload sends nothing.
    assert_eq!(browser.path().await.unwrap(), format!("/console/endpoints/{flaky_id}/edit"));
    browser.reload().await.unwrap();
    browser.find("#edit-endpoint").await.unwrap();
    assert!(browser.all("#form-error").await.unwrap().is_empty(), "the error is shown once");
    browser.fill("#url", &flaky.url()).await.unwrap();
    browser.click("input[name=events][value='campaign.updated.v1']").await.unwrap();
    browser.fill("#rate_limit", "3").await.unwrap();
    browser.click("#edit-endpoint button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    let edited = a.call("GET", &format!("/api/v1/webhooks/{flaky_id}"), None).await.json();
    assert_eq!(edited["eventTypes"], json!(["campaign.created.v1", "campaign.updated.v1"]));
    assert_eq!(edited["rateLimit"], 3, "the form's rate limit");

    // Send the example of a catalog type to one endpoint.
    let form = format!("form[action='/console/endpoints/{all_types}/example']");
    browser
        .find(&format!("{form} select"))
        .await
        .unwrap()
        .select_by_value("line_item.created.v1")
        .await
        .unwrap();
    browser.click(&format!("{form} button")).await.unwrap();
    browser.wait_for_text("#log-rows", "the example", |t| t.contains("line_item.created.v1")).await.unwrap();
    hostile
        .wait_until("the example", |rs| {
            rs.iter().any(|r| r.header("x-acme-event") == Some("line_item.created.v1"))
        })
        .await;
    assert!(
        flaky.requests().iter().all(|r| r.header("x-acme-event") != Some("line_item.created.v1")),
        "the example goes to the chosen endpoint only"
    );

    // The catalog: 23 types with version, entity type, fields and an example.
    browser.goto(&format!("{base}/console/catalog")).await.unwrap();
    browser.find("#catalog").await.unwrap();
    assert_eq!(browser.all("#catalog tbody tr").await.unwrap().len(), 23);
    browser.screenshot("catalog").await.unwrap();

    // Another workspace's ids are 404.
    let b_endpoint = b.call("POST", "/api/v1/webhooks", Some(json!({ "url": hostile.url() }))).await.json()
        ["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for path in
        [format!("/console/endpoints/{b_endpoint}/edit"), format!("/console/endpoints/{b_endpoint}/delete")]
    {
        browser.goto(&format!("{base}{path}")).await.unwrap();
        assert!(browser.text("h1").await.unwrap().starts_with("404"), "{path}");
    }

    // No CSRF token, no change.
    let cookie = browser.session_cookie().await.unwrap();
    let disable = format!("/console/endpoints/{all_types}/disable");
    assert_eq!(post_form(&base, &disable, &cookie, "").await, 403);
    assert_eq!(a.call("GET", &format!("/api/v1/webhooks/{all_types}"), None).await.json()["disabled"], false);

    // Rotate, disable, enable, delete.
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.client.execute("window.confirm = () => true;", vec![]).await.unwrap();
    browser
        .click(&format!("form[action='/console/endpoints/{all_types}/rotate-secret'] button"))
        .await
        .unwrap();
    let rotated = browser.text("#signing-secret").await.unwrap();
    assert!(rotated != secret);
    assert_eq!(browser.path().await.unwrap(), "/console/endpoints", "a reload rotates nothing again");
    let status = format!("tr[data-endpoint='{all_types}'] .status");
    browser.click(&format!("form[action='/console/endpoints/{all_types}/disable'] button")).await.unwrap();
    browser.wait_for_text(&status, "disabled", |t| t == "disabled").await.unwrap();
    browser.click(&format!("form[action='/console/endpoints/{all_types}/enable'] button")).await.unwrap();
    browser.wait_for_text(&status, "active", |t| t == "active").await.unwrap();
    browser.screenshot("endpoints").await.unwrap();
    browser.goto(&format!("{base}/console/endpoints/{flaky_id}/delete")).await.unwrap();
    browser.click("#confirm-delete").await.unwrap();
    browser.wait_for_text(".notice", "deleted", |t| t.contains("deleted")).await.unwrap();
    assert_eq!(a.call("GET", &format!("/api/v1/webhooks/{flaky_id}"), None).await.status, 404);

    gateway_endpoint(&browser, &base, &a, &ca).await;
    mtls_endpoint(&browser, &base, &a, &ca).await;

    browser.goto(&format!("{base}/console")).await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    browser.screenshot("overview").await.unwrap();

    // A sign-in link for a workspace named by its name, at the address in `CAMPAIGN` (the
    // quick start's export).
    browser.click("form.sign-out button").await.unwrap();
    browser.find("#credential").await.unwrap();
    let link = run_cli(
        BIN,
        &["console-link", "--workspace", "Workspace A"],
        &[("DATABASE_URL", db.url()), ("CAMPAIGN", &base)],
    )
    .await
    .unwrap()
    .trim()
    .to_owned();
    assert!(link.starts_with(&format!("{base}/console/sign-in/link?code=")), "{link}");
    browser.goto(&link).await.unwrap();
    browser.click("#use-link").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    assert_eq!(browser.text(".tenant").await.unwrap(), "Workspace A", "the header names the workspace");
    // Revoking an API key ends the console sessions signed in with it.
    browser.click("form.sign-out button").await.unwrap();
    browser.fill("#credential", wa["apiKey"].as_str().unwrap()).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    run_cli(
        BIN,
        &["revoke-api-key", "--api-key", wa["apiKey"].as_str().unwrap()],
        &[("DATABASE_URL", db.url())],
    )
    .await
    .unwrap();
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.find("#credential").await.unwrap();
    assert!(browser.path().await.unwrap().starts_with("/console/sign-in"), "the session ended with its key");
    let unknown = run_cli(
        BIN,
        &["console-link", "--workspace", &uuid_v4(), "--base-url", &base],
        &[("DATABASE_URL", db.url())],
    )
    .await;
    assert!(unknown.unwrap_err().to_string().contains("no workspace"));
    let unknown =
        run_cli(BIN, &["console-link", "--workspace", "Nobody"], &[("DATABASE_URL", db.url())]).await;
    assert!(unknown.unwrap_err().to_string().contains("no workspace is named `Nobody`"));
    browser.close().await.unwrap();
}

/// A receiver behind a gateway: registered with a header and a bearer token from the form, its
/// delivery's detail showing the credential redacted; then its page replaces the token with a
/// basic credential, refuses a reserved header with the API's words, and removes both.
async fn gateway_endpoint(browser: &Browser, base: &str, a: &ApiClient, ca: &TestCa) {
    let gateway = Receiver::start_https(ca, |_, r| {
        let ok = r.header("authorization") == Some("Bearer tok-1") && r.header("x-tenant") == Some("acme");
        Reply::Status(if ok { 204 } else { 401 })
    })
    .await;
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.fill("#url", &gateway.url()).await.unwrap();
    browser.click("details.access-options summary").await.unwrap();
    browser.fill("#headers", "X-Tenant: acme").await.unwrap();
    browser.find("#auth").await.unwrap().select_by_value("bearer").await.unwrap();
    assert!(browser.find("#auth_token").await.unwrap().is_displayed().await.unwrap());
    assert!(
        !browser.find("#auth_password").await.unwrap().is_displayed().await.unwrap(),
        "basic's fields hide"
    );
    browser.fill("#auth_token", "tok-1").await.unwrap();
    browser.screenshot("register-behind-gateway").await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    browser.find("#signing-secret").await.unwrap();
    let listed = a.call("GET", "/api/v1/webhooks", None).await.json();
    let created =
        listed.as_array().unwrap().iter().find(|e| e["url"] == gateway.url().as_str()).unwrap().clone();
    assert_eq!(
        (created["headers"].clone(), created["auth"].clone()),
        (json!({"X-Tenant": "acme"}), json!({"type": "bearer"}))
    );
    let id = created["id"].as_str().unwrap().to_owned();
    let row = format!("tr[data-endpoint='{id}'] .access");
    assert_eq!(browser.text(&row).await.unwrap(), "headers X-Tenant · auth: bearer token");

    // A delivery through the gateway; its detail shows the credential redacted.
    let form = format!("form[action='/console/endpoints/{id}/example']");
    browser.click(&format!("{form} button")).await.unwrap();
    gateway.wait_for(1).await;
    let logged = format!("/api/v1/webhook-deliveries?endpointId={id}&status=delivered");
    let delivered = eventually("the gateway's delivery delivered", || async {
        a.call("GET", &logged, None).await.json().as_array().unwrap().first().cloned()
    })
    .await;
    browser.goto(&format!("{base}/console/deliveries/{}", delivered["id"].as_str().unwrap())).await.unwrap();
    assert_eq!(browser.text("td[data-header='authorization']").await.unwrap(), "[redacted]");
    assert_eq!(browser.text("td[data-header='x-tenant']").await.unwrap(), "acme");
    assert!(!browser.client.source().await.unwrap().contains("tok-1"), "the token is never on a page");
    browser.screenshot("delivery-behind-gateway").await.unwrap();

    // Its page: the credential in words, the secret fields empty; replaced by a basic one.
    browser.goto(&format!("{base}/console/endpoints/{id}/access")).await.unwrap();
    assert!(browser.text("#auth-now").await.unwrap().contains("bearer token"));
    assert_eq!(browser.find("#auth_token").await.unwrap().prop("value").await.unwrap().as_deref(), Some(""));
    assert!(!browser.client.source().await.unwrap().contains("tok-1"));
    browser.find("#auth").await.unwrap().select_by_value("basic").await.unwrap();
    browser.fill("#auth_username", "hooks").await.unwrap();
    browser.fill("#auth_password", "pw-2").await.unwrap();
    browser.screenshot("access").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    let path = format!("/api/v1/webhooks/{id}");
    assert_eq!(
        a.call("GET", &path, None).await.json()["auth"],
        json!({"type": "basic", "username": "hooks"})
    );

    // A reserved header is refused in the API's words, the typed headers kept; then both go.
    browser.goto(&format!("{base}/console/endpoints/{id}/access")).await.unwrap();
    browser.fill("#headers", "X-Tenant: acme\nHost: evil.example").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    assert!(browser.text("#form-error").await.unwrap().contains("Host"));
    assert_eq!(browser.path().await.unwrap(), format!("/console/endpoints/{id}/access"));
    let kept = browser.find("#headers").await.unwrap().prop("value").await.unwrap().unwrap();
    assert_eq!(kept, "X-Tenant: acme\nHost: evil.example");
    browser.fill("#headers", "").await.unwrap();
    browser.find("#auth").await.unwrap().select_by_value("none").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    let cleared = a.call("GET", &path, None).await.json();
    assert_eq!((cleared["headers"].clone(), cleared["auth"].clone()), (json!({}), Value::Null));
    assert!(browser.all(&row).await.unwrap().is_empty(), "nothing left to summarise");
}

/// A receiver that requires a client certificate: registered with one from the form (the key
/// typed into a write-only field), its example delivered; its page names the certificate and
/// never shows the key, and removes it.
async fn mtls_endpoint(browser: &Browser, base: &str, a: &ApiClient, ca: &TestCa) {
    let mtls = Receiver::start_https_requiring_client_cert(ca, |_, _| Reply::Status(204)).await;
    let (certificate, private_key) = ca.client_identity("console-hooks", 90).unwrap();
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.fill("#url", &mtls.url()).await.unwrap();
    browser.click("details.access-options summary").await.unwrap();
    assert!(
        !browser.find("#client_cert_pem").await.unwrap().is_displayed().await.unwrap(),
        "hidden until asked"
    );
    browser.find("#client_cert").await.unwrap().select_by_value("set").await.unwrap();
    browser.fill("#client_cert_pem", &certificate).await.unwrap();
    browser.fill("#client_cert_key", &private_key).await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    browser.find("#signing-secret").await.unwrap();
    let listed = a.call("GET", "/api/v1/webhooks", None).await.json();
    let created =
        listed.as_array().unwrap().iter().find(|e| e["url"] == mtls.url().as_str()).unwrap().clone();
    assert_eq!(created["clientCertificate"]["subject"], "CN=console-hooks");
    let id = created["id"].as_str().unwrap().to_owned();
    let row = browser.text(&format!("tr[data-endpoint='{id}'] .access")).await.unwrap();
    assert!(row.starts_with("client certificate CN=console-hooks, expires "), "{row}");

    let form = format!("form[action='/console/endpoints/{id}/example']");
    browser.click(&format!("{form} button")).await.unwrap();
    mtls.wait_for(1).await;

    browser.goto(&format!("{base}/console/endpoints/{id}/access")).await.unwrap();
    assert!(browser.text("#cert-now").await.unwrap().contains("CN=console-hooks"));
    let key_line = private_key.lines().nth(1).unwrap();
    assert!(!browser.client.source().await.unwrap().contains(key_line), "the key is never on a page");
    browser.screenshot("access-certificate").await.unwrap();
    browser.find("#client_cert").await.unwrap().select_by_value("none").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    let read = a.call("GET", &format!("/api/v1/webhooks/{id}"), None).await.json();
    assert_eq!(read["clientCertificate"], Value::Null);
}

fn uuid_v4() -> String {
    "00000000-0000-4000-8000-000000000000".to_owned()
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    console
);

/// Cookies ignore the port: one browser signed in to both consoles of the quick start (one
/// host, two ports) stays signed in to both. They used to share the session cookie's name, so
/// signing in to one ended the other's session.
#[tokio::test(flavor = "multi_thread")]
async fn one_browser_stays_signed_in_to_both_consoles() {
    let workflow_bin = std::path::Path::new(BIN).with_file_name("workflow-api");
    let workflow_bin = workflow_bin.to_str().unwrap();
    assert!(
        std::path::Path::new(workflow_bin).exists(),
        "{workflow_bin} is not built (cargo build -p workflow-api)"
    );
    let campaign_db = TestDb::migrated_by(Backend::Sqlite, "campaign", BIN).await.unwrap();
    let workflow_db = TestDb::migrated_by(Backend::Sqlite, "workflow", workflow_bin).await.unwrap();
    let common = [("LISTEN_ADDR", "127.0.0.1:0"), ("MASTER_KEYS", MASTER_KEYS)];
    let campaign =
        ServiceProcess::start(BIN, &[], &[&common[..], &[("DATABASE_URL", campaign_db.url())]].concat())
            .await
            .unwrap();
    let jwt = ("JWT_SECRET", "test-jwt-secret-0123456789abcdef0123456789");
    let workflow_env = [&common[..], &[("DATABASE_URL", workflow_db.url()), jwt]].concat();
    let workflow = ServiceProcess::start(workflow_bin, &[], &workflow_env).await.unwrap();
    let key = workspace(&campaign_db, "Workspace A").await["apiKey"].as_str().unwrap().to_owned();
    let token = run_cli(workflow_bin, &["token", "--account", "acct-a"], &[jwt]).await.unwrap();
    let browser = Browser::start("both-consoles").await.unwrap();

    let sign_in = |base: String, credential: String| {
        let browser = &browser;
        async move {
            browser.goto(&format!("{base}/console")).await.unwrap();
            browser.fill("#credential", &credential).await.unwrap();
            browser.click("form button[type=submit]").await.unwrap();
            browser.find("#new-deliveries").await.unwrap();
            assert_eq!(browser.path().await.unwrap(), "/console", "signed in to {base}");
        }
    };
    sign_in(campaign.base_url().to_owned(), key).await;
    sign_in(workflow.base_url().to_owned(), token.trim().to_owned()).await;
    for (name, base) in [("campaign-api", campaign.base_url()), ("workflow-api", workflow.base_url())] {
        browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
        assert_eq!(browser.path().await.unwrap(), "/console/endpoints", "{name} kept its session");
    }
    browser.close().await.unwrap();
}

/// The filter page in Chromium: **Try it** on a recent event of the endpoint's types and on the
/// catalog's example says whether a typed filter matches and which clause decided, saving
/// nothing; a misspelt field is refused with the field meant and the typed filter kept; a
/// saved filter shows in the list and in the API.
#[tokio::test(flavor = "multi_thread")]
async fn the_filter_page_tries_a_filter_on_recent_events_and_saves_it() {
    let db = TestDb::migrated_by(Backend::Sqlite, "campaign", BIN).await.unwrap();
    let ca = TestCa::new().unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
    ];
    let service = ServiceProcess::start(BIN, &[], &env).await.unwrap();
    let base = service.base_url().to_owned();
    let wa = workspace(&db, "Workspace A").await;
    let a = ApiClient::new(&base).with_bearer(wa["apiKey"].as_str().unwrap());
    let receiver = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    let ep = a
        .call(
            "POST",
            "/api/v1/webhooks",
            Some(json!({ "url": receiver.url(), "eventTypes": ["campaign.status_changed.v1"] })),
        )
        .await
        .json();
    let id = ep["id"].as_str().unwrap().to_owned();
    let campaign = a
        .call("POST", "/api/v1/campaigns", Some(json!({ "name": "Spring", "status": "active" })))
        .await
        .json();
    let cid = campaign["id"].as_str().unwrap();
    for status in ["paused", "active"] {
        let res =
            a.call("PATCH", &format!("/api/v1/campaigns/{cid}"), Some(json!({ "status": status }))).await;
        assert_eq!(res.status, 200);
    }
    receiver.wait_for(2).await;

    let browser = Browser::start("campaign-filter").await.unwrap();
    browser.goto(&format!("{base}/console")).await.unwrap();
    browser.fill("#credential", wa["apiKey"].as_str().unwrap()).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    browser.goto(&format!("{base}/console/endpoints/{id}/filter")).await.unwrap();

    // The newest event (to: active) is the first sample; the example says to: paused.
    let try_it = |filter: &'static str, sample: Option<&'static str>| {
        let browser = &browser;
        async move {
            browser.fill("#filter", filter).await.unwrap();
            if let Some(s) = sample {
                browser.click(&format!("#sample option[value='{s}']")).await.unwrap();
            }
            browser.submit("#try-filter").await.unwrap();
            browser.text("#try-result").await.unwrap()
        }
    };
    let answer = try_it(r#"{"payload": {"to": "paused"}}"#, None).await;
    assert!(answer.starts_with("Does not match") && answer.contains("/payload/to"), "{answer}");
    let answer = try_it(r#"{"payload": {"to": "paused"}}"#, Some("example:campaign.status_changed.v1")).await;
    assert!(answer.starts_with("Matches"), "{answer}");
    browser.click("#sample option:first-child").await.unwrap();
    let answer =
        try_it(r#"{"payload.to": {"$in": ["active", "ended"]}, "type": "campaign.status_changed.v1"}"#, None)
            .await;
    assert!(answer.starts_with("Matches") && answer.contains("whole filter"), "{answer}");
    browser.screenshot("filter-tried").await.unwrap();
    assert_eq!(
        a.call("GET", &format!("/api/v1/webhooks/{id}"), None).await.json()["filter"],
        Value::Null,
        "trying saves nothing"
    );

    browser.fill("#filter", r#"{"payload.ot": "active"}"#).await.unwrap();
    browser.submit("#endpoint-filter button[value=save]").await.unwrap();
    assert!(browser.text("#form-error").await.unwrap().contains("did you mean `payload.to`?"));
    assert!(browser
        .find("#filter")
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap()
        .contains("payload.ot"));
    browser.fill("#filter", r#"{"payload.to": "active"}"#).await.unwrap();
    browser.submit("#endpoint-filter button[value=save]").await.unwrap();
    assert_eq!(browser.path().await.unwrap(), "/console/endpoints?notice=updated");
    assert!(browser.text(".content-filter").await.unwrap().contains(r#"{"payload.to":"active"}"#));
    assert_eq!(
        a.call("GET", &format!("/api/v1/webhooks/{id}"), None).await.json()["filter"],
        json!({ "payload.to": "active" })
    );
    assert!(!browser.injected().await.unwrap());
    browser.close().await.unwrap();
}
