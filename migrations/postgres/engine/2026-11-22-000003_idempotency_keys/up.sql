-- Answers to creating requests sent with an Idempotency-Key, for replay.
CREATE TABLE idempotency_keys (
    -- Who sent it: a hash of the credential, so keys of different clients never collide.
    scope         text NOT NULL,
    key           text NOT NULL,
    -- SHA-256 of method, path and body: the same key with another request is refused.
    request_hash  bytea NOT NULL,
    -- NULL while the first request is being processed.
    status_code   integer,
    -- The answer, sealed like signing secrets (it may contain one, e.g. a created endpoint's).
    response_key_id text,
    response_nonce  bytea,
    response_sealed bytea,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
