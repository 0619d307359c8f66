#!/usr/bin/env bash
# compose.yaml brought up and used as a self-hoster would, with podman-compose (Debian 12) and images made from
# Debian packages standing in for redis, postgres and nginx: two web nodes and two workers behind nginx. It checks
# that compose refuses to start without its secrets and the server with a placeholder one, then: an account, an
# analysis and a download through the proxy, an analysis asked of one web node and followed to its download through
# the proxy, a worker killed mid-download and the job finished by the other, `down` and `up` again with the account
# and its history kept, and a screenshot of the home page through nginx (reports/compose-home.png).
#   bash deploy/test-compose.sh          (after deploy/test-image.sh, whose images it runs; builds them if missing)
# The compose file runs from a copy in a temporary folder, with its own .env: the work tree's .env is never read.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source deploy/podman-env.sh

TAG="${GRABLINE_TEST_TAG:-test}"
PROJECT="grabline-compose-test"
PORT="${GRABLINE_COMPOSE_PORT:-18380}"
BASE="http://127.0.0.1:$PORT"
SUBNET_PREFIX="10.89.177"
NETWORK="${PROJECT}_default"
mkdir -p reports
work=$(mktemp -d)
state="$work/state.json"
fixture_pid=""
compose() { (cd "$work" && podman-compose -p "$PROJECT" -f compose.yaml -f compose.test.yaml "$@"); }
cleanup() {
  compose down -v >/dev/null 2>&1 || true
  podman volume rm -f "${PROJECT}_files" "${PROJECT}_redis" "${PROJECT}_pg" >/dev/null 2>&1 || true
  podman network rm -f "$NETWORK" >/dev/null 2>&1 || true
  [ -n "$fixture_pid" ] && kill "$fixture_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS
stamp() { echo "[$(( SECONDS - started )) s] $*"; }

ensure_podman
ensure_base_images
ensure_service_images
for target in web worker; do
  image="localhost/grabline$(if [ $target = worker ]; then echo -worker; fi):$TAG"
  if ! image_exists "$image"; then
    say "building $image"
    podman build --quiet --network host --build-arg "NODE_IMAGE=$NODE_BASE_IMAGE" --target "$target" -t "$image" . >/dev/null
  fi
done

# The project as a self-hoster has it: compose.yaml and the nginx template, in a folder of their own.
mkdir -p "$work/deploy"
cp compose.yaml "$work/compose.yaml"
cp deploy/nginx.conf.template "$work/deploy/nginx.conf.template"

say "no default secrets"
cat >"$work/.env" <<EOF
GRABLINE_IMAGE=localhost/grabline:$TAG
GRABLINE_WORKER_IMAGE=localhost/grabline-worker:$TAG
EOF
: >"$work/compose.test.yaml"
echo 'services: {}' >"$work/compose.test.yaml"
if out=$(compose ps 2>&1); then echo "  ✗ compose read the file without JWT_SECRET and POSTGRES_PASSWORD" >&2; exit 1; fi
echo "  ✓ without them in .env, compose refuses: $(echo "$out" | grep -o 'set [A-Z_]* in .env[^)]*)' | head -n1)"
refusal=$(podman run --rm -e JWT_SECRET=change-me-to-a-long-random-secret-shared-by-every-node \
  -e DATABASE_URL=postgres://grabline:grabline@postgres:5432/grabline "localhost/grabline:$TAG" 2>&1 || true)
echo "$refusal" | grep -q 'JWT_SECRET: is a placeholder' && echo "$refusal" | grep -q 'DATABASE_URL: its password is a placeholder' \
  || { echo "  ✗ the server started with placeholder secrets: $refusal" >&2; exit 1; }
echo "  ✓ with the old placeholders, the server refuses to start: $(echo "$refusal" | grep -c 'placeholder') placeholder(s) named"

# The project's network made first with a known subnet, so the fixture site can listen on its gateway and the
# web nodes and workers be told (MEDIA_FETCH_ALLOW) to fetch from it.
podman network exists "$NETWORK" || podman network create --subnet "$SUBNET_PREFIX.0/24" --label "io.podman.compose.project=$PROJECT" "$NETWORK" >/dev/null
podman run --rm --network "$NETWORK" "$DEBIAN_IMAGE" true
fixture_out="$work/fixture.out"
node deploy/fixture-site.mjs "$SUBNET_PREFIX.1" >"$fixture_out" & fixture_pid=$!
until [ -s "$fixture_out" ]; do kill -0 "$fixture_pid" || { echo "the fixture site did not start" >&2; exit 1; }; sleep 0.5; done
FIXTURE=$(head -n1 "$fixture_out")
HEALTH_TOKEN=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
cat >"$work/.env" <<EOF
JWT_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
POSTGRES_PASSWORD=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
GRABLINE_IMAGE=localhost/grabline:$TAG
GRABLINE_WORKER_IMAGE=localhost/grabline-worker:$TAG
REDIS_IMAGE=localhost/grabline-redis:bookworm
POSTGRES_IMAGE=localhost/grabline-postgres:bookworm
NGINX_IMAGE=localhost/grabline-nginx:bookworm
PROXY_PORT=127.0.0.1:$PORT
SITE_URL=$BASE
EOF
# What only the test needs: the fixture site let through the private-address guard, and the health details.
cat >"$work/compose.test.yaml" <<EOF
services:
  web:
    environment:
      MEDIA_FETCH_ALLOW: "${FIXTURE#http://}"
      HEALTH_TOKEN: "$HEALTH_TOKEN"
  worker:
    environment:
      MEDIA_FETCH_ALLOW: "${FIXTURE#http://}"
EOF

wait_ready() {
  local until=$(( SECONDS + 240 ))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/health/ready")" = 200 ]; do
    [ $SECONDS -lt $until ] || { compose logs 2>&1 | tail -60 >&2; echo "not ready through nginx" >&2; return 1; }
    sleep 1
  done
}
running() { podman ps --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' | sort | tr '\n' ' '; }

say "compose up"
up_started=$SECONDS
compose up -d >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; exit 1; }
wait_ready
stamp "up and ready through nginx in $(( SECONDS - up_started )) s: $(running)"

say "an account, an analysis and a download through the proxy"
node deploy/check-deploy.mjs first --base "$BASE" --fixture "$FIXTURE" --state "$state"

say "an analysis asked of web node 1, followed and downloaded through the proxy"
web1=$(podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "${PROJECT}_web_1")
node deploy/check-deploy.mjs cross --base "$BASE" --node "http://$web1:3000" --fixture "$FIXTURE" --state "$state"

say "a worker killed mid-download"
id=$(node deploy/check-deploy.mjs slow-download --base "$BASE" --fixture "$FIXTURE" --state "$state" | tail -n1)
owner() { podman exec "${PROJECT}_redis_1" redis-cli HGET "grabline:bull:jobs-download:$id" pb; }
runner=$(owner)
victim=""
for n in 1 2; do
  [ "${runner%%:*}" = "$(podman inspect --format '{{.Config.Hostname}}' "${PROJECT}_worker_$n")" ] && victim=$n
done
[ -n "$victim" ] || { echo "  ✗ no worker container matches the job's runner $runner" >&2; exit 1; }
survivor=$(( 3 - victim ))
podman kill --signal KILL "${PROJECT}_worker_$victim" >/dev/null
stamp "  ✓ ${PROJECT}_worker_$victim (runner $runner) SIGKILLed mid-download"
node deploy/check-deploy.mjs finish --base "$BASE" --fixture "$FIXTURE" --state "$state"
finisher=$(owner)
[ "${finisher%%:*}" = "$(podman inspect --format '{{.Config.Hostname}}' "${PROJECT}_worker_$survivor")" ] \
  || { echo "  ✗ the job was finished by $finisher, not by worker $survivor" >&2; exit 1; }
stamp "  ✓ finished by ${PROJECT}_worker_$survivor ($finisher)"
podman start "${PROJECT}_worker_$victim" >/dev/null 2>&1 || true

say "compose down, then up again"
compose down >"$work/down.log" 2>&1 || { cat "$work/down.log" >&2; exit 1; }
stamp "down: $(running | wc -w) container(s) left; volumes: $(podman volume ls --format '{{.Name}}' | grep -c "^${PROJECT}_") kept"
podman network exists "$NETWORK" || podman network create --subnet "$SUBNET_PREFIX.0/24" --label "io.podman.compose.project=$PROJECT" "$NETWORK" >/dev/null
up_started=$SECONDS
compose up -d >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; exit 1; }
wait_ready
stamp "up again and ready in $(( SECONDS - up_started )) s: $(running)"
node deploy/check-deploy.mjs again --base "$BASE" --state "$state"

say "the home page through nginx, in Debian's Chromium"
if command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$ROOT/reports/compose-home.png" \
    --window-size=1280,900 "$BASE/" >/dev/null 2>&1
  echo "  ✓ reports/compose-home.png ($(stat -c %s reports/compose-home.png) bytes)"
else
  echo "  - chromium is not installed: no screenshot"
fi
stamp "compose test passed"
