//! Every error `code` campaign-api can return, in one place: api-support's shared codes, the
//! engine-rule codes that apply here, and the service's own. Code that builds an error takes
//! its code from here; a test keeps this list equal to docs/campaign-api.md (section 10) and
//! checks that openapi.json names no other.

pub use api_support::codes::*;

/// Unknown types in an endpoint's `eventTypes` (the engine's `UnknownEventTypes`).
pub const UNKNOWN_EVENT_TYPES: &str = "unknown_event_types";
/// A delivery-log `status` filter or a campaign status that is not allowed.
pub const INVALID_STATUS: &str = "invalid_status";
pub const INVALID_ENDPOINT_ID: &str = "invalid_endpoint_id";
pub const INVALID_NAME: &str = "invalid_name";
pub const INVALID_STATUS_TRANSITION: &str = "invalid_status_transition";
pub const UNKNOWN_EVENT_TYPE: &str = "unknown_event_type";
pub const EVENT_TYPE_NOT_PUBLISHABLE: &str = "event_type_not_publishable";
pub const ENTITY_TYPE_MISMATCH: &str = "entity_type_mismatch";
pub const INVALID_ENTITY_ID: &str = "invalid_entity_id";
pub const INVALID_PAYLOAD: &str = "invalid_payload";

/// The codes beyond [`SHARED`]: endpoints must be https, unknown event types have a code of
/// their own, and a delivered delivery can be replayed (so no `already_delivered`).
pub const OWN: &[&str] = &[
    URL_NOT_HTTPS,
    UNKNOWN_EVENT_TYPES,
    INVALID_LIMIT,
    INVALID_CURSOR,
    INVALID_STATUS,
    INVALID_ENDPOINT_ID,
    INVALID_NAME,
    INVALID_STATUS_TRANSITION,
    UNKNOWN_EVENT_TYPE,
    EVENT_TYPE_NOT_PUBLISHABLE,
    ENTITY_TYPE_MISMATCH,
    INVALID_ENTITY_ID,
    INVALID_PAYLOAD,
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
            "docs/campaign-api.md",
            include_str!("../../../docs/campaign-api.md"),
            "## 10. Errors",
            crate::routes::OPENAPI,
        );
        assert_eq!(checked, Ok(()));
    }
}
