# The app's image: one image, three commands (compose.yaml): the one-shot migration, the web server
# and the worker. Built as Shopify's app template builds: `npm ci`, `npm run build`, production
# dependencies only. The code belongs to root and is only read by the `node` user that runs it.
#
# The base image is pinned by digest: node:24-bookworm-slim as Docker's official images published
# it (Node 24.18.1, Debian 12; the index digest is the one docker-library/repo-info records). To
# move to a newer one: `docker buildx imagetools inspect node:24-bookworm-slim`, then replace the
# digest here. `scripts/docker-image.sh` builds from another base (NODE_IMAGE) where no registry
# can be reached.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Nothing writable by others (npm leaves it so; made sure here, in the same layer, not a copy).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && chmod -R go-w /app

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
# What production runs (docs/operations.md, "Deploying"): the build, the migrations, the production
# dependencies and the entry script that picks the compiled file. Owned by root (COPY's default)
# with the build stage's modes (not writable by others): a compromised process cannot change the
# code it runs.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts/entry.mjs /app/scripts/node-entries.json ./scripts/
USER node
EXPOSE 3000 9464
CMD ["node", "--max-semi-space-size=8", "scripts/entry.mjs", "server"]
