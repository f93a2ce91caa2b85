-- The consoles' sign-in state (crates/web-console): sessions and single-use
-- sign-in links. Only hashes of the cookie value and of the link code are stored.
CREATE TABLE console_sessions (
    token_hash  bytea PRIMARY KEY,
    tenant_id   text NOT NULL,
    csrf_token  text NOT NULL,
    -- SHA-256 of the credential signed in with (NULL: a sign-in link), so revoking that
    -- credential can end the sessions it started.
    credential_hash bytea,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);
CREATE INDEX console_sessions_by_credential ON console_sessions (credential_hash);

CREATE TABLE console_sign_in_links (
    code_hash   bytea PRIMARY KEY,
    tenant_id   text NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX console_sign_in_links_by_expiry ON console_sign_in_links (expires_at);
