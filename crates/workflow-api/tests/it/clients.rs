//! The generated API clients (`clients/`) drive a real workflow-api as an integrator would:
//! register an endpoint with a header, a credential and a content filter, list and read it,
//! page the log, retry a delivery and meet the typed 409, and a typed 422 with its code. Each
//! language's own script does the calls (`clients/<language>/workflow-api/…/e2e`); here the
//! service and the receiver are real, and the receiver checks what the endpoint sent. On the
//! embedded store only: the store is not what these test.

use test_support::clients_kit::{run_e2e, Language, Target};
use test_support::{run_cli_in, Receiver, Recorded, ServiceProcess};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");
const ENV: &[(&str, &str)] = &[
    ("LISTEN_ADDR", "127.0.0.1:0"),
    ("OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8"),
    ("WORKER_POLL_INTERVAL", "50ms"),
];

/// A service in a directory of its own, a token for a new account and a receiver that answers 200.
struct Setup {
    _dir: tempfile::TempDir,
    service: ServiceProcess,
    token: String,
    receiver: Receiver,
}

async fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let service = ServiceProcess::start_in(dir.path(), BIN, &[], ENV).await.unwrap();
    let token = run_cli_in(dir.path(), BIN, &["token", "--account", "acct-clients"], &[]).await.unwrap();
    Setup { _dir: dir, service, token: token.trim().to_owned(), receiver: Receiver::ok().await }
}

/// The script's endpoint sent its header and its bearer credential with every delivery.
fn assert_sent_the_endpoints_access(received: &[Recorded]) {
    assert_eq!(received.len(), 3, "three runs matched the filter");
    for request in received {
        assert_eq!(request.header("x-team"), Some("billing"));
        assert_eq!(request.header("authorization"), Some("Bearer receiver-token-0123"));
    }
}

async fn drive(language: Language, done: &str) {
    let s = setup().await;
    let receiver_url = s.receiver.url();
    let target = Target { base_url: s.service.base_url(), credential: &s.token, receiver_url: &receiver_url };
    let printed = run_e2e(language, "workflow-api", target).await.unwrap();
    assert!(printed.contains(done), "{printed}");
    assert!(printed.contains("409 already_delivered") && printed.contains("422 invalid_url"), "{printed}");
    assert_sent_the_endpoints_access(&s.receiver.wait_for(3).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_client_drives_the_service() {
    drive(Language::Python, "python workflow-api client: ok").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_typescript_client_drives_the_service() {
    drive(Language::TypeScript, "typescript workflow-api client: ok").await;
}

mod rust {
    //! The Rust client is a workspace crate: this test calls it as an integrator's backend would.

    use super::{assert_sent_the_endpoints_access, setup};
    use test_support::clients_kit::next_cursor;
    use workflow_api_client::types::{self, EndpointAuthIn, EndpointIn, RunIn, SettleIn};
    use workflow_api_client::{Client, Error};

    fn client(base_url: &str, token: &str) -> Client {
        let mut headers = reqwest::header::HeaderMap::new();
        let bearer = format!("Bearer {token}").parse().unwrap();
        headers.insert(reqwest::header::AUTHORIZATION, bearer);
        let http = reqwest::Client::builder().default_headers(headers).build().unwrap();
        Client::new_with_client(base_url, http)
    }

    fn endpoint(url: &str) -> types::builder::EndpointIn {
        let headers = types::EndpointHeaders([("X-Team".to_owned(), "billing".to_owned())].into());
        let auth = types::BearerAuthIn {
            token: "receiver-token-0123".parse().unwrap(),
            type_: types::BearerAuthInType::Bearer,
        };
        let filter = serde_json::json!({ "workflow_id": { "$startsWith": "billing-" } });
        EndpointIn::builder()
            .url(url)
            .events(vec!["run.completed".to_owned(), "run.failed".to_owned()])
            .headers(Some(headers))
            .auth(Some(EndpointAuthIn::BearerAuthIn(auth)))
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

    #[tokio::test(flavor = "multi_thread")]
    async fn the_rust_client_drives_the_service() {
        let s = setup().await;
        let api = client(s.service.base_url(), &s.token);
        let created = api.create_webhook().body(endpoint(&s.receiver.url())).send().await.unwrap();
        assert_eq!(created.status(), 201);
        let created = created.into_inner();
        assert!(created.signing_secret.starts_with("whsec_"));
        let failed_only = EndpointIn::builder().url(s.receiver.url()).events(vec!["run.failed".to_owned()]);
        let other = api.create_webhook().body(failed_only).send().await.unwrap().into_inner();
        for workflow in ["billing-nightly", "billing-weekly", "billing-monthly", "reports-daily"] {
            let run = api.create_run().body(RunIn::builder().workflow_id(workflow)).send().await.unwrap();
            let succeeded = SettleIn::builder().status("succeeded");
            api.settle_run().id(run.into_inner().id).body(succeeded).send().await.unwrap();
        }
        let log = delivered(&api, created.endpoint_id).await;

        let one = api.get_webhook().endpoint_id(created.endpoint_id).send().await.unwrap().into_inner();
        assert_eq!(
            (one.url, one.headers.get("X-Team").map(String::as_str)),
            (s.receiver.url(), Some("billing"))
        );
        assert!(matches!(one.auth, Some(types::EndpointAuth::BearerAuth(_))));
        let (mut listed, mut after) = (Vec::new(), None);
        loop {
            let mut page = api.list_webhooks().limit(1);
            if let Some(cursor) = after.take() {
                page = page.after(cursor);
            }
            let page = page.send().await.unwrap();
            after = next_cursor(page.headers());
            listed.extend(page.into_inner().into_iter().map(|e| e.endpoint_id));
            if after.is_none() {
                break;
            }
        }
        assert_eq!(listed, [created.endpoint_id, other.endpoint_id]);
        let first = api.list_deliveries().limit(2).send().await.unwrap();
        let cursor = next_cursor(first.headers()).expect("a second page");
        let second = api.list_deliveries().limit(2).after(cursor).send().await.unwrap();
        assert_eq!(next_cursor(second.headers()), None);
        let paged: Vec<_> =
            first.into_inner().into_iter().chain(second.into_inner()).map(|d| d.delivery_id).collect();
        assert_eq!(paged, log.iter().map(|d| d.delivery_id).collect::<Vec<_>>());

        // The 409 and a 422 come back typed, with the code the API sent.
        let retried = api.retry_delivery().delivery_id(log[0].delivery_id).send().await;
        let Err(Error::ErrorResponse(conflict)) = retried else {
            panic!("retrying a delivered one: {retried:?}")
        };
        assert_eq!((conflict.status().as_u16(), conflict.code.as_str()), (409, "already_delivered"));
        let ftp = EndpointIn::builder().url("ftp://example.com").events(vec!["run.failed".to_owned()]);
        let refused = api.create_webhook().body(ftp).send().await;
        let Err(Error::ErrorResponse(refused)) = refused else { panic!("an ftp URL: {refused:?}") };
        assert_eq!((refused.status().as_u16(), refused.code.as_str()), (422, "invalid_url"));
        assert_sent_the_endpoints_access(&s.receiver.wait_for(3).await);
    }
}
