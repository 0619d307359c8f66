#!/usr/bin/env bash
# The whole test suite: lint, typecheck, Vitest (units + API integration on SQLite and PostgreSQL), a production
# build, Playwright in Debian's Chromium. Installs what it needs; safe to run twice. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CI="${CI:-}"
# Everything below runs on Node 24 LTS, as the server does (npm's node package when this machine's Node is older).
source scripts/node-lts.sh || { echo "Node 24 could not be installed"; echo "0 passed, 1 failed"; exit 1; }
GRABLINE_SETUP_TESTS=1 bash scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
# Each stage says how long it took, so a suite growing towards CI's time limit shows where.
stage() { echo "── $1: $(( SECONDS - stage_start )) s"; stage_start=$SECONDS; }
stage_start=0; stage setup

rm -rf reports && mkdir -p reports
checks=()
run_check() { # name, command…: a check that is not a test runner counts as one test
  local name=$1; shift
  if "$@" > "reports/$name.log" 2>&1; then checks+=("$name:pass"); echo "✓ $name"; else checks+=("$name:fail"); echo "✗ $name"; tail -40 "reports/$name.log"; fi
}

# The committed lockfile must install as it is on a fresh machine (npm ci), or nothing else here means much.
run_check lockfile npm ci --dry-run --ignore-scripts --no-audit --no-fund
# Lint and typecheck each use one core: side by side they take the time of the longer one. The typecheck covers
# the routes' generated types too (next typegen), so the build below need not check types a second time.
npx eslint . --max-warnings=0 > reports/lint.log 2>&1 & lint_pid=$!
{ npx next typegen && npx tsc --noEmit; } > reports/typecheck.log 2>&1 & typecheck_pid=$!
typechecked=0
for name in lint typecheck; do
  pid_var="${name}_pid"
  if wait "${!pid_var}"; then checks+=("$name:pass"); echo "✓ $name"; else checks+=("$name:fail"); echo "✗ $name"; tail -40 "reports/$name.log"; fi
done
[[ " ${checks[*]} " == *" typecheck:pass "* ]] && typechecked=1

# Throwaway servers stopped on the way out, whatever happens.
cleanups=()
trap 'for c in "${cleanups[@]}"; do bash -c "$c" >/dev/null 2>&1; done' EXIT

# A throwaway PostgreSQL cluster on loopback, so the store's tests run on both engines.
if TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh start 2>reports/pg.log); then
  export TEST_DATABASE_URL
  cleanups+=('bash scripts/pg-test-cluster.sh stop')
else
  echo "PostgreSQL test cluster did not start:"; cat reports/pg.log; checks+=("postgres:fail")
fi

# A throwaway Redis on loopback, so the Redis-backed stores (counters, analyses, pub/sub) are tested on a real server.
if TEST_REDIS_URL=$(bash scripts/redis-test-server.sh start 2>reports/redis.log); then
  export TEST_REDIS_URL
  cleanups+=('bash scripts/redis-test-server.sh stop')
else
  echo "Redis test server did not start:"; cat reports/redis.log; checks+=("redis:fail")
fi

stage "lockfile, lint, typecheck, test servers"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
stage vitest

# Types were checked above (next build would run the same check again, about half a minute on two cores).
GRABLINE_BUILD_TYPECHECKED=$typechecked run_check build npx next build
stage build
if [ -f .next/BUILD_ID ]; then
  npx playwright test
else
  echo "skipping Playwright: the build failed"
fi
stage playwright

node scripts/test-summary.mjs "${checks[@]}"
