-- The consoles' sign-in state on SQLite (types as in migrations/sqlite/engine: timestamps in
-- microseconds). Only hashes of the cookie value and of the link code are stored.
CREATE TABLE console_sessions (
    token_hash  BLOB PRIMARY KEY NOT NULL,
    tenant_id   TEXT NOT NULL,
    csrf_token  TEXT NOT NULL,
    -- SHA-256 of the credential signed in with (NULL: a sign-in link).
    credential_hash BLOB,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);
CREATE INDEX console_sessions_by_credential ON console_sessions (credential_hash);

CREATE TABLE console_sign_in_links (
    code_hash   BLOB PRIMARY KEY NOT NULL,
    tenant_id   TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX console_sign_in_links_by_expiry ON console_sign_in_links (expires_at);
