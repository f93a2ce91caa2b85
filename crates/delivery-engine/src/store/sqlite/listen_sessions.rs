//! SQLite: listen sessions (see `store/listen_sessions.rs` for each operation's contract).

use super::atomically;
use super::endpoints::{get_endpoint, insert_endpoint};
use super::queue::end_open_deliveries;
use super::rows::{CandidateRow, ClaimedRow, CountRow, IdRow};
use super::values::{micros, uuid, INFINITY};
use crate::error::{EngineError, EngineResult};
use crate::sql::prepared;
use crate::store::listen_model::{ListenConnection, NewListenSession, ENDED, EXPIRED, NOT_CONNECTED};
use crate::store::model::{ClaimedDelivery, Endpoint};
use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::{RunQueryDsl, SqliteConnection};
use uuid::Uuid;

pub(crate) fn open_session(c: &mut SqliteConnection, new: NewListenSession<'_>) -> EngineResult<Endpoint> {
    let now = new.endpoint.created_at;
    let tenant = new.endpoint.tenant_id;
    // Under the write lock: two opens of one tenant cannot both pass the cap.
    atomically(c, |c| {
        sweep_expired(c, Some(tenant), now)?;
        let live: CountRow =
            prepared("SELECT count(*) AS n FROM webhook_listen_sessions WHERE tenant_id = ?1")
                .bind::<Text, _>(tenant)
                .get_result(c)?;
        if live.n >= new.max_live {
            return Err(EngineError::ListenSessionLimit(new.max_live));
        }
        let id = new.endpoint.id;
        let endpoint = insert_endpoint(c, new.endpoint)?;
        let conn = new.connection;
        prepared(
            "INSERT INTO webhook_listen_sessions \
             (endpoint_id, tenant_id, expires_at, connected_until, connection_id, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .bind::<BigInt, _>(micros(conn.expires_at))
        .bind::<BigInt, _>(micros(conn.connected_until))
        .bind::<Text, _>(conn.id.to_string())
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
        Ok(endpoint)
    })
}

pub(crate) fn resume_session(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    conn: ListenConnection,
    now: DateTime<Utc>,
) -> EngineResult<Endpoint> {
    atomically(c, |c| {
        let taken = prepared(
            "UPDATE webhook_listen_sessions SET expires_at = ?3, connected_until = ?4, connection_id = ?5 \
             WHERE endpoint_id = ?1 AND tenant_id = ?2 \
               AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?1 AND deleted_at IS NULL) \
               AND (expires_at > ?6 OR connected_until > ?6)",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(tenant)
        .bind::<BigInt, _>(micros(conn.expires_at))
        .bind::<BigInt, _>(micros(conn.connected_until))
        .bind::<Text, _>(conn.id.to_string())
        .bind::<BigInt, _>(micros(now))
        .execute(c)?;
        if taken == 0 {
            return Err(EngineError::NotFound);
        }
        // Due now, not in flight, not parked: the re-send rule's "bring forward" for each.
        prepared(
            "UPDATE webhook_deliveries SET next_attempt_at = ?2, available_at = ?2, updated_at = ?2 \
             WHERE endpoint_id = ?1 AND status IN ('pending', 'failed') \
               AND available_at > ?2 AND available_at <> ?3 \
               AND (leased_until IS NULL OR leased_until <= ?2)",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<BigInt, _>(micros(now))
        .bind::<BigInt, _>(INFINITY)
        .execute(c)?;
        get_endpoint(c, tenant, id)
    })
}

pub(crate) fn renew_connection(
    c: &mut SqliteConnection,
    id: Uuid,
    conn: ListenConnection,
) -> EngineResult<bool> {
    let n = atomically(c, |c| {
        Ok(prepared(
            "UPDATE webhook_listen_sessions SET expires_at = ?3, connected_until = ?4 \
             WHERE endpoint_id = ?1 AND connection_id = ?2 \
               AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?1 AND deleted_at IS NULL)",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(conn.id.to_string())
        .bind::<BigInt, _>(micros(conn.expires_at))
        .bind::<BigInt, _>(micros(conn.connected_until))
        .execute(c)?)
    })?;
    Ok(n > 0)
}

pub(crate) fn release_connection(
    c: &mut SqliteConnection,
    id: Uuid,
    connection: Uuid,
    expires_at: DateTime<Utc>,
) -> EngineResult<()> {
    atomically(c, |c| {
        prepared(
            "UPDATE webhook_listen_sessions SET connected_until = NULL, connection_id = NULL, expires_at = ?3 \
             WHERE endpoint_id = ?1 AND connection_id = ?2",
        )
        .bind::<Text, _>(id.to_string())
        .bind::<Text, _>(connection.to_string())
        .bind::<BigInt, _>(micros(expires_at))
        .execute(c)?;
        Ok(())
    })
}

pub(crate) fn end_session(
    c: &mut SqliteConnection,
    tenant: &str,
    id: Uuid,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    atomically(c, |c| {
        let n = prepared("DELETE FROM webhook_listen_sessions WHERE endpoint_id = ?1 AND tenant_id = ?2")
            .bind::<Text, _>(id.to_string())
            .bind::<Text, _>(tenant)
            .execute(c)?;
        if n == 0 {
            return Err(EngineError::NotFound);
        }
        end_endpoint(c, id, ENDED, now)
    })
}

pub(crate) fn sweep_expired(
    c: &mut SqliteConnection,
    tenant: Option<&str>,
    now: DateTime<Utc>,
) -> EngineResult<usize> {
    atomically(c, |c| {
        let gone: Vec<IdRow> = prepared(
            "DELETE FROM webhook_listen_sessions \
             WHERE (?1 IS NULL OR tenant_id = ?1) \
               AND (EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = endpoint_id AND deleted_at IS NOT NULL) \
                    OR (expires_at <= ?2 AND (connected_until IS NULL OR connected_until <= ?2))) \
             RETURNING endpoint_id AS id",
        )
        .bind::<Nullable<Text>, _>(tenant)
        .bind::<BigInt, _>(micros(now))
        .load(c)?;
        for row in &gone {
            end_endpoint(c, uuid(&row.id)?, EXPIRED, now)?;
        }
        Ok(gone.len())
    })
}

/// Deletes a session's endpoint (unless already deleted) and ends its open deliveries.
fn end_endpoint(c: &mut SqliteConnection, id: Uuid, reason: &str, now: DateTime<Utc>) -> EngineResult<()> {
    prepared(
        "UPDATE webhook_endpoints SET deleted_at = ?2, updated_at = ?2 WHERE id = ?1 AND deleted_at IS NULL",
    )
    .bind::<Text, _>(id.to_string())
    .bind::<BigInt, _>(micros(now))
    .execute(c)?;
    end_open_deliveries(c, id, reason, now)
}

pub(crate) fn claim_session_deliveries(
    c: &mut SqliteConnection,
    endpoint: Uuid,
    limit: i64,
    lease_ms: i64,
) -> EngineResult<Vec<ClaimedDelivery>> {
    atomically(c, |c| {
        let now = micros(Utc::now());
        let until = now.saturating_add(lease_ms.saturating_mul(1000));
        let chosen: Vec<CandidateRow> = prepared(
            "SELECT id, leased_until IS NOT NULL AS lease_expired FROM webhook_deliveries \
             WHERE endpoint_id = ?1 AND status IN ('pending', 'failed') \
               AND (available_at <= ?2 \
                    OR (last_error = ?4 AND available_at <> ?5 AND (leased_until IS NULL OR leased_until <= ?2))) \
             ORDER BY available_at LIMIT ?3",
        )
        .bind::<Text, _>(endpoint.to_string())
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(limit)
        .bind::<Text, _>(NOT_CONNECTED)
        .bind::<BigInt, _>(INFINITY)
        .load(c)?;
        if chosen.is_empty() {
            return Ok(Vec::new());
        }
        let expired: std::collections::HashSet<String> =
            chosen.iter().filter(|r| r.lease_expired).map(|r| r.id.clone()).collect();
        let ids = serde_json::Value::from(chosen.into_iter().map(|r| r.id).collect::<Vec<_>>()).to_string();
        // A fresh random fence: a claim lost in a crash cannot be issued again.
        prepared(
            "UPDATE webhook_deliveries SET fence = random(), available_at = ?2, leased_until = ?2, updated_at = ?3 \
             WHERE id IN (SELECT value FROM json_each(?1))",
        )
        .bind::<Text, _>(&ids)
        .bind::<BigInt, _>(until)
        .bind::<BigInt, _>(now)
        .execute(c)?;
        let rows: Vec<ClaimedRow> = prepared(
            concat!(
                "SELECT ",
                claimed_columns!(),
                " FROM webhook_deliveries d \
                 JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
                 WHERE d.id IN (SELECT value FROM json_each(?1)) ORDER BY d.available_at"
            ),
        )
        .bind::<Text, _>(&ids)
        .load(c)?;
        rows.into_iter()
            .map(|row| {
                ClaimedDelivery::try_from(row)
                    .map(|d| ClaimedDelivery { lease_expired: expired.contains(&d.id.to_string()), ..d })
            })
            .collect()
    })
}

pub(crate) fn awaiting_reply(
    c: &mut SqliteConnection,
    tenant: &str,
    session: Uuid,
    delivery: Uuid,
    fence: i64,
) -> EngineResult<Option<ClaimedDelivery>> {
    let rows: Vec<ClaimedRow> = prepared(concat!(
        "SELECT ",
        claimed_columns!(),
        " FROM webhook_deliveries d \
         JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints ep ON ep.id = d.endpoint_id \
         WHERE d.id = ?1 AND d.tenant_id = ?2 AND d.endpoint_id = ?3 AND d.fence = ?4 \
           AND d.status IN ('pending', 'failed') AND d.leased_until > ?5"
    ))
    .bind::<Text, _>(delivery.to_string())
    .bind::<Text, _>(tenant)
    .bind::<Text, _>(session.to_string())
    .bind::<BigInt, _>(fence)
    .bind::<BigInt, _>(micros(Utc::now()))
    .load(c)?;
    rows.into_iter().next().map(ClaimedDelivery::try_from).transpose()
}
