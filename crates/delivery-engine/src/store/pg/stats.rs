//! PostgreSQL: a tenant's activity (see `store/stats.rs`).

use super::rows::{ActivityRow, HourCellRow, WaitingRow};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::stats_model::{hour_of, EndpointActivity, HourCell, TenantOverview, Waiting};
use chrono::{DateTime, Utc};
use diesel::sql_types::{Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

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
           (SELECT count(*) FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'dead') AS dead_total, \
           min(available_at) FILTER (WHERE available_at <= $2) AS oldest_due_at \
         FROM webhook_deliveries WHERE tenant_id = $1 AND status IN ('pending', 'failed')",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(now)
    .get_result(c)
    .await?;
    let cells: Vec<HourCellRow> = prepared(
        "SELECT hour, latency_bucket, sum(attempts)::int8 AS attempts, sum(succeeded)::int8 AS succeeded, \
           sum(first_attempts)::int8 AS first_attempts, sum(given_up)::int8 AS given_up \
         FROM webhook_stats_hourly WHERE tenant_id = $1 AND hour >= $2 \
         GROUP BY hour, latency_bucket ORDER BY hour, latency_bucket",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(hour_of(since))
    .load(c)
    .await?;
    let cells: Vec<HourCell> = cells.into_iter().map(Into::into).collect();
    let waiting = Waiting {
        due: waiting.due,
        scheduled: waiting.scheduled,
        in_flight: waiting.in_flight,
        dead_total: waiting.dead_total,
        oldest_due_at: waiting.oldest_due_at,
    };
    Ok(TenantOverview::from_cells(since, &cells, waiting))
}

pub(crate) async fn endpoint_activity(
    c: &mut AsyncPgConnection,
    tenant: &str,
    since: DateTime<Utc>,
) -> EngineResult<Vec<EndpointActivity>> {
    let rows: Vec<ActivityRow> = prepared(
        "SELECT endpoint_id, max(last_attempt_at) AS last_attempt_at, sum(succeeded)::int8 AS delivered, \
           sum(attempts - succeeded)::int8 AS failed \
         FROM webhook_stats_hourly WHERE tenant_id = $1 AND hour >= $2 GROUP BY endpoint_id",
    )
    .bind::<Text, _>(tenant)
    .bind::<Timestamptz, _>(hour_of(since))
    .load(c)
    .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}
