//! Recovery jobs on SQLite (timestamps in microseconds, ids as text).

use super::queue::resend_now;
use super::rows::{ClaimedJobRow, CountRow, IdRow, JobBatchRow, JobOwnerRow, JobRow, RecoveryCandidateRow};
use super::values::{micros, uuid};
use super::{atomically, atomically_as, Writer};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::ResendTarget;
use crate::store::recovery_model::{
    BatchOutcome, BatchPlan, ClaimedJob, RecoveryJob, RecoveryWindow, StartRecovery, RECOVERY_BATCH,
};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};
use uuid::Uuid;

const JOB_COLUMNS: &str =
    "id, endpoint_id, since, until, include_delivered, status, total, processed, resent, \
                           error, created_at, started_at, finished_at, updated_at";

/// The deliveries of a window (endpoint ?2, from ?3 to ?4), counted.
fn count_window(window: &RecoveryWindow) -> String {
    window.count_sql("?2", "?3", "?4", "INDEXED BY webhook_deliveries_open_by_endpoint")
}

pub(crate) fn count_recoverable(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<i64> {
    let row: Option<CountRow> = diesel::sql_query(format!(
        "SELECT {} AS n FROM webhook_endpoints ep \
         WHERE ep.id = ?2 AND ep.tenant_id = ?1 AND ep.deleted_at IS NULL",
        count_window(window)
    ))
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(endpoint.to_string())
    .bind::<BigInt, _>(micros(window.since))
    .bind::<BigInt, _>(micros(window.until))
    .get_result(c)
    .optional()?;
    row.map(|r| r.n).ok_or(EngineError::NotFound)
}

pub(crate) fn any_erased(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<bool> {
    let row: CountRow = diesel::sql_query(format!(
        "SELECT count(*) AS n FROM (SELECT 1 FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
         WHERE d.tenant_id = ?1 AND d.endpoint_id = ?2 AND d.created_at >= ?3 AND d.created_at < ?4 \
           AND d.status IN {} AND e.payload_erased_at IS NOT NULL LIMIT 1)",
        window.status_list()
    ))
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(endpoint.to_string())
    .bind::<BigInt, _>(micros(window.since))
    .bind::<BigInt, _>(micros(window.until))
    .get_result(c)?;
    Ok(row.n > 0)
}

pub(crate) fn start_job(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<StartRecovery> {
    atomically(c, |c| {
        let inserted: Option<JobRow> = diesel::sql_query(format!(
            "INSERT INTO webhook_recovery_jobs \
                 (id, tenant_id, endpoint_id, since, until, include_delivered, status, total, created_at, updated_at) \
             SELECT ?5, ?1, ep.id, ?3, ?4, ?6, 'queued', {count}, ?7, ?7 \
             FROM webhook_endpoints ep WHERE ep.id = ?2 AND ep.tenant_id = ?1 AND ep.deleted_at IS NULL \
             ON CONFLICT (endpoint_id) WHERE status IN ('queued', 'running') DO NOTHING \
             RETURNING {JOB_COLUMNS}",
            count = count_window(window)
        ))
        .bind::<Text, _>(tenant)
        .bind::<Text, _>(endpoint.to_string())
        .bind::<BigInt, _>(micros(window.since))
        .bind::<BigInt, _>(micros(window.until))
        .bind::<Text, _>(id.to_string())
        .bind::<Bool, _>(window.include_delivered)
        .bind::<BigInt, _>(micros(now))
        .get_result(c)
        .optional()?;
        if let Some(job) = inserted {
            return Ok(StartRecovery::Started(job.try_into()?));
        }
        let active: Option<IdRow> = prepared(
            "SELECT id FROM webhook_recovery_jobs \
             WHERE endpoint_id = ?1 AND tenant_id = ?2 AND status IN ('queued', 'running')",
        )
        .bind::<Text, _>(endpoint.to_string())
        .bind::<Text, _>(tenant)
        .get_result(c)
        .optional()?;
        match active {
            Some(r) => Ok(StartRecovery::AlreadyActive(uuid(&r.id)?)),
            None => Err(EngineError::NotFound),
        }
    })
}

pub(crate) fn get_job(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
) -> EngineResult<RecoveryJob> {
    let row: Option<JobRow> = diesel::sql_query(format!(
        "SELECT {JOB_COLUMNS} FROM webhook_recovery_jobs WHERE id = ?1 AND tenant_id = ?2 AND endpoint_id = ?3"
    ))
    .bind::<Text, _>(id.to_string())
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(endpoint.to_string())
    .get_result(c)
    .optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}

pub(crate) fn list_jobs(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    limit: i64,
) -> EngineResult<Vec<RecoveryJob>> {
    let rows: Vec<JobRow> = diesel::sql_query(format!(
        "SELECT {JOB_COLUMNS} FROM webhook_recovery_jobs WHERE endpoint_id = ?1 AND tenant_id = ?2 \
         ORDER BY created_at DESC, id DESC LIMIT ?3"
    ))
    .bind::<Text, _>(endpoint.to_string())
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(limit)
    .load(c)?;
    rows.into_iter().map(RecoveryJob::try_from).collect()
}

pub(crate) fn cancel_job(
    c: &mut SqliteConnection,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<Option<RecoveryJob>> {
    atomically(c, |c| {
        let row: Option<JobRow> = diesel::sql_query(format!(
            "UPDATE webhook_recovery_jobs SET status = 'cancelled', leased_until = NULL, finished_at = ?4, updated_at = ?4 \
             WHERE id = ?1 AND tenant_id = ?2 AND endpoint_id = ?3 AND status IN ('queued', 'running') \
             RETURNING {JOB_COLUMNS}"
        ))
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .bind::<Text, _>(endpoint.to_string())
        .bind::<BigInt, _>(micros(now))
        .get_result(c)
        .optional()?;
        row.map(RecoveryJob::try_from).transpose()
    })
}

pub(crate) fn claim_job(c: &mut SqliteConnection, lease_ms: i64) -> EngineResult<Option<ClaimedJob>> {
    // A read first, outside the write lock: the runner asks every poll interval, and nearly
    // always no job waits (the lock would hold up every writer, of every process, each time).
    let waiting: Option<CountRow> = prepared(
        "SELECT 1 AS n FROM webhook_recovery_jobs \
         WHERE status IN ('queued', 'running') AND (leased_until IS NULL OR leased_until <= ?1) LIMIT 1",
    )
    .bind::<BigInt, _>(micros(Utc::now()))
    .get_result(c)
    .optional()?;
    if waiting.is_none() {
        return Ok(None);
    }
    atomically_as(c, Writer::Dispatcher, |c| {
        let now = micros(Utc::now());
        let row: Option<ClaimedJobRow> = prepared(
            "UPDATE webhook_recovery_jobs \
             SET status = 'running', fence = random(), leased_until = ?1 + ?2 * 1000, \
                 started_at = COALESCE(started_at, ?1), updated_at = ?1 \
             WHERE id = (SELECT id FROM webhook_recovery_jobs \
                         WHERE status IN ('queued', 'running') AND (leased_until IS NULL OR leased_until <= ?1) \
                         ORDER BY created_at LIMIT 1) \
             RETURNING id, fence",
        )
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(lease_ms)
        .get_result(c)
        .optional()?;
        row.map(|r| Ok(ClaimedJob { id: uuid(&r.id)?, fence: r.fence })).transpose()
    })
}

pub(crate) fn run_batch(
    c: &mut SqliteConnection,
    job: &ClaimedJob,
    lease_ms: i64,
    now: DateTime<Utc>,
) -> EngineResult<BatchOutcome> {
    atomically_as(c, Writer::Dispatcher, |c| {
        let state: Option<JobBatchRow> = prepared(
            "SELECT tenant_id, endpoint_id, since, until, include_delivered, cursor_created_at, cursor_id \
             FROM webhook_recovery_jobs WHERE id = ?1 AND fence = ?2 AND status = 'running'",
        )
        .bind::<Text, _>(job.id.to_string())
        .bind::<BigInt, _>(job.fence)
        .get_result(c)
        .optional()?;
        let Some(state) = state else { return Ok(BatchOutcome::Stopped) };
        let window = state.window()?;
        let candidates: Vec<RecoveryCandidateRow> = diesel::sql_query(format!(
            "SELECT d.id, d.created_at, d.status, d.leased_until > ?8 AS in_flight, \
                    ep.deleted_at IS NOT NULL AS endpoint_deleted, ep.disabled_at IS NOT NULL AS endpoint_disabled \
             FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
             WHERE d.tenant_id = ?1 AND d.endpoint_id = ?2 AND d.created_at >= ?3 AND d.created_at < ?4 \
               AND d.status IN {} \
               AND (?5 IS NULL OR (d.created_at, d.id) > (?5, ?6)) \
             ORDER BY d.created_at, d.id LIMIT ?7",
            window.status_list()
        ))
        .bind::<Text, _>(&state.tenant_id)
        .bind::<Text, _>(&state.endpoint_id)
        .bind::<BigInt, _>(micros(window.since))
        .bind::<BigInt, _>(micros(window.until))
        .bind::<Nullable<BigInt>, _>(state.cursor_created_at)
        .bind::<Text, _>(state.cursor_id.clone().unwrap_or_default())
        .bind::<BigInt, _>(RECOVERY_BATCH)
        .bind::<BigInt, _>(micros(Utc::now()))
        .load(c)?;
        let ids = candidates.iter().map(|c| uuid(&c.id)).collect::<Result<Vec<_>, _>>()?;
        let erased = super::retention::erased_payloads(c, &ids)?;
        let targets = candidates
            .iter()
            .map(|c| ResendTarget::try_from(c.target()))
            .collect::<EngineResult<Vec<_>>>()?;
        let plan = BatchPlan::for_candidates(targets, &ids, &erased)?;
        for &(i, terminal) in &plan.resend {
            resend_now(c, &candidates[i].id, terminal, now)?;
        }
        let last = candidates.last();
        let now_us = micros(now);
        prepared(
            "UPDATE webhook_recovery_jobs \
             SET processed = processed + ?3, resent = resent + ?4, \
                 cursor_created_at = COALESCE(?5, cursor_created_at), cursor_id = COALESCE(?6, cursor_id), \
                 status = ?7, error = ?8, \
                 finished_at = CASE WHEN ?7 IN ('finished', 'failed') THEN ?9 END, \
                 leased_until = CASE WHEN ?7 = 'running' THEN ?9 + ?10 * 1000 END, \
                 updated_at = ?9 \
             WHERE id = ?1 AND fence = ?2",
        )
        .bind::<Text, _>(job.id.to_string())
        .bind::<BigInt, _>(job.fence)
        .bind::<BigInt, _>(candidates.len() as i64)
        .bind::<BigInt, _>(plan.resend.len() as i64)
        .bind::<Nullable<BigInt>, _>(last.map(|c| c.created_at))
        .bind::<Nullable<Text>, _>(last.map(|c| c.id.clone()))
        .bind::<Text, _>(plan.status.as_str())
        .bind::<Nullable<Text>, _>(plan.error)
        .bind::<BigInt, _>(now_us)
        .bind::<BigInt, _>(lease_ms)
        .execute(c)?;
        Ok(plan.outcome())
    })
}

pub(crate) fn job_report(c: &mut SqliteConnection, id: Uuid) -> EngineResult<(String, RecoveryJob)> {
    let owner: JobOwnerRow =
        prepared("SELECT tenant_id, endpoint_id FROM webhook_recovery_jobs WHERE id = ?1")
            .bind::<Text, _>(id.to_string())
            .get_result(c)
            .optional()?
            .ok_or(EngineError::NotFound)?;
    let job = get_job(c, &owner.tenant_id, uuid(&owner.endpoint_id)?, id)?;
    Ok((owner.tenant_id, job))
}
