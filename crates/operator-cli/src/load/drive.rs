//! The publishers: `--concurrency` clients taking the next event number in turn, each sent
//! when it is due (`--rate`) or at once.

use super::args::LoadArgs;
use super::tally::Tally;
use super::target::{LoadEvent, LoadTarget};
use crate::listen::ServerClient;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Events published when neither `--events` nor `--duration` is given.
const DEFAULT_EVENTS: u64 = 20_000;

/// How much to publish and how fast.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub events: Option<u64>,
    pub duration: Option<Duration>,
    /// Events per second; 0: as fast as the API takes them.
    pub rate: u32,
    pub concurrency: usize,
    pub pad: String,
    /// `--filter-keep`: the percentage of events the endpoints' filter passes.
    pub keep: Option<u8>,
}

impl Plan {
    pub fn from_args(args: &LoadArgs) -> Self {
        let events = match (args.events, args.duration) {
            (None, None) => Some(DEFAULT_EVENTS),
            (events, _) => events,
        };
        Self {
            events,
            duration: args.duration,
            rate: args.rate,
            concurrency: args.concurrency.max(1),
            pad: "x".repeat(args.payload_bytes),
            keep: args.filter_keep,
        }
    }

    /// When event `seq` is due, or `None` when it is past the plan's end.
    fn due(&self, start: Instant, seq: u64) -> Option<Instant> {
        if self.events.is_some_and(|n| seq >= n) {
            return None;
        }
        let due = match self.rate {
            0 => Instant::now(),
            rate => start + Duration::from_secs_f64(seq as f64 / f64::from(rate)),
        };
        match self.duration {
            Some(d) if due >= start + d => None,
            _ => Some(due),
        }
    }
}

/// Publishes the plan; returns when every client has stopped.
pub(crate) async fn publish_all(
    target: Arc<impl LoadTarget>,
    api: &ServerClient,
    tally: Arc<Tally>,
    plan: Plan,
    run: u64,
) {
    let next = Arc::new(AtomicU64::new(0));
    let plan = Arc::new(plan);
    let start = Instant::now();
    let clients: Vec<_> = (0..plan.concurrency)
        .map(|_| {
            let (target, api, tally, plan, next) =
                (target.clone(), api.clone(), tally.clone(), plan.clone(), next.clone());
            tokio::spawn(async move {
                loop {
                    let seq = next.fetch_add(1, Ordering::Relaxed);
                    let Some(due) = plan.due(start, seq) else { break };
                    tokio::time::sleep_until(due.into()).await;
                    let kept = plan.keep.is_none_or(|keep| seq % 100 < u64::from(keep));
                    let event = LoadEvent { run, seq, pad: &plan.pad, kept };
                    match target.publish(&api, &event).await {
                        Ok(key) => tally.accepted(key, due, kept),
                        Err(e) => tally.refused(format!("{e:#}")),
                    }
                }
            })
        })
        .collect();
    for client in clients {
        let _ = client.await;
    }
    tally.publishing_done();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(events: Option<u64>, duration: Option<u64>, rate: u32) -> Plan {
        Plan {
            events,
            duration: duration.map(Duration::from_secs),
            rate,
            concurrency: 1,
            pad: String::new(),
            keep: None,
        }
    }

    #[test]
    fn events_are_due_evenly_at_the_rate_until_the_count_or_the_duration_ends() {
        let start = Instant::now();
        let p = plan(Some(10), None, 100);
        assert_eq!(p.due(start, 5), Some(start + Duration::from_millis(50)));
        assert_eq!(p.due(start, 10), None, "ten events: 0 to 9");
        let p = plan(None, Some(2), 100);
        assert_eq!(p.due(start, 199), Some(start + Duration::from_millis(1990)));
        assert_eq!(p.due(start, 200), None, "two seconds at 100/s: 200 events");
        assert!(plan(Some(1), None, 0).due(start, 0).is_some_and(|d| d >= start), "at once");
    }
}
