#!/usr/bin/env bash
# Installs what Grabline needs on a fresh Debian 12 machine (root): Debian packages, then npm packages.
# Safe to run twice: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the server runs on: the converters and Debian 12's packaged yt-dlp — only the fallback
# engine; it also brings the Python modules the current engine uses (certifi, mutagen, pycryptodome, websockets,
# brotli — all Debian 12 packages). python3-requests and python3-urllib3 are left out on purpose: Debian 12's
# versions are below what yt-dlp accepts, so it would skip them.
APT_PACKAGES=(ffmpeg yt-dlp python3-certifi python3-mutagen python3-pycryptodome python3-websockets python3-brotli
  ca-certificates)
# Only the test suite needs a browser and the fonts it draws the pages with (the server renders none), nginx (it
# runs the e2e suite behind it too), a PostgreSQL 15 server (it runs the store's tests on both engines) and a Redis
# server (it runs the Redis-backed stores' tests); a production install reaches an operator's Redis through
# REDIS_URL and never runs one itself.
if [ "${GRABLINE_SETUP_TESTS:-0}" = 1 ]; then
  APT_PACKAGES+=(chromium fonts-noto-core nginx redis-server podget)
  [ -x /usr/lib/postgresql/15/bin/initdb ] || APT_PACKAGES+=(postgresql-15)
fi

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The image's runtime stage needs only the system packages: its npm packages come with the standalone build.
[ "${GRABLINE_SETUP_SYSTEM_ONLY:-0}" = 1 ] && exit 0

# npm packages, exactly as the committed lockfile says (npm ci refuses a lock that drifted from package.json);
# reinstalled only when the lockfile changed since the last install.
stamp=node_modules/.grabline-lock.sha256
want=$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)
# Native modules are built for one Node (its ABI) and one set of headers (npm_config_nodedir, which
# scripts/node-lts.sh sets): when either changed since, or the module does not load, they are built again.
native_stamp=node_modules/.grabline-native
native_want="$(node -p 'process.versions.modules')|${npm_config_nodedir:-}"
native_loads() { node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; }
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
  echo "$native_want" > "$native_stamp"
fi
# An install from before this stamp, built by npm ci for this very Node, is taken as it is.
[ -f "$native_stamp" ] || [ -n "${npm_config_nodedir:-}" ] || ! native_loads || echo "$native_want" > "$native_stamp"
if [ "$(cat "$native_stamp" 2>/dev/null)" != "$native_want" ] || ! native_loads; then
  echo "setup: building native modules for Node $(node --version)"
  npm rebuild better-sqlite3 --loglevel=error
  echo "$native_want" > "$native_stamp"
fi
# The current yt-dlp engine (Debian unstable's, fetched through a private apt configuration) and the challenge
# solver's npm packages cached for Deno, installed beside the code in ./engine (GRABLINE_PACKAGED_ENGINE_DIR): never
# under DATA_DIR, so neither a volume mounted there nor a DATA_DIR changed later hides it. Skipped when installed.
# `npm run engine:update` puts newer versions under $DATA_DIR/engine; the server runs the newer of the two.
GRABLINE_ENGINE_DIR="${GRABLINE_PACKAGED_ENGINE_DIR:-$PWD/engine}" bash scripts/engine-install.sh --if-stale
# Next 16 loops on a 307 when bound to a loopback address; the upstream fix, applied in place (idempotent).
node scripts/patch-next.mjs
