#!/usr/bin/env bash
# The image as a self-hoster gets it, built and run on this machine with podman: a Debian 12 base with Node 24 LTS
# from npm (no image registry needed), our Dockerfile built on it, the web image started on a fresh volume and
# checked as a user would — ready, the home page in English and Arabic, an account, an analysis and a download of a
# fixture that ffprobe reads, a restart that keeps the account and its history, the server not running as root, the
# image's engine in use under an empty bind mount and under a data folder holding an older engine (and a newer one
# in use when the data folder has it) — and both runtime images checked for build tools, dev dependencies and
# browsers. Figures go to reports/image.json.
#   bash deploy/test-image.sh
# Root on Debian 12; installs podman and what it needs first. Takes about 10 minutes on 2 cores (the build).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source deploy/podman-env.sh

TAG="${GRABLINE_TEST_TAG:-test}"
WEB_IMAGE="localhost/grabline:$TAG"
WORKER_IMAGE="localhost/grabline-worker:$TAG"
NAME="grabline-image-test-$$"
VOLUME="$NAME-data"
PORT="${GRABLINE_TEST_PORT:-18300}"
BASE="http://127.0.0.1:$PORT"
mkdir -p reports
state=$(mktemp)
fixture_pid=""
cleanup() {
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  [ -n "$fixture_pid" ] && kill "$fixture_pid" 2>/dev/null || true
  rm -f "$state"
}
trap cleanup EXIT

ensure_podman
ensure_base_images

say "podman build: web and worker images from Dockerfile on $NODE_BASE_IMAGE"
started=$SECONDS
# GRABLINE_BUILD_NO_CACHE=1 builds every layer again (what the first build on a machine takes).
build() {
  podman build --network host ${GRABLINE_BUILD_NO_CACHE:+--no-cache} --build-arg "NODE_IMAGE=$NODE_BASE_IMAGE" "$@" . >>reports/image-build.log 2>&1 \
    || { tail -40 reports/image-build.log >&2; echo "podman build failed (reports/image-build.log)" >&2; exit 1; }
}
: >reports/image-build.log
build --target worker -t "$WORKER_IMAGE"
build -t "$WEB_IMAGE"
built=$(( SECONDS - started ))
say "built in ${built} s: web $(image_mb "$WEB_IMAGE") MB, worker $(image_mb "$WORKER_IMAGE") MB"

run_web() {
  podman run -d --name "$NAME" -p "127.0.0.1:$PORT:3000" -v "$VOLUME:/data" \
    -e "SITE_URL=$BASE" -e "MEDIA_FETCH_ALLOW=$FIXTURE_HOSTPORT" -e "HEALTH_TOKEN=$HEALTH_TOKEN" "$WEB_IMAGE" >/dev/null
}
wait_ready() {
  local until=$(( SECONDS + 180 ))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/health/ready")" = 200 ]; do
    if [ $SECONDS -gt $until ] || [ "$(podman inspect -f '{{.State.Running}}' "$NAME")" != true ]; then
      podman logs --tail 50 "$NAME" >&2; echo "the container never became ready" >&2; return 1
    fi
    sleep 1
  done
}

# The fixture site on the containers' bridge (brought up by a throwaway container), so the container reaches it as
# it would a media host.
podman volume create "$VOLUME" >/dev/null
HEALTH_TOKEN=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
podman run --rm "$DEBIAN_IMAGE" true
GATEWAY=$(podman network inspect podman | node -e '
  const n = JSON.parse(require("fs").readFileSync(0, "utf8"))[0];
  console.log(n.subnets?.[0]?.gateway ?? n.plugins?.[0]?.ipam?.ranges?.[0]?.[0]?.gateway ?? "")')
fixture_out=$(mktemp)
node deploy/fixture-site.mjs "$GATEWAY" >"$fixture_out" & fixture_pid=$!
until [ -s "$fixture_out" ]; do kill -0 "$fixture_pid" || { echo "the fixture site did not start on $GATEWAY" >&2; exit 1; }; sleep 0.5; done
FIXTURE=$(head -n1 "$fixture_out"); rm -f "$fixture_out"
FIXTURE_HOSTPORT=${FIXTURE#http://}
run_web
wait_ready
healthy=$(( SECONDS - started ))
say "healthy ${healthy} s after podman build started (the build took ${built} s)"

say "checks, as a user (fixture site $FIXTURE)"
node deploy/check-deploy.mjs first --base "$BASE" --fixture "$FIXTURE" --state "$state"

uid=$(podman exec "$NAME" awk '/^Uid:/ { print $2 }' /proc/1/status)
[ "$uid" != 0 ] || { echo "the server runs as root" >&2; exit 1; }
echo "  ✓ the server runs as uid $uid ($(podman exec "$NAME" id -un)), not root"

engine=$(curl -s -H "Authorization: Bearer $HEALTH_TOKEN" "$BASE/api/health" \
  | node -e 'const d=JSON.parse(require("fs").readFileSync(0)).data; console.log(`${d.engine.source} ${d.engine.version} (${d.engine.ageDays} days old), JS runtime ${d.engine.jsRuntime}, solver ${d.engine.solver}`)')
case "$engine" in debian-unstable*) echo "  ✓ engine: $engine" ;; *) echo "  ✗ engine: $engine — not the packaged one" >&2; exit 1 ;; esac

say "restart: the container stops and starts again on the same volume"
podman restart --time 30 "$NAME" >/dev/null
wait_ready
node deploy/check-deploy.mjs again --base "$BASE" --state "$state"

say "the engine a volume cannot hide: the newer of the image's and the data folder's runs"
BIND_NAME="$NAME-bind"
bind=$(mktemp -d)
cleanup_bind() { podman rm -f "$BIND_NAME" >/dev/null 2>&1 || true; rm -rf "$bind"; }
trap 'cleanup_bind; cleanup' EXIT
engine_key() { # the engine folder the yt-dlp pool runs, as /api/health reports it
  curl -s -H "Authorization: Bearer $HEALTH_TOKEN" "http://127.0.0.1:$(( PORT + 1 ))/api/health" \
    | node -e 'console.log(JSON.parse(require("fs").readFileSync(0)).data.pool.engine.key)'
}
with_data_engine() { # an engine recorded as VERSION in the bind-mounted data folder (none: an empty folder)
  podman rm -f "$BIND_NAME" >/dev/null 2>&1 || true
  rm -rf "${bind:?}"/* && chown 1000:1000 "$bind"
  if [ "$1" != none ]; then
    podman run --rm --user root --entrypoint sh -v "$bind:/data" "$WEB_IMAGE" -c "
      mkdir -p /data/engine/versions && cp -a /app/engine/versions/* /data/engine/versions/$1-1 &&
      sed -i 's/\"version\":\"[^\"]*\"/\"version\":\"$1\"/' /data/engine/versions/$1-1/engine.json &&
      ln -s versions/$1-1 /data/engine/current && chown -R 1000:1000 /data"
  fi
  podman run -d --name "$BIND_NAME" -p "127.0.0.1:$(( PORT + 1 )):3000" -v "$bind:/data" -e "HEALTH_TOKEN=$HEALTH_TOKEN" "$WEB_IMAGE" >/dev/null
  local until=$(( SECONDS + 120 ))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$(( PORT + 1 ))/api/health/ready")" = 200 ]; do
    [ $SECONDS -lt $until ] || { podman logs --tail 30 "$BIND_NAME" >&2; echo "not ready" >&2; return 1; }
    sleep 1
  done
}
expect_engine() { # what: description; want: a prefix of the engine key
  local key; key=$(engine_key)
  case "$key" in "$2"*) echo "  ✓ $1: $key" ;; *) echo "  ✗ $1: $key, not $2…" >&2; exit 1 ;; esac
}
with_data_engine none
expect_engine "an empty folder bind-mounted over /data runs the image's engine" "ours:/app/engine/"
with_data_engine 2025.01.01
expect_engine "a data folder holding an older engine runs the image's engine" "ours:/app/engine/"
with_data_engine 2099.01.01
expect_engine "a data folder holding a newer engine (an update) runs that one" "ours:/data/engine/"
cleanup_bind

say "what the runtime images hold"
for image in "$WEB_IMAGE" "$WORKER_IMAGE"; do
  found=$(podman run --rm --entrypoint sh "$image" -c '
    for tool in gcc g++ cc make python3-dev chromium chromium-browser; do command -v "$tool" >/dev/null 2>&1 && echo "$tool"; done
    for pkg in typescript vitest eslint @playwright/test playwright-core jsdom @next/swc-linux-x64-gnu; do [ -e "node_modules/$pkg" ] && echo "node_modules/$pkg"; done
    ls /root/.cache/ms-playwright 2>/dev/null; true')
  [ -z "$found" ] || { echo "  ✗ $image holds: $found" >&2; exit 1; }
  echo "  ✓ $image: no compiler, no dev dependency, no browser ($(image_mb "$image") MB)"
done

cat >reports/image.json <<EOF
{ "node": "$(podman run --rm "$NODE_BASE_IMAGE" node --version)", "webMB": $(image_mb "$WEB_IMAGE"), "workerMB": $(image_mb "$WORKER_IMAGE"),
  "buildSeconds": $built, "buildToHealthySeconds": $healthy, "engine": "$engine" }
EOF
say "image test passed: $(tr -s ' \n' ' ' <reports/image.json)"
