DROP TABLE console_sign_in_links;
DROP TABLE console_sessions;
