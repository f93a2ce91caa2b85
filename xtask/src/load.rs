//! `cargo xtask load SERVICE [--no-build] [args]`: `SERVICE load args` (operator-cli's `load`)
//! from a release build, run in place of this process. `--server` defaults to the address
//! `cargo xtask run` exported (`$WORKFLOW`, `$CAMPAIGN`), the credential to `$TOKEN` /
//! `$API_KEY`, and campaign-api's receiver serves the development certificate in
//! `$DATA_DIR/dev-tls` (`--tls-dir`), which the services of `cargo xtask run` trust.

use crate::util::{cargo, root, run_cmd, target_dir};
use anyhow::{bail, Result};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;

pub(crate) const HELP: &str = "\
cargo xtask load workflow|campaign [--no-build] [load options]

Builds the service in release mode and runs `<service>-api load`: registers an endpoint on a
receiver of its own, publishes through the public API (--rate N per second, or as fast as it
goes; --events N or --duration 1h), waits for every delivery, deletes the endpoint, and prints
a line every --report-every and a summary (throughput, latency percentiles, lost, duplicates,
the service's memory with --watch-pid and database size with --watch-db). Defaults from the
lines `cargo xtask run` printed: --server $WORKFLOW or $CAMPAIGN, the credential $TOKEN or
$API_KEY, and for campaign-api --tls-dir $DATA_DIR/dev-tls. `<service>-api load --help`
lists every option.
";

pub(crate) fn run(args: &[String]) -> Result<()> {
    let Some((service, rest)) = args.split_first() else { bail!("which service?\n\n{HELP}") };
    let bin = match service.as_str() {
        "workflow" | "workflow-api" => "workflow-api",
        "campaign" | "campaign-api" => "campaign-api",
        "-h" | "--help" | "help" => {
            print!("{HELP}");
            return Ok(());
        }
        other => bail!("unknown service `{other}`\n\n{HELP}"),
    };
    let build = !rest.iter().any(|a| a == "--no-build");
    let rest: Vec<&String> = rest.iter().filter(|a| *a != "--no-build").collect();
    if build {
        // The set `cargo xtask run --release` builds: after it, nothing is compiled again.
        let mut cmd = cargo();
        cmd.args(["build", "--release"]).args(crate::util::binary_packages());
        run_cmd(cmd)?;
    }
    let mut load = std::process::Command::new(target_dir().join("release").join(bin));
    load.arg("load").args(defaults(bin, &rest, |k| std::env::var(k).ok())).args(rest);
    Err(load.exec().into())
}

/// The options `cargo xtask run`'s exports supply, where `args` does not give them.
fn defaults(bin: &str, args: &[&String], env: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let given = |flag: &str| args.iter().any(|a| a.as_str() == flag || a.starts_with(&format!("{flag}=")));
    let mut out = Vec::new();
    let server_var = if bin == "workflow-api" { "WORKFLOW" } else { "CAMPAIGN" };
    if let Some(server) = env(server_var).filter(|_| !given("--server")) {
        out.extend(["--server".to_owned(), server]);
    }
    if bin == "campaign-api" && !given("--tls-dir") {
        let data =
            env("DATA_DIR").filter(|d| !d.is_empty()).map_or_else(|| root().join("data"), PathBuf::from);
        out.extend(["--tls-dir".to_owned(), data.join("dev-tls").display().to_string()]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exports_of_run_fill_in_what_is_not_given() {
        let env = |k: &str| match k {
            "CAMPAIGN" => Some("http://127.0.0.1:8081".to_owned()),
            "DATA_DIR" => Some("/d".to_owned()),
            _ => None,
        };
        assert_eq!(
            defaults("campaign-api", &[], env),
            ["--server", "http://127.0.0.1:8081", "--tls-dir", "/d/dev-tls"]
        );
        let given = ["--server=http://x".to_owned(), "--tls-dir".to_owned(), "/t".to_owned()];
        assert!(defaults("campaign-api", &given.iter().collect::<Vec<_>>(), env).is_empty());
        assert!(defaults("workflow-api", &[], env).is_empty(), "no $WORKFLOW, no TLS for workflow-api");
    }
}
