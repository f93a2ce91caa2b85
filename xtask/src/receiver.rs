//! `cargo xtask receiver [--no-build] [--tls] [args]`: the development receiver
//! (`crates/dev-receiver`), built, then run in place of this process (so a signal to it reaches
//! the receiver). With `--tls` it serves the certificate `cargo xtask run` made in
//! `$DATA_DIR/dev-tls` (`DATA_DIR` as `cargo xtask run` printed it; default `./data` in the
//! workspace).

use crate::util::{cargo, root, run_cmd, target_dir};
use anyhow::Result;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;

pub(crate) fn run(args: &[String]) -> Result<()> {
    let build = !args.iter().any(|a| a == "--no-build");
    // `listen` may be given: the receiver's own help names it (`cargo xtask receiver listen`).
    let args = args.strip_prefix(&["listen".to_owned()]).unwrap_or(args);
    let args: Vec<&String> = args.iter().filter(|a| *a != "--no-build").collect();
    if build {
        // The set `cargo xtask run` builds, so after it nothing is compiled again; and not
        // quietly: a first build takes a while, and the reader should see why.
        let mut build = cargo();
        build.arg("build").args(crate::util::binary_packages());
        run_cmd(build)?;
    }
    let bin = target_dir().join("debug/dev-receiver");
    if !bin.is_file() {
        anyhow::bail!(
            "{} is missing: build it (cargo build -p dev-receiver) or drop --no-build",
            bin.display()
        );
    }
    let mut receiver = std::process::Command::new(bin);
    // Its help and errors then name the command the reader typed, not the binary's path.
    receiver.arg0("cargo xtask receiver").arg("listen");
    if !args.iter().any(|a| a.starts_with("--tls-dir")) {
        receiver.arg("--tls-dir").arg(tls_dir(std::env::var_os("DATA_DIR").map(PathBuf::from)));
    }
    receiver.args(args);
    Err(receiver.exec().into())
}

/// Where `cargo xtask run` keeps the development certificate: `DATA_DIR/dev-tls`.
fn tls_dir(data_dir: Option<PathBuf>) -> PathBuf {
    data_dir.filter(|d| !d.as_os_str().is_empty()).unwrap_or_else(|| root().join("data")).join("dev-tls")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certificate_is_found_in_data_dir_as_run_printed_it() {
        assert_eq!(tls_dir(Some("/tmp/d".into())), PathBuf::from("/tmp/d/dev-tls"));
        assert_eq!(tls_dir(None), root().join("data/dev-tls"));
        assert_eq!(tls_dir(Some("".into())), root().join("data/dev-tls"));
    }
}
