#!/usr/bin/env bash
# A throwaway Redis for tests: Debian's redis-server on loopback only, append-only file on, everything in one temp dir.
#   scripts/redis-test-server.sh start   # (re)starts the server, prints its REDIS_URL
#   scripts/redis-test-server.sh url     # prints the REDIS_URL
#   scripts/redis-test-server.sh stop    # stops it and removes the dir
# REDIS_TEST_PORT picks the port (default 63799). No password: it listens on 127.0.0.1 only and lives for one run.
set -euo pipefail

REDIS_BIN=${REDIS_BIN:-/usr/bin/redis-server}
PORT=${REDIS_TEST_PORT:-63799}
ROOT_DIR=/tmp/grabline-redis-$PORT
PID_FILE=$ROOT_DIR/redis.pid
LOG_FILE=$ROOT_DIR/server.log

url() {
  echo "redis://127.0.0.1:$PORT/0"
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
}

stop() {
  if [[ -f $PID_FILE ]]; then
    local pid
    pid=$(cat "$PID_FILE")
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
  fi
  rm -rf -- "$ROOT_DIR"
}

start() {
  stop
  if port_in_use; then
    echo "redis-test-server: port $PORT is taken by something else; set REDIS_TEST_PORT" >&2
    exit 1
  fi
  mkdir -p -- "$ROOT_DIR"
  # The settings go in a file rather than on the command line; the server is a daemon writing its pid file.
  # appendonly yes: a restart of this server keeps what was queued, as a production Redis for BullMQ must.
  cat >"$ROOT_DIR/redis.conf" <<CONF
bind 127.0.0.1
port $PORT
protected-mode yes
daemonize yes
pidfile $PID_FILE
logfile $LOG_FILE
dir $ROOT_DIR
appendonly yes
appendfsync everysec
save ""
maxmemory-policy noeviction
CONF
  "$REDIS_BIN" "$ROOT_DIR/redis.conf"
  for _ in $(seq 1 100); do
    if port_in_use; then url; return 0; fi
    sleep 0.1
  done
  echo "redis-test-server: the server did not answer on port $PORT; its log:" >&2
  cat "$LOG_FILE" >&2 || true
  exit 1
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
