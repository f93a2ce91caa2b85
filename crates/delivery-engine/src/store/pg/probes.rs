//! PostgreSQL: probes (see `store/probes.rs` for each operation's contract).

use super::queue::unpark_endpoint;
use super::rows::{EndpointTenantRow, ProbeRow};
use crate::error::EngineResult;
use crate::sql::prepared;
use crate::store::model::{EndpointRef, ProbeTarget, ProbeVerdict};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Nullable, Timestamptz};
use diesel::OptionalExtension;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

type SqlUuid = diesel::sql_types::Uuid;

pub(crate) async fn claim_due_probes(
    conn: &mut AsyncPgConnection,
    lease_ms: i64,
    limit: i64,
) -> EngineResult<Vec<ProbeTarget>> {
    let rows: Vec<ProbeRow> = prepared(
        r#"
        UPDATE webhook_endpoints e
        SET next_probe_at = now() + $1 * interval '1 millisecond'
        FROM (SELECT id FROM webhook_endpoints
              WHERE next_probe_at <= now() AND disabled_cause = 'failing' AND deleted_at IS NULL
              ORDER BY next_probe_at LIMIT $2
              FOR UPDATE SKIP LOCKED) due
        WHERE e.id = due.id
        RETURNING e.id, e.url, e.secret_key_id, e.secret_nonce, e.secret_ciphertext,
                  e.disabled_at, e.probes, e.next_probe_at, e.headers, e.auth_key_id, e.auth_nonce,
                  e.auth_ciphertext
        "#,
    )
    .bind::<BigInt, _>(lease_ms)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(ProbeTarget::from).collect())
}

pub(crate) async fn record_probe(
    conn: &mut AsyncPgConnection,
    target: &ProbeTarget,
    verdict: ProbeVerdict,
    now: DateTime<Utc>,
) -> EngineResult<Option<EndpointRef>> {
    let (id, fence) = (target.endpoint_id, target.fence);
    match verdict {
        ProbeVerdict::Again(next) => {
            prepared(
                "UPDATE webhook_endpoints SET next_probe_at = $3, probes = probes + 1 \
                 WHERE id = $1 AND next_probe_at = $2 AND disabled_cause = 'failing' AND deleted_at IS NULL",
            )
            .bind::<SqlUuid, _>(id)
            .bind::<Timestamptz, _>(fence)
            .bind::<Nullable<Timestamptz>, _>(next)
            .execute(conn)
            .await?;
            Ok(None)
        }
        ProbeVerdict::Enable => {
            conn.transaction(async |conn| {
                // What an enable through the API does (`endpoints::update_endpoint`).
                let enabled: Option<EndpointTenantRow> = prepared(
                    "UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, \
                     disabled_cause = NULL, failing_since = NULL, failing_warned = 0, next_probe_at = NULL, \
                     probes = 0, updated_at = $3 \
                     WHERE id = $1 AND next_probe_at = $2 AND disabled_cause = 'failing' AND deleted_at IS NULL \
                     RETURNING id, tenant_id",
                )
                .bind::<SqlUuid, _>(id)
                .bind::<Timestamptz, _>(fence)
                .bind::<Timestamptz, _>(now)
                .get_result(conn)
                .await
                .optional()?;
                let Some(enabled) = enabled.map(EndpointRef::from) else { return Ok(None) };
                unpark_endpoint(conn, id, now).await?;
                super::routes::change(conn, &[&enabled.tenant_id]).await?;
                Ok(Some(enabled))
            })
            .await
        }
    }
}
