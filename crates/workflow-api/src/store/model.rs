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

/// A settle the store applies only to a running run: the account's run `id` becomes `status`.
#[derive(Debug, Clone, Copy)]
pub struct RunSettle<'a> {
    pub account_id: &'a str,
    pub id: Uuid,
    pub status: &'a str,
}
