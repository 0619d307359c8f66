#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests: trust auth, loopback only, everything under one temp dir.
#   scripts/pg-test-cluster.sh start   # (re)creates the cluster, prints its DATABASE_URL
#   scripts/pg-test-cluster.sh url     # prints the DATABASE_URL
#   scripts/pg-test-cluster.sh stop    # stops it and removes the dir
# PG_TEST_PORT picks the port (default 54329). Works as root: server commands run as `postgres` via runuser.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_TEST_PORT:-54329}
DB_NAME=grabline_test
ROOT_DIR=/tmp/grabline-pg-$PORT
DATA_DIR=$ROOT_DIR/data
LOG_FILE=$ROOT_DIR/server.log
# initdb and postgres refuse to run as root; as another user we are already the one to run them.
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then RUN_AS=(runuser -u postgres --); fi

url() {
  echo "postgres://postgres@127.0.0.1:$PORT/$DB_NAME"
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
}

stop() {
  if [[ -f $DATA_DIR/postmaster.pid ]]; then
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m fast -w stop >/dev/null || true
  fi
  rm -rf -- "$ROOT_DIR"
}

start() {
  stop
  if port_in_use; then
    echo "pg-test-cluster: port $PORT is taken by something else; set PG_TEST_PORT" >&2
    exit 1
  fi
  mkdir -p -- "$ROOT_DIR"
  if [[ $(id -u) -eq 0 ]]; then chown postgres: "$ROOT_DIR"; fi
  # Run from a directory postgres can read, so the tools don't warn about the caller's cwd.
  cd /tmp
  "${RUN_AS[@]}" "$PG_BIN/initdb" -D "$DATA_DIR" -A trust -U postgres -E UTF8 --no-sync >"$ROOT_DIR/initdb.log"
  # Settings go in the config file rather than `pg_ctl -o`, which passes its string through a shell.
  # Durability is pointless for a cluster that is deleted after the run, so fsync is off for speed.
  cat >>"$DATA_DIR/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$ROOT_DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
  "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 30 start >/dev/null
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME"
  url
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
