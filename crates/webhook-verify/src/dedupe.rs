//! Deduplication: delivery is at least once, so a receiver remembers the ids it processed for
//! as long as the sender may retry them. [`Deduplicator`] does that over a [`DedupeStore`]
//! (in memory by default; bring your own for several processes or restarts).
//!
//! Deduplicate only after [`crate::Verifier::verify`] succeeded: the id header is not covered
//! by the signature, and an unverified request must not be able to mark an id as seen.

use crate::format::DeliveryFormat;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// Where seen ids are kept. Implementations must make [`DedupeStore::insert_if_new`] atomic:
/// of two concurrent calls with the same id, exactly one returns `true`.
pub trait DedupeStore: Send + Sync {
    /// Records `id` until `expires_at` unless it is recorded already and not expired at `now`;
    /// `true` if it was recorded by this call.
    fn insert_if_new(&self, id: &str, now: SystemTime, expires_at: SystemTime) -> bool;
    /// Forgets `id`, so its next delivery is processed (used when processing failed).
    fn remove(&self, id: &str);
}

/// Ids in a map in this process's memory, expired entries swept as it grows.
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<MemoryInner>,
}

#[derive(Debug, Default)]
struct MemoryInner {
    expiry: HashMap<String, SystemTime>,
    /// Sweep when the map reaches this size, so the cost stays amortised O(1) per insert.
    sweep_at: usize,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Ids currently held (expired ones not yet swept included).
    pub fn len(&self) -> usize {
        self.lock().expiry.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, MemoryInner> {
        // A panic elsewhere cannot leave the map half-updated: every change is one map call.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl DedupeStore for MemoryStore {
    fn insert_if_new(&self, id: &str, now: SystemTime, expires_at: SystemTime) -> bool {
        let mut inner = self.lock();
        if inner.expiry.get(id).is_some_and(|t| *t > now) {
            return false;
        }
        if inner.expiry.len() >= inner.sweep_at {
            inner.expiry.retain(|_, t| *t > now);
            inner.sweep_at = (inner.expiry.len() * 2).max(1024);
        }
        inner.expiry.insert(id.to_owned(), expires_at);
        true
    }

    fn remove(&self, id: &str) {
        self.lock().expiry.remove(id);
    }
}

/// The clock, injectable for tests.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// Remembers processed delivery ids for a window that covers the sender's retries.
pub struct Deduplicator<S: DedupeStore = MemoryStore> {
    store: S,
    window: Duration,
    clock: Clock,
}

impl<S: DedupeStore> fmt::Debug for Deduplicator<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deduplicator").field("window", &self.window).finish_non_exhaustive()
    }
}

/// The answer of [`Deduplicator::claim`].
#[must_use]
#[derive(Debug)]
pub enum Claim<'a, S: DedupeStore> {
    /// Seen for the first time: process it, then call [`FirstDelivery::done`]. Dropping it
    /// without `done` forgets the id, so the sender's retry is processed.
    First(FirstDelivery<'a, S>),
    /// Already processed (or being processed): answer 2xx and do nothing.
    Duplicate,
}

/// A claimed id; see [`Claim::First`].
#[must_use = "call done() after processing, or the id is forgotten"]
pub struct FirstDelivery<'a, S: DedupeStore> {
    dedupe: &'a Deduplicator<S>,
    id: String,
    done: bool,
}

impl<S: DedupeStore> fmt::Debug for FirstDelivery<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FirstDelivery").field("id", &self.id).field("done", &self.done).finish()
    }
}

impl<S: DedupeStore> FirstDelivery<'_, S> {
    /// Processing succeeded: keep the id for the rest of the window.
    pub fn done(mut self) {
        self.done = true;
    }
}

impl<S: DedupeStore> Drop for FirstDelivery<'_, S> {
    fn drop(&mut self) {
        if !self.done {
            self.dedupe.store.remove(&self.id);
        }
    }
}

impl Deduplicator<MemoryStore> {
    /// In memory, for the default retry schedule of `format`'s service
    /// ([`crate::RetrySchedule::dedupe_window`]).
    pub fn in_memory(format: &DeliveryFormat) -> Self {
        Self::new(MemoryStore::new(), format.default_retry().dedupe_window())
    }
}

impl<S: DedupeStore> Deduplicator<S> {
    /// Over `store`, remembering each id for `window`.
    pub fn new(store: S, window: Duration) -> Self {
        Self { store, window, clock: Arc::new(SystemTime::now) }
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    pub fn window(&self) -> Duration {
        self.window
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// Claims `id` (from [`crate::Verified::id`]): [`Claim::First`] the first time within the window.
    pub fn claim(&self, id: &str) -> Claim<'_, S> {
        let now = (self.clock)();
        if self.store.insert_if_new(id, now, now + self.window) {
            Claim::First(FirstDelivery { dedupe: self, id: id.to_owned(), done: false })
        } else {
            Claim::Duplicate
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A clock the test moves by hand, in seconds from the epoch.
    fn manual_clock() -> (Clock, Arc<AtomicU64>) {
        let secs = Arc::new(AtomicU64::new(1_800_000_000));
        let read = secs.clone();
        let clock: Clock =
            Arc::new(move || SystemTime::UNIX_EPOCH + Duration::from_secs(read.load(Ordering::SeqCst)));
        (clock, secs)
    }

    fn is_first<S: DedupeStore>(claim: Claim<'_, S>) -> bool {
        match claim {
            Claim::First(first) => {
                first.done();
                true
            }
            Claim::Duplicate => false,
        }
    }

    #[test]
    fn an_id_is_a_duplicate_until_the_window_ends() {
        let (clock, secs) = manual_clock();
        let dedupe = Deduplicator::in_memory(&DeliveryFormat::workflow()).with_clock(clock);
        let window = dedupe.window().as_secs();
        assert!(is_first(dedupe.claim("a")));
        assert!(!is_first(dedupe.claim("a")));
        assert!(is_first(dedupe.claim("b")));
        secs.fetch_add(window - 1, Ordering::SeqCst);
        assert!(!is_first(dedupe.claim("a")));
        secs.fetch_add(1, Ordering::SeqCst);
        assert!(is_first(dedupe.claim("a")));
    }

    #[test]
    fn the_default_windows_outlast_each_services_retries() {
        let workflow = Deduplicator::in_memory(&DeliveryFormat::workflow()).window();
        let campaign = Deduplicator::in_memory(&DeliveryFormat::campaign("Service").expect("valid")).window();
        // Longer than 1 + 5 + 30 + 120 min, and than the campaign's 9 h 2 min jittered by 10 %.
        assert!(workflow > Duration::from_secs(156 * 60), "{workflow:?}");
        assert!(campaign > Duration::from_secs(32_520 * 11 / 10), "{campaign:?}");
    }

    #[test]
    fn a_failed_processing_forgets_the_id_so_the_retry_is_processed() {
        let dedupe = Deduplicator::in_memory(&DeliveryFormat::workflow());
        match dedupe.claim("a") {
            Claim::First(first) => drop(first),
            Claim::Duplicate => panic!("first claim was a duplicate"),
        }
        assert!(is_first(dedupe.claim("a")));
        assert!(!is_first(dedupe.claim("a")));
    }

    #[test]
    fn expired_ids_are_swept_as_the_map_grows() {
        let (clock, secs) = manual_clock();
        let dedupe = Deduplicator::new(MemoryStore::new(), Duration::from_secs(10)).with_clock(clock);
        for i in 0..1024 {
            assert!(is_first(dedupe.claim(&i.to_string())));
        }
        secs.fetch_add(11, Ordering::SeqCst);
        assert!(is_first(dedupe.claim("late")));
        assert_eq!(dedupe.store().len(), 1);
    }
}
