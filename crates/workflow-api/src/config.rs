//! workflow-api's configuration: the shared flags plus its own (environment variables; flags
//! mirror them; see `workflow-api --help`).

use api_support::cli::{schedule_arg, Schedule};
use api_support::data_dir::{generate_token_key, SecretSpec};
use api_support::server::CommonConfig;
use clap::Args;

/// The name of the service's files in DATA_DIR.
pub const SERVICE: &str = "workflow-api";

/// The default `RETRY_SCHEDULE`, the one source of the workflow retry policy: 5 attempts,
/// 1 min, 5 min, 30 min and 2 h apart, no jitter.
pub const DEFAULT_RETRY_SCHEDULE: &str = "1m,5m,30m,2h";

/// `JWT_SECRET`, generated into `DATA_DIR/workflow-api.jwt-secret` with the embedded store.
pub const JWT_SECRET: SecretSpec =
    SecretSpec { env: "JWT_SECRET", file: "jwt-secret", generate: generate_token_key };

#[derive(Clone, Args)]
pub struct ServeConfig {
    #[command(flatten)]
    pub common: CommonConfig,
    /// Address to listen on; port 0 picks a free port. The bound address is printed on stdout
    /// as `listening on <addr>`.
    #[arg(long, env = "LISTEN_ADDR", default_value = "127.0.0.1:8080")]
    pub listen_addr: String,
    /// HS256 key of the session JWTs (at least 32 bytes). Unset with the embedded store:
    /// generated into DATA_DIR on first start.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Delays before attempts 2..N; the number of attempts is its length plus one.
    #[arg(long, env = "RETRY_SCHEDULE", default_value = DEFAULT_RETRY_SCHEDULE, value_parser = schedule_arg)]
    pub retry_schedule: Schedule,
}

impl std::fmt::Debug for ServeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServeConfig")
            .field("common", &self.common)
            .field("listen_addr", &self.listen_addr)
            .field("jwt_secret", &"<redacted>")
            .field("retry_schedule", &self.retry_schedule)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_default_schedule_is_five_attempts_over_about_two_and_a_half_hours() {
        let minutes = |m: u64| Duration::from_secs(m * 60);
        let schedule = schedule_arg(DEFAULT_RETRY_SCHEDULE).expect("valid");
        assert_eq!(schedule.0, [minutes(1), minutes(5), minutes(30), minutes(120)]);
    }

    /// webhook-verify sizes receivers' dedupe memory from its copy of this schedule.
    #[test]
    fn the_receiver_library_knows_this_schedule_and_timeout() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            serve: ServeConfig,
        }
        let defaults = Cli::try_parse_from(["workflow-api"]).expect("defaults parse").serve;
        let receivers = webhook_verify::WORKFLOW_DEFAULT_RETRY;
        assert_eq!(defaults.retry_schedule.0, receivers.delays);
        assert_eq!(receivers.jitter_percent, 0);
        assert_eq!(defaults.common.delivery_timeout, receivers.attempt_timeout);
    }
}
