//! The progress lines and the summary line.

use super::args::LoadArgs;
use super::tally::{percentile, Snapshot, Tally};
use super::watch::{Sample, Watcher};
use std::fmt::Write;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Prints a progress line every `every` (and, when `stop` is cancelled, one for the rest of the
/// last interval): totals, that interval's rates and latency, the service's memory and database
/// size.
pub(crate) fn every(
    every: Duration,
    tally: Arc<Tally>,
    watcher: Watcher,
    stop: CancellationToken,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        let (mut last, mut last_at) = ((0, 0), tokio::time::Instant::now());
        loop {
            let stopping = tokio::select! {
                _ = tick.tick() => false,
                () = stop.cancelled() => true,
            };
            let (accepted, delivered) = tally.counts();
            if stopping && (accepted, delivered) == last {
                return;
            }
            let secs = last_at.elapsed().as_secs_f64().max(0.001);
            let mut window = tally.take_window();
            window.sort_unstable();
            let mut line = format!(
                "t={}s accepted={accepted} ({:.1}/s) delivered={delivered} ({:.1}/s)",
                tally.start().elapsed().as_secs(),
                (accepted - last.0) as f64 / secs,
                (delivered - last.1) as f64 / secs,
            );
            latencies(&mut line, &window);
            footprint(&mut line, &watcher.sample().await);
            println!("{line}");
            if stopping {
                return;
            }
            (last, last_at) = ((accepted, delivered), tokio::time::Instant::now());
        }
    })
}

/// ` p50_ms=… p90_ms=… p99_ms=… max_ms=…` of sorted microseconds.
fn latencies(line: &mut String, sorted_us: &[u64]) {
    for (name, p) in [("p50", 50.0), ("p90", 90.0), ("p99", 99.0), ("max", 100.0)] {
        match percentile(sorted_us, p) {
            Some(us) => write!(line, " {name}_ms={:.1}", us as f64 / 1000.0),
            None => write!(line, " {name}_ms=-"),
        }
        .unwrap_or_default();
    }
}

fn footprint(line: &mut String, sample: &Sample) {
    let mb = |b: Option<u64>| b.map_or("-".to_owned(), |b| format!("{:.1}", b as f64 / 1_048_576.0));
    write!(
        line,
        " rss_mb={} rss_peak_mb={} db_mb={}",
        mb(sample.rss_bytes),
        mb(sample.peak_rss_bytes),
        mb(sample.db_bytes)
    )
    .unwrap_or_default();
}

/// The run's outcome, printed as one line.
#[derive(Debug)]
pub(crate) struct Summary {
    line: String,
    lost: u64,
    errors: u64,
    first_error: Option<String>,
}

impl Summary {
    pub fn new(service: &str, args: &LoadArgs, s: &Snapshot, sample: &Sample) -> Self {
        let lost = s.expected.saturating_sub(s.delivered);
        let rate = match args.rate {
            0 => "max".to_owned(),
            r => r.to_string(),
        };
        let per_s = |n: u64, d: Duration| match d.as_secs_f64() {
            secs if secs > 0.0 => format!("{:.1}", n as f64 / secs),
            _ => "-".to_owned(),
        };
        let mut line = format!(
            "load service={service} endpoints={} hang={} concurrency={} rate={rate} payload_bytes={} \
             accepted={} filtered={} errors={} expected={} delivered={} lost={lost} dup={} unmatched={} hung_requests={} \
             ingest_rps={} delivery_rps={}",
            args.endpoints,
            args.hang,
            args.concurrency,
            args.payload_bytes,
            s.accepted,
            s.filtered,
            s.errors,
            s.expected,
            s.delivered,
            s.duplicates,
            s.unmatched,
            s.hung_requests,
            per_s(s.accepted, s.last_accepted),
            per_s(s.delivered, s.last_arrival),
        );
        let mut sorted = s.latencies_us.clone();
        sorted.sort_unstable();
        latencies(&mut line, &sorted);
        footprint(&mut line, sample);
        Self { line, lost, errors: s.errors, first_error: s.first_error.clone() }
    }

    pub fn line(&self) -> &str {
        &self.line
    }

    /// `Err` when events were refused or accepted ones did not all arrive.
    pub fn verdict(&self, drained: bool) -> anyhow::Result<()> {
        if let Some(e) = &self.first_error {
            anyhow::bail!("{} events refused; the first: {e}", self.errors);
        }
        if self.lost > 0 || !drained {
            anyhow::bail!("{} expected deliveries did not arrive within --drain-timeout", self.lost);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        load: LoadArgs,
    }

    #[test]
    fn the_summary_names_what_was_lost_and_refused() {
        let args = Cli::parse_from(["load", "--server", "http://x", "--rate", "300"]).load;
        let snapshot = Snapshot {
            accepted: 4,
            expected: 4,
            delivered: 3,
            duplicates: 1,
            latencies_us: vec![3000, 1000, 2000],
            last_accepted: Duration::from_secs(2),
            last_arrival: Duration::from_secs(3),
            ..Snapshot::default()
        };
        let summary = Summary::new("campaign-api", &args, &snapshot, &Sample::default());
        assert!(summary
            .line()
            .starts_with("load service=campaign-api endpoints=1 hang=0 concurrency=32 rate=300 "));
        for field in
            [" accepted=4 ", " lost=1 ", " dup=1 ", " ingest_rps=2.0 ", " delivery_rps=1.0 ", " p50_ms=2.0 "]
        {
            assert!(summary.line().contains(field), "{field} in {}", summary.line());
        }
        assert!(summary.line().ends_with(" max_ms=3.0 rss_mb=- rss_peak_mb=- db_mb=-"));
        let err = summary.verdict(true).expect_err("one lost");
        assert!(err.to_string().contains("1 expected deliveries did not arrive"), "{err}");
        let refused = Snapshot { errors: 2, first_error: Some("HTTP 429".into()), ..Snapshot::default() };
        let err = Summary::new("x", &args, &refused, &Sample::default()).verdict(true).expect_err("refused");
        assert!(err.to_string().contains("2 events refused; the first: HTTP 429"), "{err}");
    }
}
