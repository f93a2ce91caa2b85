ALTER TABLE webhook_endpoints
    DROP COLUMN client_cert_summary,
    DROP COLUMN client_cert_not_after;
