//! `load`: drive a running service through its public API and measure what a receiver sees.
//!
//! `<service> load --server URL --api-key/--token … [--events N | --duration D] [--rate R]`
//! (`cargo xtask load SERVICE …` builds the release binary first). It registers `--endpoints`
//! endpoints at its own receiver (HTTPS with `--tls-dir`), the first `--hang` of which never
//! answer, publishes with `--concurrency` clients, waits until every accepted event has arrived
//! at each answering endpoint (or `--drain-timeout`), deletes the endpoints, and prints a line
//! every `--report-every` and a summary: throughput, latency percentiles, lost and duplicated
//! deliveries, the service's memory (`--watch-pid`) and its database's size (`--watch-db`).
//! Before it starts, it refuses a rate the service's limit would cut (`RateLimit-Policy`).
//! Latency runs from the moment an event was due (open loop with `--rate`, so a stalling API
//! is charged for it) or sent (as fast as it goes) to its arrival. Signatures are not checked:
//! `check-receiver` and the receiver libraries do that.
//!
//! Each service says how to register, publish and recognise its own delivery ([`LoadTarget`]);
//! the driver, receiver and report are shared. Use a tenant of its own: every endpoint of the
//! tenant that takes the type receives the load too.

mod args;
mod drive;
mod preflight;
mod receive;
mod report;
mod tally;
mod target;
mod watch;

use crate::listen::ServerClient;
use hyper::Method;
use std::sync::Arc;

pub use args::LoadArgs;
pub use tally::LoadKey;
pub use target::{LoadEvent, LoadTarget};

/// Runs the load; `Err` (after the summary) when events were refused or deliveries lost.
pub async fn run(target: impl LoadTarget, credential: &str, args: LoadArgs) -> anyhow::Result<()> {
    let target = Arc::new(target);
    let api = ServerClient::new(&args.server, credential)?;
    preflight::check_rate_limit(target.as_ref(), &api, args.rate).await?;
    let run_id = rand::random::<u64>() >> 1;
    let tally = Arc::new(tally::Tally::new(args.hang..args.endpoints.max(args.hang + 1)));
    let receiver = receive::start(&args, target.clone(), tally.clone(), run_id).await?;
    let endpoints = register(target.as_ref(), &api, &args, &receiver.url).await?;
    let watcher = watch::Watcher::start(args.watch_pid, args.watch_db.clone());
    let stop = tokio_util::sync::CancellationToken::new();
    let reporter = report::every(args.report_every, tally.clone(), watcher.clone(), stop.clone());
    let plan = drive::Plan::from_args(&args);
    drive::publish_all(target.clone(), &api, tally.clone(), plan, run_id).await;
    let drained = tally.drained(args.drain_timeout).await;
    stop.cancel();
    let _ = reporter.await;
    for endpoint in endpoints {
        if let Err(e) = api.call(Method::DELETE, &endpoint, None).await.and_then(|a| a.success("deleting")) {
            eprintln!("load: the endpoint {endpoint} stays registered: {e:#}");
        }
    }
    let summary = report::Summary::new(target.name(), &args, &tally.snapshot(), &watcher.sample().await);
    println!("{}", summary.line());
    summary.verdict(drained)
}

/// Registers `--endpoints` endpoints, the first `--hang` of them at paths the receiver never
/// answers; returns the paths that delete them.
async fn register(
    target: &impl LoadTarget,
    api: &ServerClient,
    args: &LoadArgs,
    base: &str,
) -> anyhow::Result<Vec<String>> {
    anyhow::ensure!(args.hang < args.endpoints, "--hang must leave at least one of --endpoints answering");
    let mut paths = Vec::new();
    for i in 0..args.endpoints {
        let url = format!("{base}/{}/{i}", if i < args.hang { receive::HANG } else { receive::LOAD });
        paths.push(target.register(api, &url, args.filter_keep.is_some()).await?);
    }
    println!(
        "load: {} endpoints of {} ({} hanging) receive at {base}",
        args.endpoints,
        target.name(),
        args.hang
    );
    Ok(paths)
}
