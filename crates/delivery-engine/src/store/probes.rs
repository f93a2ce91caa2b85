//! Probes of endpoints the engine disabled for failing (docs/operational-webhooks.md): a
//! durable schedule on the endpoint row (`next_probe_at`), claimed under a lease so that two
//! workers never probe one endpoint at once, and the answer recorded under that lease.

use super::model::{EndpointRef, ProbeTarget, ProbeVerdict};
use super::{pg, sqlite, Backend, DbConn};
use crate::error::EngineResult;
use chrono::{DateTime, Utc};

/// Claims up to `limit` endpoints disabled for failing whose probe is due, oldest due first:
/// their `next_probe_at` becomes the lease's end (`lease_ms` from now on the database's
/// clock), which is both the claim and its fence. Rows another worker holds are skipped.
pub(crate) async fn claim_due_probes(
    conn: &mut DbConn<'_>,
    lease_ms: i64,
    limit: i64,
) -> EngineResult<Vec<ProbeTarget>> {
    match conn.backend() {
        Backend::Pg(c) => pg::probes::claim_due_probes(c, lease_ms, limit).await,
        Backend::Sqlite(c) => sqlite::probes::claim_due_probes(c, lease_ms, limit),
    }
}

/// Records a probe's answer, only while `target`'s lease is still on the row (nobody took the
/// probe over, and nobody enabled, disabled again or deleted the endpoint meanwhile).
/// [`ProbeVerdict::Enable`] enables the endpoint as an API enable does (its parked deliveries
/// resume, its failure window and warnings start afresh) and answers it; `Again` schedules
/// the next probe (or none) and answers `None`. An endpoint enabled makes its parked deliveries
/// due, which the receipt says.
pub(crate) async fn record_probe(
    conn: &mut DbConn<'_>,
    target: &ProbeTarget,
    verdict: ProbeVerdict,
    now: DateTime<Utc>,
) -> EngineResult<Option<EndpointRef>> {
    let enabled = match conn.backend() {
        Backend::Pg(c) => pg::probes::record_probe(c, target, verdict, now).await?,
        Backend::Sqlite(c) => sqlite::probes::record_probe(c, target, verdict, now)?,
    };
    if enabled.is_some() {
        conn.receipt().made_due();
    }
    Ok(enabled)
}
