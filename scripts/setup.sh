#!/usr/bin/env bash
# `npm run setup`: everything a fresh clone needs before `npm test` and `npm run dev`.
# Idempotent: safe to run again at any time.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if ! command -v npm >/dev/null 2>&1; then
  echo "npm is missing: install Node.js (any version with npm; Node 24 is then installed locally)." >&2
  exit 1
fi

say "Installing dependencies"
# The devDependency "node" (24.x) puts a Node 24 binary in node_modules/.bin, which npm scripts put
# first on PATH: every `npm run …` uses it even where the system Node is older (20 here).
# With a lockfile, exactly it (npm ci: it fails rather than rewrite a lockfile out of step with
# package.json); the committed lockfile lists every platform's optional packages (npm 11).
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
node_version=$(node_modules/.bin/node --version)
echo "npm scripts run on Node ${node_version} (node_modules/.bin/node)"

say "Environment"
if [ ! -f .env ]; then
  key=$(node_modules/.bin/node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')
  sed -e "s/^ENCRYPTION_KEY=.*/ENCRYPTION_KEY=${key}/" .env.example > .env
  echo "Wrote .env from .env.example with a new ENCRYPTION_KEY (sandbox-safe values otherwise)."
else
  echo ".env exists; left as it is."
fi

say "Database"
npm run --silent db:migrate

say "Services the tests and the worker use"
missing=0
redis_url=${REDIS_URL:-redis://127.0.0.1:6379}
if node_modules/.bin/node scripts/check-services.mjs redis "$redis_url"; then echo "Redis: reachable at $redis_url"; else
  echo "Redis: NOT reachable at $redis_url. Start it (redis-server --daemonize yes) or set REDIS_URL."; missing=1; fi
pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if node_modules/.bin/node scripts/check-services.mjs postgres "$pg_url"; then echo "PostgreSQL: reachable at $pg_url"; else
  echo "PostgreSQL: NOT reachable at $pg_url. Start it or set TEST_DATABASE_URL (the tests need it)."; missing=1; fi

say "Done"
if [ "$missing" = 1 ]; then echo "Set-up finished, but the tests need the services listed above."; fi
echo "Next: npm test   (then npm run dev, npm run worker, npm run sandbox)"
