-- Client certificates: see the PostgreSQL migration of the same name.
ALTER TABLE webhook_endpoints ADD COLUMN client_cert_summary TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN client_cert_not_after INTEGER;
