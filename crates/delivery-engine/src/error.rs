//! The engine's error type.
//!
//! Policy: every variant a caller can cause (bad input, unknown id, a rule the caller broke)
//! is its own variant, so the API crates map each one to a stable client-facing code without
//! reading messages. Infrastructure failures are `Unavailable` (the database cannot be reached:
//! clients should retry) or `Database` (anything else: a bug or an operator problem, a 500).

use crate::secrets::KeyringError;

#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
    /// A rate limit outside 1 to 10,000 deliveries a second.
    #[error("the rate limit must be a whole number of deliveries per second from 1 to 10000, not {0}")]
    InvalidRateLimit(i64),
    /// An endpoint's custom headers or credential broke a rule (`endpoints::AccessError`).
    #[error(transparent)]
    Access(#[from] crate::access::AccessError),
    /// An endpoint's content filter is not one (`filter::Filter::compile`): where and why.
    #[error("the filter is invalid: {0}")]
    InvalidFilter(#[from] crate::filter::FilterError),
    /// A content filter tests a field no subscribed type declares, so like a declared one that
    /// it is taken for a misspelling of it (`meant`).
    #[error("the filter tests `{path}`, which no subscribed event type declares (did you mean `{meant}`?)")]
    UnknownFilterField { path: String, meant: String },
    #[error("the delivery was already delivered")]
    AlreadyDelivered,
    #[error("the delivery's endpoint was deleted")]
    EndpointDeleted,
    /// The recovery job has already finished, failed or been cancelled.
    #[error("the recovery job has already ended")]
    RecoveryJobEnded,
    /// The tenant already has this many live listen sessions (docs/receiving.md).
    #[error(
        "{0} listen sessions are live already (the most a tenant may have); end one or wait until it expires"
    )]
    ListenSessionLimit(i64),
    /// A reply for a delivery the listen session is not awaiting an answer for (answered
    /// already, timed out, or never sent to this session).
    #[error("the delivery is not awaiting an answer from this listen session")]
    ListenReplyNotExpected,
    /// Retention erased the delivery's payload (`PAYLOAD_RETENTION`): it cannot be sent again.
    /// The time is the oldest from which payloads are kept, if known.
    #[error("the delivery's payload was erased by retention; it cannot be sent again")]
    PayloadExpired,
    /// The store has no room left (SQLite `SQLITE_FULL`, PostgreSQL `53100 disk_full`, a full
    /// disk under either): nothing was written; what was accepted before stays.
    #[error("the store is out of space: {0}")]
    StorageFull(String),
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
        if is_lost_connection(&e) {
            EngineError::Unavailable(e.to_string())
        } else if is_out_of_space(&e) {
            EngineError::StorageFull(e.to_string())
        } else {
            EngineError::Database(e)
        }
    }
}

/// Whether `e` means the database could not be reached or went away mid-request. By error kind
/// where the drivers report one (diesel-async maps every socket failure to
/// `UnableToSendCommand`); by message only where they do not: PostgreSQL's shutdown and
/// connection-failure SQLSTATEs (57P01-57P03, 08xxx) arrive as `Unknown` without the code, and
/// SQLite reports `SQLITE_BUSY` (the write lock stayed taken longer than `busy_timeout`) as
/// `Unknown` too. A write refused as read-only (25006) is a connection on a node that is no
/// longer the primary (a failover demoted it): the database, for this call, is away; the pools
/// drop such a connection (`pg/conn.rs`).
fn is_lost_connection(e: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match e {
        Error::DatabaseError(
            DatabaseErrorKind::ClosedConnection
            | DatabaseErrorKind::UnableToSendCommand
            | DatabaseErrorKind::ReadOnlyTransaction,
            _,
        )
        | Error::BrokenTransactionManager => true,
        Error::DatabaseError(DatabaseErrorKind::Unknown, info) => {
            const LOST: [&str; 4] = [
                "terminating connection",
                "the database system is shutting down",
                "the database system is starting up",
                "database is locked",
            ];
            LOST.iter().any(|needle| info.message().contains(needle))
        }
        _ => false,
    }
}

/// Whether `e` means the store is out of space. By message, as for lost connections: SQLite's
/// `SQLITE_FULL` ("database or disk is full") and PostgreSQL's `53100 disk_full` ("could not
/// extend file …: No space left on device", or a WAL write that failed the same way) arrive as
/// `Unknown` without their codes.
fn is_out_of_space(e: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match e {
        Error::DatabaseError(DatabaseErrorKind::Unknown, info) => {
            const FULL: [&str; 3] = ["database or disk is full", "No space left on device", "disk full"];
            FULL.iter().any(|needle| info.message().contains(needle))
        }
        _ => false,
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for EngineError {
    fn from(e: diesel_async::pooled_connection::deadpool::PoolError) -> Self {
        EngineError::Unavailable(e.to_string())
    }
}

pub type EngineResult<T> = Result<T, EngineError>;

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::result::{DatabaseErrorKind, Error};

    fn db_error(kind: DatabaseErrorKind, message: &str) -> Error {
        Error::DatabaseError(kind, Box::new(message.to_owned()))
    }

    #[test]
    fn a_full_disk_is_storage_full_on_both_stores() {
        let full = [
            db_error(DatabaseErrorKind::Unknown, "database or disk is full"),
            db_error(
                DatabaseErrorKind::Unknown,
                "could not extend file \"base/16384/16397\": No space left on device",
            ),
            db_error(
                DatabaseErrorKind::Unknown,
                "could not write to file \"pg_wal/xlogtemp.123\": No space left on device",
            ),
        ];
        for e in full {
            assert!(matches!(EngineError::from(e), EngineError::StorageFull(_)));
        }
        let other = db_error(DatabaseErrorKind::Unknown, "syntax error at or near \"FULL\"");
        assert!(matches!(EngineError::from(other), EngineError::Database(_)));
    }

    #[test]
    fn lost_connections_are_unavailable_and_the_rest_database_errors() {
        let lost = [
            db_error(DatabaseErrorKind::UnableToSendCommand, "connection reset by peer"),
            db_error(DatabaseErrorKind::ClosedConnection, "closed"),
            db_error(DatabaseErrorKind::Unknown, "terminating connection due to administrator command"),
            db_error(DatabaseErrorKind::Unknown, "database is locked"),
            db_error(
                DatabaseErrorKind::ReadOnlyTransaction,
                "cannot execute INSERT in a read-only transaction",
            ),
            Error::BrokenTransactionManager,
        ];
        for e in lost {
            assert!(matches!(EngineError::from(e), EngineError::Unavailable(_)));
        }
        let bugs = [
            db_error(DatabaseErrorKind::UniqueViolation, "duplicate key"),
            db_error(DatabaseErrorKind::Unknown, "syntax error at or near \"SELEC\""),
            Error::NotFound,
        ];
        for e in bugs {
            assert!(matches!(EngineError::from(e), EngineError::Database(_)));
        }
    }
}
