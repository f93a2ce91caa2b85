-- What a console form leaves for the page it redirects to, read once (see the PostgreSQL
-- migration of the same name).
CREATE TABLE console_flashes (
    token_hash  BLOB PRIMARY KEY NOT NULL,
    sealed      BLOB NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX console_flashes_by_expiry ON console_flashes (expires_at);
