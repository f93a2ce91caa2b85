ALTER TABLE webhook_endpoints DROP COLUMN auth_ciphertext;
ALTER TABLE webhook_endpoints DROP COLUMN auth_nonce;
ALTER TABLE webhook_endpoints DROP COLUMN auth_key_id;
ALTER TABLE webhook_endpoints DROP COLUMN auth_summary;
ALTER TABLE webhook_endpoints DROP COLUMN headers;
