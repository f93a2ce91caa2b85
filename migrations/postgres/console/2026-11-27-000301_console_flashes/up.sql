-- What a console form leaves for the page it redirects to (a secret shown once, a refused
-- form's error), read once: the row is deleted as it is read. Sealed with a key derived from
-- the session's cookie value, which the database does not hold (web-console session.rs).
CREATE TABLE console_flashes (
    token_hash  bytea PRIMARY KEY,
    sealed      bytea NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX console_flashes_by_expiry ON console_flashes (expires_at);
