#!/usr/bin/env bash
# npm run engine:update — fetch a newer yt-dlp engine if there is one, smoke-test it, switch to it, roll back on
# failure (scripts/engine-update.mjs). One update at a time: a second run waits for the first, then finds it current.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE_DIR="${GRABLINE_ENGINE_DIR:-${DATA_DIR:-$PWD/data}/engine}"
mkdir -p "$ENGINE_DIR"
exec flock -w 900 "$ENGINE_DIR/.update.lock" node scripts/engine-update.mjs "$@"
