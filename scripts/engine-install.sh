#!/usr/bin/env bash
# Fetches the newest yt-dlp that Debian's unstable suite carries and installs it as Grabline's engine, without
# touching the system: a private apt configuration (its own sources, state and cache under the engine folder), the
# suite's address taken from this machine's own Debian source entry, `apt-get download` (the package is
# architecture-independent) and `dpkg-deb -x` into versions/<version>/. The system's apt sources, its Python and its
# packaged yt-dlp are never changed; when nothing newer can be had, the packaged yt-dlp stays the engine (fallback).
#
#   bash scripts/engine-install.sh              fetch; install and switch to it when newer than the current one
#   bash scripts/engine-install.sh --if-stale   do nothing when an engine is installed (what setup.sh runs)
#   bash scripts/engine-install.sh --stage      fetch and extract only; print the folder, never switch
#   bash scripts/engine-install.sh --switch DIR point `current` at an installed version folder
#
# Layout under GRABLINE_ENGINE_DIR (default $DATA_DIR/engine, else ./data/engine; scripts/setup.sh points it at the
# packaged engine's folder, GRABLINE_PACKAGED_ENGINE_DIR, default ./engine):
#   apt/            the private apt configuration and its state
#   versions/<v>/   one extracted package each, with engine.json (version, package version, source, fetchedAt)
#   current         symlink to the version in use (replaced atomically); previous: the one before
#   deno/           DENO_DIR holding the challenge solver's npm packages, so solving works offline
# Safe to run twice and concurrently: everything runs under one lock.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

DATA="${DATA_DIR:-$ROOT/data}"
ENGINE_DIR="${GRABLINE_ENGINE_DIR:-$DATA/engine}"
SUITE="${ENGINE_SUITE:-unstable}"
PACKAGE=yt-dlp
mode=install
switch_to=""
case "${1:-}" in
  --if-stale) mode=if-stale ;;
  --stage) mode=stage ;;
  --switch) mode=switch; switch_to="${2:?--switch needs a version folder}" ;;
  "") ;;
  *) echo "usage: $0 [--if-stale | --stage | --switch DIR]" >&2; exit 64 ;;
esac

log() { echo "engine: $*" >&2; }

mkdir -p "$ENGINE_DIR/versions"
exec 9>"$ENGINE_DIR/.lock"
if ! flock -w 600 9; then log "another engine install holds the lock for 10 minutes; giving up"; exit 75; fi

# The installed engine is valid when its folder holds an importable yt_dlp package.
valid_engine() { [ -f "$1/usr/lib/python3/dist-packages/yt_dlp/version.py" ] && [ -f "$1/engine.json" ]; }

deno_bin() {
  local arch
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="" ;; esac
  for candidate in "${DENO_PATH:-}" "$ROOT/node_modules/@deno/linux-$arch-glibc/deno" "$ROOT/node_modules/deno/deno"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && { echo "$candidate"; return 0; }
  done
  return 1
}

# yt-dlp runs Deno with --no-remote and, unless an operator allows remote components, uses its solver library
# only when the library's npm imports are already cached (--cached-only). Run the library once now, while the
# npm registry is reachable, so they are: solving then needs no network and no permission.
DENO_FLAGS=(--ext=js --no-code-cache --no-prompt --no-remote --no-lock --node-modules-dir=none --no-config)
cache_solver() {
  local folder=$1 lib deno registry
  lib="$folder/usr/lib/python3/dist-packages/yt_dlp/extractor/youtube/jsc/_builtin/vendor/yt.solver.deno.lib.js"
  if [ ! -f "$lib" ]; then log "this yt-dlp has no Deno solver library; nothing to cache"; return 0; fi
  if ! deno=$(deno_bin); then log "no Deno binary (npm packages not installed yet?); the solver library is not cached"; return 0; fi
  export DENO_DIR="$ENGINE_DIR/deno" DENO_NO_UPDATE_CHECK=1 DENO_NO_PROMPT=1
  if "$deno" run "${DENO_FLAGS[@]}" --cached-only - <"$lib" >/dev/null 2>&1; then return 0; fi
  registry=$(npm config get registry 2>/dev/null || true)
  if NPM_CONFIG_REGISTRY="${registry:-https://registry.npmjs.org/}" "$deno" run "${DENO_FLAGS[@]}" - <"$lib" >/dev/null 2>"$ENGINE_DIR/.deno-cache.log" \
     && "$deno" run "${DENO_FLAGS[@]}" --cached-only - <"$lib" >/dev/null 2>&1; then
    log "solver library's npm packages cached in $DENO_DIR"
  else
    log "could not cache the solver library's npm packages (see $ENGINE_DIR/.deno-cache.log); YouTube's challenges stay unsolved"
  fi
}

switch_current() {
  local target=$1 old=""
  [ -L "$ENGINE_DIR/current" ] && old=$(readlink "$ENGINE_DIR/current")
  if [ "$old" = "$target" ]; then return 0; fi
  # ln -s to a temporary name, then rename over `current`: a reader sees the old engine or the new one, never none.
  ln -sfn "$target" "$ENGINE_DIR/.current.tmp.$$"
  mv -T "$ENGINE_DIR/.current.tmp.$$" "$ENGINE_DIR/current"
  if [ -n "$old" ]; then
    ln -sfn "$old" "$ENGINE_DIR/.previous.tmp.$$"
    mv -T "$ENGINE_DIR/.previous.tmp.$$" "$ENGINE_DIR/previous"
  fi
  log "current engine: $target"
}

if [ "$mode" = switch ]; then
  target=$(cd "$switch_to" && pwd)
  valid_engine "$target" || { log "$switch_to is not an installed engine"; exit 65; }
  switch_current "versions/$(basename "$target")"
  exit 0
fi

if [ "$mode" = if-stale ] && valid_engine "$ENGINE_DIR/current"; then
  cache_solver "$(readlink -f "$ENGINE_DIR/current")"
  log "installed: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$ENGINE_DIR/current/engine.json" 2>/dev/null || echo '?') (npm run engine:update fetches a newer one)"
  exit 0
fi

# The suite's address comes from this machine's own Debian entry (deb822 or one-line format), never from here.
# ENGINE_APT_SOURCES names another entry file (the tests point it at a local repository).
DEB822="${ENGINE_APT_SOURCES:-/etc/apt/sources.list.d/debian.sources}"
debian_uri() {
  local file line
  if [ -f "$DEB822" ] && grep -q '^URIs:' "$DEB822"; then
    awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /-security/) { print $i; exit } }' "$DEB822"
    return
  fi
  for file in "${ENGINE_APT_SOURCES:-/etc/apt/sources.list}" /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    line=$(grep -E '^[[:space:]]*deb[[:space:]]' "$file" | grep -v -- '-security' | head -n1 || true)
    if [ -n "$line" ]; then echo "$line" | sed -E 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\2/'; return; fi
  done
}
# The entry's trust settings come along with its address (its keyring, or a local repository's Trusted: yes).
entry_option() {
  [ -f "$DEB822" ] && awk -v key="$1:" '$1 == key { print $2; exit }' "$DEB822"
}

fallback() {
  log "$1"
  if valid_engine "$ENGINE_DIR/current"; then
    log "keeping the installed engine $(readlink "$ENGINE_DIR/current")"
  else
    log "FALLBACK: no newer yt-dlp could be fetched; Debian's packaged yt-dlp ($(/usr/bin/yt-dlp --version 2>/dev/null || echo 'not installed')) stays the engine"
  fi
  # A failed fetch is not a failed set-up: the server still runs on what is there, and says so in /api/health.
  exit "${ENGINE_FETCH_EXIT:-0}"
}

URI=$(debian_uri || true)
[ -n "$URI" ] || fallback "this machine has no Debian source entry to take the suite's address from"

APT="$ENGINE_DIR/apt"
mkdir -p "$APT/sources.list.d" "$APT/empty.d" "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/download"
keyring=$(entry_option Signed-By || true)
trusted=$(entry_option Trusted || true)
{
  echo "Types: deb"
  echo "URIs: $URI"
  echo "Suites: $SUITE"
  echo "Components: main"
  [ -n "$keyring" ] && echo "Signed-By: $keyring"
  [ -n "$trusted" ] && echo "Trusted: $trusted"
  true
} >"$APT/sources.list.d/engine.sources"
: >"$APT/sources.list"
[ -f "$APT/status" ] || : >"$APT/status"
APT_OPTS=(
  -o "Dir::Etc::sourcelist=$APT/sources.list"
  -o "Dir::Etc::sourceparts=$APT/sources.list.d"
  -o "Dir::Etc::preferences=$APT/preferences"
  -o "Dir::Etc::preferencesparts=$APT/empty.d"
  -o "Dir::State=$APT"
  -o "Dir::State::lists=$APT/lists"
  -o "Dir::State::status=$APT/status"
  -o "Dir::Cache=$APT/cache"
  -o "Dir::Cache::archives=$APT/cache/archives"
  -o "APT::Sandbox::User=root"
  -o "Debug::NoLocking=1"
)
# Without root, apt cannot drop to its sandbox user; the folder is ours either way.
[ "$(id -u)" -ne 0 ] && APT_OPTS+=(-o "APT::Sandbox::User=$(id -un)")

if ! apt-get "${APT_OPTS[@]}" -qq update >"$APT/update.log" 2>&1; then
  fallback "apt-get update of $URI $SUITE failed (see $APT/update.log)"
fi
candidate=$( (apt-cache "${APT_OPTS[@]}" show "$PACKAGE" 2>/dev/null || true) | awk '/^Version:/ { print $2 }' | sort -V | tail -n1)
[ -n "$candidate" ] || fallback "$URI $SUITE carries no $PACKAGE package"

current_pkg=""
if valid_engine "$ENGINE_DIR/current"; then
  current_pkg=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["package"])' "$ENGINE_DIR/current/engine.json")
fi
folder="$ENGINE_DIR/versions/$candidate"
if [ "$current_pkg" = "$candidate" ] || { [ -n "$current_pkg" ] && dpkg --compare-versions "$candidate" le "$current_pkg"; }; then
  cache_solver "$(readlink -f "$ENGINE_DIR/current")"
  log "up to date: $current_pkg is current ($URI $SUITE offers $candidate)"
  [ "$mode" = stage ] && echo "CURRENT"
  exit 0
fi
# The engine installed beside the code (set-up's, the image's) runs whenever it is the newer one, so a version that
# is not newer than it is never fetched into this folder.
PACKAGED_DIR="${GRABLINE_PACKAGED_ENGINE_DIR:-$ROOT/engine}"
if [ "$(realpath -m "$PACKAGED_DIR")" != "$(realpath -m "$ENGINE_DIR")" ] && valid_engine "$PACKAGED_DIR/current"; then
  packaged_pkg=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["package"])' "$PACKAGED_DIR/current/engine.json" 2>/dev/null || true)
  if [ -n "$packaged_pkg" ] && dpkg --compare-versions "$candidate" le "$packaged_pkg"; then
    log "up to date: the packaged engine $packaged_pkg ($PACKAGED_DIR) is current ($URI $SUITE offers $candidate)"
    [ "$mode" = stage ] && echo "CURRENT"
    exit 0
  fi
fi

if ! valid_engine "$folder"; then
  rm -rf "$APT/download"/*.deb
  if ! (cd "$APT/download" && apt-get "${APT_OPTS[@]}" -qq download "$PACKAGE=$candidate" >"$APT/download.log" 2>&1); then
    fallback "apt-get download $PACKAGE=$candidate failed (see $APT/download.log)"
  fi
  deb=$(ls "$APT/download"/"${PACKAGE}"_*_all.deb 2>/dev/null | head -n1 || true)
  [ -n "$deb" ] || fallback "the downloaded $PACKAGE is not an architecture-independent package"
  staging="$ENGINE_DIR/versions/.staging.$$"
  rm -rf "$staging"
  dpkg-deb -x "$deb" "$staging"
  [ -f "$staging/usr/lib/python3/dist-packages/yt_dlp/version.py" ] || { rm -rf "$staging"; fallback "the fetched $PACKAGE $candidate holds no yt_dlp package"; }
  # Read, not imported: whether it runs is the smoke test's verdict.
  version=$(sed -n "s/^__version__ = '\([^']*\)'.*/\1/p" "$staging/usr/lib/python3/dist-packages/yt_dlp/version.py" | head -n1)
  [ -n "$version" ] || version="${candidate%-*}"
  printf '{"version":"%s","package":"%s","source":"debian-unstable","suite":"%s","fetchedAt":"%s"}\n' \
    "$version" "$candidate" "$SUITE" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$staging/engine.json"
  rm -rf "$folder"
  mv -T "$staging" "$folder"
  rm -f "$deb"
  log "fetched yt-dlp $version ($PACKAGE $candidate from $URI $SUITE) into $folder"
fi
cache_solver "$folder"

if [ "$mode" = stage ]; then
  echo "$folder"
  exit 0
fi
# A version that fails the smoke test (scripts/engine-smoke.mjs: no network) never becomes current.
if ! smoke=$(node "$ROOT/scripts/engine-smoke.mjs" "$folder"); then
  rm -rf "$folder"
  fallback "the fetched $PACKAGE $candidate failed its smoke test: $smoke"
fi
switch_current "versions/$candidate"
