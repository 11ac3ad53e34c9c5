# The console server and the built console, on Node 20, as a non-root user, without development dependencies.
# `npm run image:check` runs these same steps on a clean clone where no container engine is at hand.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && npm run build:server

# The build's dependencies less the development ones: the native modules (better-sqlite3, argon2) built once, above.
FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_DIR=dist LOG_FORMAT=json
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server-dist ./server-dist
COPY package.json ./
# The SQLite stores and the audit key file of a one-replica run (a volume in compose.yaml), writable by the user only.
RUN install -d -o node -g node -m 700 /app/.data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The sandbox payout service alone is `node server-dist/sandbox.mjs` (compose.yaml runs it beside the consoles).
CMD ["node", "server-dist/server.mjs"]
