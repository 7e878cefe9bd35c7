#!/usr/bin/env bash
# Builds Harbour for production: the TypeScript packages and server (tsc -b into dist/), then the
# web app (vite build into apps/web/dist, which the server serves, with brotli and gzip copies of
# each text asset made here once).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh

# The server's project references pull in domain and contracts; the web is type-checked by
# `npm run typecheck` and bundled by Vite, so a web type error never blocks starting the server.
npx tsc -b apps/server

if [[ -f apps/web/vite.config.ts ]]; then
  (cd apps/web && npx vite build --logLevel warn)
  node scripts/compress-web.mjs apps/web/dist
else
  echo "build: apps/web/vite.config.ts does not exist yet; skipping the web build"
fi
