ALTER TABLE webhook_endpoints
    DROP COLUMN headers,
    DROP COLUMN auth_summary,
    DROP COLUMN auth_key_id,
    DROP COLUMN auth_nonce,
    DROP COLUMN auth_ciphertext;
