//! Receiving the webhooks of workflow-api and campaign-api: verify a delivery from the raw
//! body and its headers, sign test deliveries, and deduplicate over the sender's whole retry
//! schedule. No database, web framework or HTTP client; `delivery-engine` signs through
//! [`signature::sign`], so what we send and what this crate accepts cannot drift.
//!
//! # The key is the whole secret string
//!
//! **The HMAC key is the signing secret exactly as shown at creation, `whsec_` prefix
//! included, as UTF-8 bytes. It is not base64-decoded.** Standard Webhooks and Svix decode
//! the part after `whsec_`; their verifiers therefore fail on our deliveries, every time.
//! ([`standard`] is that scheme, for a service that sends it.)
//!
//! # Verifying
//!
//! ```
//! use webhook_verify::{DeliveryFormat, Verifier};
//! # let secret = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
//! # let body = br#"{"event":"run.completed"}"#;
//! # let headers = webhook_verify::testing::signed_headers(&DeliveryFormat::workflow(), secret, body, "r1:run.completed");
//! let verifier = Verifier::new(DeliveryFormat::workflow(), secret)?;
//! // `body`: the raw request bytes, before any JSON parsing.
//! let delivery = verifier.verify(body, &headers)?;
//! assert_eq!(delivery.id, "r1:run.completed");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Campaign deliveries: `DeliveryFormat::campaign("Service")` (the operator's `PRODUCT_NAME`).
//! During a secret rotation add [`Verifier::with_previous_secret`].
//!
//! # Deduplicating
//!
//! Delivery is at least once. After verifying, [`Deduplicator::claim`] the id: process a
//! [`Claim::First`] and call `done()`; answer a [`Claim::Duplicate`] with 2xx and do nothing.
//! The default window ([`RetrySchedule::dedupe_window`]) covers the service's whole default
//! retry schedule plus an hour.

#[cfg(feature = "actix")]
pub mod actix;
mod dedupe;
mod error;
mod format;
mod headers;
mod schedule;
pub mod signature;
pub mod standard;
pub mod testing;
mod verify;

pub use dedupe::{Claim, Clock, DedupeStore, Deduplicator, FirstDelivery, MemoryStore};
pub use error::{InvalidSecret, LikelyCause, VerifyError};
pub use format::{DeliveryFormat, InvalidProductWord, Service};
pub use headers::Headers;
pub use schedule::{RetrySchedule, CAMPAIGN_DEFAULT_RETRY, DEDUPE_MARGIN, WORKFLOW_DEFAULT_RETRY};
pub use signature::Malformation;
pub use verify::{Secret, Verified, Verifier, SECRET_PREFIX};
