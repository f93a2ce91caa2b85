-- The delivery engine's tables. Services add their own tables in migrations/<service>/.
-- Tenants are opaque strings chosen by the service (an account id, a workspace UUID).

CREATE TABLE webhook_endpoints (
    id                uuid PRIMARY KEY,
    tenant_id         text NOT NULL,
    url               text NOT NULL,
    -- Empty means "every event type of the service's catalog".
    event_types       text[] NOT NULL DEFAULT '{}',
    -- The signing secret, sealed with an AEAD under the master key named by secret_key_id.
    secret_key_id     text NOT NULL,
    secret_nonce      bytea NOT NULL,
    secret_ciphertext bytea NOT NULL,
    disabled_at       timestamptz,
    disabled_reason   text,
    deleted_at        timestamptz,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_by_tenant ON webhook_endpoints (tenant_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE webhook_events (
    id          uuid PRIMARY KEY,
    tenant_id   text NOT NULL,
    event_type  text NOT NULL,
    -- Chosen by the service (e.g. "<runId>:<event>"); a second enqueue with the same key is a no-op.
    dedupe_key  text NOT NULL,
    -- The exact bytes sent and signed; never re-serialised.
    body        bytea NOT NULL,
    created_at  timestamptz NOT NULL,
    CONSTRAINT webhook_events_dedupe UNIQUE (tenant_id, dedupe_key)
);

CREATE TABLE webhook_deliveries (
    id                 uuid PRIMARY KEY,
    tenant_id          text NOT NULL,
    event_id           uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id        uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status             text NOT NULL CHECK (status IN ('pending', 'failed', 'delivered', 'dead')),
    -- Attempts whose outcome was recorded.
    attempt_count      integer NOT NULL DEFAULT 0,
    -- When the next attempt is scheduled (what users see); NULL once delivered or dead.
    next_attempt_at    timestamptz,
    -- Queue visibility: next_attempt_at, pushed forward by a lease while a worker holds the row.
    -- A worker that dies leaves available_at = lease expiry, so the row becomes due again by itself.
    available_at       timestamptz,
    leased_until       timestamptz,
    -- Fencing token: bumped by every claim; an outcome is recorded only under the token it was claimed with.
    fence              bigint NOT NULL DEFAULT 0,
    -- A manual re-send of a delivered or dead delivery makes one attempt and no automatic retries.
    manual             boolean NOT NULL DEFAULT false,
    last_response_code integer,
    last_error         text,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL,
    delivered_at       timestamptz,
    CONSTRAINT webhook_deliveries_queue_state CHECK (
        (status IN ('pending', 'failed') AND available_at IS NOT NULL)
        OR (status IN ('delivered', 'dead') AND available_at IS NULL AND leased_until IS NULL)
    )
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (available_at) WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (tenant_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id    uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt_number integer NOT NULL,
    started_at     timestamptz NOT NULL,
    duration_ms    integer NOT NULL,
    response_code  integer,
    error          text,
    -- The first bytes of the response body, capped while reading.
    response_body  bytea
);
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempt_number);
