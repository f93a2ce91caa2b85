//! The published vectors (docs/webhook-vectors.json, shared with the Python, JavaScript and Go
//! packages): every valid one verifies with its id, every invalid one fails with its code.

use serde_json::Value;
use webhook_verify::{DeliveryFormat, Verifier};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/webhook-vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn verifier(v: &Value) -> Verifier {
    let format = match v["format"].as_str().unwrap() {
        "workflow" => DeliveryFormat::workflow(),
        "campaign" => DeliveryFormat::campaign(v["product"].as_str().unwrap()).unwrap(),
        other => panic!("unknown format {other}"),
    };
    Verifier::new(format, v["secret"].as_str().unwrap()).unwrap()
}

fn headers(v: &Value) -> Vec<(String, String)> {
    let map = v["headers"].as_object().unwrap();
    map.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned())).collect()
}

#[test]
fn every_valid_vector_verifies_and_yields_its_id() {
    let all = vectors();
    let valid = all["valid"].as_array().unwrap();
    assert!(valid.len() >= 4);
    for v in valid {
        let body = v["body"].as_str().unwrap().as_bytes();
        let verified = verifier(v).verify(body, &headers(v)).unwrap_or_else(|e| panic!("{}: {e}", v["name"]));
        assert_eq!(verified.id, v["id"].as_str().unwrap(), "{}", v["name"]);
    }
}

#[test]
fn every_invalid_vector_fails_with_its_code() {
    let all = vectors();
    let invalid = all["invalid"].as_array().unwrap();
    assert!(invalid.len() >= 8);
    for v in invalid {
        let body = v["body"].as_str().unwrap().as_bytes();
        let err = verifier(v).verify(body, &headers(v)).expect_err(v["name"].as_str().unwrap());
        assert_eq!(err.code(), v["error"].as_str().unwrap(), "{}: {err}", v["name"]);
    }
}

#[test]
fn the_signing_helper_reproduces_the_valid_vectors() {
    for v in vectors()["valid"].as_array().unwrap() {
        let verifier = verifier(v);
        let format = verifier.format();
        let signed = webhook_verify::testing::sign(
            format,
            v["secret"].as_str().unwrap(),
            v["body"].as_str().unwrap().as_bytes(),
        );
        let published = headers(v)
            .into_iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(format.signature_header()))
            .map(|(_, v)| v)
            .unwrap();
        assert_eq!(signed, published, "{}", v["name"]);
    }
}

#[test]
fn the_default_dedupe_windows_are_the_published_ones() {
    let all = vectors();
    let windows = &all["dedupe_window_seconds"];
    let campaign = DeliveryFormat::campaign("Service").unwrap();
    for (format, key) in [(DeliveryFormat::workflow(), "workflow"), (campaign, "campaign")] {
        let window = webhook_verify::Deduplicator::in_memory(&format).window();
        assert_eq!(window.as_secs(), windows[key].as_u64().unwrap(), "{key}");
    }
}

/// docs/receiving.md publishes the vectors and windows of the JSON file, unchanged.
#[test]
fn the_receiving_guide_shows_the_published_vectors() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/receiving.md")).unwrap();
    let all = vectors();
    for name in [
        "GitHub's published vector (sha256= form)",
        "workflow run.completed",
        "campaign campaign.status_changed.v1",
    ] {
        let v = all["valid"].as_array().unwrap().iter().find(|v| v["name"] == name).unwrap();
        let signature = headers(v).into_iter().find(|(k, _)| k.ends_with("Signature")).unwrap().1;
        assert!(guide.contains(&format!("signature: {signature}")), "{name}");
        assert!(guide.contains(&format!("body:      {}", v["body"].as_str().unwrap())), "{name}");
    }
    let windows = &all["dedupe_window_seconds"];
    for key in ["workflow", "campaign"] {
        let secs = windows[key].as_u64().unwrap();
        let spaced = format!("{} {:03} s", secs / 1000, secs % 1000);
        assert!(guide.contains(&spaced), "window {key}: {spaced}");
    }
}
