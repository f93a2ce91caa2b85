//! `cargo xtask catalog-snapshot [--check] [--no-build]`: records every service's published
//! event types in `crates/<service>/catalog-history.json`, the snapshot the catalog guard tests
//! compare with (`operator_cli::catalog_history`). Each service binary does the work
//! (`<service> catalog --update FILE`), so a change that removes or breaks a published type is
//! refused here as in the tests. `--check` only compares.

use crate::util::{cargo, root, run_cmd, target_dir};
use anyhow::{bail, Result};

/// The services that publish an event catalog.
const SERVICES: [&str; 3] = ["workflow-api", "campaign-api", "example-invoice-api"];

pub(crate) fn run(args: &[String]) -> Result<()> {
    if let Some(arg) = args.iter().find(|a| !matches!(a.as_str(), "--check" | "--no-build")) {
        bail!("unknown argument `{arg}`: catalog-snapshot takes --check and --no-build");
    }
    let mode = if args.iter().any(|a| a == "--check") { "--check" } else { "--update" };
    if !args.iter().any(|a| a == "--no-build") {
        let mut build = cargo();
        build.args(["build", "--quiet"]);
        for service in SERVICES {
            build.args(["-p", service]);
        }
        run_cmd(build)?;
    }
    for service in SERVICES {
        let mut record = std::process::Command::new(target_dir().join("debug").join(service));
        record.arg("catalog").arg(mode).arg(root().join("crates").join(service).join("catalog-history.json"));
        run_cmd(record)?;
    }
    if mode == "--check" {
        println!("every service's catalog keeps its published history");
    }
    Ok(())
}
