# One image for both services; docker-compose picks the entrypoint per service.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY shared ./shared
COPY services ./services
COPY migrations ./migrations
COPY scripts ./scripts
ENV NODE_ENV=production
USER node
CMD ["npx", "tsx", "services/write/server.ts"]
