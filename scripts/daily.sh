#!/usr/bin/env bash
# `npm run daily`: runs the daily servicing job (every repaying loan's due summary) once, by hand,
# on the database the server uses. See `npm run daily -- --help`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh >/dev/null
cli=apps/server/dist/cli/daily.js
if [[ ! -f $cli ]]; then
  echo "daily: $cli was not built (the server's CLI is missing)" >&2
  exit 1
fi
exec node "$cli" "$@"
