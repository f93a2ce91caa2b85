-- An endpoint's most deliveries per second (per worker process; NULL: no limit), and how long
-- an attempt's delivery was held back by it after it was due (NULL: not held back).
ALTER TABLE webhook_endpoints
    ADD COLUMN rate_limit_per_s INTEGER CHECK (rate_limit_per_s BETWEEN 1 AND 10000);
ALTER TABLE webhook_attempts ADD COLUMN rate_limited_ms INTEGER CHECK (rate_limited_ms >= 0);
