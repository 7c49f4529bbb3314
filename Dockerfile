# syntax=docker/dockerfile:1
# Margin for production: the built app only, on Node 20 LTS, as a non-root user.
# Build: docker build -t margin .   Run several instances on one Postgres: see compose.yaml.

# 1. Build the client and the server bundle with every dependency.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no compiler, test or build tools).
FROM node:20.20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: the bundles, the migrations and the production node_modules.
FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist/server ./dist/server
COPY --from=build --chown=node:node /app/dist/client ./dist/client
COPY --chown=node:node package.json ./
COPY --chown=node:node migrations ./migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Alive: /healthz. Able to take work (database and job queue): /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: stop taking requests and jobs, finish or hand back the jobs in hand, close the database.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
