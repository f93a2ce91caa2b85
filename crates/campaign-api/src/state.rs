//! [`AppState`]: what every handler of campaign-api shares.

use crate::events::Publisher;
use crate::store;
use delivery_engine::db::ReadCache;
use std::sync::Arc;
use std::time::Duration;

/// At most this many keys are cached per process.
pub const KEY_CACHE_CAPACITY: usize = 10_000;
/// A cached key is read again after this long, whatever was heard.
pub const KEY_CACHE_TTL: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct AppState {
    pub engine: delivery_engine::Engine,
    /// Workspaces of live API keys (see `auth`).
    pub keys: Arc<ReadCache<store::KeyHash, uuid::Uuid>>,
    /// Published events, written in batches of at most `WRITE_BATCH`.
    pub publisher: Publisher,
}

impl AppState {
    /// Must be called inside a tokio runtime (the publisher's lanes start).
    pub fn new(engine: delivery_engine::Engine, write_batch: usize) -> Self {
        let keys = Arc::new(engine.read_cache(KEY_CACHE_CAPACITY, KEY_CACHE_TTL));
        let publisher = Publisher::spawn(&engine, write_batch);
        Self { engine, keys, publisher }
    }
}
