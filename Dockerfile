# Grabline's image: Debian 12 with Node 24 LTS, installed by the same setup script as a bare machine, built with
# `npm ci` from the committed lockfile, and run as Next's standalone server.
#   docker build -t grabline .
#   docker run -p 127.0.0.1:3000:3000 -v grabline-data:/data grabline
# Behind a reverse proxy, see compose.yaml.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 GRABLINE_STANDALONE=1
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN bash scripts/setup.sh
COPY . .
RUN npx next build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 DATA_DIR=/data HOSTNAME=0.0.0.0 PORT=3000
COPY scripts ./scripts
# Only the system packages (ffmpeg, the engine, fonts): npm packages come with the standalone build.
RUN GRABLINE_SETUP_SYSTEM_ONLY=1 bash scripts/setup.sh && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/lib/media/ytdlp ./lib/media/ytdlp
# The PO token sandbox's library (PO_TOKENS=on): Deno reads it from here; no server code imports it, so it is not traced.
COPY --from=build /app/node_modules/bgutils-js ./node_modules/bgutils-js
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
