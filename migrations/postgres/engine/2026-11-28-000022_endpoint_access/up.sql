-- Receivers behind gateways (docs/engine.md, "Receivers behind gateways"; D120). An endpoint's
-- custom headers: a JSON array of [name, value] pairs in the order given (NULL: none). Its
-- credential: what may be shown of it (JSON: the type and the fields that are not secret) and
-- the whole of it sealed like the signing secret, under the master key auth_key_id names
-- (NULL: none).
ALTER TABLE webhook_endpoints
    ADD COLUMN headers text,
    ADD COLUMN auth_summary text,
    ADD COLUMN auth_key_id text,
    ADD COLUMN auth_nonce bytea,
    ADD COLUMN auth_ciphertext bytea;
