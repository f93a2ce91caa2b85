//! What the consoles' tables hold, as plain structs.

use chrono::{DateTime, Utc};

/// A live console session, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSession {
    pub tenant: String,
    pub csrf_token: String,
    pub expires_at: DateTime<Utc>,
}
