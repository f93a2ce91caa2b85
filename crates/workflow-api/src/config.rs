//! Configuration from environment variables (flags mirror them; see `workflow-api --help`).

use clap::{Args, ValueEnum};
use delivery_engine::http::AddressPolicy;
use delivery_engine::policy::{parse_duration, parse_schedule};
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Role {
    /// HTTP API and delivery worker in one process.
    All,
    /// HTTP API only (workers run elsewhere on the same database).
    Api,
    /// Delivery worker only.
    Worker,
}

#[derive(Debug, Clone, Args)]
pub struct ServeConfig {
    /// PostgreSQL URL.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: String,
    /// Address to listen on; port 0 picks a free port. The bound address is printed on stdout
    /// as `listening on <addr>`.
    #[arg(long, env = "LISTEN_ADDR", default_value = "127.0.0.1:8080")]
    pub listen_addr: String,
    /// HS256 key of the session JWTs.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: String,
    /// Master keys sealing signing secrets: `id:base64(32 bytes)[,...]`, the first is active.
    #[arg(long, env = "MASTER_KEYS", hide_env_values = true)]
    pub master_keys: String,
    /// Delays before attempts 2..N; the number of attempts is its length plus one.
    #[arg(long, env = "RETRY_SCHEDULE", default_value = "1m,5m,30m,2h", value_parser = parse_schedule_arg)]
    pub retry_schedule: Schedule,
    /// Time allowed for one attempt: connect, TLS, headers and response body.
    #[arg(long, env = "DELIVERY_TIMEOUT", default_value = "10s", value_parser = parse_duration_arg)]
    pub delivery_timeout: Duration,
    /// Extra PEM root certificates for HTTPS endpoints.
    #[arg(long, env = "OUTBOUND_CA_FILE")]
    pub outbound_ca_file: Option<String>,
    /// Internal address ranges endpoints may reach (comma-separated CIDRs).
    #[arg(long, env = "OUTBOUND_ALLOW_CIDRS", default_value = "", value_parser = parse_cidrs_arg)]
    pub outbound_allow_cidrs: AddressPolicy,
    /// Which parts run in this process.
    #[arg(long, env = "ROLE", value_enum, default_value = "all")]
    pub role: Role,
    /// Fallback polling interval of the delivery worker.
    #[arg(long, env = "WORKER_POLL_INTERVAL", default_value = "1s", value_parser = parse_duration_arg)]
    pub worker_poll_interval: Duration,
    /// Database connections per pool (the API and the worker have one pool each).
    #[arg(long, env = "DATABASE_POOL_SIZE", default_value_t = 16)]
    pub database_pool_size: usize,
}

#[derive(Debug, Clone)]
pub struct Schedule(pub Vec<Duration>);

fn parse_schedule_arg(s: &str) -> Result<Schedule, String> {
    parse_schedule(s).map(Schedule).map_err(|e| e.to_string())
}

pub fn parse_duration_arg(s: &str) -> Result<Duration, String> {
    parse_duration(s).map_err(|e| e.to_string())
}

fn parse_cidrs_arg(s: &str) -> Result<AddressPolicy, String> {
    AddressPolicy::parse_allow_list(s)
}
