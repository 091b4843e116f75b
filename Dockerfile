# The connector as a container: one image for every role (api, worker, scheduler); PROCESS_ROLES picks
# what a container does. Needs an external PostgreSQL (DATABASE_URL) and one ENCRYPTION_KEY shared by all
# containers of a deployment. See compose.yaml and the README's "Running several processes".
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The sandbox workspace: built here because the product's build type-checks its development loader
# against it, but neither it nor its link goes into the image (production never enables the sandbox).
COPY packages/sandbox/package.json ./packages/sandbox/
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY packages/sandbox ./packages/sandbox
COPY src ./src
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/@erp-connector

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# DejaVu Sans: the printable invoice's PDF font (print.pdfFont), with the Arabic KSA invoices print.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY config ./config
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data SANDBOX_ENABLED=false PORT=3000
EXPOSE 3000
# Readiness from memory (database and queue, checked in the background); an ERP being down is not unready.
# A worker (no api role) serves no HTTP: its compose service turns this check off.
HEALTHCHECK --interval=10s --timeout=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
