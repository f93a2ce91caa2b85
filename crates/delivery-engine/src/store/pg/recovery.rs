//! Recovery jobs on PostgreSQL.

use super::queue::resend_now;
use super::rows::{ClaimedJobRow, CountRow, IdRow, JobBatchRow, JobOwnerRow, JobRow, RecoveryCandidateRow};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::model::ResendTarget;
use crate::store::recovery_model::{
    BatchOutcome, BatchPlan, ClaimedJob, RecoveryJob, RecoveryWindow, StartRecovery, RECOVERY_BATCH,
};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::OptionalExtension;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

const JOB_COLUMNS: &str =
    "id, endpoint_id, since, until, include_delivered, status, total, processed, resent, \
                           error, created_at, started_at, finished_at, updated_at";

/// The deliveries of `window` now, counted only for a live endpoint of the tenant.
pub(crate) async fn count_recoverable(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<i64> {
    let row: Option<CountRow> = diesel::sql_query(format!(
        "SELECT {} AS n FROM webhook_endpoints ep WHERE ep.id = $2 AND ep.tenant_id = $1 AND ep.deleted_at IS NULL",
        window.count_sql("$2", "$3", "$4", "")
    ))
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Timestamptz, _>(window.since)
    .bind::<Timestamptz, _>(window.until)
    .get_result(conn)
    .await
    .optional()?;
    row.map(|r| r.n).ok_or(EngineError::NotFound)
}

pub(crate) async fn any_erased(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
) -> EngineResult<bool> {
    // Without delivered ones, the window is read from the index of failed and dead deliveries
    // alone (it carries the event id), and each event is looked for among the erased ones
    // (migration 000019): no row of either table is read.
    let row: CountRow = diesel::sql_query(format!(
        "SELECT count(*) AS n FROM (SELECT 1 FROM webhook_deliveries d \
         WHERE d.endpoint_id = $2 AND d.created_at >= $3 AND d.created_at < $4 AND d.status IN {} \
           AND EXISTS (SELECT 1 FROM webhook_events e WHERE e.id = d.event_id AND e.payload_erased_at IS NOT NULL \
                       AND e.tenant_id = $1) LIMIT 1) first",
        window.status_list()
    ))
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Timestamptz, _>(window.since)
    .bind::<Timestamptz, _>(window.until)
    .get_result(conn)
    .await?;
    Ok(row.n > 0)
}

pub(crate) async fn start_job(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    window: &RecoveryWindow,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<StartRecovery> {
    let inserted: Option<JobRow> = diesel::sql_query(format!(
        r#"
        INSERT INTO webhook_recovery_jobs
            (id, tenant_id, endpoint_id, since, until, include_delivered, status, total, created_at, updated_at)
        SELECT $1, $2, ep.id, $4, $5, $6, 'queued', {count}, $7, $7
        FROM webhook_endpoints ep WHERE ep.id = $3 AND ep.tenant_id = $2 AND ep.deleted_at IS NULL
        ON CONFLICT (endpoint_id) WHERE status IN ('queued', 'running') DO NOTHING
        RETURNING {JOB_COLUMNS}
        "#,
        count = window.count_sql("$3", "$4", "$5", "")
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Timestamptz, _>(window.since)
    .bind::<Timestamptz, _>(window.until)
    .bind::<Bool, _>(window.include_delivered)
    .bind::<Timestamptz, _>(now)
    .get_result(conn)
    .await
    .optional()?;
    if let Some(job) = inserted {
        return Ok(StartRecovery::Started(job.try_into()?));
    }
    // Either the endpoint is not the tenant's (or deleted), or it has an active job.
    let active: Option<IdRow> = prepared(
        "SELECT id FROM webhook_recovery_jobs \
         WHERE endpoint_id = $1 AND tenant_id = $2 AND status IN ('queued', 'running')",
    )
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Text, _>(tenant)
    .get_result(conn)
    .await
    .optional()?;
    active.map(|r| StartRecovery::AlreadyActive(r.id)).ok_or(EngineError::NotFound)
}

pub(crate) async fn get_job(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
) -> EngineResult<RecoveryJob> {
    let row: Option<JobRow> = diesel::sql_query(format!(
        "SELECT {JOB_COLUMNS} FROM webhook_recovery_jobs WHERE id = $1 AND tenant_id = $2 AND endpoint_id = $3"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(endpoint)
    .get_result(conn)
    .await
    .optional()?;
    row.ok_or(EngineError::NotFound)?.try_into()
}

pub(crate) async fn list_jobs(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    limit: i64,
) -> EngineResult<Vec<RecoveryJob>> {
    let rows: Vec<JobRow> = diesel::sql_query(format!(
        "SELECT {JOB_COLUMNS} FROM webhook_recovery_jobs WHERE endpoint_id = $1 AND tenant_id = $2 \
         ORDER BY created_at DESC, id DESC LIMIT $3"
    ))
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?;
    rows.into_iter().map(RecoveryJob::try_from).collect()
}

/// Cancels an active job; `None` when there is no active job of that id.
pub(crate) async fn cancel_job(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    endpoint: Uuid,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<Option<RecoveryJob>> {
    let row: Option<JobRow> = diesel::sql_query(format!(
        "UPDATE webhook_recovery_jobs SET status = 'cancelled', leased_until = NULL, finished_at = $4, updated_at = $4 \
         WHERE id = $1 AND tenant_id = $2 AND endpoint_id = $3 AND status IN ('queued', 'running') \
         RETURNING {JOB_COLUMNS}"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(endpoint)
    .bind::<Timestamptz, _>(now)
    .get_result(conn)
    .await
    .optional()?;
    row.map(RecoveryJob::try_from).transpose()
}

/// Takes the oldest active job no runner holds (a queued one, or one whose runner died).
pub(crate) async fn claim_job(
    conn: &mut AsyncPgConnection,
    lease_ms: i64,
) -> EngineResult<Option<ClaimedJob>> {
    let row: Option<ClaimedJobRow> = prepared(
        r#"
        UPDATE webhook_recovery_jobs j
        SET status = 'running', fence = floor(random() * 9.0e18)::bigint,
            leased_until = now() + $1 * interval '1 millisecond',
            started_at = COALESCE(j.started_at, now()), updated_at = now()
        WHERE j.id = (SELECT id FROM webhook_recovery_jobs
                      WHERE status IN ('queued', 'running') AND (leased_until IS NULL OR leased_until <= now())
                      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING j.id, j.fence
        "#,
    )
    .bind::<BigInt, _>(lease_ms)
    .get_result(conn)
    .await
    .optional()?;
    Ok(row.map(|r| ClaimedJob { id: r.id, fence: r.fence }))
}

/// Re-sends the job's next deliveries and moves its cursor past them, in one transaction, so
/// a job that dies between batches neither skips nor repeats one.
pub(crate) async fn run_batch(
    conn: &mut AsyncPgConnection,
    job: &ClaimedJob,
    lease_ms: i64,
    now: DateTime<Utc>,
) -> EngineResult<BatchOutcome> {
    let job = job.clone();
    conn.transaction(async move |conn| {
        let state: Option<JobBatchRow> = prepared(
            "SELECT tenant_id, endpoint_id, since, until, include_delivered, cursor_created_at, cursor_id \
             FROM webhook_recovery_jobs WHERE id = $1 AND fence = $2 AND status = 'running' FOR UPDATE",
        )
        .bind::<SqlUuid, _>(job.id)
        .bind::<BigInt, _>(job.fence)
        .get_result(conn)
        .await
        .optional()?;
        let Some(state) = state else { return Ok(BatchOutcome::Stopped) };
        let window = RecoveryWindow { since: state.since, until: state.until, include_delivered: state.include_delivered };
        let candidates: Vec<RecoveryCandidateRow> = diesel::sql_query(format!(
            r#"
            SELECT d.id, d.created_at, d.status, d.leased_until > statement_timestamp() AS in_flight,
                   ep.deleted_at IS NOT NULL AS endpoint_deleted, ep.disabled_at IS NOT NULL AS endpoint_disabled
            FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
            WHERE d.tenant_id = $1 AND d.endpoint_id = $2 AND d.created_at >= $3 AND d.created_at < $4
              AND d.status IN {}
              AND ($5::timestamptz IS NULL OR (d.created_at, d.id) > ($5, $6))
            ORDER BY d.created_at, d.id
            LIMIT $7
            FOR UPDATE OF d FOR SHARE OF ep
            "#,
            window.status_list()
        ))
        .bind::<Text, _>(&state.tenant_id)
        .bind::<SqlUuid, _>(state.endpoint_id)
        .bind::<Timestamptz, _>(window.since)
        .bind::<Timestamptz, _>(window.until)
        .bind::<Nullable<Timestamptz>, _>(state.cursor_created_at)
        .bind::<SqlUuid, _>(state.cursor_id.unwrap_or(Uuid::nil()))
        .bind::<BigInt, _>(RECOVERY_BATCH)
        .load(conn)
        .await?;
        let ids: Vec<Uuid> = candidates.iter().map(|c| c.id).collect();
        let erased = super::retention::erased_payloads(conn, &ids).await?;
        let targets =
            candidates.iter().map(|c| ResendTarget::try_from(c.target())).collect::<EngineResult<Vec<_>>>()?;
        let plan = BatchPlan::for_candidates(targets, &ids, &erased)?;
        for &(i, terminal) in &plan.resend {
            resend_now(conn, candidates[i].id, terminal, now).await?;
        }
        let last = candidates.last();
        prepared(
            r#"
            UPDATE webhook_recovery_jobs
            SET processed = processed + $3, resent = resent + $4,
                cursor_created_at = COALESCE($5, cursor_created_at), cursor_id = COALESCE($6, cursor_id),
                status = $7, error = $8,
                finished_at = CASE WHEN $7 IN ('finished', 'failed') THEN $9 END,
                leased_until = CASE WHEN $7 = 'running' THEN now() + $10 * interval '1 millisecond' END,
                updated_at = $9
            WHERE id = $1 AND fence = $2
            "#,
        )
        .bind::<SqlUuid, _>(job.id)
        .bind::<BigInt, _>(job.fence)
        .bind::<BigInt, _>(candidates.len() as i64)
        .bind::<BigInt, _>(plan.resend.len() as i64)
        .bind::<Nullable<Timestamptz>, _>(last.map(|c| c.created_at))
        .bind::<Nullable<SqlUuid>, _>(last.map(|c| c.id))
        .bind::<Text, _>(plan.status.as_str())
        .bind::<Nullable<Text>, _>(plan.error)
        .bind::<Timestamptz, _>(now)
        .bind::<BigInt, _>(lease_ms)
        .execute(conn)
        .await?;
        Ok(plan.outcome())
    })
    .await
}

pub(crate) async fn job_report(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> EngineResult<(String, RecoveryJob)> {
    let owner: JobOwnerRow =
        prepared("SELECT tenant_id, endpoint_id FROM webhook_recovery_jobs WHERE id = $1")
            .bind::<SqlUuid, _>(id)
            .get_result(conn)
            .await
            .optional()?
            .ok_or(EngineError::NotFound)?;
    let job = get_job(conn, &owner.tenant_id, owner.endpoint_id, id).await?;
    Ok((owner.tenant_id, job))
}
