-- Operational webhooks and probes (docs/operational-webhooks.md, docs/decisions.md D93-D96).

-- Why a disabled endpoint is disabled: 'failing' (the engine: every attempt failed for longer
-- than the window), 'gone' (the engine: the endpoint answered 410 Gone) or 'manual' (a user
-- through the API or a console, or the operator's configuration). NULL while enabled. Only
-- 'failing' endpoints are probed.
ALTER TABLE webhook_endpoints
    ADD COLUMN disabled_cause text CHECK (disabled_cause IN ('failing', 'gone', 'manual'));
UPDATE webhook_endpoints SET disabled_cause = CASE
        WHEN disabled_reason = 'the endpoint answered 410 Gone' THEN 'gone'
        WHEN disabled_reason LIKE 'every attempt failed for longer than %' THEN 'failing'
        ELSE 'manual' END
    WHERE disabled_at IS NOT NULL;

-- The highest failing warning sent in the current run of failures (50, 75 or 90 % of the
-- disable window; 0: none yet). Reset with failing_since.
ALTER TABLE webhook_endpoints
    ADD COLUMN failing_warned smallint NOT NULL DEFAULT 0 CHECK (failing_warned IN (0, 50, 75, 90));

-- Probes of an endpoint disabled for failing: when the next one is due (pushed forward by a
-- lease while a worker probes; NULL: not probed) and how many were made since the disable.
ALTER TABLE webhook_endpoints ADD COLUMN next_probe_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN probes integer NOT NULL DEFAULT 0 CHECK (probes >= 0);
CREATE INDEX webhook_endpoints_probe_due ON webhook_endpoints (next_probe_at) WHERE next_probe_at IS NOT NULL;
