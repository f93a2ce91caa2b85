//! The generated API clients (`clients/`) drive a real campaign-api as an integrator would:
//! register an endpoint with a header, a credential, event types and a content filter, list and
//! read it, page the log filtered by type, replay a delivery, meet a typed 409, and a typed 422
//! with its code. Each language's own script does the calls
//! (`clients/<language>/campaign-api/…/e2e`); here the service and the HTTPS receiver are real,
//! and the receiver checks what the endpoint sent. On the embedded store only: the store is not
//! what these test.

use serde_json::Value;
use test_support::clients_kit::{run_e2e, Language, Target};
use test_support::{run_cli_in, Receiver, Recorded, Reply, ServiceProcess, TestCa};

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

/// A service in a directory of its own, a new workspace's API key and an HTTPS receiver that
/// answers 200 (with the certificate authority the service trusts).
struct Setup {
    _dir: tempfile::TempDir,
    _ca: TestCa,
    service: ServiceProcess,
    api_key: String,
    receiver: Receiver,
}

async fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new().unwrap();
    let ca_path = ca.pem_path().display().to_string();
    let env = [
        ("LISTEN_ADDR", "127.0.0.1:0"),
        ("OUTBOUND_CA_FILE", ca_path.as_str()),
        ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8,::1/128"),
        ("WORKER_POLL_INTERVAL", "50ms"),
    ];
    let service = ServiceProcess::start_in(dir.path(), BIN, &[], &env).await.unwrap();
    let out = run_cli_in(dir.path(), BIN, &["create-workspace", "--name", "Clients"], &[]).await.unwrap();
    let ws: Value = serde_json::from_str(out.trim()).unwrap();
    let api_key = ws["apiKey"].as_str().unwrap().to_owned();
    let receiver = Receiver::start_https(&ca, |_, _| Reply::Status(200)).await;
    Setup { _dir: dir, _ca: ca, service, api_key, receiver }
}

/// The script's first endpoint sent its header and its basic credential with every delivery:
/// the three campaigns its filter matched and the replay of one. Its second endpoint took the
/// one `campaign.updated.v1` (archiving a campaign), with neither.
fn assert_sent_the_endpoints_access(received: &[Recorded]) {
    let (first, second): (Vec<&Recorded>, Vec<&Recorded>) =
        received.iter().partition(|r| r.header("authorization").is_some());
    assert_eq!((first.len(), second.len()), (4, 1), "three matching campaigns and one replay; one update");
    for request in first {
        assert_eq!(request.header("x-team"), Some("marketing"));
        // hooks:receiver-password-0123
        assert_eq!(request.header("authorization"), Some("Basic aG9va3M6cmVjZWl2ZXItcGFzc3dvcmQtMDEyMw=="));
    }
    let update: Value = serde_json::from_slice(&second[0].body).unwrap();
    assert_eq!((update["type"].as_str(), second[0].header("x-team")), (Some("campaign.updated.v1"), None));
}

async fn drive(language: Language, done: &str) {
    let s = setup().await;
    let receiver_url = s.receiver.url();
    let target =
        Target { base_url: s.service.base_url(), credential: &s.api_key, receiver_url: &receiver_url };
    let printed = run_e2e(language, "campaign-api", target).await.unwrap();
    assert!(printed.contains(done), "{printed}");
    let typed = ["409 invalid_status_transition", "422 unknown_event_type"];
    assert!(typed.iter().all(|t| printed.contains(t)), "{printed}");
    assert_sent_the_endpoints_access(&s.receiver.wait_for(5).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_client_drives_the_service() {
    drive(Language::Python, "python campaign-api client: ok").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_typescript_client_drives_the_service() {
    drive(Language::TypeScript, "typescript campaign-api client: ok").await;
}

mod rust {
    //! The Rust client is a workspace crate: this test calls it as an integrator's backend would.

    use super::{assert_sent_the_endpoints_access, setup};
    use campaign_api_client::types::{self, CampaignIn, CampaignPatch, EndpointAuthIn, WebhookIn};
    use campaign_api_client::{Client, Error};
    use test_support::clients_kit::next_cursor;

    const CREATED: &str = "campaign.created.v1";

    fn client(base_url: &str, api_key: &str) -> Client {
        let mut headers = reqwest::header::HeaderMap::new();
        let bearer = format!("Bearer {api_key}").parse().unwrap();
        headers.insert(reqwest::header::AUTHORIZATION, bearer);
        let http = reqwest::Client::builder().default_headers(headers).build().unwrap();
        Client::new_with_client(base_url, http)
    }

    fn endpoint(url: &str) -> types::builder::WebhookIn {
        let headers = types::EndpointHeaders([("X-Team".to_owned(), "marketing".to_owned())].into());
        let auth = types::BasicAuthIn {
            username: "hooks".parse().unwrap(),
            password: "receiver-password-0123".parse().unwrap(),
            type_: types::BasicAuthInType::Basic,
        };
        let filter = serde_json::json!({ "payload.name": { "$startsWith": "Spring" } });
        WebhookIn::builder()
            .url(url)
            .event_types(Some(vec![CREATED.to_owned()]))
            .headers(Some(headers))
            .auth(Some(EndpointAuthIn::BasicAuthIn(auth)))
            .filter(Some(serde_json::from_value(filter).unwrap()))
    }

    /// Every delivery of `endpoint`, once all three are delivered.
    async fn delivered(api: &Client, endpoint: uuid::Uuid) -> Vec<types::Delivery> {
        test_support::eventually("the three deliveries to be delivered", || async {
            let log = api.list_deliveries().endpoint_id(endpoint).send().await.unwrap().into_inner();
            let done = log.len() == 3 && log.iter().all(|d| d.status == types::DeliveryStatus::Delivered);
            done.then_some(log)
        })
        .await
    }

    /// Every page of the log of `CREATED`, two at a time.
    async fn log_two_at_a_time(api: &Client) -> Vec<uuid::Uuid> {
        let (mut ids, mut after) = (Vec::new(), None);
        loop {
            let mut page = api.list_deliveries().event_type(CREATED).limit(2);
            if let Some(cursor) = after.take() {
                page = page.after(cursor);
            }
            let page = page.send().await.unwrap();
            after = next_cursor(page.headers());
            ids.extend(page.into_inner().into_iter().map(|d| d.id));
            if after.is_none() {
                return ids;
            }
        }
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn the_rust_client_drives_the_service() {
        let s = setup().await;
        let api = client(s.service.base_url(), &s.api_key);
        let created = api.create_webhook().body(endpoint(&s.receiver.url())).send().await.unwrap();
        assert_eq!(created.status(), 201);
        let created = created.into_inner();
        assert!(created.secret.starts_with("whsec_"));
        let updates =
            WebhookIn::builder().url(s.receiver.url()).event_types(Some(vec!["campaign.updated.v1".into()]));
        let other = api.create_webhook().body(updates).send().await.unwrap().into_inner();
        let mut campaigns = Vec::new();
        for name in ["Spring sale", "Spring launch", "Spring clearance", "Autumn sale"] {
            let made = api.create_campaign().body(CampaignIn::builder().name(name)).send().await.unwrap();
            campaigns.push(made.into_inner().id);
        }
        let log = delivered(&api, created.id).await;

        let one = api.get_webhook().id(created.id).send().await.unwrap().into_inner();
        assert_eq!(one.headers.get("X-Team").map(String::as_str), Some("marketing"));
        assert!(matches!(one.auth, Some(types::EndpointAuth::BasicAuth(_))));
        let first = api.list_webhooks().limit(1).send().await.unwrap();
        let cursor = next_cursor(first.headers()).expect("a second page");
        let second = api.list_webhooks().limit(1).after(cursor).send().await.unwrap();
        assert_eq!(next_cursor(second.headers()), None);
        let listed: Vec<_> =
            first.into_inner().into_iter().chain(second.into_inner()).map(|e| e.id).collect();
        assert_eq!(listed, [created.id, other.id]);
        assert_eq!(log_two_at_a_time(&api).await, log.iter().map(|d| d.id).collect::<Vec<_>>());
        let replayed = api.replay_delivery().id(log[0].id).send().await.unwrap();
        assert_eq!((replayed.status().as_u16(), replayed.into_inner().id), (202, log[0].id));

        // A 409 and a 422 come back typed, with the code the API sent.
        let archive = CampaignPatch::builder().status(Some("archived".to_owned()));
        api.update_campaign().id(campaigns[3]).body(archive).send().await.unwrap();
        let activate = CampaignPatch::builder().status(Some("active".to_owned()));
        let conflict = api.update_campaign().id(campaigns[3]).body(activate).send().await;
        let Err(Error::ErrorResponse(conflict)) = conflict else {
            panic!("archived to active: {conflict:?}")
        };
        assert_eq!((conflict.status().as_u16(), conflict.code.as_str()), (409, "invalid_status_transition"));
        let misspelt = api.list_deliveries().event_type("campaign.craeted.v1").send().await;
        let Err(Error::ErrorResponse(refused)) = misspelt else { panic!("a misspelt type: {misspelt:?}") };
        assert_eq!((refused.status().as_u16(), refused.code.as_str()), (422, "unknown_event_type"));
        assert_sent_the_endpoints_access(&s.receiver.wait_for(5).await);
    }
}
