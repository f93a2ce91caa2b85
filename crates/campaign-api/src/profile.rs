//! How campaign-api plugs into the engine: `sha256=` signatures, `X-<Product>-Event`,
//! `X-<Product>-Delivery`, `X-<Product>-Signature`, the 23-type catalog, https only.

use crate::catalog;
use delivery_engine::policy::RetryPolicy;
use delivery_engine::signing::HmacSha256Hex;
use delivery_engine::signing::{AttemptContext, HeaderSet};
use delivery_engine::{EventCatalog, Profile};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug)]
struct CampaignHeaders {
    event: HeaderName,
    delivery: HeaderName,
}

impl HeaderSet for CampaignHeaders {
    fn apply(&self, attempt: &AttemptContext<'_>, headers: &mut HeaderMap) {
        if let Ok(v) = HeaderValue::from_str(attempt.event_type) {
            headers.insert(self.event.clone(), v);
        }
        if let Ok(v) = HeaderValue::from_str(&attempt.delivery_id.to_string()) {
            headers.insert(self.delivery.clone(), v);
        }
    }
}

/// Header names for a product word (`X-<Product>-Event`, `-Delivery`, `-Signature`, `-Probe`);
/// the word must be a header token (letters, digits, `-`).
pub fn header_names(product: &str) -> Result<(HeaderName, HeaderName, HeaderName, HeaderName), String> {
    let valid = !product.is_empty() && product.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !valid {
        return Err(format!("PRODUCT_NAME `{product}` must be letters, digits and '-' only"));
    }
    let name = |suffix: &str| {
        HeaderName::from_bytes(format!("X-{product}-{suffix}").as_bytes()).map_err(|e| e.to_string())
    };
    Ok((name("Event")?, name("Delivery")?, name("Signature")?, name("Probe")?))
}

/// `schedule`: delays before attempts 2..N from `RETRY_SCHEDULE`, or `None` for the default
/// (`config::default_retry_policy`).
pub fn profile(product: &str, schedule: Option<Vec<Duration>>, timeout: Duration) -> Result<Profile, String> {
    let (event, delivery, signature, probe) = header_names(product)?;
    Ok(Profile {
        signer: Arc::new(HmacSha256Hex::SHA256),
        signature_header: signature,
        headers: Arc::new(CampaignHeaders { event, delivery }),
        retry: schedule.map(RetryPolicy::fixed).unwrap_or_else(crate::config::default_retry_policy),
        timeout,
        catalog: catalog::CATALOG.iter().fold(EventCatalog::new(catalog::names()), |c, t| {
            c.with_fields(t.name, crate::events::declared_fields(t))
        }),
        secret_prefix: "whsec_".into(),
        probe_header: probe,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_names_follow_the_product_word() {
        let (e, d, s, p) = header_names("Service").expect("valid");
        assert_eq!(
            (e.as_str(), d.as_str(), s.as_str(), p.as_str()),
            ("x-service-event", "x-service-delivery", "x-service-signature", "x-service-probe")
        );
        assert!(header_names("Acme Ads").is_err());
        assert!(header_names("").is_err());
    }

    #[test]
    fn default_policy_is_eight_attempts() {
        let p = profile("Service", None, Duration::from_secs(10)).expect("valid");
        assert_eq!(p.retry.max_attempts(), 8);
        assert_eq!(p.timeout, Duration::from_secs(10));
    }
}
