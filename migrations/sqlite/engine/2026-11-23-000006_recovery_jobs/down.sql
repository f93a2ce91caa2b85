DROP TABLE webhook_recovery_jobs;
