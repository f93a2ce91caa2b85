//! SQLite: probes (see `store/probes.rs` for each operation's contract).

use super::queue::unpark_endpoint;
use super::rows::{EndpointTenantRow, ProbeRow};
use super::values::micros;
use super::{atomically_as, Writer};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::{EndpointRef, ProbeTarget, ProbeVerdict};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{OptionalExtension, RunQueryDsl, SqliteConnection};

pub(crate) fn claim_due_probes(
    c: &mut SqliteConnection,
    lease_ms: i64,
    limit: i64,
) -> EngineResult<Vec<ProbeTarget>> {
    // A read first, outside the write lock: the runner asks every poll interval, and nearly
    // always nothing is due.
    let due: Option<i64> = prepared(
        "SELECT 1 AS n FROM webhook_endpoints WHERE next_probe_at <= ?1 AND disabled_cause = 'failing' \
         AND deleted_at IS NULL LIMIT 1",
    )
    .bind::<BigInt, _>(micros(Utc::now()))
    .get_result::<super::rows::CountRow>(c)
    .optional()?
    .map(|r| r.n);
    if due.is_none() {
        return Ok(Vec::new());
    }
    atomically_as(c, Writer::Dispatcher, |c| {
        // Read once the write lock is held; the lease runs on this host's clock (the database's).
        let now = micros(Utc::now());
        let rows: Vec<ProbeRow> = prepared(
            "UPDATE webhook_endpoints SET next_probe_at = ?1 + ?2 * 1000 \
             WHERE id IN (SELECT id FROM webhook_endpoints \
                          WHERE next_probe_at <= ?1 AND disabled_cause = 'failing' AND deleted_at IS NULL \
                          ORDER BY next_probe_at LIMIT ?3) \
             RETURNING id, url, secret_key_id, secret_nonce, secret_ciphertext, disabled_at, probes, \
                       next_probe_at, headers, auth_key_id, auth_nonce, auth_ciphertext",
        )
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(lease_ms)
        .bind::<BigInt, _>(limit)
        .load(c)?;
        rows.into_iter().map(ProbeTarget::try_from).collect()
    })
}

pub(crate) fn record_probe(
    c: &mut SqliteConnection,
    target: &ProbeTarget,
    verdict: ProbeVerdict,
    now: DateTime<Utc>,
) -> EngineResult<Option<EndpointRef>> {
    let (id, fence) = (target.endpoint_id.to_string(), micros(target.fence));
    match verdict {
        ProbeVerdict::Again(next) => atomically_as(c, Writer::Dispatcher, |c| {
            prepared(
                "UPDATE webhook_endpoints SET next_probe_at = ?3, probes = probes + 1 \
                 WHERE id = ?1 AND next_probe_at = ?2 AND disabled_cause = 'failing' AND deleted_at IS NULL",
            )
            .bind::<Text, _>(&id)
            .bind::<BigInt, _>(fence)
            .bind::<Nullable<BigInt>, _>(next.map(micros))
            .execute(c)?;
            Ok(None)
        }),
        ProbeVerdict::Enable => atomically_as(c, Writer::Dispatcher, |c| {
            // What an enable through the API does (`endpoints::update_endpoint`).
            let enabled: Option<EndpointTenantRow> = prepared(
                "UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, disabled_cause = NULL, \
                 failing_since = NULL, failing_warned = 0, next_probe_at = NULL, probes = 0, updated_at = ?3 \
                 WHERE id = ?1 AND next_probe_at = ?2 AND disabled_cause = 'failing' AND deleted_at IS NULL \
                 RETURNING id, tenant_id",
            )
            .bind::<Text, _>(&id)
            .bind::<BigInt, _>(fence)
            .bind::<BigInt, _>(micros(now))
            .get_result(c)
            .optional()?;
            let Some(enabled) = enabled else { return Ok(None) };
            unpark_endpoint(c, target.endpoint_id, now)?;
            EndpointRef::try_from(enabled).map(Some)
        }),
    }
}
