//! How a service plugs into the engine: signature scheme and header, the other headers,
//! retry policy, timeout, event catalog and secret prefix. The engine holds no service's
//! rules: each service builds its own `Profile`.

use crate::policy::RetryPolicy;
use crate::secrets::SigningSecret;
use crate::signing::{AttemptContext, HeaderSet, Signer, StandardWebhooks};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// The event types a service may emit, declared as data.
#[derive(Debug, Clone, Default)]
pub struct EventCatalog {
    types: BTreeSet<String>,
    /// Types the service may send to one endpoint without a filter match (e.g. `webhook.test`).
    internal: BTreeSet<String>,
    /// The body fields each type declares, dotted (`payload.to`): what a content filter's
    /// paths are checked against for misspellings (`filter::misspelt_field`). A type with none
    /// is not checked.
    fields: std::collections::BTreeMap<String, Vec<String>>,
}

impl EventCatalog {
    pub fn new<I, S>(types: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self { types: types.into_iter().map(Into::into).collect(), ..Self::default() }
    }

    /// Adds types that never match a subscription filter but can be sent to one named endpoint.
    pub fn with_internal<I, S>(mut self, types: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.internal = types.into_iter().map(Into::into).collect();
        self
    }

    /// Declares the body fields of `event_type`, as dotted paths (`payload.to`).
    pub fn with_fields<I, S>(mut self, event_type: &str, fields: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.fields.insert(event_type.to_owned(), fields.into_iter().map(Into::into).collect());
        self
    }

    /// The fields any of `types` declares (of every subscribable type when `types` is empty),
    /// each once.
    pub(crate) fn declared_fields(&self, types: &[String]) -> Vec<&str> {
        let mut seen = BTreeSet::new();
        self.fields
            .iter()
            .filter(|(t, _)| if types.is_empty() { self.contains(t) } else { types.contains(t) })
            .flat_map(|(_, fields)| fields.iter().map(String::as_str))
            .filter(|f| seen.insert(*f))
            .collect()
    }

    /// A type endpoints can subscribe to.
    pub fn contains(&self, event_type: &str) -> bool {
        self.types.contains(event_type)
    }

    /// A type the engine accepts at enqueue (subscribable or internal).
    pub(crate) fn accepts(&self, event_type: &str) -> bool {
        self.contains(event_type) || self.internal.contains(event_type)
    }

    /// The subset of `requested` that is not in the catalog, in request order, without repeats.
    pub(crate) fn unknown<'a>(&self, requested: &'a [String]) -> Vec<&'a str> {
        let mut seen = BTreeSet::new();
        requested.iter().map(String::as_str).filter(|t| !self.contains(t) && seen.insert(*t)).collect()
    }
}

#[derive(Debug, Clone)]
pub struct Profile {
    pub signer: Arc<dyn Signer>,
    pub signature_header: HeaderName,
    pub headers: Arc<dyn HeaderSet>,
    pub retry: RetryPolicy,
    /// Covers connect, TLS, request, response headers and the (capped) response body.
    pub timeout: Duration,
    pub catalog: EventCatalog,
    /// Prefix of generated signing secrets, e.g. `whsec_`.
    pub secret_prefix: String,
    /// The header (value `true`) that marks a probe of an endpoint the engine disabled, in the
    /// service's header convention (e.g. `X-Webhook-Probe`).
    pub probe_header: HeaderName,
}

impl Profile {
    /// A profile that sends [Standard Webhooks](https://www.standardwebhooks.com):
    /// `webhook-id` (the event id), `webhook-timestamp`, `webhook-signature: v1,<base64>` over
    /// `id.timestamp.body`, keyed by the decoded part of a `whsec_<base64>` secret. A service
    /// that takes it needs no signing code of its own; the operational webhooks use it too.
    pub fn standard_webhooks(retry: RetryPolicy, timeout: Duration, catalog: EventCatalog) -> Self {
        Self {
            signer: Arc::new(StandardWebhooks),
            signature_header: StandardWebhooks::SIGNATURE_HEADER,
            headers: Arc::new(StandardWebhooks),
            retry,
            timeout,
            catalog,
            secret_prefix: StandardWebhooks::SECRET_PREFIX.to_owned(),
            probe_header: HeaderName::from_static("webhook-probe"),
        }
    }

    /// The headers this profile sets on an attempt or a probe (signature, id, timestamp, …):
    /// an endpoint's custom headers cannot name them.
    pub fn own_header_names(&self) -> Vec<HeaderName> {
        let attempt = AttemptContext {
            delivery_id: uuid::Uuid::nil(),
            event_id: uuid::Uuid::nil(),
            event_type: "x",
            dedupe_key: "x",
            attempt_number: 1,
            now: chrono::DateTime::UNIX_EPOCH,
        };
        let mut names: Vec<HeaderName> = self.signed_headers(&attempt, b"k", b"").keys().cloned().collect();
        names.push(self.probe_header.clone());
        names
    }

    /// A fresh signing secret for an endpoint, in the form the profile's scheme takes.
    pub fn new_secret(&self) -> SigningSecret {
        self.signer.new_secret(&self.secret_prefix)
    }

    /// Every header of one attempt: the service's own headers, then the signature of `body`
    /// under `secret`. The dispatcher and the receiver check both build requests with it.
    pub fn signed_headers(&self, attempt: &AttemptContext<'_>, secret: &[u8], body: &[u8]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        self.headers.apply(attempt, &mut headers);
        let signature = self.signer.sign(secret, &self.signer.signed_content(attempt, body));
        match HeaderValue::from_str(&signature) {
            Ok(v) => {
                headers.insert(self.signature_header.clone(), v);
            }
            Err(_) => unreachable!("hex and base64 signatures are valid header values"),
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profiles_own_headers_include_its_signature_and_probe_header() {
        let p = Profile::standard_webhooks(
            RetryPolicy::fixed(vec![]),
            Duration::from_secs(1),
            EventCatalog::default(),
        );
        let names: Vec<String> = p.own_header_names().iter().map(|n| n.to_string()).collect();
        for expected in ["webhook-id", "webhook-timestamp", "webhook-signature", "webhook-probe"] {
            assert!(names.contains(&expected.to_owned()), "{expected} in {names:?}");
        }
    }

    #[test]
    fn catalog_reports_unknown_types_once_in_order() {
        let c = EventCatalog::new(["a.v1", "b.v1"]).with_internal(["test"]);
        let req: Vec<String> = ["x", "a.v1", "y", "x"].iter().map(|s| s.to_string()).collect();
        assert_eq!(c.unknown(&req), ["x", "y"]);
        assert!(c.accepts("test") && !c.contains("test"));
        assert!(c.contains("b.v1"));
    }
}
