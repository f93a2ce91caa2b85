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
use delivery_engine::proxy::{ConnectBy, ProxyConfig};
use delivery_engine::receiver_check::{self, SampleEvent};
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
    #[arg(long, default_value = "10s", value_parser = api_support::cli::duration_arg)]
    pub timeout: Duration,
    /// PEM file of extra certificate authorities to trust for an https URL.
    #[arg(long, env = "OUTBOUND_CA_FILE")]
    pub ca_file: Option<String>,
    /// Check through the service's egress proxy (`http://[user:pass@]host:port`), as its
    /// deliveries leave.
    #[arg(long, env = "OUTBOUND_PROXY", hide_env_values = true)]
    pub proxy: Option<String>,
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

/// What to do when no case reached the receiver because its certificate is not trusted (the
/// development certificate of `cargo xtask run`, say): the flag that trusts its authority.
fn hint(report: &receiver_check::CheckReport) -> Option<&'static str> {
    let untrusted = |e: &str| e.contains("UnknownIssuer") || e.contains("invalid peer certificate");
    report.results.iter().any(|r| r.status.is_none() && r.error.as_deref().is_some_and(untrusted)).then_some(
        "hint: the receiver's certificate is not signed by an authority this command trusts; pass that \
         authority's PEM with --ca-file (OUTBOUND_CA_FILE); for `cargo xtask run`'s development \
         certificate it is $DATA_DIR/dev-tls/ca.pem",
    )
}

/// Runs the check against `args.url` with `sample` as the delivery, prints the report on
/// stdout, and fails if any case failed.
pub async fn run(profile: &Profile, args: &CheckReceiverArgs, sample: SampleEvent) -> anyhow::Result<()> {
    let everywhere = AddressPolicy::parse_allow_list("0.0.0.0/0,::/0").map_err(anyhow::Error::msg)?;
    let client = OutboundClient::new(OutboundConfig {
        policy: everywhere,
        extra_ca_files: args.ca_file.iter().cloned().collect(),
        response_cap: 0,
        proxy: args
            .proxy
            .as_deref()
            .filter(|p| !p.is_empty())
            .map(|p| ProxyConfig::parse(p, ConnectBy::Address).map_err(|e| anyhow::anyhow!("--proxy: {e}")))
            .transpose()?,
    })
    .context("building the HTTP client")?;
    let wrong = profile.new_secret();
    let cases = receiver_check::plan(
        profile,
        args.secret.as_bytes(),
        wrong.expose().as_bytes(),
        &sample,
        chrono::Utc::now(),
    );
    let report = receiver_check::run(&client, &args.url, cases, args.timeout).await;
    println!("{report}");
    if let Some(hint) = hint(&report) {
        println!("{hint}");
    }
    let failed = report.results.iter().filter(|r| r.verdict.is_fail()).count();
    anyhow::ensure!(failed == 0, "the receiver failed {failed} of {} cases", report.results.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use delivery_engine::receiver_check::{CaseResult, CheckReport, Expect, Verdict};

    fn report(status: Option<u16>, error: Option<&str>) -> CheckReport {
        let result = CaseResult {
            name: "genuine",
            what: "a signed delivery",
            expect: Expect::Accept,
            status,
            error: error.map(str::to_owned),
            verdict: Verdict::Fail("no answer".into()),
        };
        CheckReport { url: "https://localhost:9443/".into(), results: vec![result] }
    }

    #[test]
    fn an_untrusted_certificate_gets_the_flag_that_trusts_it_and_is_not_called_rejected() {
        let untrusted = report(None, Some("invalid peer certificate: UnknownIssuer"));
        assert!(hint(&untrusted).is_some_and(|h| h.contains("--ca-file") && h.contains("dev-tls/ca.pem")));
        assert!(
            untrusted.to_string().contains("not reached (no answer (invalid peer certificate"),
            "{untrusted}"
        );
        assert_eq!(hint(&report(None, Some("connection refused"))), None);
        assert_eq!(hint(&report(Some(401), None)), None);
        assert!(report(Some(401), None).to_string().contains("rejected (HTTP 401)"));
    }
}
