//! The binary as an operator first meets it: `campaign-api --help` lists every setting, with
//! its default and meaning, not only the subcommands.

const BIN: &str = env!("CARGO_BIN_EXE_campaign-api");

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
    assert!(help.contains("`campaign-api serve --help` explains each in full"), "{help}");
    let mut variables = readme_variables();
    assert!(variables.len() > 20, "{variables:?}");
    variables.extend(["LISTEN_ADDR", "PRODUCT_NAME", "RUST_LOG"].map(String::from));
    for name in variables {
        let listed = help.contains(&format!("\n  {name}=")) || help.contains(&format!("\n  {name} (unset"));
        assert!(listed, "{name} is not in --help:\n{help}");
    }
    for default in ["LISTEN_ADDR=127.0.0.1:8081", "DATA_DIR=./data", "PRODUCT_NAME=Service", "ROLE=all"] {
        assert!(help.contains(&format!("\n  {default}\n      ")), "{default}:\n{help}");
    }
}
