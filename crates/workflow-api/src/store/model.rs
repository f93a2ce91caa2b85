//! The plain types of workflow-api's own table, as the rest of the service sees them.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// The status of a run that has not settled.
pub const RUNNING: &str = "running";

/// A workflow run: `running` until it settles as `succeeded` or `failed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub id: Uuid,
    pub account_id: String,
    pub workflow_id: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
}
