//! How workflow-api plugs into the engine: `v1=` signatures in `X-Webhook-Signature`,
//! `X-Webhook-ID` and `X-Webhook-Timestamp`, the run event catalog.

use delivery_engine::policy::RetryPolicy;
use delivery_engine::signing::HmacSha256Hex;
use delivery_engine::signing::{AttemptContext, HeaderSet};
use delivery_engine::{EventCatalog, Profile};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use operator_cli::catalog_history::PublishedType;
use std::sync::Arc;
use std::time::Duration;

pub const RUN_COMPLETED: &str = "run.completed";
pub const RUN_FAILED: &str = "run.failed";
pub const WEBHOOK_TEST: &str = "webhook.test";
/// The event kinds an endpoint may subscribe to.
pub const SUBSCRIBABLE: [&str; 2] = [RUN_COMPLETED, RUN_FAILED];

#[derive(Debug)]
struct WorkflowHeaders;

impl HeaderSet for WorkflowHeaders {
    fn apply(&self, attempt: &AttemptContext<'_>, headers: &mut HeaderMap) {
        // The event id (`<runId>:<event>`) is ASCII by construction; a failure here would be a bug.
        if let Ok(id) = HeaderValue::from_str(attempt.dedupe_key) {
            headers.insert(HeaderName::from_static("x-webhook-id"), id);
        }
        headers.insert(
            HeaderName::from_static("x-webhook-timestamp"),
            HeaderValue::from(attempt.now.timestamp()),
        );
    }
}

/// The fields of every run event's body, in order, each a string ([`crate::runs`] builds it;
/// a test there keeps the two equal).
pub const RUN_EVENT_FIELDS: [&str; 7] =
    ["event", "id", "run_id", "workflow_id", "status", "created_at", "completed_at"];

/// The run events as receivers see them, for the guard on the catalog's history
/// (`operator_cli::catalog_history`, `catalog-history.json`).
pub fn published() -> Vec<PublishedType> {
    let required: Vec<(&str, &str)> = RUN_EVENT_FIELDS.iter().map(|f| (*f, "string")).collect();
    SUBSCRIBABLE.iter().map(|t| PublishedType::object(t, "run", &required)).collect()
}

pub fn profile(schedule: Vec<Duration>, timeout: Duration) -> Profile {
    Profile {
        signer: Arc::new(HmacSha256Hex::V1),
        signature_header: HeaderName::from_static("x-webhook-signature"),
        headers: Arc::new(WorkflowHeaders),
        retry: RetryPolicy::fixed(schedule),
        timeout,
        catalog: SUBSCRIBABLE
            .iter()
            .fold(EventCatalog::new(SUBSCRIBABLE), |c, t| c.with_fields(t, RUN_EVENT_FIELDS))
            .with_internal([WEBHOOK_TEST]),
        secret_prefix: "whsec_".into(),
        probe_header: HeaderName::from_static("x-webhook-probe"),
    }
}

#[cfg(test)]
mod tests {
    /// The guard on the catalog's history (docs/extending.md): a published type is never
    /// removed or changed incompatibly; a new one is recorded by `cargo xtask catalog-snapshot`.
    #[test]
    fn every_published_type_is_kept_as_it_was_published() {
        operator_cli::catalog_history::assert_history_kept(env!("CARGO_MANIFEST_DIR"), &super::published());
    }
}
