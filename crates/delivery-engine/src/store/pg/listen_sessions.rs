//! PostgreSQL: listen sessions (see `store/listen_sessions.rs` for each operation's contract).

use super::endpoints::{get_endpoint, insert_endpoint};
use super::queue::end_open_deliveries;
use super::rows::{ClaimPart, ClaimedRow, CountRow, EndpointTenantRow, IdRow};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::listen_model::{ListenConnection, NewListenSession, ENDED, EXPIRED, NOT_CONNECTED};
use crate::store::model::{ClaimedDelivery, Endpoint, EndpointRef};
use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, BigInt, Nullable, Text, Timestamptz};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

type SqlUuid = diesel::sql_types::Uuid;

pub(crate) async fn open_session(
    conn: &mut AsyncPgConnection,
    new: NewListenSession<'_>,
) -> EngineResult<Endpoint> {
    let now = new.endpoint.created_at;
    let tenant = new.endpoint.tenant_id;
    conn.transaction(async |conn| {
        // Two opens of one tenant take turns here, so both cannot pass the cap.
        prepared("SELECT pg_advisory_xact_lock(hashtextextended('webhook_listen_sessions:' || $1, 0))")
            .bind::<Text, _>(tenant)
            .execute(conn)
            .await?;
        sweep_expired(conn, Some(tenant), now).await?;
        let live: CountRow =
            prepared("SELECT count(*) AS n FROM webhook_listen_sessions WHERE tenant_id = $1")
                .bind::<Text, _>(tenant)
                .get_result(conn)
                .await?;
        if live.n >= new.max_live {
            return Err(EngineError::ListenSessionLimit(new.max_live));
        }
        let id = new.endpoint.id;
        let endpoint = insert_endpoint(conn, new.endpoint).await?;
        let c = new.connection;
        prepared(
            "INSERT INTO webhook_listen_sessions \
             (endpoint_id, tenant_id, expires_at, connected_until, connection_id, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(tenant)
        .bind::<Timestamptz, _>(c.expires_at)
        .bind::<Timestamptz, _>(c.connected_until)
        .bind::<SqlUuid, _>(c.id)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await?;
        Ok(endpoint)
    })
    .await
}

pub(crate) async fn resume_session(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    c: ListenConnection,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    conn.transaction(async |conn| {
        let taken = prepared(
            "UPDATE webhook_listen_sessions ls \
             SET expires_at = $3, connected_until = $4, connection_id = $5 \
             FROM webhook_endpoints ep \
             WHERE ls.endpoint_id = $1 AND ls.tenant_id = $2 AND ep.id = ls.endpoint_id \
               AND ep.deleted_at IS NULL AND (ls.expires_at > $6 OR ls.connected_until > $6)",
        )
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(tenant)
        .bind::<Timestamptz, _>(c.expires_at)
        .bind::<Timestamptz, _>(c.connected_until)
        .bind::<SqlUuid, _>(c.id)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await?;
        if taken == 0 {
            return Err(EngineError::NotFound);
        }
        // Due now, not in flight, not parked: the re-send rule's "bring forward" for each.
        prepared(
            "UPDATE webhook_deliveries SET next_attempt_at = $2, available_at = $2, updated_at = $2 \
             WHERE endpoint_id = $1 AND status IN ('pending', 'failed') \
               AND available_at > $2 AND available_at <> 'infinity' \
               AND (leased_until IS NULL OR leased_until <= $2)",
        )
        .bind::<SqlUuid, _>(id)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await?;
        get_endpoint(conn, tenant, id).await
    })
    .await
}

pub(crate) async fn renew_connection(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    c: ListenConnection,
) -> EngineResult<bool> {
    let n = prepared(
        "UPDATE webhook_listen_sessions ls SET expires_at = $3, connected_until = $4 \
         FROM webhook_endpoints ep \
         WHERE ls.endpoint_id = $1 AND ls.connection_id = $2 AND ep.id = ls.endpoint_id \
           AND ep.deleted_at IS NULL",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(c.id)
    .bind::<Timestamptz, _>(c.expires_at)
    .bind::<Timestamptz, _>(c.connected_until)
    .execute(conn)
    .await?;
    Ok(n > 0)
}

pub(crate) async fn release_connection(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    connection: Uuid,
    expires_at: DateTime<Utc>,
) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_listen_sessions SET connected_until = NULL, connection_id = NULL, expires_at = $3 \
         WHERE endpoint_id = $1 AND connection_id = $2",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(connection)
    .bind::<Timestamptz, _>(expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub(crate) async fn end_session(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    conn.transaction(async |conn| {
        let n = prepared("DELETE FROM webhook_listen_sessions WHERE endpoint_id = $1 AND tenant_id = $2")
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(tenant)
            .execute(conn)
            .await?;
        if n == 0 {
            return Err(EngineError::NotFound);
        }
        end_endpoints(conn, &[id], ENDED, now).await
    })
    .await
}

pub(crate) async fn sweep_expired(
    conn: &mut AsyncPgConnection,
    tenant: Option<&str>,
    now: DateTime<Utc>,
) -> EngineResult<usize> {
    conn.transaction(async |conn| {
        let gone: Vec<IdRow> = prepared(
            "DELETE FROM webhook_listen_sessions ls USING webhook_endpoints ep \
             WHERE ep.id = ls.endpoint_id AND ($1::text IS NULL OR ls.tenant_id = $1) \
               AND (ep.deleted_at IS NOT NULL \
                    OR (ls.expires_at <= $2 AND (ls.connected_until IS NULL OR ls.connected_until <= $2))) \
             RETURNING ls.endpoint_id AS id",
        )
        .bind::<Nullable<Text>, _>(tenant)
        .bind::<Timestamptz, _>(now)
        .load(conn)
        .await?;
        let ids: Vec<Uuid> = gone.iter().map(|r| r.id).collect();
        end_endpoints(conn, &ids, EXPIRED, now).await?;
        Ok(gone.len())
    })
    .await
}

/// Deletes sessions' endpoints (unless already deleted) and ends their open deliveries: the
/// endpoint rows first, then their tenants' routes rows all at once (pg/routes.rs).
async fn end_endpoints(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    reason: &str,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let ended: Vec<EndpointTenantRow> = prepared(
        "UPDATE webhook_endpoints SET deleted_at = $2, updated_at = $2 \
         WHERE id = ANY ($1) AND deleted_at IS NULL RETURNING id, tenant_id",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .await?;
    let ended: Vec<EndpointRef> = ended.into_iter().map(EndpointRef::from).collect();
    for id in ids {
        end_open_deliveries(conn, *id, reason, now).await?;
    }
    if !ended.is_empty() {
        // As a delete does: every event enqueued to them so far is committed from here, and
        // ending again takes the rows added meanwhile.
        let tenants: Vec<&str> = ended.iter().map(|e| e.tenant_id.as_str()).collect();
        super::routes::change(conn, &tenants).await?;
        for endpoint in &ended {
            end_open_deliveries(conn, endpoint.id, reason, now).await?;
        }
    }
    Ok(())
}

pub(crate) async fn claim_session_deliveries(
    conn: &mut AsyncPgConnection,
    endpoint: Uuid,
    limit: i64,
    lease_ms: i64,
) -> EngineResult<Vec<ClaimedDelivery>> {
    let rows: Vec<ClaimedRow> = prepared(concat!(
        r#"
        WITH chosen AS (
            SELECT d.id, d.leased_until IS NOT NULL AS lease_expired FROM webhook_deliveries d
            WHERE d.endpoint_id = $1 AND d.status IN ('pending', 'failed')
              AND (d.available_at <= now()
                   OR (d.last_error = $4 AND d.available_at <> 'infinity'
                       AND (d.leased_until IS NULL OR d.leased_until <= now())))
            ORDER BY d.available_at LIMIT $2
            FOR UPDATE SKIP LOCKED
        ), claimed AS (
            UPDATE webhook_deliveries d
            SET fence = floor(random() * 9.0e18)::bigint,
                available_at = now() + $3 * interval '1 millisecond',
                leased_until = now() + $3 * interval '1 millisecond',
                updated_at = now()
            FROM chosen
            WHERE d.id = chosen.id
            RETURNING d.*, chosen.lease_expired
        )
        SELECT "#,
        claimed_columns!(),
        r#", NULL::uuid AS scan_stopped_at, d.lease_expired
        FROM claimed d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
        "#
    ))
    .bind::<SqlUuid, _>(endpoint)
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(lease_ms)
    .bind::<Text, _>(NOT_CONNECTED)
    .load(conn)
    .await?;
    Ok(rows.into_iter().filter_map(delivery).collect())
}

pub(crate) async fn awaiting_reply(
    conn: &mut AsyncPgConnection,
    tenant: &str,
    session: Uuid,
    delivery_id: Uuid,
    fence: i64,
) -> EngineResult<Option<ClaimedDelivery>> {
    let rows: Vec<ClaimedRow> = prepared(concat!(
        "SELECT ",
        claimed_columns!(),
        ", NULL::uuid AS scan_stopped_at, false AS lease_expired \
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
         JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
         WHERE d.id = $1 AND d.tenant_id = $2 AND d.endpoint_id = $3 AND d.fence = $4 \
           AND d.status IN ('pending', 'failed') AND d.leased_until > now()"
    ))
    .bind::<SqlUuid, _>(delivery_id)
    .bind::<Text, _>(tenant)
    .bind::<SqlUuid, _>(session)
    .bind::<BigInt, _>(fence)
    .load(conn)
    .await?;
    Ok(rows.into_iter().find_map(delivery))
}

fn delivery(row: ClaimedRow) -> Option<ClaimedDelivery> {
    match ClaimPart::from(row) {
        ClaimPart::Delivery(d) => Some(*d),
        ClaimPart::ScanStoppedAt(_) => None,
    }
}
