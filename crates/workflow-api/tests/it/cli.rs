//! The binary as an operator first meets it: `workflow-api --help` lists every setting, with
//! its default and meaning, not only the subcommands; `check-receiver` honours the egress proxy.

use test_support::{run_cli, Receiver, Tinyproxy};

const BIN: &str = env!("CARGO_BIN_EXE_workflow-api");

/// The variables of README.md's configuration table.
fn readme_variables() -> Vec<String> {
    let readme = include_str!("../../../../README.md");
    let table = &readme[readme.find("## Configuration").unwrap()..];
    let rows = table.lines().filter(|l| l.starts_with("| `"));
    rows.map(|row| row.split('`').nth(1).unwrap().to_owned()).collect()
}

#[test]
fn the_top_level_help_lists_every_setting_with_its_default() {
    let out = std::process::Command::new(BIN).arg("--help").env_clear().output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("`workflow-api serve --help` explains each in full"), "{help}");
    let mut variables = readme_variables();
    assert!(variables.len() > 20, "{variables:?}");
    variables.extend(["LISTEN_ADDR", "JWT_SECRET", "RUST_LOG"].map(String::from));
    for name in variables {
        let listed = help.contains(&format!("\n  {name}=")) || help.contains(&format!("\n  {name} (unset"));
        assert!(listed, "{name} is not in --help:\n{help}");
    }
    for default in
        ["LISTEN_ADDR=127.0.0.1:8080", "DATA_DIR=./data", "RETRY_SCHEDULE=1m,5m,30m,2h", "ROLE=all"]
    {
        assert!(help.contains(&format!("\n  {default}\n      ")), "{default}:\n{help}");
    }
}

/// `check-receiver` leaves through the egress proxy, as the deliveries do (`OUTBOUND_PROXY`):
/// every request a tunnel to the receiver's address.
#[tokio::test(flavor = "multi_thread")]
async fn check_receiver_goes_through_the_egress_proxy() {
    let proxy = Tinyproxy::start().await.unwrap();
    let naive = Receiver::ok().await;
    let args = ["check-receiver", "--url", &naive.url(), "--secret", "whsec_check-through-proxy"];
    let checked = run_cli(BIN, &args, &[("OUTBOUND_PROXY", &proxy.url())]).await;
    // A receiver that takes everything fails the check (forgeries accepted): the path is the point.
    assert!(checked.is_err());
    assert!(naive.count() >= 1);
    let port = naive.url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    let asked = proxy.connects();
    assert!(!asked.is_empty() && asked.iter().all(|c| *c == format!("127.0.0.1:{port}")), "{asked:?}");
}
