//! SQLite: a tenant's activity (see `store/stats.rs`).

use super::rows::{ActivityRow, HourCellRow, WaitingRow};
use super::values::{micros, opt_time};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::stats_model::{hour_of, EndpointActivity, HourCell, TenantOverview, Waiting};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Text};
use diesel::{RunQueryDsl, SqliteConnection};

pub(crate) fn tenant_overview(
    c: &mut SqliteConnection,
    tenant: &str,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> EngineResult<TenantOverview> {
    // The open deliveries through the claim's per-endpoint index (few rows: D36 caps them), of
    // the tenant's live endpoints.
    let waiting: WaitingRow = prepared(concat!(
        "SELECT count(*) FILTER (WHERE available_at <= ?2) AS due, \
           count(*) FILTER (WHERE available_at > ?2 AND (leased_until IS NULL OR leased_until <= ?2)) \
             AS scheduled, \
           count(*) FILTER (WHERE leased_until > ?2) AS in_flight, \
           (SELECT count(*) FROM webhook_deliveries WHERE tenant_id = ?1 AND status = 'dead') AS dead_total, \
           min(available_at) FILTER (WHERE available_at <= ?2) AS oldest_due_at \
         FROM webhook_deliveries INDEXED BY webhook_deliveries_open_by_endpoint \
         WHERE status IN ('pending', 'failed') AND endpoint_id IN ",
        live_endpoints_of!("?1")
    ))
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(micros(now))
    .get_result(c)?;
    let cells: Vec<HourCellRow> = prepared(
        "SELECT hour, latency_bucket, sum(attempts) AS attempts, sum(succeeded) AS succeeded, \
           sum(first_attempts) AS first_attempts, sum(given_up) AS given_up \
         FROM webhook_stats_hourly WHERE tenant_id = ?1 AND hour >= ?2 \
         GROUP BY hour, latency_bucket ORDER BY hour, latency_bucket",
    )
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(micros(hour_of(since)))
    .load(c)?;
    let cells = cells.into_iter().map(HourCell::try_from).collect::<EngineResult<Vec<_>>>()?;
    let waiting = Waiting {
        due: waiting.due,
        scheduled: waiting.scheduled,
        in_flight: waiting.in_flight,
        dead_total: waiting.dead_total,
        oldest_due_at: opt_time(waiting.oldest_due_at)?,
    };
    Ok(TenantOverview::from_cells(since, &cells, waiting))
}

pub(crate) fn endpoint_activity(
    c: &mut SqliteConnection,
    tenant: &str,
    since: DateTime<Utc>,
) -> EngineResult<Vec<EndpointActivity>> {
    let rows: Vec<ActivityRow> = prepared(
        "SELECT endpoint_id, max(last_attempt_at) AS last_attempt_at, sum(succeeded) AS delivered, \
           sum(attempts - succeeded) AS failed \
         FROM webhook_stats_hourly WHERE tenant_id = ?1 AND hour >= ?2 GROUP BY endpoint_id",
    )
    .bind::<Text, _>(tenant)
    .bind::<BigInt, _>(micros(hour_of(since)))
    .load(c)?;
    rows.into_iter().map(EndpointActivity::try_from).collect()
}
