-- Whether an attempt left through the egress proxy (docs/operations.md, "Egress through a
-- proxy"; D122), for the delivery detail. A constant default: no table rewrite.
ALTER TABLE webhook_attempts ADD COLUMN via_proxy boolean NOT NULL DEFAULT false;
