#!/usr/bin/env bash
# The official image's start: the data folder the redis user's, protected mode off unless a config file is named.
set -euo pipefail
if [ "${1:-}" = redis-server ]; then
  shift
  chown -R redis:redis /data
  extra=()
  case "${1:-}" in *.conf) ;; *) extra=(--protected-mode no) ;; esac
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server "$@" "${extra[@]}"
fi
exec "$@"
