//! A stored history built by set-based SQL (not the API): `n` settled deliveries of one tenant,
//! one event each, spread evenly over a span ending now, 1 % dead (eight attempts each, the
//! others one), over the given endpoints in turn and eight event types, in time order (as the
//! service writes them). 256-byte payloads, as whbench's.

use chrono::{DateTime, Utc};
use std::time::Duration;
use uuid::Uuid;

/// The history's event types (a catalog's worth); the bench's bursts use `bench.event`.
pub const TYPES: [&str; 8] = [
    "hist.created",
    "hist.updated",
    "hist.deleted",
    "hist.paused",
    "hist.resumed",
    "hist.approved",
    "hist.rejected",
    "hist.archived",
];

/// What to build.
pub struct History<'a> {
    pub tenant: &'a str,
    pub endpoints: &'a [Uuid],
    pub n: usize,
    /// The oldest delivery is this old; the newest a moment old.
    pub span: Duration,
    pub now: DateTime<Utc>,
}

/// `CASE <expr> WHEN 0 THEN '<v0>' ... END` over `values`.
fn case(expr: &str, values: &[String]) -> String {
    let arms: String = values.iter().enumerate().map(|(i, v)| format!(" WHEN {i} THEN '{v}'")).collect();
    format!("(CASE {expr}{arms} END)")
}

fn quoted(s: &str) -> String {
    s.replace('\'', "''")
}

const PAD: usize = 200;

/// The latency bucket of an attempt of `5 + i % 40` ms (the engine's buckets end at 5, 10, 20
/// and 50 ms there).
const BUCKET: &str = "(CASE WHEN 5 + i % 40 <= 5 THEN 2 WHEN 5 + i % 40 <= 10 THEN 3 \
     WHEN 5 + i % 40 <= 20 THEN 4 ELSE 5 END)";

impl History<'_> {
    fn endpoint_case(&self) -> String {
        let ids: Vec<String> = self.endpoints.iter().map(Uuid::to_string).collect();
        case(&format!("i % {}", ids.len()), &ids)
    }

    fn type_case(&self) -> String {
        let types: Vec<String> = TYPES.iter().map(|t| (*t).to_owned()).collect();
        case(&format!("(i * 5) % {}", types.len()), &types)
    }

    /// PostgreSQL: one temporary table of the rows' ids and times, then one insert per table.
    /// The statements for `backend`.
    pub fn sql(&self, backend: test_support::Backend) -> String {
        match backend {
            test_support::Backend::Postgres => self.postgres(),
            test_support::Backend::Sqlite => self.sqlite(),
        }
    }

    pub fn postgres(&self) -> String {
        let (n, tenant) = (self.n, quoted(self.tenant));
        let span = self.span.as_secs_f64();
        let now = self.now.to_rfc3339();
        let (endpoint, event_type) = (self.endpoint_case(), self.type_case());
        let bucket = BUCKET;
        format!(
            r#"
CREATE OR REPLACE FUNCTION pg_temp.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
    substring(int8send(floor(extract(epoch FROM ts) * 1000)::bigint) FROM 3) FROM 1), 52, 1), 53, 1), 'hex')::uuid
$$;
CREATE TEMP TABLE h AS
SELECT i, t, pg_temp.uuid7(t) AS event_id, pg_temp.uuid7(t) AS delivery_id, (i % 100 = 0) AS dead,
       {endpoint}::uuid AS endpoint_id, {event_type} AS event_type
FROM (SELECT i, '{now}'::timestamptz - make_interval(secs => {span} * (1 - i::float8 / {n})) AS t
      FROM generate_series(1, {n}) AS i) s;
INSERT INTO webhook_events (id, tenant_id, event_type, dedupe_key, body, created_at)
SELECT event_id, '{tenant}', event_type, event_id::text,
       convert_to(format('{{"type":"%s","data":{{"seq":%s,"pad":"%s"}}}}', event_type, i, repeat('x', {PAD})), 'UTF8'), t
FROM h ORDER BY i;
INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, attempt_count, created_at,
                                updated_at, delivered_at, last_response_code, last_error, event_type)
SELECT delivery_id, '{tenant}', event_id, endpoint_id, CASE WHEN dead THEN 'dead' ELSE 'delivered' END,
       CASE WHEN dead THEN 8 ELSE 1 END, t,
       t + CASE WHEN dead THEN interval '7 minutes 20 ms' ELSE interval '20 ms' END,
       CASE WHEN dead THEN NULL ELSE t + interval '20 ms' END, CASE WHEN dead THEN 503 ELSE 200 END,
       CASE WHEN dead THEN 'endpoint answered HTTP 503' END, event_type
FROM h ORDER BY i;
INSERT INTO webhook_attempts (delivery_id, attempt_number, started_at, duration_ms, response_code, error,
                              response_body)
SELECT delivery_id, a, t + (a - 1) * interval '1 minute', 5 + i % 40, CASE WHEN dead THEN 503 ELSE 200 END,
       CASE WHEN dead THEN 'endpoint answered HTTP 503' END,
       convert_to(CASE WHEN dead THEN '{{"error":"unavailable"}}' ELSE '{{"ok":true}}' END, 'UTF8')
FROM h, generate_series(1, CASE WHEN dead THEN 8 ELSE 1 END) AS a ORDER BY i, a;
INSERT INTO webhook_stats_hourly (tenant_id, hour, endpoint_id, latency_bucket, attempts, succeeded,
                                  first_attempts, given_up, last_attempt_at)
SELECT '{tenant}', date_trunc('hour', t, 'UTC'), endpoint_id, {bucket}, sum(CASE WHEN dead THEN 8 ELSE 1 END),
       count(*) FILTER (WHERE NOT dead), count(*), count(*) FILTER (WHERE dead), max(t)
FROM h GROUP BY 2, 3, 4;
DROP TABLE h;
"#
        )
    }

    /// SQLite: the same rows (times in microseconds, ids as text).
    pub fn sqlite(&self) -> String {
        let (n, tenant) = (self.n, quoted(self.tenant));
        let span = i64::try_from(self.span.as_micros()).unwrap_or(i64::MAX);
        let now = self.now.timestamp_micros();
        let (endpoint, event_type) = (self.endpoint_case(), self.type_case());
        let uuid7 = "printf('%08x-%04x-7%03x-%04x-%012x', (t / 1000) >> 16, (t / 1000) & 65535, \
             abs(random() % 4096), 32768 + abs(random() % 16384), abs(random() % 281474976710656))";
        let pad = "x".repeat(PAD);
        let bucket = BUCKET;
        format!(
            r#"
CREATE TEMP TABLE h AS
WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n})
SELECT i, t, {uuid7} AS event_id, {uuid7} AS delivery_id, (i % 100 = 0) AS dead,
       {endpoint} AS endpoint_id, {event_type} AS event_type
FROM (SELECT i, CAST({now} - {span} * (1.0 - i * 1.0 / {n}) AS INTEGER) AS t FROM s);
INSERT INTO webhook_events (id, tenant_id, event_type, dedupe_key, body, created_at)
SELECT event_id, '{tenant}', event_type, event_id,
       CAST(printf('{{"type":"%s","data":{{"seq":%d,"pad":"{pad}"}}}}', event_type, i) AS BLOB), t
FROM h ORDER BY i;
INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, status, attempt_count, created_at,
                                updated_at, delivered_at, last_response_code, last_error, event_type)
SELECT delivery_id, '{tenant}', event_id, endpoint_id, CASE WHEN dead THEN 'dead' ELSE 'delivered' END,
       CASE WHEN dead THEN 8 ELSE 1 END, t, t + CASE WHEN dead THEN 420020000 ELSE 20000 END,
       CASE WHEN dead THEN NULL ELSE t + 20000 END, CASE WHEN dead THEN 503 ELSE 200 END,
       CASE WHEN dead THEN 'endpoint answered HTTP 503' END, event_type
FROM h ORDER BY i;
INSERT INTO webhook_attempts (delivery_id, attempt_number, started_at, duration_ms, response_code, error,
                              response_body)
SELECT delivery_id, a.n, t + (a.n - 1) * 60000000, 5 + i % 40, CASE WHEN dead THEN 503 ELSE 200 END,
       CASE WHEN dead THEN 'endpoint answered HTTP 503' END,
       CAST(CASE WHEN dead THEN '{{"error":"unavailable"}}' ELSE '{{"ok":true}}' END AS BLOB)
FROM h JOIN (WITH RECURSIVE a(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM a WHERE n < 8) SELECT n FROM a) AS a
  ON a.n <= CASE WHEN dead THEN 8 ELSE 1 END
ORDER BY i, a.n;
INSERT INTO webhook_stats_hourly (tenant_id, hour, endpoint_id, latency_bucket, attempts, succeeded,
                                  first_attempts, given_up, last_attempt_at)
SELECT '{tenant}', t - t % 3600000000, endpoint_id, {bucket}, sum(CASE WHEN dead THEN 8 ELSE 1 END),
       sum(NOT dead), count(*), sum(dead), max(t)
FROM h GROUP BY 2, 3, 4;
DROP TABLE h;
"#
        )
    }

    /// Placeholder endpoints for a service's own database (`--into`): deleted, so nothing is sent
    /// to them, with a secret no key opens.
    pub fn placeholder_endpoints(&self, sqlite: bool) -> String {
        let tenant = quoted(self.tenant);
        self.endpoints
            .iter()
            .map(|id| {
                if sqlite {
                    let now = self.now.timestamp_micros();
                    format!(
                        "INSERT INTO webhook_endpoints (id, tenant_id, url, secret_key_id, secret_nonce, \
                         secret_ciphertext, deleted_at, created_at, updated_at) VALUES ('{id}', '{tenant}', \
                         'https://history.invalid/', 'none', x'00', x'00', {now}, {now}, {now});"
                    )
                } else {
                    format!(
                        "INSERT INTO webhook_endpoints (id, tenant_id, url, event_types, secret_key_id, \
                         secret_nonce, secret_ciphertext, deleted_at, created_at, updated_at) VALUES ('{id}', \
                         '{tenant}', 'https://history.invalid/', '{{}}', 'none', '\\x00', '\\x00', now(), now(), \
                         now());"
                    )
                }
            })
            .collect()
    }
}
