//! What arrived against what was published: distinct deliveries, duplicates, latencies.
//!
//! Each accepted event is expected once at every answering endpoint (a slot: endpoint and key).
//! A delivery can arrive before its publish call has returned, so either side may come first:
//! the second one computes the latency.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// How a delivery is recognised: a number each service derives from what it publishes (a
/// sequence number, a run id).
pub type LoadKey = u128;

/// One expected delivery: the endpoint's number and the event's key.
type Slot = (u16, LoadKey);

/// Counts and latencies so far.
#[derive(Debug, Clone, Default)]
pub(crate) struct Snapshot {
    pub accepted: u64,
    /// Accepted events the endpoints' content filter does not pass (`--filter-keep`).
    pub filtered: u64,
    /// Deliveries expected: accepted events the filter passes times answering endpoints.
    pub expected: u64,
    /// Requests the hanging endpoints received, retries included.
    pub hung_requests: u64,
    pub errors: u64,
    pub first_error: Option<String>,
    pub delivered: u64,
    pub duplicates: u64,
    /// Arrivals no accepted event explains (another run's, or one whose publish call failed).
    pub unmatched: u64,
    /// Since the start: the last accepted publish and the last first arrival.
    pub last_accepted: Duration,
    pub last_arrival: Duration,
    /// Every latency so far, in microseconds.
    pub latencies_us: Vec<u64>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Published and not yet arrived: key → when it was due or sent (µs since the start).
    waiting: HashMap<Slot, u64>,
    /// Arrived before its publish call returned: slot → arrival (µs since the start).
    early: HashMap<Slot, u64>,
    arrived: HashSet<Slot>,
    counts: Snapshot,
    /// Latencies since the last progress line.
    window_us: Vec<u64>,
}

#[derive(Debug)]
pub(crate) struct Tally {
    start: Instant,
    /// The endpoints that answer (the first ones hang).
    answering: std::ops::Range<u16>,
    inner: Mutex<Inner>,
    changed: Notify,
    publishing_done: std::sync::atomic::AtomicBool,
}

impl Tally {
    pub fn new(answering: std::ops::Range<u16>) -> Self {
        Self {
            start: Instant::now(),
            answering,
            inner: Mutex::default(),
            changed: Notify::new(),
            publishing_done: Default::default(),
        }
    }

    pub fn start(&self) -> Instant {
        self.start
    }

    fn since_start(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.start).as_micros()).unwrap_or(u64::MAX)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The API accepted an event whose delivery will carry `key`; it was due or sent at `sent`.
    /// An event the endpoints' filter does not pass (`kept` false) is expected nowhere: one
    /// that arrives is counted `unmatched`.
    pub fn accepted(&self, key: LoadKey, sent: Instant, kept: bool) {
        let sent = self.since_start(sent);
        let now = self.since_start(Instant::now());
        let mut inner = self.lock();
        inner.counts.accepted += 1;
        inner.counts.last_accepted = Duration::from_micros(now);
        if !kept {
            inner.counts.filtered += 1;
            drop(inner);
            self.changed.notify_waiters();
            return;
        }
        for endpoint in self.answering.clone() {
            let slot = (endpoint, key);
            inner.counts.expected += 1;
            match inner.early.remove(&slot) {
                Some(arrival) => {
                    inner.counts.unmatched -= 1;
                    inner.record(slot, arrival.saturating_sub(sent));
                }
                None => {
                    inner.waiting.insert(slot, sent);
                }
            }
        }
        drop(inner);
        self.changed.notify_waiters();
    }

    /// The API refused an event or did not answer.
    pub fn refused(&self, why: String) {
        let mut inner = self.lock();
        inner.counts.errors += 1;
        inner.counts.first_error.get_or_insert(why);
    }

    /// A hanging endpoint received a request.
    pub fn hung(&self) {
        self.lock().counts.hung_requests += 1;
    }

    /// A delivery carrying `key` arrived at endpoint `endpoint` now.
    pub fn arrived(&self, endpoint: u16, key: LoadKey) {
        let now = self.since_start(Instant::now());
        let slot = (endpoint, key);
        let mut inner = self.lock();
        if inner.arrived.contains(&slot) || inner.early.contains_key(&slot) {
            inner.counts.duplicates += 1;
            return;
        }
        match inner.waiting.remove(&slot) {
            Some(sent) => inner.record(slot, now.saturating_sub(sent)),
            None => {
                inner.early.insert(slot, now);
                inner.counts.unmatched += 1;
            }
        }
        inner.counts.last_arrival = Duration::from_micros(now);
        drop(inner);
        self.changed.notify_waiters();
    }

    /// Latencies since the last call (the progress line's window).
    pub fn take_window(&self) -> Vec<u64> {
        std::mem::take(&mut self.lock().window_us)
    }

    pub fn snapshot(&self) -> Snapshot {
        self.lock().counts.clone()
    }

    /// Counts only (no latencies), for progress lines.
    pub fn counts(&self) -> (u64, u64) {
        let inner = self.lock();
        (inner.counts.accepted, inner.counts.delivered)
    }

    /// Publishing is over: from now on, [`Tally::drained`] can end.
    pub fn publishing_done(&self) {
        self.publishing_done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.changed.notify_waiters();
    }

    /// Waits until every accepted event has arrived, at most `timeout` after publishing ended;
    /// true if they all did.
    pub async fn drained(&self, timeout: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            let done = self.publishing_done.load(std::sync::atomic::Ordering::SeqCst);
            if done && self.lock().waiting.is_empty() {
                return true;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return self.lock().waiting.is_empty();
            }
        }
    }
}

impl Inner {
    fn record(&mut self, slot: Slot, latency_us: u64) {
        self.arrived.insert(slot);
        self.counts.delivered += 1;
        self.counts.latencies_us.push(latency_us);
        self.window_us.push(latency_us);
    }
}

/// The nearest-rank percentile `p` (0 to 100) of sorted values.
pub(crate) fn percentile(sorted: &[u64], p: f64) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len()) - 1).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrival_before_or_after_its_publish_counts_once_and_a_repeat_is_a_duplicate() {
        let tally = Tally::new(0..1);
        let sent = Instant::now();
        tally.accepted(1, sent, true);
        tally.arrived(0, 1);
        tally.arrived(0, 2);
        assert_eq!(tally.snapshot().unmatched, 1, "an arrival ahead of its publish waits");
        tally.accepted(2, sent, true);
        tally.arrived(0, 1);
        tally.arrived(0, 2);
        tally.arrived(0, 3);
        let s = tally.snapshot();
        assert_eq!((s.accepted, s.expected, s.delivered, s.duplicates, s.unmatched), (2, 2, 2, 2, 1));
        assert_eq!(s.latencies_us.len(), 2);
        assert_eq!(tally.take_window().len(), 2);
        assert!(tally.take_window().is_empty(), "a window is taken once");
    }

    #[test]
    fn an_event_the_filter_does_not_pass_is_expected_nowhere_and_its_arrival_is_unmatched() {
        let tally = Tally::new(0..2);
        tally.accepted(5, Instant::now(), false);
        tally.accepted(6, Instant::now(), true);
        tally.arrived(0, 5);
        let s = tally.snapshot();
        assert_eq!((s.accepted, s.filtered, s.expected, s.unmatched), (2, 1, 2, 1));
    }

    #[test]
    fn an_event_is_expected_at_every_answering_endpoint_once() {
        let tally = Tally::new(2..4);
        tally.accepted(9, Instant::now(), true);
        tally.arrived(2, 9);
        tally.arrived(3, 9);
        tally.arrived(3, 9);
        tally.hung();
        let s = tally.snapshot();
        assert_eq!((s.accepted, s.expected, s.delivered, s.duplicates, s.hung_requests), (1, 2, 2, 1, 1));
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&values, 50.0), Some(50));
        assert_eq!(percentile(&values, 99.0), Some(99));
        assert_eq!(percentile(&values, 100.0), Some(100));
        assert_eq!(percentile(&values, 0.0), Some(1));
        assert_eq!(percentile(&[7], 99.0), Some(7));
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[tokio::test]
    async fn draining_ends_when_everything_accepted_arrived_or_at_the_timeout() {
        let tally = std::sync::Arc::new(Tally::new(0..1));
        tally.accepted(1, Instant::now(), true);
        tally.publishing_done();
        assert!(!tally.drained(Duration::from_millis(20)).await, "one is still missing");
        let waiting = tokio::spawn({
            let tally = tally.clone();
            async move { tally.drained(Duration::from_secs(30)).await }
        });
        tally.arrived(0, 1);
        assert!(waiting.await.expect("drain task"), "the last arrival ends the drain");
    }
}
