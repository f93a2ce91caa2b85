//! The pressure sampler: beside the claim loop, it reads this process's CPU pressure (the
//! kernel's PSI) every [`PRESSURE_WINDOW`] into the ingest gate (`crate::gate`).
//!
//! - **Owns**: the last PSI reading.
//! - **Woken by**: its timer only.
//! - **Never**: blocks on anything but one small procfs read per window (a `std::fs` read of
//!   a kernel file, which does not wait on a disk).
//! - **Runs**: only where the gate is armed with a pressure threshold and PSI reads; it stops
//!   with the dispatcher's shutdown and leaves no stale reading.

use crate::gate::{GateConfig, IngestGate};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// How often the dispatcher's process samples CPU pressure; the window each sample covers.
pub(crate) const PRESSURE_WINDOW: Duration = Duration::from_millis(50);

/// Arms the ingest gate with `config`, sampling CPU pressure beside the loop when the config
/// needs it. Where it needs pressure and PSI cannot be read, the gate stays unarmed.
pub(super) fn arm(
    gate: &Arc<IngestGate>,
    config: GateConfig,
    shutdown: &CancellationToken,
) -> Option<tokio::task::JoinHandle<()>> {
    if config.min_pressure <= 0.0 {
        gate.arm(config);
        return None;
    }
    let Some(source) = pressure_source() else {
        tracing::info!("the ingest gate is off: this kernel's CPU pressure (PSI) cannot be read");
        return None;
    };
    gate.arm(config);
    Some(tokio::spawn(sample_pressure(gate.clone(), source, shutdown.clone())))
}

/// Where this process's CPU pressure can be read: its cgroup's (v2) `cpu.pressure`, else the
/// whole machine's `/proc/pressure/cpu`; `None` when neither reads (no PSI in the kernel, or
/// turned off with `psi=0`).
fn pressure_source() -> Option<PathBuf> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok();
    let mut candidates = cgroup
        .as_deref()
        .and_then(cgroup_v2_path)
        .map(|p| Path::new("/sys/fs/cgroup").join(p.trim_start_matches('/')).join("cpu.pressure"))
        .into_iter()
        .chain(std::iter::once(PathBuf::from("/proc/pressure/cpu")));
    candidates.find(|p| read_some_total(p).is_some())
}

/// The cgroup v2 path in `/proc/self/cgroup` (the `0::` line).
fn cgroup_v2_path(text: &str) -> Option<&str> {
    text.lines().find_map(|l| l.strip_prefix("0::"))
}

/// `some … total=<µs>` of a PSI file: the time some runnable task waited for a CPU.
fn parse_some_total(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("some "))?;
    line.split_whitespace().find_map(|f| f.strip_prefix("total="))?.parse().ok()
}

fn read_some_total(path: &Path) -> Option<u64> {
    parse_some_total(&std::fs::read_to_string(path).ok()?)
}

/// The share of `elapsed` in which some task waited, from two readings of `some total`.
fn pressure_between(before: u64, after: u64, elapsed: Duration) -> Option<f64> {
    let micros = elapsed.as_micros();
    (micros > 0).then(|| (after.saturating_sub(before) as f64 / micros as f64).min(1.0))
}

/// Samples CPU pressure from `source` every [`PRESSURE_WINDOW`] into `gate` until `stop`.
async fn sample_pressure(gate: Arc<IngestGate>, source: PathBuf, stop: CancellationToken) {
    let mut last = read_some_total(&source).map(|t| (Instant::now(), t));
    // The first sample covers a whole window, not the microseconds since `last`.
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + PRESSURE_WINDOW, PRESSURE_WINDOW);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = stop.cancelled() => break,
        }
        let now = Instant::now();
        let reading = read_some_total(&source);
        let pressure = match (last, reading) {
            (Some((at, before)), Some(after)) => pressure_between(before, after, now - at),
            _ => None,
        };
        gate.set_pressure(pressure);
        last = reading.map(|t| (now, t));
    }
    gate.set_pressure(None);
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn psi_files_are_read_as_the_kernel_writes_them() {
        let text = "some avg10=2.97 avg60=4.60 avg300=2.66 total=11895459\n\
                    full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assert_eq!(parse_some_total(text), Some(11_895_459));
        assert_eq!(parse_some_total("full avg10=0.00 total=5\n"), None);
        assert_eq!(parse_some_total(""), None);
        assert_eq!(pressure_between(1_000, 26_000, 50 * MS), Some(0.5));
        assert_eq!(pressure_between(1_000, 900_000, 50 * MS), Some(1.0), "at most all of it");
        assert_eq!(pressure_between(1_000, 1_000, Duration::ZERO), None);
        assert_eq!(cgroup_v2_path("1:cpu:/\n0::/system.slice/x.service\n"), Some("/system.slice/x.service"));
        assert_eq!(cgroup_v2_path("4:memory:/a\n"), None);
    }

    /// Where the kernel has PSI (most do), the source is found and a sample is a share.
    #[tokio::test]
    async fn this_machines_pressure_is_sampled_where_the_kernel_has_psi() {
        if read_some_total(Path::new("/proc/pressure/cpu")).is_none() {
            assert_eq!(pressure_source(), None, "no PSI here, and none found");
            return;
        }
        let source = pressure_source().expect("PSI reads here");
        let gate = Arc::new(IngestGate::default());
        let stop = CancellationToken::new();
        let sampler = tokio::spawn(sample_pressure(gate.clone(), source, stop.clone()));
        let p = test_support::eventually("a pressure sample", || async { gate.pressure() }).await;
        assert!((0.0..=1.0).contains(&p));
        stop.cancel();
        sampler.await.expect("the sampler ends");
        assert_eq!(gate.pressure(), None, "a stopped sampler leaves no stale reading");
    }
}
