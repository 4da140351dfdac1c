#!/bin/sh
# Run by the postgres image when the database volume is first made (docker-compose.yml):
# the application role, which owns nothing. Migrations run as the owner (POSTGRES_USER) and
# grant it its rights (gwt_site/db_roles.py). For a database made before this script existed,
# run the same statement once with psql as the owner.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v app_password="$POSTGRES_APP_PASSWORD" <<'SQL'
CREATE ROLE gwt_app LOGIN PASSWORD :'app_password';
SQL
