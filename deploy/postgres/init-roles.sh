#!/bin/bash
# The two roles of docs/postgresql.md, made once by the postgres image when the database service
# starts on an empty data volume (compose.yaml mounts this file in /docker-entrypoint-initdb.d):
#   landbanking_owner  owns the database and its tables, runs the migrations (DATABASE_MIGRATION_URL)
#   landbanking_app    the app's role (DATABASE_URL); its rights are granted at each start of the app
# Neither is a superuser. The image runs this as POSTGRES_USER on POSTGRES_DB, over its socket.
set -e
: "${DB_OWNER_PASSWORD:?set DB_OWNER_PASSWORD, the password of landbanking_owner}"
: "${DB_APP_PASSWORD:?set DB_APP_PASSWORD, the password of landbanking_app}"

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" \
  -v database="${POSTGRES_DB:-postgres}" \
  -v owner_password="$DB_OWNER_PASSWORD" \
  -v app_password="$DB_APP_PASSWORD" <<'SQL'
CREATE ROLE landbanking_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE landbanking_app LOGIN PASSWORD :'app_password';
ALTER DATABASE :"database" OWNER TO landbanking_owner;
-- Before PostgreSQL 15 the schema belonged to the superuser and anyone could create in it.
ALTER SCHEMA public OWNER TO landbanking_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
-- Only these two roles (and superusers) connect.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO landbanking_app;
SQL
