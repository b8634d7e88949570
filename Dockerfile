# Service image in two stages: the build stage has the dev dependencies (Prisma
# CLI, TypeScript, codegen) and compiles; the runtime stage gets the compiled
# server, the migrations and the production dependencies only, and runs as the
# unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts codegen.ts ./
COPY schema ./schema
COPY src/rest/operations ./src/rest/operations
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/prisma ./prisma
# The embedded store's folder (used only without DATABASE_URL), writable by the service.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
# `npm start`'s environment: two glibc malloc arenas instead of eight per core. The native memory V8's
# background threads take to compile (PGlite's WebAssembly among it) otherwise stays spread over arenas
# that are never given back, a visible share of the embedded demo's resident memory (docs/performance.md#embedded-memory).
ENV MALLOC_ARENA_MAX=2
# The heap flags of `npm start` (package.json; docs/performance.md#embedded-memory): the old space grows by a quarter of
# the live heap at most before a full collection, instead of up to 4x, and the young generation is smaller.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=25", "dist/src/index.js"]
