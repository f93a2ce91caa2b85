//! campaign-api's configuration: the shared flags plus its own (environment variables; flags
//! mirror them; see `campaign-api --help`), and the default retry policy.

use api_support::cli::{schedule_arg, Schedule};
use api_support::server::CommonConfig;
use clap::Args;
use delivery_engine::policy::RetryPolicy;
use std::time::Duration;

/// The name of the service's files in DATA_DIR.
pub const SERVICE: &str = "campaign-api";

/// The default retry policy, the one source of it: 8 attempts, 30 s × 3^k apart capped at
/// 6 h, each delay jittered ±10 % so a receiver back from an outage is not hit all at once.
pub const DEFAULT_RETRY_ATTEMPTS: u32 = 8;
pub const DEFAULT_RETRY_BASE: Duration = Duration::from_secs(30);
pub const DEFAULT_RETRY_FACTOR: f64 = 3.0;
pub const DEFAULT_RETRY_CAP: Duration = Duration::from_secs(6 * 60 * 60);
pub const DEFAULT_RETRY_JITTER: f64 = 0.1;

pub fn default_retry_policy() -> RetryPolicy {
    RetryPolicy::exponential(
        DEFAULT_RETRY_ATTEMPTS,
        DEFAULT_RETRY_BASE,
        DEFAULT_RETRY_FACTOR,
        DEFAULT_RETRY_CAP,
    )
    .with_jitter(DEFAULT_RETRY_JITTER)
}

#[derive(Debug, Clone, Args)]
pub struct ServeConfig {
    #[command(flatten)]
    pub common: CommonConfig,
    /// Address to listen on; port 0 picks a free port (printed on stdout as `listening on <addr>`).
    #[arg(long, env = "LISTEN_ADDR", default_value = "127.0.0.1:8081")]
    pub listen_addr: String,
    /// Delays before attempts 2..N, replacing the default exponential schedule
    /// (30s,90s,270s,810s,2430s,7290s,6h with ±10 % jitter).
    #[arg(long, env = "RETRY_SCHEDULE", value_parser = schedule_arg)]
    pub retry_schedule: Option<Schedule>,
    /// The word in the header names: X-<PRODUCT_NAME>-Event, -Delivery, -Signature.
    #[arg(long, env = "PRODUCT_NAME", default_value = "Service")]
    pub product_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeConfig,
    }

    fn short(d: &Duration) -> String {
        match d.as_secs() {
            s if s % 3600 == 0 => format!("{}h", s / 3600),
            s => format!("{s}s"),
        }
    }

    #[test]
    fn the_default_policy_is_eight_jittered_attempts_over_about_nine_hours() {
        let policy = default_retry_policy();
        assert_eq!(policy.max_attempts(), 8);
        assert_eq!(policy.jitter(), 0.1);
        let delays: Vec<String> = policy.delays().iter().map(short).collect();
        assert_eq!(delays, ["30s", "90s", "270s", "810s", "2430s", "7290s", "6h"]);
    }

    /// webhook-verify sizes receivers' dedupe memory from its copy of this policy.
    #[test]
    fn the_receiver_library_knows_this_policy_and_timeout() {
        use clap::Parser;
        let defaults = Cli::try_parse_from(["campaign-api"]).expect("defaults parse").serve;
        let receivers = webhook_verify::CAMPAIGN_DEFAULT_RETRY;
        let policy = default_retry_policy();
        assert_eq!(policy.delays(), receivers.delays);
        assert_eq!(policy.jitter(), f64::from(receivers.jitter_percent) / 100.0);
        assert_eq!(defaults.common.delivery_timeout, receivers.attempt_timeout);
        assert!(defaults.retry_schedule.is_none());
    }

    #[test]
    fn the_help_text_shows_the_default_policy() {
        let delays: Vec<String> = default_retry_policy().delays().iter().map(short).collect();
        let command = Cli::command();
        let help = command
            .get_arguments()
            .find(|a| a.get_id() == "retry_schedule")
            .and_then(|a| a.get_help())
            .map(ToString::to_string)
            .expect("RETRY_SCHEDULE has help");
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains(&format!("({} with ±10 % jitter)", delays.join(","))), "{help}");
    }
}
