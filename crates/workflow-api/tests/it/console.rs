//! The developer dashboard in a real headless Chromium (ChromeDriver), on both stores, with
//! real receivers: sign-in by token and by link, an endpoint created with its secret shown
//! once, runs settled through the API appearing in the log live, filters and search, a
//! delivery's detail whose signature verifies, retry (the 409 case), rotate, disable, enable,
//! test event, delete, another account's ids, hostile receivers and URLs, CSRF. Screenshots of
//! each screen go to `target/console-screenshots/workflow-<store>/`.

use serde_json::json;
use test_support::browser::post_form;
use test_support::{
    eventually, independent_hmac_sha256_hex, on_both_backends, run_cli, ApiClient, Backend, Browser,
    Receiver, Reply, ServiceProcess, TestDb,
};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const JWT_SECRET: &str = "test-jwt-secret-0123456789abcdef0123456789";
const MASTER_KEYS: &str = "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
/// What a hostile receiver answers: markup that would set `window.__injected` if it ran.
const HOSTILE: &str = "<script>window.__injected=true</script><img src=x onerror=\"window.__injected=true\">";

async fn token(account: &str) -> String {
    run_cli(BIN, &["token", "--account", account], &[("JWT_SECRET", JWT_SECRET)])
        .await
        .unwrap()
        .trim()
        .to_owned()
}

/// The service on `db`, with `extra` settings beside the base ones.
async fn start(db: &TestDb, extra: &[(&str, &str)]) -> ServiceProcess {
    let mut env = vec![
        ("DATABASE_URL", db.url()),
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("JWT_SECRET", JWT_SECRET),
        ("MASTER_KEYS", MASTER_KEYS),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    env.extend_from_slice(extra);
    ServiceProcess::start(BIN, &[], &env).await.unwrap()
}

async fn settled_run(api: &ApiClient) -> String {
    let run = api.call("POST", "/runs", Some(json!({ "workflow_id": "wf-console" }))).await.json();
    let id = run["id"].as_str().unwrap().to_owned();
    let res = api.call("POST", &format!("/runs/{id}/settle"), Some(json!({ "status": "succeeded" }))).await;
    assert_eq!(res.status, 200);
    id
}

async fn dashboard(backend: Backend) {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let service = start(&db, &[("RETRY_SCHEDULE", "1s,1s,1s,1s"), ("DELIVERY_TIMEOUT", "2s")]).await;
    let base = service.base_url().to_owned();
    let a = ApiClient::new(&base).with_bearer(&token("acct-a").await);
    let b = ApiClient::new(&base).with_bearer(&token("acct-b").await);
    let hostile = Receiver::start(|_, _| Reply::Text(200, HOSTILE.to_owned())).await;
    let store = match backend {
        Backend::Postgres => "postgres",
        Backend::Sqlite => "sqlite",
    };
    let browser = Browser::start(&format!("workflow-{store}")).await.unwrap();

    // Signed out, the console sends the browser to sign in, and comes back after.
    browser.goto(&format!("{base}/console/deliveries")).await.unwrap();
    assert!(
        browser.path().await.unwrap().starts_with("/console/sign-in?next="),
        "{}",
        browser.path().await.unwrap()
    );
    browser.screenshot("sign-in").await.unwrap();
    browser.fill("#credential", "not-a-token").await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    assert!(browser.text("#sign-in-error").await.unwrap().contains("not accepted"));
    // Refused, like every console form, with a 303 to the form (keeping `next`): a reload
    // sends nothing again and the reason is gone.
    assert_eq!(browser.path().await.unwrap(), "/console/sign-in?next=%2Fconsole%2Fdeliveries");
    browser.reload().await.unwrap();
    assert!(browser.all("#sign-in-error").await.unwrap().is_empty(), "the reason is shown once");
    browser.fill("#credential", &token("acct-a").await).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    browser.find("#log").await.unwrap();
    assert_eq!(browser.path().await.unwrap(), "/console/deliveries");
    assert!(browser.scripted().await.unwrap(), "the console's script runs under its CSP");

    // An endpoint whose URL carries quotes and markup; its secret is shown once.
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    let odd_url = format!("{}/hook?q=\"'><script>window.__injected=true</script>", hostile.url());
    browser.fill("#url", &odd_url).await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    let secret = browser.text("#signing-secret").await.unwrap();
    assert!(secret.starts_with("whsec_"), "{secret}");
    browser.screenshot("endpoint-created").await.unwrap();
    let endpoint_id =
        browser.find("tr[data-endpoint]").await.unwrap().attr("data-endpoint").await.unwrap().unwrap();
    assert_eq!(browser.text(".endpoint-url").await.unwrap(), odd_url, "the URL is shown as text");
    // The form answered 303 to the list: a reload registers nothing again, and the secret (a
    // one-time flash) is gone.
    assert_eq!(browser.path().await.unwrap(), "/console/endpoints");
    browser.reload().await.unwrap();
    browser.find("#endpoints").await.unwrap();
    assert!(browser.all("#signing-secret").await.unwrap().is_empty(), "the secret is shown once");
    assert_eq!(a.call("GET", "/webhooks", None).await.json().as_array().unwrap().len(), 1);
    assert!(!browser.injected().await.unwrap());

    // Runs settled through the API appear in the open log without a reload.
    browser.goto(&format!("{base}/console/deliveries")).await.unwrap();
    browser.find("#log-empty").await.unwrap();
    let run_1 = settled_run(&a).await;
    let run_2 = settled_run(&a).await;
    browser
        .wait_for_text("#log-rows", "both runs in the live log", |t| {
            t.contains(&format!("{run_1}:run.completed")) && t.contains(&format!("{run_2}:run.completed"))
        })
        .await
        .unwrap();
    hostile.wait_for(2).await;
    assert!(
        browser.all("#log-empty").await.unwrap().is_empty(),
        "the live rows replace the empty log's note"
    );
    browser.screenshot("log").await.unwrap();

    // Filters live in the URL; search finds a run, an event id and a delivery id.
    browser.goto(&format!("{base}/console/deliveries?q={run_1}")).await.unwrap();
    browser.find("#log").await.unwrap();
    assert_eq!(browser.log_rows().await.unwrap(), 1);
    let delivery_id = browser
        .find("#log-rows tr[data-delivery]")
        .await
        .unwrap()
        .attr("data-delivery")
        .await
        .unwrap()
        .unwrap();
    browser.goto(&format!("{base}/console/deliveries?q={run_2}:run.completed")).await.unwrap();
    browser.find("#log").await.unwrap();
    assert_eq!(browser.log_rows().await.unwrap(), 1);
    browser
        .goto(&format!("{base}/console/deliveries?q={delivery_id}&status=delivered&endpoint={endpoint_id}"))
        .await
        .unwrap();
    browser.find("#log").await.unwrap();
    browser.wait_for_text("#log-rows", "the delivered row", |t| t.contains("delivered")).await.unwrap();
    assert_eq!(browser.log_rows().await.unwrap(), 1);
    browser.goto(&format!("{base}/console/deliveries?status=dead_letter")).await.unwrap();
    browser.find("#log-empty").await.unwrap();
    browser.goto(&format!("{base}/console/deliveries?status=nope")).await.unwrap();
    assert!(browser.text("#filter-error").await.unwrap().contains("dead_letter"));

    // The detail: attempts, the hostile answer as text, the request whose signature verifies.
    browser.goto(&format!("{base}/console/deliveries/{delivery_id}")).await.unwrap();
    assert_eq!(browser.text("#delivery-status").await.unwrap(), "delivered");
    let excerpt =
        browser.find(".response-excerpt").await.unwrap().prop("textContent").await.unwrap().unwrap();
    assert_eq!(excerpt, HOSTILE, "the receiver's answer is shown as text");
    let body = browser.find("#request-body").await.unwrap().prop("textContent").await.unwrap().unwrap();
    // Shown indented first; the exact bytes (what the signature covers) below it.
    let pretty =
        browser.find("#request-body-pretty").await.unwrap().prop("textContent").await.unwrap().unwrap();
    assert!(pretty.contains("\n  \""), "{pretty}");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&pretty).unwrap(),
        serde_json::from_str::<serde_json::Value>(&body).unwrap()
    );
    let signature = browser.text("#signature").await.unwrap();
    assert_eq!(signature, format!("v1={}", independent_hmac_sha256_hex(secret.as_bytes(), body.as_bytes())));
    let received = hostile.requests();
    assert!(received.iter().any(|r| r.body == body.as_bytes()), "the body shown is the body sent");
    assert!(browser.text("#curl").await.unwrap().contains(&signature));
    assert!(!browser.injected().await.unwrap());
    browser.screenshot("delivery").await.unwrap();

    // A delivered delivery offers no retry (the spec's 409), only the hint that says so.
    assert!(browser.all("#resend").await.unwrap().is_empty(), "no retry for a delivered delivery");
    assert!(browser.text("#delivered-hint").await.unwrap().contains("409"));

    // Another account's ids are 404, as in the API.
    let b_endpoint = b
        .call("POST", "/webhooks", Some(json!({ "url": hostile.url(), "events": ["run.completed"] })))
        .await
        .json()["endpointId"]
        .as_str()
        .unwrap()
        .to_owned();
    settled_run(&b).await;
    let b_delivery = loop {
        let log = b.call("GET", "/webhooks/deliveries", None).await.json();
        if let Some(d) = log.as_array().unwrap().first() {
            break d["deliveryId"].as_str().unwrap().to_owned();
        }
        tokio::task::yield_now().await;
    };
    for path in
        [format!("/console/deliveries/{b_delivery}"), format!("/console/endpoints/{b_endpoint}/delete")]
    {
        browser.goto(&format!("{base}{path}")).await.unwrap();
        assert!(browser.text("h1").await.unwrap().starts_with("404"), "{path}");
    }

    // A form post without the session's CSRF token is refused, and changes nothing.
    let cookie = browser.session_cookie().await.unwrap();
    let disable = format!("/console/endpoints/{endpoint_id}/disable");
    assert_eq!(post_form(&base, &disable, &cookie, "").await, 403);
    assert_eq!(post_form(&base, &disable, &cookie, "csrf=wrong").await, 403);
    let listed = a.call("GET", "/webhooks", None).await.json();
    assert_eq!(listed[0]["disabled"], false);

    // Rotate (a new secret, once), disable, enable, test event, delete.
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.client.execute("window.confirm = () => true;", vec![]).await.unwrap();
    browser
        .click(&format!("form[action='/console/endpoints/{endpoint_id}/rotate-secret'] button"))
        .await
        .unwrap();
    let rotated = browser.text("#signing-secret").await.unwrap();
    assert!(rotated.starts_with("whsec_") && rotated != secret);
    assert_eq!(browser.path().await.unwrap(), "/console/endpoints", "a reload rotates nothing again");
    browser.reload().await.unwrap();
    assert!(browser.all("#signing-secret").await.unwrap().is_empty(), "the new secret is shown once");
    browser.click(&format!("form[action='/console/endpoints/{endpoint_id}/disable'] button")).await.unwrap();
    let status = format!("tr[data-endpoint='{endpoint_id}'] .status");
    browser.wait_for_text(&status, "disabled", |t| t == "disabled").await.unwrap();
    assert_eq!(a.call("GET", "/webhooks", None).await.json()[0]["disabled"], true);
    browser.click(&format!("form[action='/console/endpoints/{endpoint_id}/enable'] button")).await.unwrap();
    browser.wait_for_text(&status, "active", |t| t == "active").await.unwrap();
    browser.screenshot("endpoints").await.unwrap();
    browser.click(&format!("form[action='/console/endpoints/{endpoint_id}/test'] button")).await.unwrap();
    browser.wait_for_text("#log-rows", "the test event", |t| t.contains("webhook.test")).await.unwrap();
    browser.goto(&format!("{base}/console/endpoints/{endpoint_id}/delete")).await.unwrap();
    browser.click("#confirm-delete").await.unwrap();
    assert!(browser.text(".notice").await.unwrap().contains("deleted"));
    assert_eq!(a.call("GET", "/webhooks", None).await.json().as_array().unwrap().len(), 0);

    gateway_endpoint(&browser, &base, &a).await;

    // The overview counts what happened.
    browser.goto(&format!("{base}/console")).await.unwrap();
    let created: i64 = browser.text("#new-deliveries").await.unwrap().parse().unwrap();
    assert!(created >= 3, "{created}");
    browser.screenshot("overview").await.unwrap();

    // Sign out; a single-use link signs in once.
    browser.click("form.sign-out button").await.unwrap();
    browser.find("#credential").await.unwrap();
    browser.goto(&format!("{base}/console")).await.unwrap();
    assert!(browser.path().await.unwrap().starts_with("/console/sign-in"));
    let link = run_cli(
        BIN,
        &["console-link", "--account", "acct-a", "--base-url", &base],
        &[("DATABASE_URL", db.url())],
    )
    .await
    .unwrap()
    .trim()
    .to_owned();
    assert!(link.starts_with(&format!("{base}/console/sign-in/link?code=")), "{link}");
    browser.goto(&link).await.unwrap();
    browser.click("#use-link").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    assert_eq!(browser.text(".tenant").await.unwrap(), "acct-a");
    browser.click("form.sign-out button").await.unwrap();
    browser.find("#credential").await.unwrap();
    browser.goto(&link).await.unwrap();
    browser.click("#use-link").await.unwrap();
    browser.wait_for_text("h1", "a link works once", |t| t.starts_with("401")).await.unwrap();
    browser.close().await.unwrap();
}

/// With scripts off, the main flow is links and forms: sign in, register, read the log, open a
/// delivery, retry it.
async fn without_scripts(backend: Backend) {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let service = start(&db, &[]).await;
    let base = service.base_url().to_owned();
    let a = ApiClient::new(&base).with_bearer(&token("acct-a").await);
    let receiver = Receiver::ok().await;
    let browser = Browser::start_without_scripts(&format!("workflow-noscript-{backend:?}")).await.unwrap();
    browser.goto(&format!("{base}/console")).await.unwrap();
    browser.fill("#credential", &token("acct-a").await).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    browser.find("#new-deliveries").await.unwrap();
    assert!(!browser.scripted().await.unwrap(), "scripts are off");
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.fill("#url", &receiver.url()).await.unwrap();
    browser.fill("#rate_limit", "7").await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    assert!(browser.text("#signing-secret").await.unwrap().starts_with("whsec_"));
    assert_eq!(a.call("GET", "/webhooks", None).await.json()[0]["rateLimit"], 7, "the form's rate limit");
    assert!(browser.text(".rate-limit").await.unwrap().contains("at most 7 a second"));
    let run = settled_run(&a).await;
    receiver.wait_for(1).await;
    browser.goto(&format!("{base}/console/deliveries")).await.unwrap();
    browser.fill("input[name=q]", &run).await.unwrap();
    browser.click("form.filters button[type=submit]").await.unwrap();
    browser.wait_for_text("#log-rows", "the run's delivery", |t| t.contains(&run)).await.unwrap();
    assert!(browser.path().await.unwrap().contains(&format!("q={run}")), "the filter is in the URL");
    // The page's live refresh is the script's: with scripts off, the rows carry no updates.
    browser.click("#log-rows a").await.unwrap();
    browser.wait_for_text("#delivery-status", "delivered", |t| t == "delivered").await.unwrap();
    assert!(browser.all("#resend").await.unwrap().is_empty(), "no retry for a delivered delivery");

    // Bulk recovery from the endpoint's row: count the window's deliveries (the delivered one
    // too), start a job, see it finish; a cancel of an ended job says so.
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.click("a.recover").await.unwrap();
    browser.find("#recovery-form").await.unwrap();
    browser.click("input[name=include_delivered]").await.unwrap();
    browser.click("#dry-run").await.unwrap();
    assert_eq!(
        browser.text("#dry-run-count").await.unwrap(),
        "1 delivery in this window would be sent again."
    );
    browser.click("#start-recovery").await.unwrap();
    assert!(browser.text("#notice").await.unwrap().contains("queued"));
    receiver.wait_for(2).await;
    let job = browser.find("#jobs tr[data-job]").await.unwrap().attr("data-job").await.unwrap().unwrap();
    let endpoint =
        a.call("GET", "/webhooks", None).await.json()[0]["endpointId"].as_str().unwrap().to_owned();
    let recoveries = test_support::recovery::Recoveries { prefix: "/webhooks" };
    recoveries.wait_job(&a, &endpoint, &job, "the job's end", |j| j["status"] == "finished").await;
    browser.reload().await.unwrap();
    assert_eq!(browser.text("#jobs .status-cell").await.unwrap(), "finished");
    assert!(browser.text("#jobs").await.unwrap().contains("1 of 1 gone through, 1 sent again"));
    browser.screenshot("recovery").await.unwrap();
    browser.click(".cancel-job").await.unwrap();
    // The page before it had a notice too: wait for the new one.
    browser
        .wait_for_text("#notice", "the cancel's notice", |t| t == "That job had already ended.")
        .await
        .unwrap();
    browser.close().await.unwrap();
}

/// What the browser cannot see: the console's response headers, the session cookie's
/// attributes (with `Secure` when a proxy says the request came over HTTPS), and `CONSOLE=off`.
async fn headers_cookies_and_off(backend: Backend) {
    let db = TestDb::migrated_by(backend, "workflow", BIN).await.unwrap();
    let service = start(&db, &[]).await;
    let client = ApiClient::new(service.base_url());
    let page = client.raw("GET", "/console/sign-in", None, &[]).await;
    assert_eq!(page.status, 200);
    let header = |name: &str| page.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let csp = header("content-security-policy");
    for directive in
        ["default-src 'none'", "script-src 'self'", "frame-ancestors 'none'", "form-action 'self'"]
    {
        assert!(csp.contains(directive), "{csp}");
    }
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("x-frame-options"), "DENY");
    assert_eq!(header("cache-control"), "no-store");
    let asset = client.raw("GET", "/console/assets/console.css", None, &[]).await;
    let cached = asset.headers.get("cache-control").and_then(|v| v.to_str().ok());
    assert_eq!(cached, Some("public, max-age=86400"), "an asset keeps its own caching");
    let sign_in_cookie = header("set-cookie");
    let token_cookie = sign_in_cookie.split(';').next().unwrap().to_owned();
    let csrf = token_cookie.split_once('=').unwrap().1.to_owned();
    let body = format!("csrf={csrf}&next=%2Fconsole&credential={}", token("acct-a").await);
    let form = |proto: &'static str| {
        let (client, body, cookie) = (client.clone(), body.clone(), token_cookie.clone());
        async move {
            client
                .raw(
                    "POST",
                    "/console/sign-in",
                    Some((body.as_bytes(), "application/x-www-form-urlencoded")),
                    &[("cookie", &cookie), ("x-forwarded-proto", proto)],
                )
                .await
        }
    };
    for (proto, secure) in [("http", false), ("https", true)] {
        let res = form(proto).await;
        assert_eq!(res.status, 303, "{}", String::from_utf8_lossy(&res.body));
        let session = res
            .headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|c| c.starts_with("workflow-api-session="))
            .unwrap()
            .to_owned();
        assert!(session.contains("HttpOnly") && session.contains("SameSite=Strict"), "{session}");
        // The session ends with the token (`token` mints one for an hour), before its 8 hours.
        let max_age: i64 =
            session.split("Max-Age=").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
        assert!((3590..=3600).contains(&max_age), "{session}");
        assert!(session.contains("Path=/console"), "{session}");
        assert_eq!(session.contains("Secure"), secure, "{proto}: {session}");
    }
    drop(service);
    let off = start(&db, &[("CONSOLE", "off")]).await;
    let res = ApiClient::new(off.base_url()).call("GET", "/console/sign-in", None).await;
    assert_eq!(res.status, 404);
    assert_eq!(res.json()["code"], "not_found");
}

/// With `CONSOLE_FRAME_ANCESTORS` the allowed sites may frame the console (and no other: the
/// CSP names them) and its cookies cross sites (`SameSite=None; Secure; Partitioned`); the
/// header names the product, escaped, and the accent colour is a stylesheet of the console's
/// own. A framed console must be HTTPS: without an https `PUBLIC_URL` the service refuses to
/// start. (What a browser does with these: the console's embedding test in Chromium.)
#[tokio::test(flavor = "multi_thread")]
async fn framing_allowed_for_a_site_cookies_cross_sites_and_the_header_names_the_product() {
    let db = TestDb::migrated_by(Backend::Sqlite, "workflow", BIN).await.unwrap();
    let allowed = [("CONSOLE_FRAME_ANCESTORS", "https://app.example.com")];
    let env = [("DATABASE_URL", db.url()), ("LISTEN_ADDR", "127.0.0.1:0"), ("JWT_SECRET", JWT_SECRET)];
    let refused = run_cli(BIN, &["serve"], &[&allowed[..], &env[..]].concat()).await;
    let refused = refused.expect_err("a framed console over plain HTTP");
    assert!(format!("{refused:#}").contains("set PUBLIC_URL to its https:// address"), "{refused:#}");
    let settings = [
        ("CONSOLE_FRAME_ANCESTORS", "https://app.example.com"),
        ("PUBLIC_URL", "https://console.example.com"),
        ("CONSOLE_PRODUCT_NAME", "Acme <b>"),
        ("CONSOLE_ACCENT_COLOR", "#FF6600"),
    ];
    let service = start(&db, &settings).await;
    let client = ApiClient::new(service.base_url());
    let page = client.raw("GET", "/console/sign-in", None, &[]).await;
    let header = |name: &str| page.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert!(header("content-security-policy").contains("frame-ancestors https://app.example.com;"));
    assert_eq!(page.headers.get("x-frame-options"), None, "the CSP says who may frame it");
    let sign_in_cookie = header("set-cookie");
    for attribute in ["SameSite=None", "Secure", "Partitioned", "HttpOnly"] {
        assert!(sign_in_cookie.contains(attribute), "{sign_in_cookie}");
    }
    let token_cookie = sign_in_cookie.split(';').next().unwrap().to_owned();
    let csrf = token_cookie.split_once('=').unwrap().1.to_owned();
    let body = format!("csrf={csrf}&next=%2Fconsole&credential={}", token("acct-a").await);
    let form = Some((body.as_bytes(), "application/x-www-form-urlencoded"));
    let signed_in = client.raw("POST", "/console/sign-in", form, &[("cookie", &token_cookie)]).await;
    assert_eq!(signed_in.status, 303, "{}", String::from_utf8_lossy(&signed_in.body));
    let cookies: Vec<&str> =
        signed_in.headers.get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).collect();
    let session = cookies.iter().find(|c| c.starts_with("workflow-api-session=")).unwrap();
    assert!(
        session.contains("SameSite=None") && session.contains("Secure") && session.contains("Partitioned")
    );
    let session = session.split(';').next().unwrap();
    let overview = client.raw("GET", "/console", None, &[("cookie", session)]).await;
    let html = String::from_utf8_lossy(&overview.body);
    assert!(html.contains(r#"<span class="product">Acme &#60;b&#62;</span> · workflow-api"#), "{html}");
    let theme = client.raw("GET", "/console/assets/theme.css", None, &[]).await;
    assert_eq!(String::from_utf8_lossy(&theme.body), ":root { --accent: #ff6600; }\n");
}

/// Retention through the API and the dashboard. With `PAYLOAD_RETENTION=1s`, a dead delivery's
/// payload goes: the log says `payloadExpired`, a retry is 409 `payload_expired`, and the
/// dashboard marks it and offers no retry (nor a request it can no longer show). Restarted with
/// `RETENTION=1s`, the record itself goes: 404, and out of the log.
#[tokio::test(flavor = "multi_thread")]
async fn retention_expires_the_payload_then_removes_the_delivery() {
    let db = TestDb::migrated_by(Backend::Sqlite, "workflow", BIN).await.unwrap();
    let service = start(&db, &[("RETRY_SCHEDULE", "50ms"), ("PAYLOAD_RETENTION", "1s")]).await;
    let base = service.base_url().to_owned();
    let api = ApiClient::new(&base).with_bearer(&token("acct-a").await);
    let failing = Receiver::start(|_, _| Reply::Text(500, "down".to_owned())).await;
    let created =
        api.call("POST", "/webhooks", Some(json!({ "url": failing.url(), "events": ["run.completed"] })));
    assert_eq!(created.await.status, 201);
    settled_run(&api).await;
    let browser = Browser::start("workflow-retention").await.unwrap();
    let delivery = eventually("the payload to expire", || async {
        let log = api.call("GET", "/webhooks/deliveries?limit=1", None).await.json();
        match log[0]["payloadExpired"] == true {
            true => Ok(log[0].clone()),
            false => Err(log),
        }
    })
    .await;
    assert_eq!(delivery["status"], "dead_letter");
    let id = delivery["deliveryId"].as_str().unwrap();
    let retry = api.call("POST", &format!("/webhooks/deliveries/{id}/retry"), None).await;
    assert_eq!(retry.status, 409, "{}", String::from_utf8_lossy(&retry.body));
    assert_eq!(retry.json()["code"], "payload_expired");

    browser.goto(&format!("{base}/console/sign-in?next=/console/deliveries/{id}")).await.unwrap();
    browser.fill("#credential", &token("acct-a").await).await.unwrap();
    browser.click("form button[type=submit]").await.unwrap();
    assert!(browser.text("#payload-expired").await.unwrap().contains("cannot be sent again"));
    assert!(browser.all("#resend").await.unwrap().is_empty(), "no retry button");
    assert!(browser.all("#request-body").await.unwrap().is_empty(), "no request shown");
    browser.screenshot("payload-expired").await.unwrap();
    browser.goto(&format!("{base}/console/deliveries")).await.unwrap();
    assert_eq!(browser.text(&format!("tr[data-delivery='{id}'] .status.expired")).await.unwrap(), "expired");
    browser.close().await.unwrap();
    assert_eq!(failing.count(), 2, "nothing was sent again");

    drop(service);
    let service = start(&db, &[("RETENTION", "1s")]).await;
    let api = ApiClient::new(service.base_url()).with_bearer(&token("acct-a").await);
    eventually("the delivery to be removed", || async {
        (api.call("GET", &format!("/webhooks/deliveries/{id}"), None).await.status == 404).then_some(())
    })
    .await;
    assert_eq!(api.call("GET", "/webhooks/deliveries", None).await.json(), json!([]));
}

/// The endpoint `id` as `GET /webhooks` lists it.
async fn endpoint_listed(a: &ApiClient, id: &str) -> serde_json::Value {
    let all = a.call("GET", "/webhooks", None).await.json();
    all.as_array().unwrap().iter().find(|e| e["endpointId"] == id).unwrap().clone()
}

/// A receiver behind a gateway: registered with a header and a basic credential from the form,
/// its test delivery's detail showing the credential redacted; then its page replaces the
/// credential with a header of the receiver's choosing, and removes both.
async fn gateway_endpoint(browser: &Browser, base: &str, a: &ApiClient) {
    let gateway = Receiver::start(|_, r| {
        let ok = r.header("authorization") == Some("Basic aG9va3M6cHctMQ==")
            && r.header("x-tenant") == Some("acme");
        Reply::Status(if ok { 204 } else { 401 })
    })
    .await;
    browser.goto(&format!("{base}/console/endpoints")).await.unwrap();
    browser.fill("#url", &gateway.url()).await.unwrap();
    browser.click("details.access-options summary").await.unwrap();
    browser.fill("#headers", "X-Tenant: acme").await.unwrap();
    browser.find("#auth").await.unwrap().select_by_value("basic").await.unwrap();
    assert!(
        !browser.find("#auth_token").await.unwrap().is_displayed().await.unwrap(),
        "bearer's field hides"
    );
    browser.fill("#auth_username", "hooks").await.unwrap();
    browser.fill("#auth_password", "pw-1").await.unwrap();
    browser.screenshot("register-behind-gateway").await.unwrap();
    browser.click("#create-endpoint button[type=submit]").await.unwrap();
    browser.find("#signing-secret").await.unwrap();
    let listed = a.call("GET", "/webhooks", None).await.json();
    let created =
        listed.as_array().unwrap().iter().find(|e| e["url"] == gateway.url().as_str()).unwrap().clone();
    assert_eq!(created["auth"], json!({"type": "basic", "username": "hooks"}));
    let id = created["endpointId"].as_str().unwrap().to_owned();
    let row = format!("tr[data-endpoint='{id}'] .access");
    assert_eq!(browser.text(&row).await.unwrap(), "headers X-Tenant · auth: basic, user hooks");

    // A test delivery through the gateway; its detail shows the credential redacted.
    browser.click(&format!("form[action='/console/endpoints/{id}/test'] button")).await.unwrap();
    gateway.wait_for(1).await;
    let logged = format!("/webhooks/deliveries?endpointId={id}&status=delivered");
    let delivered = eventually("the gateway's delivery delivered", || async {
        a.call("GET", &logged, None).await.json().as_array().unwrap().first().cloned()
    })
    .await;
    browser
        .goto(&format!("{base}/console/deliveries/{}", delivered["deliveryId"].as_str().unwrap()))
        .await
        .unwrap();
    assert_eq!(browser.text("td[data-header='authorization']").await.unwrap(), "[redacted]");
    assert_eq!(browser.text("td[data-header='x-tenant']").await.unwrap(), "acme");
    assert!(!browser.client.source().await.unwrap().contains("pw-1"), "the password is never on a page");
    browser.screenshot("delivery-behind-gateway").await.unwrap();

    // Its page: replace the credential with a header of the receiver's choosing, then remove both.
    browser.goto(&format!("{base}/console/endpoints/{id}/access")).await.unwrap();
    assert!(browser.text("#auth-now").await.unwrap().contains("basic, user hooks"));
    assert!(!browser.client.source().await.unwrap().contains("pw-1"));
    browser.find("#auth").await.unwrap().select_by_value("header").await.unwrap();
    browser.fill("#auth_header_name", "X-Api-Key").await.unwrap();
    browser.fill("#auth_header_value", "k-2").await.unwrap();
    browser.screenshot("access").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    assert_eq!(endpoint_listed(a, &id).await["auth"], json!({"type": "header", "name": "X-Api-Key"}));
    browser.goto(&format!("{base}/console/endpoints/{id}/access")).await.unwrap();
    browser.fill("#headers", "").await.unwrap();
    browser.find("#auth").await.unwrap().select_by_value("none").await.unwrap();
    browser.click("#endpoint-access button[type=submit]").await.unwrap();
    browser.wait_for_text(".notice", "the update notice", |t| t.contains("updated")).await.unwrap();
    let cleared = endpoint_listed(a, &id).await;
    assert_eq!((cleared["headers"].clone(), cleared["auth"].clone()), (json!({}), serde_json::Value::Null));
}

on_both_backends!(
    #[tokio::test(flavor = "multi_thread")]
    dashboard,
    without_scripts,
    headers_cookies_and_off
);
