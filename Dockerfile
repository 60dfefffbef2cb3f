# syntax=docker/dockerfile:1
# Land Banking: one image for the web app and its embedded API.
# Each step is an npm script the README and CI use too: npm ci, npm run build, npm start.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency, from the lockfile. patches/ comes first: npm ci's postinstall applies them
#    (patch-package) and fails the build when one no longer applies.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci

# 2. The build (Remix classic compiler: build/ and public/build/).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies only.
FROM deps AS prod-deps
RUN npm prune --omit=dev

# 4. The runtime: no compilers, no dev tools, not root.
FROM ${NODE_IMAGE} AS runtime
# bash runs `npm start`'s one command in its own place (dash would fork and swallow SIGTERM), so
# `docker stop` reaches the server, which finishes requests in flight and closes the database.
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (the database's thread, libuv's pool where
# passwords are hashed, V8's compiler threads) an arena of its own, and freed memory stays in it: at 50
# connections that held about 50 MB more RSS than two shared arenas, for the same throughput
# (bench/results/2026-11-27-pglite-100k.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_SCRIPT_SHELL=/bin/bash
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# npm start's launcher: WEB_CONCURRENCY processes under node:cluster.
COPY --from=build /app/bin ./bin
# Migrations are read at start from app/backend/db/migrations, and the embedded database's thread
# from app/backend/db/pglite-worker.mjs (see app/backend/db/client.ts).
COPY --from=build /app/app/backend/db/migrations ./app/backend/db/migrations
COPY --from=build /app/app/backend/db/pglite-worker.mjs ./app/backend/db/pglite-worker.mjs
# So are the fonts embedded in receipts and allocation letters (app/backend/pdf/kit.ts).
COPY --from=build /app/app/backend/fonts ./app/backend/fonts
# DATA_DIR holds the PGlite database (when DATABASE_URL is unset), the mail outbox and the
# generated session secret: keep it on a volume.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/v1/health runs a query, so it fails while the database is unreachable. Node's fetch:
# slim images have no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# PGlite under /data when DATABASE_URL is unset; PostgreSQL when it is set, with DATABASE_MIGRATION_URL
# for the tables' owner so that the app's role owns nothing (docs/postgresql.md).
CMD ["npm", "start"]
