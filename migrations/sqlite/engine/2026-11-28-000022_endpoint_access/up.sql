-- Receivers behind gateways: see the PostgreSQL migration of the same name.
ALTER TABLE webhook_endpoints ADD COLUMN headers TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN auth_summary TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN auth_key_id TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN auth_nonce BLOB;
ALTER TABLE webhook_endpoints ADD COLUMN auth_ciphertext BLOB;
