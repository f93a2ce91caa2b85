-- The consoles' sign-in state (crates/api-support/src/console): sessions and single-use
-- sign-in links. Only hashes of the cookie value and of the link code are stored.
CREATE TABLE console_sessions (
    token_hash  bytea PRIMARY KEY,
    tenant_id   text NOT NULL,
    csrf_token  text NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);

CREATE TABLE console_sign_in_links (
    code_hash   bytea PRIMARY KEY,
    tenant_id   text NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX console_sign_in_links_by_expiry ON console_sign_in_links (expires_at);
