//! Which service a delivery comes from: the header names, the signature prefix and the retry
//! schedule a receiver must remember ids for.

use crate::schedule::{RetrySchedule, CAMPAIGN_DEFAULT_RETRY, WORKFLOW_DEFAULT_RETRY};

/// The two services that send webhooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    /// workflow-api: `X-Webhook-Signature: v1=<hex>`, `X-Webhook-ID`, `X-Webhook-Timestamp`.
    Workflow,
    /// campaign-api: `X-<Product>-Signature: sha256=<hex>`, `X-<Product>-Delivery`, `X-<Product>-Event`.
    Campaign,
}

/// How one service's deliveries look: build it with [`DeliveryFormat::workflow`] or
/// [`DeliveryFormat::campaign`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryFormat {
    service: Service,
    signature_header: String,
    id_header: String,
    event_header: Option<String>,
    timestamp_header: Option<String>,
}

/// The product word of campaign header names must be a header token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("product word `{0}` must be letters, digits and '-' only (it becomes X-<word>-Signature)")]
pub struct InvalidProductWord(pub String);

impl DeliveryFormat {
    /// A workflow-api run delivery.
    pub fn workflow() -> Self {
        Self {
            service: Service::Workflow,
            signature_header: "X-Webhook-Signature".into(),
            id_header: "X-Webhook-ID".into(),
            event_header: None,
            timestamp_header: Some("X-Webhook-Timestamp".into()),
        }
    }

    /// A campaign-api event delivery whose headers are `X-<product>-Signature` and so on
    /// (`Service` unless the operator set `PRODUCT_NAME`). Header names are case-insensitive.
    pub fn campaign(product: &str) -> Result<Self, InvalidProductWord> {
        let valid = !product.is_empty() && product.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !valid {
            return Err(InvalidProductWord(product.to_owned()));
        }
        Ok(Self {
            service: Service::Campaign,
            signature_header: format!("X-{product}-Signature"),
            id_header: format!("X-{product}-Delivery"),
            event_header: Some(format!("X-{product}-Event")),
            timestamp_header: None,
        })
    }

    pub fn service(&self) -> Service {
        self.service
    }

    /// `v1=` (workflow) or `sha256=` (campaign).
    pub fn signature_prefix(&self) -> &'static str {
        match self.service {
            Service::Workflow => "v1=",
            Service::Campaign => "sha256=",
        }
    }

    pub fn signature_header(&self) -> &str {
        &self.signature_header
    }

    /// The header to deduplicate on: `X-Webhook-ID` (the event id, `<runId>:<event>`) or
    /// `X-<Product>-Delivery` (the delivery id, the same on every attempt and replay).
    pub fn id_header(&self) -> &str {
        &self.id_header
    }

    /// `X-<Product>-Event` (campaign only).
    pub fn event_header(&self) -> Option<&str> {
        self.event_header.as_deref()
    }

    /// `X-Webhook-Timestamp` (workflow only; not covered by the signature).
    pub fn timestamp_header(&self) -> Option<&str> {
        self.timestamp_header.as_deref()
    }

    /// The service's default retry schedule, which sizes the default dedupe window.
    pub fn default_retry(&self) -> RetrySchedule {
        match self.service {
            Service::Workflow => WORKFLOW_DEFAULT_RETRY,
            Service::Campaign => CAMPAIGN_DEFAULT_RETRY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_names_follow_the_spec_and_the_product_word() {
        let w = DeliveryFormat::workflow();
        assert_eq!((w.signature_header(), w.id_header()), ("X-Webhook-Signature", "X-Webhook-ID"));
        assert_eq!(w.signature_prefix(), "v1=");
        let c = DeliveryFormat::campaign("Acme").expect("valid");
        assert_eq!((c.signature_header(), c.id_header()), ("X-Acme-Signature", "X-Acme-Delivery"));
        assert_eq!(c.event_header(), Some("X-Acme-Event"));
        assert_eq!(c.signature_prefix(), "sha256=");
        for bad in ["", "Acme Ads", "Acme:"] {
            assert_eq!(DeliveryFormat::campaign(bad), Err(InvalidProductWord(bad.into())));
        }
    }
}
