//! What `load` is asked to do.

use crate::listen::ServerArgs;
use api_support::cli::duration_arg;
use std::path::PathBuf;
use std::time::Duration;

/// `load`'s arguments besides the credential (each service names its own).
#[derive(Debug, Clone, clap::Args)]
pub struct LoadArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// Events to publish (default 20000, or unlimited with --duration).
    #[arg(long)]
    pub events: Option<u64>,
    /// Publish for this long (e.g. 10m, 1h), and at most --events if both are given.
    #[arg(long, value_parser = duration_arg)]
    pub duration: Option<Duration>,
    /// Events per second, spread evenly (latency counts from each event's due time);
    /// 0: as fast as the API takes them.
    #[arg(long, default_value_t = 0)]
    pub rate: u32,
    /// Concurrent API clients.
    #[arg(long, default_value_t = 32)]
    pub concurrency: usize,
    /// Endpoints, each taking every event (fan-out).
    #[arg(long, default_value_t = 1)]
    pub endpoints: u16,
    /// Of the endpoints, this many never answer (the receiver holds each request for 120 s,
    /// longer than any attempt timeout): what the others keep of their rate is isolation.
    #[arg(long, default_value_t = 0)]
    pub hang: u16,
    /// Size of each event's padding, in bytes.
    #[arg(long, default_value_t = 256)]
    pub payload_bytes: usize,
    /// The receiver's address (port 0: a free one). The service must be allowed to reach it
    /// (`OUTBOUND_ALLOW_CIDRS=127.0.0.0/8`, as `cargo xtask run` sets).
    #[arg(long, default_value = "127.0.0.1:0")]
    pub receiver: String,
    /// Serve the receiver over HTTPS with DIR/localhost.pem and DIR/localhost.key (campaign-api
    /// delivers to https:// only; `cargo xtask run` makes them in data/dev-tls and has the
    /// services trust their CA).
    #[arg(long, value_name = "DIR")]
    pub tls_dir: Option<PathBuf>,
    /// How often to print a progress line (with that interval's latency).
    #[arg(long, default_value = "10s", value_parser = duration_arg)]
    pub report_every: Duration,
    /// How long to wait for outstanding deliveries after the last publish.
    #[arg(long, default_value = "120s", value_parser = duration_arg)]
    pub drain_timeout: Duration,
    /// The service's process id: its resident memory goes into each line (Linux).
    #[arg(long)]
    pub watch_pid: Option<u32>,
    /// The service's database: a postgres:// URL or the embedded store's DATA_DIR; its size
    /// goes into each line.
    #[arg(long, value_name = "URL_OR_DIR")]
    pub watch_db: Option<String>,
    /// Register each endpoint with a content filter that passes this percentage of the events
    /// (an event is kept when its number modulo 100 is below it; 100 keeps all but still
    /// evaluates the filter): only kept events are expected. Unset: no filter.
    #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub filter_keep: Option<u8>,
}
