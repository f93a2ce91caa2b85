//! `<service> check-receiver`: the receiver self-test both binaries offer. The cases, the
//! signing and the sending are the engine's ([`delivery_engine::receiver_check`]); this is the
//! command-line glue.
//!
//! Address policy: the operator names the URL on their own machine, and the usual target is a
//! receiver on localhost or the local network, so every address may be reached (the SSRF rules
//! protect the services from their tenants' URLs, not an operator from their own). What real
//! deliveries refuse stays refused: redirects are reported, never followed, and proxies from
//! the environment are not used.

use anyhow::Context;
use clap::Args;
use delivery_engine::http::{AddressPolicy, OutboundClient, OutboundConfig};
use delivery_engine::receiver_check::{self, SampleEvent};
use delivery_engine::secrets::SigningSecret;
use delivery_engine::Profile;
use std::time::Duration;

#[derive(Clone, Args)]
pub struct CheckReceiverArgs {
    /// The receiver's URL (http or https; any address, loopback included).
    #[arg(long)]
    pub url: String,
    /// The endpoint's signing secret, exactly as shown at registration (`whsec_…`).
    #[arg(long, env = "WEBHOOK_SECRET", hide_env_values = true)]
    pub secret: String,
    /// Time allowed for each answer.
    #[arg(long, default_value = "10s", value_parser = crate::cli::duration_arg)]
    pub timeout: Duration,
    /// PEM file of extra certificate authorities to trust for an https URL.
    #[arg(long, env = "OUTBOUND_CA_FILE")]
    pub ca_file: Option<String>,
}

impl std::fmt::Debug for CheckReceiverArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckReceiverArgs")
            .field("url", &self.url)
            .field("secret", &"<redacted>")
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// Runs the check against `args.url` with `sample` as the delivery, prints the report on
/// stdout, and fails if any case failed.
pub async fn run(profile: &Profile, args: &CheckReceiverArgs, sample: SampleEvent) -> anyhow::Result<()> {
    let everywhere = AddressPolicy::parse_allow_list("0.0.0.0/0,::/0").map_err(anyhow::Error::msg)?;
    let client = OutboundClient::new(OutboundConfig {
        policy: everywhere,
        extra_ca_files: args.ca_file.iter().cloned().collect(),
        response_cap: 0,
    })
    .context("building the HTTP client")?;
    let wrong = SigningSecret::generate(&profile.secret_prefix);
    let cases = receiver_check::plan(
        profile,
        args.secret.as_bytes(),
        wrong.expose().as_bytes(),
        &sample,
        chrono::Utc::now(),
    );
    let report = receiver_check::run(&client, &args.url, cases, args.timeout).await;
    println!("{report}");
    let failed = report.results.iter().filter(|r| r.verdict.is_fail()).count();
    anyhow::ensure!(failed == 0, "the receiver failed {failed} of {} cases", report.results.len());
    Ok(())
}
