# Sourced by scripts/start.sh and scripts/test.sh: the server and the tests run on Node 24 LTS. When this machine's
# Node is older (Debian 12 machines carry Node 20, past its end of life since April 2026), npm's `node` package is
# installed into .node/ and put first on PATH; the machine's Node only runs that installer.
#
# Native modules (better-sqlite3) are compiled against Node 24.18's headers, taken from npm's node package of that
# release (node-gyp never downloads any): better-sqlite3 12 built against the headers of Node 24.19 or later aborts the
# process the first time the garbage collector finalises a statement outside JavaScript; built against 24.18's it
# runs cleanly on every Node 24 (same ABI).
NODE_LTS_MAJOR=24
NODE_ADDON_HEADERS=24.18.1
node_lts_dir="$PWD/.node"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt "$NODE_LTS_MAJOR" ]; then
  if [ ! -x "$node_lts_dir/node_modules/node/bin/node" ]; then
    echo "node: this machine has Node $(node --version 2>/dev/null || echo none); installing Node $NODE_LTS_MAJOR LTS from npm into .node/"
    npm install --prefix "$node_lts_dir" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_LTS_MAJOR" >/dev/null
  fi
  export PATH="$node_lts_dir/node_modules/node/bin:$PATH"
fi
if [ "$(node_major)" = "$NODE_LTS_MAJOR" ]; then
  if [ ! -f "$node_lts_dir/headers-$NODE_ADDON_HEADERS/include/node/node.h" ]; then
    case "$(uname -m)" in x86_64) node_arch=x64 ;; aarch64) node_arch=arm64 ;; *) node_arch=$(uname -m) ;; esac
    mkdir -p "$node_lts_dir/headers-$NODE_ADDON_HEADERS"
    (cd "$node_lts_dir" && npm pack --silent "node-linux-$node_arch@$NODE_ADDON_HEADERS" >/dev/null \
      && tar -xzf node-linux-*.tgz -C "headers-$NODE_ADDON_HEADERS" --strip-components=1 package/include \
      && rm -f node-linux-*.tgz)
    unset node_arch
  fi
  export npm_config_nodedir="$node_lts_dir/headers-$NODE_ADDON_HEADERS"
fi
unset node_lts_dir
echo "node: $(node --version) ($(command -v node))"
