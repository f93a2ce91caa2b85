-- Whether an attempt left through the egress proxy: see the PostgreSQL migration of the same name.
ALTER TABLE webhook_attempts ADD COLUMN via_proxy INTEGER NOT NULL DEFAULT 0;
