//! The engine's error type.
//!
//! Policy: every variant a caller can cause (bad input, unknown id, a rule the caller broke)
//! is its own variant, so the API crates map each one to a stable client-facing code without
//! reading messages. Infrastructure failures are `Unavailable` (the database cannot be reached:
//! clients should retry) or `Database` (anything else: a bug or an operator problem, a 500).

use crate::secrets::KeyringError;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No such id for this tenant. Another tenant's id is indistinguishable from an unknown one.
    #[error("not found")]
    NotFound,
    #[error("the endpoint URL is invalid: {0}")]
    InvalidUrl(String),
    #[error("the endpoint URL must be an absolute https:// URL")]
    UrlNotHttps,
    #[error("the endpoint URL points at a forbidden address: {0}")]
    ForbiddenAddress(String),
    #[error("unknown event types: {}", .0.join(", "))]
    UnknownEventTypes(Vec<String>),
    #[error("the delivery was already delivered")]
    AlreadyDelivered,
    #[error("the delivery's endpoint was deleted")]
    EndpointDeleted,
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    #[error("database error: {0}")]
    Database(diesel::result::Error),
    #[error("signing secret: {0}")]
    Keyring(#[from] KeyringError),
    #[error("migrations failed: {0}")]
    Migration(String),
    /// The operator's configuration is unusable (e.g. an unsupported database URL).
    #[error("configuration: {0}")]
    Config(String),
    /// A bug: a database task panicked.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<diesel::result::Error> for EngineError {
    /// A lost connection is the database being away (503), not a bug (500).
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::DatabaseError(DatabaseErrorKind::ClosedConnection, info) => {
                EngineError::Unavailable(info.message().to_owned())
            }
            Error::BrokenTransactionManager => {
                EngineError::Unavailable("the connection broke mid-transaction".into())
            }
            other => {
                // diesel-async reports some socket failures as unknown database errors.
                let text = other.to_string();
                let lost = [
                    "connection closed",
                    "Connection reset",
                    "broken pipe",
                    "terminating connection",
                    "error communicating",
                    // SQLite: the write lock stayed taken for longer than busy_timeout.
                    "database is locked",
                ]
                .iter()
                .any(|needle| text.contains(needle));
                if lost {
                    EngineError::Unavailable(text)
                } else {
                    EngineError::Database(other)
                }
            }
        }
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for EngineError {
    fn from(e: diesel_async::pooled_connection::deadpool::PoolError) -> Self {
        EngineError::Unavailable(e.to_string())
    }
}

pub type EngineResult<T> = Result<T, EngineError>;
