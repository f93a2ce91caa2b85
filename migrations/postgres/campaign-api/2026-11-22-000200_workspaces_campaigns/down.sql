DROP TABLE campaigns;
DROP TABLE api_keys;
DROP TABLE workspaces;
