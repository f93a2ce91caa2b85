//! Reads kept across requests, and the signal that drops them.
//!
//! A [`ReadCache`] holds values read from the database (an API key's workspace) for as long
//! as nothing that could change them has been announced. A change is announced with
//! [`announce_change`](crate::announce_change) inside the transaction that makes it; on
//! PostgreSQL that is a `NOTIFY`, heard by every process's change listener only if the
//! transaction commits, and each one it hears drops every cached value at once.
//!
//! The cache is only used while a listener is subscribed: before the first subscription,
//! and from a lost connection until the next, every lookup goes to the database (a
//! notification may have been missed meanwhile). SQLite has no cross-process signal, so on
//! SQLite the cache stays off and every lookup reads. Values also expire after their
//! time-to-live, which bounds what a connection lost without an error (a silent network
//! partition) could leave behind.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a process knows of changes announced by any process: a generation that moves on
/// each one, and whether it is listening at all.
#[derive(Debug, Default)]
pub(crate) struct ChangeFeed {
    generation: AtomicU64,
    live: AtomicBool,
}

impl ChangeFeed {
    /// The listener subscribed: changes from now on will be heard.
    pub(crate) fn subscribed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.live.store(true, Ordering::Release);
    }

    /// A change was announced.
    pub(crate) fn heard(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The listener lost its connection: changes may go unheard until it subscribes again.
    pub(crate) fn lost(&self) {
        self.live.store(false, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The current generation, if the feed is live.
    fn current(&self) -> Option<u64> {
        let generation = self.generation.load(Ordering::Acquire);
        self.live.load(Ordering::Acquire).then_some(generation)
    }
}

/// Taken before a read whose result may be cached; see [`ReadCache::put`].
#[derive(Debug, Clone, Copy)]
pub struct ReadTicket(u64);

struct Entry<V> {
    value: V,
    generation: u64,
    read_at: Instant,
}

/// Values read from the database, valid until a change is announced or `ttl` passes. At most
/// `capacity` values; a full cache starts over empty.
pub struct ReadCache<K, V> {
    feed: Arc<ChangeFeed>,
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<K, Entry<V>>>,
}

impl<K, V> std::fmt::Debug for ReadCache<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReadCache").field("ttl", &self.ttl).field("capacity", &self.capacity).finish()
    }
}

impl<K: Eq + Hash, V: Clone> ReadCache<K, V> {
    pub(crate) fn new(feed: Arc<ChangeFeed>, capacity: usize, ttl: Duration) -> Self {
        Self { feed, ttl, capacity: capacity.max(1), entries: Mutex::new(HashMap::new()) }
    }

    /// The cached value, if it was read in the current generation and within its time-to-live.
    pub fn get(&self, key: &K) -> Option<V> {
        let generation = self.feed.current()?;
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .get(key)
            .filter(|e| e.generation == generation && e.read_at.elapsed() < self.ttl)
            .map(|e| e.value.clone())
    }

    /// Take this before reading: a change announced between it and [`put`](Self::put) makes
    /// the read's result unfit to keep. `None` while no listener is subscribed.
    pub fn ticket(&self) -> Option<ReadTicket> {
        self.feed.current().map(ReadTicket)
    }

    /// Keeps `value`, read after `ticket` was taken, unless a change was announced since.
    pub fn put(&self, ticket: ReadTicket, key: K, value: V) {
        if self.feed.current() != Some(ticket.0) {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain(|_, e| e.generation == ticket.0);
        if entries.len() >= self.capacity {
            entries.clear();
        }
        entries.insert(key, Entry { value, generation: ticket.0, read_at: Instant::now() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(feed: &Arc<ChangeFeed>, capacity: usize) -> ReadCache<&'static str, u32> {
        ReadCache::new(feed.clone(), capacity, Duration::from_secs(60))
    }

    fn live_feed() -> Arc<ChangeFeed> {
        let feed = Arc::new(ChangeFeed::default());
        feed.subscribed();
        feed
    }

    #[test]
    fn nothing_is_cached_before_a_listener_subscribes() {
        let feed = Arc::new(ChangeFeed::default());
        let c = cache(&feed, 10);
        assert!(c.ticket().is_none());
        feed.subscribed();
        let t = c.ticket().expect("live");
        c.put(t, "k", 1);
        assert_eq!(c.get(&"k"), Some(1));
    }

    #[test]
    fn a_change_drops_every_value() {
        let feed = live_feed();
        let c = cache(&feed, 10);
        c.put(c.ticket().expect("live"), "a", 1);
        c.put(c.ticket().expect("live"), "b", 2);
        feed.heard();
        assert_eq!((c.get(&"a"), c.get(&"b")), (None, None));
    }

    #[test]
    fn a_read_that_a_change_overtook_is_not_kept() {
        let feed = live_feed();
        let c = cache(&feed, 10);
        let before = c.ticket().expect("live");
        feed.heard();
        c.put(before, "k", 1);
        assert_eq!(c.get(&"k"), None);
    }

    #[test]
    fn a_lost_listener_turns_the_cache_off_until_it_subscribes_again() {
        let feed = live_feed();
        let c = cache(&feed, 10);
        c.put(c.ticket().expect("live"), "k", 1);
        feed.lost();
        assert_eq!(c.get(&"k"), None);
        assert!(c.ticket().is_none());
        feed.subscribed();
        // What was cached before the gap is not trusted after it.
        assert_eq!(c.get(&"k"), None);
    }

    #[test]
    fn values_expire_after_their_time_to_live() {
        let feed = live_feed();
        let c: ReadCache<&str, u32> = ReadCache::new(feed.clone(), 10, Duration::ZERO);
        c.put(c.ticket().expect("live"), "k", 1);
        assert_eq!(c.get(&"k"), None);
    }

    #[test]
    fn a_full_cache_starts_over() {
        let feed = live_feed();
        let c = cache(&feed, 2);
        for (k, v) in [("a", 1), ("b", 2), ("c", 3)] {
            c.put(c.ticket().expect("live"), k, v);
        }
        assert_eq!((c.get(&"a"), c.get(&"b"), c.get(&"c")), (None, None, Some(3)));
    }
}
