-- The delivery engine's tables on SQLite: the same rows and rules as migrations/postgres/engine,
-- in SQLite's types. STRICT tables check every value's type.
--   ids        TEXT, hyphenated lowercase UUIDs (ordered like PostgreSQL's uuid)
--   timestamps INTEGER, microseconds since the Unix epoch (PostgreSQL's precision);
--              9223372036854775807 stands for PostgreSQL's 'infinity'
--   lists      TEXT holding a JSON array of strings
--   booleans   INTEGER 0 / 1

CREATE TABLE webhook_endpoints (
    id                TEXT PRIMARY KEY NOT NULL,
    tenant_id         TEXT NOT NULL,
    url               TEXT NOT NULL,
    -- Empty ('[]') means "every event type of the service's catalog".
    event_types       TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(event_types) AND json_type(event_types) = 'array'),
    -- The signing secret, sealed with an AEAD under the master key named by secret_key_id.
    secret_key_id     TEXT NOT NULL,
    secret_nonce      BLOB NOT NULL,
    secret_ciphertext BLOB NOT NULL,
    disabled_at       INTEGER,
    disabled_reason   TEXT,
    deleted_at        INTEGER,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    -- When the endpoint's current run of failed attempts began (NULL after any success).
    failing_since     INTEGER
) STRICT;
CREATE INDEX webhook_endpoints_by_tenant ON webhook_endpoints (tenant_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY NOT NULL,
    tenant_id   TEXT NOT NULL,
    event_type  TEXT NOT NULL,
    dedupe_key  TEXT NOT NULL,
    -- The exact bytes sent and signed; never re-serialised.
    body        BLOB NOT NULL,
    created_at  INTEGER NOT NULL,
    CONSTRAINT webhook_events_dedupe UNIQUE (tenant_id, dedupe_key)
) STRICT;

CREATE TABLE webhook_deliveries (
    id                 TEXT PRIMARY KEY NOT NULL,
    tenant_id          TEXT NOT NULL,
    event_id           TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id        TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'failed', 'delivered', 'dead')),
    attempt_count      INTEGER NOT NULL DEFAULT 0,
    next_attempt_at    INTEGER,
    -- Queue visibility: next_attempt_at, pushed forward by a lease while a worker holds the row.
    available_at       INTEGER,
    leased_until       INTEGER,
    -- Fencing token: a fresh random value on every claim.
    fence              INTEGER NOT NULL DEFAULT 0,
    manual             INTEGER NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
    last_response_code INTEGER,
    last_error         TEXT,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    delivered_at       INTEGER,
    CONSTRAINT webhook_deliveries_queue_state CHECK (
        (status IN ('pending', 'failed') AND available_at IS NOT NULL)
        OR (status IN ('delivered', 'dead') AND available_at IS NULL AND leased_until IS NULL)
    )
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (available_at) WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id    TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt_number INTEGER NOT NULL,
    started_at     INTEGER NOT NULL,
    duration_ms    INTEGER NOT NULL,
    response_code  INTEGER,
    error          TEXT,
    response_body  BLOB
) STRICT;
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempt_number);

-- Answers to creating requests sent with an Idempotency-Key, for replay.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    key             TEXT NOT NULL,
    request_hash    BLOB NOT NULL,
    status_code     INTEGER,
    response_key_id TEXT,
    response_nonce  BLOB,
    response_sealed BLOB,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
