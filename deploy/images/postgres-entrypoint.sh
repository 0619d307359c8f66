#!/usr/bin/env bash
# The official image's first start: initdb with the given superuser and password, password logins from anywhere on
# the network (scram-sha-256), the named database; later starts find the cluster and just run it.
set -euo pipefail
if [ "${1:-}" = postgres ]; then
  as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
  mkdir -p "$PGDATA" /run/postgresql && chown -R postgres:postgres "$PGDATA" /run/postgresql && chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
    user="${POSTGRES_USER:-postgres}"
    pwfile=$(mktemp) && printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile" && chown postgres "$pwfile"
    as_pg initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.auto.conf"
    db="${POSTGRES_DB:-$user}"
    if [ "$db" != postgres ]; then
      as_pg pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
      as_pg psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -c "CREATE DATABASE \"$db\"" >/dev/null
      as_pg pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
    echo "postgres: cluster created for $user, database $db"
  fi
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" "$@"
fi
exec "$@"
