//! Bulk recovery (docs/decisions.md D33): re-send an endpoint's failed and dead deliveries of a
//! time window, as a durable job that the worker processes work through
//! (`worker/recovery.rs`).

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::ops::{self, OpsEvent};
use crate::store::recovery_model::{cancel_conflict, RecoveryJob, RecoveryWindow, StartRecovery};
use crate::store::{endpoints, recovery};
use crate::tenant::Tenant;
use uuid::Uuid;

/// Jobs listed per endpoint, newest first.
const JOBS_LISTED: i64 = 100;

impl Engine {
    /// How many deliveries a job over `window` would re-send now. `PayloadExpired` when some of
    /// them lost their payload to retention (a job could not send them).
    pub async fn recovery_dry_run(
        &self,
        tenant: &Tenant,
        endpoint: Uuid,
        window: RecoveryWindow,
    ) -> EngineResult<i64> {
        self.refuse_erased(tenant, endpoint, window).await?;
        let tenant = tenant.clone();
        self.run(
            crate::on_conn!(|c| recovery::count_recoverable(c, tenant.as_str(), endpoint, &window).await),
        )
        .await
    }

    /// `PayloadExpired` when a delivery of `window` lost its payload to retention.
    async fn refuse_erased(
        &self,
        tenant: &Tenant,
        endpoint: Uuid,
        window: RecoveryWindow,
    ) -> EngineResult<()> {
        // A delivery made after the payload cutoff cannot have lost its payload.
        let cutoff = self
            .config
            .payload_retention
            .map(|age| self.core.now() - chrono::Duration::from_std(age).unwrap_or(chrono::Duration::MAX));
        let window = RecoveryWindow { until: cutoff.map_or(window.until, |c| c.min(window.until)), ..window };
        if window.until <= window.since {
            return Ok(());
        }
        let tenant = tenant.clone();
        let erased = self
            .run(crate::on_conn!(|c| recovery::any_erased(c, tenant.as_str(), endpoint, &window).await))
            .await?;
        if erased {
            return Err(EngineError::PayloadExpired);
        }
        Ok(())
    }

    /// Queues a job over `window`, unless the endpoint has an active one.
    pub async fn start_recovery(
        &self,
        tenant: &Tenant,
        endpoint: Uuid,
        window: RecoveryWindow,
    ) -> EngineResult<StartRecovery> {
        self.refuse_erased(tenant, endpoint, window).await?;
        let (tenant, id, now) = (tenant.clone(), Uuid::now_v7(), self.core.now());
        self.run(crate::on_conn!(
            |c| recovery::start_job(c, tenant.as_str(), endpoint, &window, id, now).await
        ))
        .await
    }

    pub async fn recovery_job(&self, tenant: &Tenant, endpoint: Uuid, id: Uuid) -> EngineResult<RecoveryJob> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| recovery::get_job(c, tenant.as_str(), endpoint, id).await)).await
    }

    /// The endpoint's last 100 jobs, newest first.
    pub async fn recovery_jobs(&self, tenant: &Tenant, endpoint: Uuid) -> EngineResult<Vec<RecoveryJob>> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| {
            // An unknown (or another tenant's) endpoint is NotFound, not an empty list.
            endpoints::get_endpoint(c, tenant.as_str(), endpoint).await?;
            recovery::list_jobs(c, tenant.as_str(), endpoint, JOBS_LISTED).await
        }))
        .await
    }

    /// Cancels an active job: what it re-sent stays re-sent, the rest is left alone.
    /// `RecoveryJobEnded` if it had already ended.
    pub async fn cancel_recovery(
        &self,
        tenant: &Tenant,
        endpoint: Uuid,
        id: Uuid,
    ) -> EngineResult<RecoveryJob> {
        let (tenant, now, ops) = (tenant.clone(), self.core.now(), self.core.ops().cloned());
        self.transaction(crate::on_conn!(|c| {
            if let Some(job) = recovery::cancel_job(c, tenant.as_str(), endpoint, id, now).await? {
                if let Some(feed) = ops {
                    let event =
                        OpsEvent::RecoveryJobFinished { tenant_id: tenant.to_string(), job: job.clone() };
                    ops::enqueue(c, &feed, &[event], now).await?;
                }
                return Ok(job);
            }
            let job = recovery::get_job(c, tenant.as_str(), endpoint, id).await?;
            Err(cancel_conflict(job.status).unwrap_or(EngineError::RecoveryJobEnded))
        }))
        .await
    }
}
