-- campaign-api's own tables: workspaces, their API keys (hashed), campaigns.
CREATE TABLE workspaces (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE api_keys (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- SHA-256 of the key, hex. Keys are 256-bit random strings, so a fast hash is enough.
    key_hash     text NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL,
    revoked_at   timestamptz
);

CREATE TABLE campaigns (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         text NOT NULL,
    status       text NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'completed', 'archived')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);
CREATE INDEX campaigns_by_workspace ON campaigns (workspace_id, created_at DESC);
