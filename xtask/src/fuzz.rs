//! `cargo xtask fuzz`: the engine's cargo-fuzz targets, each for a fixed time.

use crate::util::{cargo, root, run_cmd};
use anyhow::{bail, Context, Result};

const FUZZ_TARGETS: [&str; 3] = ["url_validation", "signature_header", "config_parsing"];

pub(crate) fn run(args: &[String]) -> Result<()> {
    let seconds = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.parse::<u64>().context("--seconds takes a number"))
        .transpose()?
        .unwrap_or(60);
    let chosen: Vec<&str> = match args.first().filter(|a| !a.starts_with("--")) {
        Some(t) if FUZZ_TARGETS.contains(&t.as_str()) => vec![t.as_str()],
        Some(t) => bail!("unknown fuzz target `{t}`; targets: {}", FUZZ_TARGETS.join(", ")),
        None => FUZZ_TARGETS.to_vec(),
    };
    if !cargo().args(["fuzz", "--version"]).output().map(|o| o.status.success()).unwrap_or(false) {
        let mut install = cargo();
        install.args(["install", "cargo-fuzz", "--locked"]);
        run_cmd(install)?;
    }
    for target in chosen {
        let mut cmd = cargo();
        // libFuzzer needs nightly-only compiler flags; the one toolchain here is stable.
        cmd.current_dir(root().join("crates/delivery-engine")).env("RUSTC_BOOTSTRAP", "1").args([
            "fuzz",
            "run",
            target,
            "--",
            &format!("-max_total_time={seconds}"),
        ]);
        run_cmd(cmd)?;
    }
    Ok(())
}
