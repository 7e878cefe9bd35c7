#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the Harbour server on
# http://127.0.0.1:8080 (PORT/HOST override). Without DATABASE_URL the server starts its embedded
# PostgreSQL with the demo data.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh
exec node apps/server/dist/main.js
