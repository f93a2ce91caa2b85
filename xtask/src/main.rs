//! `cargo xtask <task>`: the project's automation, in plain Rust with no dependencies beyond
//! anyhow. Each task is a module (its entry point is its `run`, or `db::up` for `db-up`);
//! `cargo xtask help` lists them.

mod bench;
mod browser;
mod catalog;
mod clients;
mod clients_kit;
mod db;
mod deploy;
mod dist;
mod fuzz;
mod ha;
mod load;
mod migrate;
mod prometheus;
mod receiver;
mod receiver_kit;
mod run;
mod schemathesis;
mod test;
mod tidy;
mod tinyproxy;
mod util;

use anyhow::{bail, Result};

const HELP: &str = "\
cargo xtask <task>

  test [--quick]   start PostgreSQL if it is down, then fmt check, clippy, docs, the deploy
                   checks and every test (--quick: tests only). This is what CI runs.
  tidy             the code-shape checks (part of `test`): no import cycle between the
                   modules of a crate, no function over 90 lines
  db-up            make sure PostgreSQL answers on 127.0.0.1:5432 (starts or installs it)
  migrate          apply all migrations (every service's tables) to $DATABASE_URL, or to
                   the embedded SQLite files in ./data when it is unset
  run [--postgres] [--release]
                   start workflow-api and campaign-api (embedded SQLite in ./data; with
                   --postgres, on local PostgreSQL), print a token and an API key; stops
                   both on Ctrl-C, SIGTERM or SIGHUP (`cargo xtask run --help`: options)
  receiver [--tls] [--secret whsec_…] [--addr HOST:PORT] [--save DIR] [--no-build]
                   a local webhook receiver that prints each delivery and verifies its
                   signature (--tls: HTTPS with the certificate `run` created in
                   $DATA_DIR, default ./data; --save: keep each request's exact body and
                   headers in DIR)
  bench [args]     the engine benchmark (release build); args go to the bench binary
                   (--history N: what N stored deliveries cost the log reads and a burst;
                   --sweep N: what removing N expired ones costs a burst)
  load workflow|campaign [args]
                   drive a running service through its public API (release build of
                   `<service>-api load`): throughput, latency percentiles, lost and
                   duplicated deliveries (`cargo xtask load --help`)
  fuzz [target] [--seconds N]
                   run the fuzz targets (all, or one) for N seconds each (default 60);
                   installs cargo-fuzz if missing
  schemathesis     property-based API tests of both services against their OpenAPI
                   descriptions, on each store (part of `test`)
  deploy-check     check every file in deploy/ with the tool made for it (systemd-analyze,
                   hadolint, compose-spec schema, kubernetes-validate, promtool; part of
                   `test`); installs the tools if missing
  receiver-kit     the Python and JavaScript receiver packages' tests (against the shared
                   vectors), and Flask, standardwebhooks and Express under
                   target/receiver-kit for the example receivers and the example service's
                   test (part of `test`)
  catalog-snapshot [--check] [--no-build]
                   record every service's published event types in
                   crates/<service>/catalog-history.json, refusing a change that removes or
                   breaks a published type (--check: compare only; docs/extending.md)
  clients [--check | --package]
                   regenerate the API clients in clients/ (Python, TypeScript, Rust) from
                   the services' OpenAPI documents with the pinned generators, installed
                   under target/clients/tools (--check: fail when a committed client
                   differs from what the documents generate; --package: build and check
                   each package as its ecosystem does, and install them under
                   target/clients/kit for the tests; both part of `test`)
  dist             optimised, stripped release binaries of both services in target/dist/
                   (profile `dist`), with their sizes
  help             this text
";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = args.split_first().map(|(t, r)| (t.as_str(), r)).unwrap_or(("help", &[]));
    match task {
        "test" => test::run(rest),
        "db-up" => db::up(),
        "tidy" => tidy::run(),
        "migrate" => migrate::run(),
        "run" => run::run(rest),
        "receiver" => receiver::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "load" => load::run(rest),
        "schemathesis" => db::up().and_then(|()| schemathesis::run()),
        "deploy-check" => deploy::run(),
        "dist" => dist::run(),
        "catalog-snapshot" => catalog::run(rest),
        "clients" if rest == ["--package"] => clients_kit::run().map(|_| ()),
        "clients" => clients::run(rest),
        "receiver-kit" => receiver_kit::run(),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(())
        }
        other => bail!("unknown task `{other}`\n\n{HELP}"),
    }
}
