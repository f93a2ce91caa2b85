//! Every error `code` workflow-api can return, in one place: api-support's shared codes, the
//! engine-rule codes that apply here, and the service's own. Code that builds an error takes
//! its code from here; a test keeps this list equal to docs/workflow-api.md (section 7) and
//! checks that openapi.json names no other.

pub use api_support::codes::*;

pub const INVALID_WORKFLOW_ID: &str = "invalid_workflow_id";
/// A settle `status` that is not `succeeded` or `failed`.
pub const INVALID_STATUS: &str = "invalid_status";
pub const RUN_ALREADY_SETTLED: &str = "run_already_settled";
pub const ENDPOINT_DISABLED: &str = "endpoint_disabled";
/// The delivery log's `endpointId` filter is not a UUID.
pub const INVALID_ENDPOINT_ID: &str = "invalid_endpoint_id";

/// The codes beyond [`SHARED`]: endpoints take http and https (so no `url_not_https`), unknown
/// event kinds keep the shared `invalid_events`, and a delivered delivery is not retried.
pub const OWN: &[&str] = &[
    INVALID_EVENTS,
    ALREADY_DELIVERED,
    INVALID_WORKFLOW_ID,
    INVALID_STATUS,
    RUN_ALREADY_SETTLED,
    ENDPOINT_DISABLED,
    INVALID_ENDPOINT_ID,
    INVALID_LIMIT,
    INVALID_CURSOR,
];

/// Every code this service can return.
pub fn all() -> std::collections::BTreeSet<&'static str> {
    SHARED.iter().chain(OWN).copied().collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn codes_are_listed_once() {
        assert_eq!(super::all().len(), super::SHARED.len() + super::OWN.len());
    }

    #[test]
    fn the_docs_document_exactly_the_codes() {
        let checked = api_support::codes::check_documented(
            &super::all(),
            "docs/workflow-api.md",
            include_str!("../../../docs/workflow-api.md"),
            "## 7. Error codes",
            crate::routes::OPENAPI,
        );
        assert_eq!(checked, Ok(()));
    }
}
