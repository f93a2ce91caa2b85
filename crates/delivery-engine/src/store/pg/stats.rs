//! PostgreSQL: a tenant's activity (see `store/stats.rs`).

use super::rows::{ActivityRow, CreatedRow, DurationRow, HourRow, WaitingRow};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::stats_model::{quantile_rank, EndpointActivity, TenantOverview};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

/// The attempts counted: those since `$2` of the tenant's deliveries created since `$2`.
const ATTEMPTS: &str = "FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id \
     WHERE d.tenant_id = $1 AND d.created_at >= $2 AND a.started_at >= $2";

pub(crate) async fn tenant_overview(
    c: &mut AsyncPgConnection,
    tenant: &str,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> EngineResult<TenantOverview> {
    let waiting: WaitingRow = prepared(
        "SELECT count(*) FILTER (WHERE available_at <= $2) AS due, \
           count(*) FILTER (WHERE available_at > $2 AND (leased_until IS NULL OR leased_until <= $2)) \
             AS scheduled, \
           count(*) FILTER (WHERE leased_until > $2) AS in_flight, \
           count(*) FILTER (WHERE status = 'dead') AS dead_total, \
           min(available_at) FILTER (WHERE available_at <= $2) AS oldest_due_at \
         FROM webhook_deliveries WHERE tenant_id = $1 AND status <> 'delivered'",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(now)
    .get_result(c)
    .await?;
    let created: CreatedRow = prepared(
        "SELECT count(*) AS created, count(*) FILTER (WHERE status = 'delivered') AS delivered, \
           count(*) FILTER (WHERE status = 'dead') AS dead \
         FROM webhook_deliveries WHERE tenant_id = $1 AND created_at >= $2",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(since)
    .get_result(c)
    .await?;
    let hours: Vec<HourRow> = diesel::sql_query(format!(
        "SELECT date_trunc('hour', a.started_at) AS hour, \
           count(*) FILTER (WHERE a.response_code BETWEEN 200 AND 299) AS ok, \
           count(*) FILTER (WHERE a.response_code IS NULL OR a.response_code NOT BETWEEN 200 AND 299) AS failed \
         {ATTEMPTS} GROUP BY 1 ORDER BY 1"
    ))
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(since)
    .load(c)
    .await?;
    let attempts: i64 = hours.iter().map(|h| h.ok + h.failed).sum();
    let mut latency = [None, None];
    for (slot, q) in latency.iter_mut().zip([0.5, 0.95]) {
        if let Some(rank) = quantile_rank(attempts, q) {
            let row: DurationRow = diesel::sql_query(format!(
                "SELECT a.duration_ms {ATTEMPTS} ORDER BY a.duration_ms LIMIT 1 OFFSET $3"
            ))
            .bind::<Text, _>(tenant)
            .bind::<Timestamptz, _>(since)
            .bind::<BigInt, _>(rank)
            .get_result(c)
            .await?;
            *slot = Some(row.duration_ms);
        }
    }
    Ok(TenantOverview {
        since,
        created: created.created,
        delivered: created.delivered,
        dead: created.dead,
        attempts,
        attempts_ok: hours.iter().map(|h| h.ok).sum(),
        latency_p50_ms: latency[0],
        latency_p95_ms: latency[1],
        due: waiting.due,
        scheduled: waiting.scheduled,
        in_flight: waiting.in_flight,
        dead_total: waiting.dead_total,
        oldest_due_at: waiting.oldest_due_at,
        hourly: hours.into_iter().map(Into::into).collect(),
    })
}

pub(crate) async fn endpoint_activity(
    c: &mut AsyncPgConnection,
    tenant: &str,
    since: DateTime<Utc>,
) -> EngineResult<Vec<EndpointActivity>> {
    let rows: Vec<ActivityRow> = prepared(
        "SELECT endpoint_id, max(created_at) AS last_created_at, \
           count(*) FILTER (WHERE status = 'delivered') AS delivered, \
           count(*) FILTER (WHERE status IN ('failed', 'dead')) AS failing \
         FROM webhook_deliveries WHERE tenant_id = $1 AND created_at >= $2 GROUP BY endpoint_id",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(since)
    .load(c)
    .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}
