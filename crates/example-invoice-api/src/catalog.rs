//! What the example service publishes and how it is sent: two invoice events, signed the
//! Standard Webhooks way. The engine needs nothing else to deliver them.

use delivery_engine::policy::RetryPolicy;
use delivery_engine::{EventCatalog, Profile};
use operator_cli::catalog_history::PublishedType;
use serde_json::json;
use std::time::Duration;

pub const INVOICE_PAID: &str = "invoice.paid.v1";
pub const INVOICE_VOIDED: &str = "invoice.voided.v1";

/// Every type with the fields its `data` always carries and their JSON kinds. Append-only:
/// a changed payload is a new version (`invoice.paid.v2`), never an edit of a row.
pub const TYPES: [(&str, &[(&str, &str)]); 2] = [
    (INVOICE_PAID, &[("invoiceId", "string"), ("amountCents", "number"), ("currency", "string")]),
    (INVOICE_VOIDED, &[("invoiceId", "string"), ("reason", "string")]),
];

/// Eight attempts, 30 s after the first and three times as long each time up to 6 h, ±10 %.
fn retry() -> RetryPolicy {
    RetryPolicy::exponential(8, Duration::from_secs(30), 3.0, Duration::from_secs(6 * 3600)).with_jitter(0.1)
}

/// The service's whole plug-in into the engine.
pub fn profile(timeout: Duration) -> Profile {
    let catalog = EventCatalog::new(TYPES.map(|(name, _)| name));
    Profile::standard_webhooks(retry(), timeout, catalog)
}

/// The body receivers get: the Standard Webhooks envelope (`type`, `timestamp`, `data`).
pub fn body(event_type: &str, data: serde_json::Value) -> Vec<u8> {
    let timestamp = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    json!({ "type": event_type, "timestamp": timestamp, "data": data }).to_string().into_bytes()
}

/// The types as receivers see them, for the guard on the catalog's history.
pub fn published() -> Vec<PublishedType> {
    TYPES.iter().map(|(name, fields)| PublishedType::object(name, "invoice", fields)).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_published_type_is_kept_as_it_was_published() {
        operator_cli::catalog_history::assert_history_kept(env!("CARGO_MANIFEST_DIR"), &super::published());
    }
}
