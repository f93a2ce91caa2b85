//! The recovery runner: takes a recovery job no runner holds (queued, or left by a process
//! that died) and works through it batch by batch until it is done, cancelled, or this
//! process stops. Each batch commits its re-sends with the job's progress, under the job's
//! fence, so a job resumed elsewhere neither repeats nor skips a delivery.
//!
//! - **Owns**: the job it holds, under a lease of the dispatcher's delivery lease.
//! - **Woken by**: its poll (`poll_interval`) when it holds no job; a held job's batches run
//!   back to back.
//! - **Never**: sends anything itself (its re-sends are due rows the claim loop sends), or
//!   holds a job past its lease without renewing it with a batch.

use super::config::millis;
use crate::core::Core;
use crate::ops::{self, OpsEvent};
use crate::store::recovery;
use crate::store::recovery_model::{BatchOutcome, ClaimedJob};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Runs until `shutdown`; looks for a job every `poll` when it has none. A job is held for
/// `lease` between batches (the dispatcher's delivery lease): after that another process may
/// take it over.
pub(super) async fn run(core: Arc<Core>, shutdown: CancellationToken, poll: Duration, lease: Duration) {
    let lease_ms = millis(lease);
    loop {
        let claimed = core.run(crate::on_conn!(|c| recovery::claim_job(c, lease_ms).await)).await;
        match claimed {
            Ok(Some(job)) => {
                work_through(&core, &job, lease_ms, &shutdown).await;
                continue;
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "looking for recovery jobs failed; trying again"),
        }
        tokio::select! {
            () = tokio::time::sleep(poll) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

async fn work_through(core: &Core, job: &ClaimedJob, lease_ms: i64, shutdown: &CancellationToken) {
    let mut resent_total = 0;
    loop {
        if shutdown.is_cancelled() {
            // Its lease runs out and another process takes it over where this one stopped.
            return;
        }
        let (claimed, now, ops) = (job.clone(), core.now(), core.ops().cloned());
        // The last batch and its operational event commit together.
        let batch = core
            .transaction(crate::on_conn!(|c| {
                let outcome = recovery::run_batch(c, &claimed, lease_ms, now).await?;
                if let (BatchOutcome::Done { .. }, Some(feed)) = (outcome, ops) {
                    let (tenant_id, job) = recovery::job_report(c, claimed.id).await?;
                    let event = OpsEvent::RecoveryJobFinished { tenant_id, job };
                    ops::enqueue(c, &feed, &[event], now).await?;
                }
                Ok::<_, crate::error::EngineError>(outcome)
            }))
            .await;
        match batch {
            Ok(BatchOutcome::Progressed { resent }) => resent_total += resent,
            Ok(BatchOutcome::Done { resent }) => {
                tracing::info!(job_id = %job.id, resent = resent_total + resent, "recovery job done");
                return;
            }
            Ok(BatchOutcome::Stopped) => {
                tracing::info!(job_id = %job.id, resent = resent_total, "recovery job stopped (cancelled or taken over)");
                return;
            }
            Err(e) => {
                tracing::warn!(job_id = %job.id, error = %e, "a recovery batch failed; the job resumes after its lease");
                return;
            }
        }
    }
}
