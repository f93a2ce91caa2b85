//! The actix-web extractor, in actix-web's own test server: a signed delivery reaches the
//! handler with its raw bytes; a tampered body, a missing header, a body too large and a
//! missing `Verifier` are answered before the handler, with a code.
#![cfg(feature = "actix")]

use actix_web::{test, web, App, HttpResponse};
use webhook_verify::actix::{VerifiedWebhook, MAX_BODY};
use webhook_verify::testing::signed_headers;
use webhook_verify::{DeliveryFormat, Verifier};

const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
const BODY: &[u8] = br#"{"event":"run.completed","id":"r1:run.completed"}"#;

async fn receive(hook: VerifiedWebhook) -> HttpResponse {
    HttpResponse::Ok().body(format!("{} {}", hook.delivery.id, hook.body.len()))
}

fn request(body: &[u8], headers: &[(String, String)]) -> test::TestRequest {
    let mut req = test::TestRequest::post().uri("/hooks").set_payload(body.to_vec());
    for (k, v) in headers {
        req = req.insert_header((k.as_str(), v.as_str()));
    }
    req
}

#[actix_web::test]
async fn only_verified_deliveries_reach_the_handler() {
    let verifier = Verifier::new(DeliveryFormat::workflow(), SECRET).unwrap();
    let app = test::init_service(
        App::new().app_data(web::Data::new(verifier)).route("/hooks", web::post().to(receive)),
    )
    .await;
    let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "r1:run.completed");

    let ok = test::call_service(&app, request(BODY, &headers).to_request()).await;
    assert_eq!(ok.status(), 200);
    assert_eq!(test::read_body(ok).await, format!("r1:run.completed {}", BODY.len()));

    let mut tampered = BODY.to_vec();
    tampered[2] = b'E';
    let res = test::call_service(&app, request(&tampered, &headers).to_request()).await;
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["code"], "signature_mismatch");
    assert!(body["detail"].as_str().unwrap().contains("raw request bytes"), "{body}");

    let unsigned: Vec<(String, String)> =
        headers.iter().filter(|(k, _)| !k.eq_ignore_ascii_case("x-webhook-signature")).cloned().collect();
    let res = test::call_service(&app, request(BODY, &unsigned).to_request()).await;
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["code"], "missing_header");

    let huge = vec![b' '; MAX_BODY + 1];
    let res = test::call_service(&app, request(&huge, &headers).to_request()).await;
    assert_eq!(res.status(), 413);
}

#[actix_web::test]
async fn a_missing_verifier_is_a_500_that_says_so() {
    let app = test::init_service(App::new().route("/hooks", web::post().to(receive))).await;
    let headers = signed_headers(&DeliveryFormat::workflow(), SECRET, BODY, "r1:run.completed");
    let res = test::call_service(&app, request(BODY, &headers).to_request()).await;
    assert_eq!(res.status(), 500);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["code"], "no_verifier");
}
