//! The binary as a user runs it: `dev-cert` makes the files once; `listen` prints and verifies.

use std::process::Stdio;
use test_support::ApiClient;
use tokio::io::{AsyncBufReadExt, BufReader};

const BIN: &str = env!("CARGO_BIN_EXE_dev-receiver");
const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";

#[tokio::test]
async fn prints_and_verifies_a_delivery_and_refuses_a_forged_one() {
    let dir = tempfile::tempdir().unwrap();
    let tls = dir.path().join("dev-tls");
    let made =
        tokio::process::Command::new(BIN).args(["dev-cert", "--dir"]).arg(&tls).output().await.unwrap();
    assert!(made.status.success());
    assert_eq!(String::from_utf8_lossy(&made.stdout).trim(), tls.join("ca.pem").display().to_string());
    let ca = std::fs::read(tls.join("ca.pem")).unwrap();
    tokio::process::Command::new(BIN).args(["dev-cert", "--dir"]).arg(&tls).status().await.unwrap();
    assert_eq!(std::fs::read(tls.join("ca.pem")).unwrap(), ca, "made once");

    let mut child = tokio::process::Command::new(BIN)
        .args(["listen", "--addr", "127.0.0.1:0", "--secret", SECRET, "--save"])
        .arg(dir.path().join("received"))
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next_line().await.unwrap().unwrap();
    let url = first.strip_prefix("listening on ").unwrap().replace("localhost", "127.0.0.1");
    let api = ApiClient::new(&url);
    let body = br#"{"event":"run.completed","id":"r1:run.completed"}"#;
    let format = webhook_verify::DeliveryFormat::workflow();
    let headers = webhook_verify::testing::signed_headers(&format, SECRET, body, "r1:run.completed");
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let ok = api.raw("POST", "/", Some((body, "application/json")), &headers).await;
    assert_eq!(ok.status, 200, "{}", String::from_utf8_lossy(&ok.body));
    // Kept before the answer: the exact body, and the headers to check its signature by hand.
    let saved = dir.path().join("received/r1:run.completed.body");
    assert_eq!(std::fs::read(&saved).unwrap(), body);
    let kept = std::fs::read_to_string(dir.path().join("received/r1:run.completed.headers")).unwrap();
    let signature = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("x-webhook-signature")).unwrap().1;
    assert!(kept.lines().any(|l| l == format!("x-webhook-signature: {signature}")), "{kept}");
    let forged = api.raw("POST", "/", Some((b"{\"event\":\"forged\"}", "application/json")), &headers).await;
    assert_eq!(forged.status, 400);
    let mut printed = Vec::new();
    while printed
        .iter()
        .filter(|l: &&String| l.starts_with("verified") || l.starts_with("not verified"))
        .count()
        < 2
    {
        printed.push(lines.next_line().await.unwrap().unwrap());
    }
    assert!(printed.iter().any(|l| l == "verified workflow-api delivery r1:run.completed"), "{printed:?}");
    assert!(
        printed.iter().any(|l| l.contains("\"event\": \"run.completed\"")),
        "the body is printed: {printed:?}"
    );
    assert!(printed.iter().any(|l| l.starts_with("not verified: ")), "{printed:?}");
    let saved_line = format!("saved {}", saved.display());
    while !printed.contains(&saved_line) {
        printed.push(lines.next_line().await.unwrap().unwrap());
    }
}
