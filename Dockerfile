# Grabline's images: Debian 12 with Node 24 LTS, the system packages installed by the same setup script as a bare
# machine, npm packages from the committed lockfile (`npm ci`).
#   docker build -t grabline .                        the web server (Next's standalone server), the default target
#   docker build -t grabline-worker --target worker .  a job worker (compose.yaml runs two)
#   docker run -p 127.0.0.1:3000:3000 -v grabline-data:/data grabline
# Behind a reverse proxy, see compose.yaml. Every base image is a build argument, the public one by default:
#   docker build --build-arg NODE_IMAGE=registry.example/node:24-bookworm-slim .
# NODE_IMAGE must be Debian 12 with Node 24 and npm in /usr/local/bin and a `node` user (uid 1000), as the official
# image is; deploy/test-image.sh builds such a base from Debian packages and npm's `node` package.
#
# The runtime images hold no compiler, no dev dependency and no browser: those stay in the build stages.
ARG NODE_IMAGE=node:24-bookworm-slim

# npm packages (all of them: the build needs the dev ones) and the engine.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# better-sqlite3 compiles its native module here when its prebuilt binary cannot be downloaded — against Node
# 24.18's headers (npm's node package of that release ships them): better-sqlite3 12 built against the headers of
# Node 24.19 or later aborts the process the first time the garbage collector finalises a statement outside
# JavaScript, while built against 24.18's it runs cleanly on every Node 24 (same ABI). Its prebuilt binaries predate 24.19.
ARG ADDON_HEADERS_NODE=24.18.1
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null \
 && case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch=$(uname -m) ;; esac \
 && mkdir -p /opt/node-headers && cd /tmp && npm pack --silent "node-linux-$arch@$ADDON_HEADERS_NODE" >/dev/null \
 && tar -xzf node-linux-*.tgz -C /opt/node-headers --strip-components=1 package/include && rm node-linux-*.tgz
ENV npm_config_nodedir=/opt/node-headers
COPY package.json package-lock.json ./
COPY scripts ./scripts
# The engine's smoke test starts a Grabline worker on it.
COPY lib/media/ytdlp/worker.py ./lib/media/ytdlp/worker.py
# Debian packages, `npm ci`, and the packaged engine into /app/engine (beside the code, never under the volume); an
# image without a current engine is not built (ENGINE_FETCH_EXIT=1): it would run Debian 12's yt-dlp of 2023.
# Deno's binary stays where its platform package put it; the copy its own package's install step made goes.
RUN ENGINE_FETCH_EXIT=1 bash scripts/setup.sh && rm -rf engine/apt \
 && if [ -x node_modules/@deno/linux-*-glibc/deno ]; then rm -f node_modules/deno/deno; fi

# The worker's npm packages: production ones only, without the compiler Next builds with (the worker runs the
# TypeScript sources through jiti, which brings its own), Playwright (kept by prune as an optional peer of next), the
# browser's own packages (the worker imports lib/ only), and Deno, which the shared runtime stage already holds.
FROM deps AS worker-modules
RUN mkdir /worker && cp -a node_modules package.json package-lock.json /worker/ \
 && cd /worker && npm prune --omit=dev --no-audit --no-fund --loglevel=error \
 && rm -rf node_modules/@next/swc-* node_modules/@img node_modules/sharp node_modules/.cache node_modules/@deno \
      node_modules/deno/deno node_modules/playwright node_modules/playwright-core node_modules/@playwright \
      node_modules/lucide-react node_modules/@radix-ui node_modules/@fontsource-variable

# Next's standalone server. Its file tracing takes in the whole project; what the server never reads goes (the tests,
# the docs, the image optimiser's libvips: images are served as they are), and so do the engine and Deno, which the
# runtime stage already holds.
FROM deps AS build
ENV GRABLINE_STANDALONE=1
COPY . .
RUN npx next build \
 && cd .next/standalone && rm -rf test e2e bench docs deploy engine node_modules/@img node_modules/sharp node_modules/deno/deno node_modules/@deno

# What both runtime images share: the converters and Python for the engine, the engine itself, the data folder.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 DATA_DIR=/data GRABLINE_PACKAGED_ENGINE_DIR=/app/engine
COPY scripts/setup.sh ./scripts/setup.sh
# Debian's ffmpeg pulls in Mesa's GL drivers and the LLVM they compile shaders with (about 160 MB); nothing here
# draws with OpenGL, and ffmpeg links only libGL, which loads a driver when a GL context is made — never. They go.
RUN GRABLINE_SETUP_SYSTEM_ONLY=1 bash scripts/setup.sh \
 && dpkg --purge --force-depends libgl1-mesa-dri libllvm15 libz3-4 2>/dev/null \
 && ffmpeg -hide_banner -version >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log
# The engine set-up fetched, owned by root and read-only to the server: a volume over /data cannot hide it, and an
# engine update in /data/engine runs only while it is newer than this one.
COPY --from=deps /app/engine ./engine
# Deno's binary (yt-dlp's JavaScript runtime for YouTube's challenges): spawned, never imported, so never traced.
COPY --from=deps /app/node_modules/@deno ./node_modules/@deno
RUN mkdir -p /data && chown node:node /data
VOLUME /data

FROM runtime AS worker
COPY --from=worker-modules /worker/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY lib ./lib
COPY messages ./messages
COPY scripts ./scripts
USER node
CMD ["node", "scripts/worker.mjs"]

FROM runtime AS web
ENV HOSTNAME=0.0.0.0 PORT=3000
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/lib/media/ytdlp ./lib/media/ytdlp
# `node scripts/backup.mjs`: a consistent copy of the SQLite store while the server runs (before an upgrade).
COPY --from=build /app/scripts/backup.mjs ./scripts/backup.mjs
# The PO token sandbox's library (PO_TOKENS=on): Deno reads it from here; no server code imports it, so it is not traced.
COPY --from=build /app/node_modules/bgutils-js ./node_modules/bgutils-js
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
