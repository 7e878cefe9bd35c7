#!/usr/bin/env bash
# `npm run create-admin`: creates (or resets) the super admin on an external database, for a
# production install where the demo data is not loaded. Needs DATABASE_URL; the server's CLI asks
# for nothing it is not given: see `npm run create-admin -- --help`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z ${DATABASE_URL:-} ]]; then
  echo "create-admin: set DATABASE_URL to the PostgreSQL database Harbour should use" >&2
  exit 2
fi
bash scripts/build.sh >/dev/null
cli=apps/server/dist/cli/create-admin.js
if [[ ! -f $cli ]]; then
  echo "create-admin: $cli was not built (the server's CLI is missing)" >&2
  exit 1
fi
exec node "$cli" "$@"
