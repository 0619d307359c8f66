#!/usr/bin/env bash
# A throwaway Redis for tests: Debian's redis-server on a free loopback port, append-only file on, everything in one
# temp dir that belongs to this checkout (two checkouts testing at once never stop each other's server).
#   scripts/redis-test-server.sh start   # (re)starts this checkout's server, prints its REDIS_URL
#   scripts/redis-test-server.sh url     # prints the REDIS_URL of the running server
#   scripts/redis-test-server.sh stop    # stops it and removes the dir
# REDIS_TEST_PORT picks the port; unset, the first free one from 63799 up. REDIS_TEST_DIR picks the dir (a test
# that runs a second server of its own). No password: it listens on 127.0.0.1 only and lives for one run.
set -euo pipefail
cd "$(dirname "$0")/.."

REDIS_BIN=${REDIS_BIN:-/usr/bin/redis-server}
ROOT_DIR=${REDIS_TEST_DIR:-/tmp/grabline-redis-$(pwd -P | sha256sum | cut -c1-12)}
PID_FILE=$ROOT_DIR/redis.pid
PORT_FILE=$ROOT_DIR/port
LOG_FILE=$ROOT_DIR/server.log

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

url() {
  if [[ ! -f $PORT_FILE ]]; then
    echo "redis-test-server: not running (start it first)" >&2
    exit 1
  fi
  echo "redis://127.0.0.1:$(cat "$PORT_FILE")/0"
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
  local port=${REDIS_TEST_PORT:-}
  if [[ -n $port ]]; then
    if port_in_use "$port"; then
      echo "redis-test-server: port $port is taken by something else; set another REDIS_TEST_PORT" >&2
      exit 1
    fi
  else
    port=63799
    while port_in_use "$port"; do port=$((port + 1)); done
  fi
  mkdir -p -- "$ROOT_DIR"
  echo "$port" >"$PORT_FILE"
  # The settings go in a file rather than on the command line; the server is a daemon writing its pid file.
  # appendonly yes: a restart of this server keeps what was queued, as a production Redis for BullMQ must.
  cat >"$ROOT_DIR/redis.conf" <<CONF
bind 127.0.0.1
port $port
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
    if port_in_use "$port"; then url; return 0; fi
    sleep 0.1
  done
  echo "redis-test-server: the server did not answer on port $port; its log:" >&2
  cat "$LOG_FILE" >&2 || true
  exit 1
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
