# The app's image: one image, three commands (compose.yaml): the one-shot migration, the web server
# and the worker. Built as Shopify's app template builds: `npm ci`, `npm run build`, production
# dependencies only, run as a non-root user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# What production runs (README, "Deploying"): the build, the migrations, the production
# dependencies and the entry script that picks the compiled file.
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/scripts/entry.mjs /app/scripts/node-entries.json ./scripts/
USER node
EXPOSE 3000 9464
CMD ["node", "--max-semi-space-size=8", "scripts/entry.mjs", "server"]
