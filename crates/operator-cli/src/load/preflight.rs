//! Before a load starts: can the service's rate limit carry the rate asked? A limit that cannot
//! refuses part of the load with 429, and the run measures the limit, not the service.

use super::target::LoadTarget;
use crate::listen::ServerClient;
use api_support::rate_limit::allowed_per_second;
use hyper::Method;

/// Reads the limit the service states on an authenticated `GET` and says why the load cannot
/// run under it (`Err`), if it cannot.
pub(crate) async fn check_rate_limit(
    target: &impl LoadTarget,
    api: &ServerClient,
    rate: u32,
) -> anyhow::Result<()> {
    let answer =
        api.call(Method::GET, target.probe_path(), None).await?.success("reading the service's limits")?;
    let allowed = answer.rate_limit_policy.as_deref().and_then(allowed_per_second);
    match refusal(allowed, rate, target.calls_per_event()) {
        Some(why) => anyhow::bail!("{why}"),
        None => Ok(()),
    }
}

/// Why a load of `rate` events a second (0: as fast as the API takes them), `calls` API calls
/// each, cannot run under a limit of `allowed` requests a second per credential (`None`: no
/// limit); `None` when it can.
pub(crate) fn refusal(allowed: Option<f64>, rate: u32, calls: u32) -> Option<String> {
    let allowed = allowed?;
    let needed = u64::from(rate) * u64::from(calls);
    let asked = match rate {
        0 => "publishing as fast as the API takes events (no --rate)".to_owned(),
        _ if needed as f64 <= allowed => return None,
        _ => format!("--rate {rate} needs {needed} requests a second ({calls} per event)"),
    };
    let raise = match rate {
        0 => "RATE_LIMIT=0 (no limit)".to_owned(),
        _ => format!("RATE_LIMIT=0 (no limit) or RATE_LIMIT={needed}"),
    };
    Some(format!(
        "the service allows {allowed} requests a second per credential (its RateLimit-Policy), and \
         {asked}: the rest would be refused with 429 and the run would measure the limit. Start \
         the service with {raise} (`RATE_LIMIT=0 cargo xtask run --release`), or ask for a \
         lower --rate."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_the_limit_carries_runs() {
        assert_eq!(refusal(None, 0, 2), None, "no limit");
        assert_eq!(refusal(Some(100.0), 50, 2), None, "exactly the limit");
        assert_eq!(refusal(Some(100.0), 100, 1), None);
    }

    #[test]
    fn a_rate_over_the_limit_is_refused_with_the_setting_that_raises_it() {
        let why = refusal(Some(100.0), 200, 2).expect("over the limit");
        assert!(why.contains("allows 100 requests a second"), "{why}");
        assert!(why.contains("--rate 200 needs 400 requests a second (2 per event)"), "{why}");
        assert!(why.contains("RATE_LIMIT=0 (no limit) or RATE_LIMIT=400"), "{why}");
        let why = refusal(Some(100.0), 0, 1).expect("unbounded");
        assert!(why.contains("as fast as the API takes events"), "{why}");
        assert!(why.contains("Start the service with RATE_LIMIT=0 (no limit) ("), "{why}");
    }
}
