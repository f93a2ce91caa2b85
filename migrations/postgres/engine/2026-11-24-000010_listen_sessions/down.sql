DROP TABLE webhook_listen_sessions;
