//! `cargo xtask test`: what CI runs.

use crate::db;
use crate::deploy;
use crate::schemathesis;
use crate::util::{cargo, run_cmd};
use anyhow::Result;

pub(crate) fn run(args: &[String]) -> Result<()> {
    let quick = args.iter().any(|a| a == "--quick");
    crate::tidy::run()?;
    db::up()?;
    if !quick {
        let mut fmt = cargo();
        fmt.args(["fmt", "--all", "--", "--check"]);
        run_cmd(fmt)?;
        let mut clippy = cargo();
        clippy.args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
        run_cmd(clippy)?;
        // Broken intra-doc links and stray HTML in doc comments fail the run like a lint does.
        let mut doc = cargo();
        doc.args(["doc", "--no-deps", "--workspace"]).env("RUSTDOCFLAGS", "-D warnings");
        run_cmd(doc)?;
    }
    let nextest =
        cargo().args(["nextest", "--version"]).output().map(|o| o.status.success()).unwrap_or(false);
    // Doc tests first: nextest does not run them, and its summary should close the output.
    if nextest {
        let mut doc = cargo();
        doc.args(["test", "--workspace", "--doc"]);
        run_cmd(doc)?;
    }
    if !quick {
        schemathesis::run()?;
        // The committed clients are what the OpenAPI documents generate.
        crate::clients::run(&["--check".to_owned()])?;
        // After schemathesis, which builds the debug binaries the unit checks point at.
        deploy::check()?;
    }
    // The operations tests scrape the services with a real Prometheus.
    let (prometheus, promtool) = crate::prometheus::ensure()?;
    // The Python and JavaScript receiver packages' tests; Flask and Express for the example
    // receivers the services' receiver tests start.
    crate::receiver_kit::run()?;
    // The generated clients, packaged and checked by their ecosystems' tools, for the tests
    // that drive each service through them.
    let clients_kit = crate::clients_kit::run()?;
    // The consoles' tests drive a real headless Chromium.
    let (chromedriver, chromium) = crate::browser::ensure()?;
    // The egress-proxy tests go through a real forward proxy.
    let tinyproxy = crate::tinyproxy::ensure()?;
    // The failover test runs deploy/ha/ with real etcd, Patroni and HAProxy.
    crate::ha::ensure_tools()?;
    let mut tests = cargo();
    tests.env("PROMETHEUS", prometheus).env("PROMTOOL", promtool);
    tests.env("CHROMEDRIVER", chromedriver).env("CHROMIUM", chromium);
    tests.env("TINYPROXY", tinyproxy);
    tests.env("RECEIVER_KIT_DIR", crate::util::target_dir().join("receiver-kit"));
    tests.env("CLIENTS_KIT_DIR", clients_kit);
    if nextest {
        tests.args(["nextest", "run", "--workspace", "--no-fail-fast"]);
    } else {
        tests.args(["test", "--workspace", "--no-fail-fast"]);
    }
    run_cmd(tests)
}
