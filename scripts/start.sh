#!/usr/bin/env bash
# Brings Grabline up at http://localhost:3000 on the embedded defaults (SQLite under ./data, in-process queue,
# local temp dir). Installs what it needs first; safe to run twice (a Grabline already on the port is stopped).
set -euo pipefail
cd "$(dirname "$0")/.."
# The server runs on Node 24 LTS (npm's node package when this machine's Node is older).
source scripts/node-lts.sh
bash scripts/setup.sh
export NEXT_TELEMETRY_DISABLED=1
PORT="${PORT:-3000}"
npx next build
mkdir -p data
pidfile=data/.server.pid
if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then kill "$(cat "$pidfile")"; sleep 1; fi
echo $$ > "$pidfile"
echo "Grabline: http://localhost:${PORT}"
# BIND_ADDRESS=127.0.0.1 keeps it on loopback, behind your reverse proxy.
exec npx next start -p "$PORT" ${BIND_ADDRESS:+-H "$BIND_ADDRESS"}
