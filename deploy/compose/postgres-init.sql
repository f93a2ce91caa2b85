-- Run once by the postgres image on an empty data volume (deploy/compose/postgres.yaml):
-- one database per service (docs/decisions.md D9).
CREATE DATABASE webhooks_workflow_api;
CREATE DATABASE webhooks_campaign_api;
