//! Bulk recovery jobs: re-send an endpoint's failed and dead deliveries of a time window, in
//! batches whose progress commits with the re-sends, so a job resumes after a crash without
//! skipping or repeating a delivery (docs/decisions.md D33).

use super::recovery_model::{BatchOutcome, ClaimedJob, RecoveryJob, RecoveryWindow, StartRecovery};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// How many deliveries `window` holds now (the dry run); `NotFound` unless the endpoint is the
/// tenant's and not deleted.
pub(crate) async fn count_recoverable(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<i64> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::count_recoverable(c, tenant, endpoint, window).await,
        Backend::Sqlite(c) => sqlite::recovery::count_recoverable(c, tenant, endpoint, window),
    }
}

/// Whether a delivery of `window` has lost its payload to retention (it could not be re-sent);
/// the read stops at the first.
pub(crate) async fn any_erased(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<bool> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::any_erased(c, tenant, endpoint, window).await,
        Backend::Sqlite(c) => sqlite::recovery::any_erased(c, tenant, endpoint, window),
    }
}

/// Queues a job over `window`, its total counted in the same statement, unless the endpoint
/// already has an active one.
pub(crate) async fn start_job(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<StartRecovery> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::start_job(c, tenant, endpoint, window, id, now).await,
        Backend::Sqlite(c) => sqlite::recovery::start_job(c, tenant, endpoint, window, id, now),
    }
}

/// One of the tenant's jobs on `endpoint`.
pub(crate) async fn get_job(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
) -> EngineResult<RecoveryJob> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::get_job(c, tenant, endpoint, id).await,
        Backend::Sqlite(c) => sqlite::recovery::get_job(c, tenant, endpoint, id),
    }
}

/// The endpoint's jobs, newest first.
pub(crate) async fn list_jobs(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    limit: i64,
) -> EngineResult<Vec<RecoveryJob>> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::list_jobs(c, tenant, endpoint, limit).await,
        Backend::Sqlite(c) => sqlite::recovery::list_jobs(c, tenant, endpoint, limit),
    }
}

/// Cancels the job if it is active; `None` if there is no active job of that id.
pub(crate) async fn cancel_job(
    conn: &mut DbConn<'_>,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<Option<RecoveryJob>> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::cancel_job(c, tenant, endpoint, id, now).await,
        Backend::Sqlite(c) => sqlite::recovery::cancel_job(c, tenant, endpoint, id, now),
    }
}

/// Takes the oldest active job that no runner holds, under a lease and a fresh fence.
pub(crate) async fn claim_job(conn: &mut DbConn<'_>, lease_ms: i64) -> EngineResult<Option<ClaimedJob>> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::claim_job(c, lease_ms).await,
        Backend::Sqlite(c) => sqlite::recovery::claim_job(c, lease_ms),
    }
}

/// Re-sends the job's next batch and advances it (renewing the lease), or finds it stopped.
/// What it re-sent is due now, which the receipt says.
pub(crate) async fn run_batch(
    conn: &mut DbConn<'_>,
    job: &ClaimedJob,
    lease_ms: i64,
    now: DateTime<Utc>,
) -> EngineResult<BatchOutcome> {
    let outcome = match conn.backend() {
        Backend::Pg(c) => pg::recovery::run_batch(c, job, lease_ms, now).await?,
        Backend::Sqlite(c) => sqlite::recovery::run_batch(c, job, lease_ms, now)?,
    };
    if let BatchOutcome::Progressed { resent } | BatchOutcome::Done { resent } = outcome {
        if resent > 0 {
            conn.receipt().made_due();
        }
    }
    Ok(outcome)
}

/// A job's tenant and state, for reporting it once it ended (any tenant's: the caller has the
/// id from its own claim).
pub(crate) async fn job_report(conn: &mut DbConn<'_>, id: Uuid) -> EngineResult<(String, RecoveryJob)> {
    match conn.backend() {
        Backend::Pg(c) => pg::recovery::job_report(c, id).await,
        Backend::Sqlite(c) => sqlite::recovery::job_report(c, id),
    }
}
