//! What a service supplies to `load`.

use super::tally::LoadKey;
use crate::listen::ServerClient;

/// One event to publish: this run's number (so a body from another run is not counted), its
/// sequence number and padding.
#[derive(Debug)]
pub struct LoadEvent<'a> {
    pub run: u64,
    pub seq: u64,
    pub pad: &'a str,
    /// Whether the endpoints' content filter (`--filter-keep`) passes it: the target marks the
    /// event so that [`LoadTarget::register`]'s filter tells; true without a filter.
    pub kept: bool,
}

/// What a service tells `load`: how to register an endpoint, publish one event and recognise
/// its delivery.
#[async_trait::async_trait]
pub trait LoadTarget: Send + Sync + 'static {
    /// The service's name, first on the summary line.
    fn name(&self) -> &'static str;
    /// A path the credential may `GET` cheaply (its endpoints): the answer states the
    /// service's rate limit, read before the load starts.
    fn probe_path(&self) -> &'static str;
    /// API calls one event takes.
    fn calls_per_event(&self) -> u32 {
        1
    }
    /// Registers an endpoint for `url` that takes what [`LoadTarget::publish`] sends, with
    /// `filtered`, through a content filter that passes the events marked kept; returns the
    /// path that deletes it.
    async fn register(&self, api: &ServerClient, url: &str, filtered: bool) -> anyhow::Result<String>;
    /// Publishes one event; returns the key its delivery will carry.
    async fn publish(&self, api: &ServerClient, event: &LoadEvent<'_>) -> anyhow::Result<LoadKey>;
    /// The key a delivered body carries, if it belongs to run `run`.
    fn key(&self, run: u64, body: &[u8]) -> Option<LoadKey>;
}
