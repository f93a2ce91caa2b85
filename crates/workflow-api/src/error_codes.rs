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
pub const INVALID_LIMIT: &str = "invalid_limit";

/// The codes beyond [`SHARED`]: endpoints take http and https (so no `url_not_https`), unknown
/// event kinds keep the shared `invalid_events`, and a delivered delivery is not retried.
pub const OWN: &[&str] = &[
    INVALID_EVENTS,
    ALREADY_DELIVERED,
    INVALID_WORKFLOW_ID,
    INVALID_STATUS,
    RUN_ALREADY_SETTLED,
    ENDPOINT_DISABLED,
    INVALID_LIMIT,
];

/// Every code this service can return.
pub fn all() -> std::collections::BTreeSet<&'static str> {
    SHARED.iter().chain(OWN).copied().collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    const REFERENCE: &str = include_str!("../../../docs/workflow-api.md");

    fn table() -> BTreeSet<String> {
        super::all().into_iter().map(str::to_owned).collect()
    }

    #[test]
    fn codes_are_listed_once() {
        assert_eq!(super::all().len(), super::SHARED.len() + super::OWN.len());
    }

    #[test]
    fn the_reference_documents_exactly_the_codes() {
        let documented =
            api_support::codes::documented_in_markdown(REFERENCE, "## 7. Error codes").expect("error table");
        let table = table();
        let undocumented: Vec<_> = table.difference(&documented).collect();
        let unknown: Vec<_> = documented.difference(&table).collect();
        assert!(undocumented.is_empty(), "codes missing from docs/workflow-api.md: {undocumented:?}");
        assert!(
            unknown.is_empty(),
            "docs/workflow-api.md documents codes the service never returns: {unknown:?}"
        );
    }

    #[test]
    fn the_openapi_description_names_only_codes_of_the_table() {
        let described =
            api_support::codes::documented_in_openapi(crate::routes::OPENAPI).expect("openapi.json");
        let table = table();
        let unknown: Vec<_> = described.difference(&table).collect();
        assert!(unknown.is_empty(), "openapi.json names codes the service never returns: {unknown:?}");
    }
}
