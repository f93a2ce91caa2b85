-- Client certificates (docs/engine.md, "Client certificates"; D121). What may be shown of an
-- endpoint's client certificate (JSON: subject, notAfter; NULL: none) and when it expires, for
-- the expiry metric. The certificate and its key are sealed with the credential in the auth_*
-- columns (access::AccessSecrets), which now hold an endpoint's secrets beside its signing
-- secret; a blob sealed before holds the credential alone and reads as it did.
ALTER TABLE webhook_endpoints
    ADD COLUMN client_cert_summary text,
    ADD COLUMN client_cert_not_after timestamptz;
