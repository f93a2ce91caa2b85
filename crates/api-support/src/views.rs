//! Response shapes both services share.

use crate::ts;
use delivery_engine::Attempt;
use serde::Serialize;

/// One attempt of a delivery, as both services show it with the delivery (campaign-api's
/// delivery view, workflow-api's `GET /webhooks/deliveries/{deliveryId}` extension).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptOut {
    pub attempt_number: i32,
    pub started_at: String,
    pub duration_ms: i32,
    pub response_code: Option<i32>,
    pub error: Option<String>,
    /// The first 4 KiB of the response body, as text (invalid UTF-8 replaced).
    pub response_body: Option<String>,
}

impl From<Attempt> for AttemptOut {
    fn from(a: Attempt) -> Self {
        Self {
            attempt_number: a.attempt_number,
            started_at: ts(a.started_at),
            duration_ms: a.duration_ms,
            response_code: a.response_code,
            error: a.error,
            response_body: a.response_body.map(|b| String::from_utf8_lossy(&b).into_owned()),
        }
    }
}
