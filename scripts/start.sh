#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the Harbour server on
# http://127.0.0.1:8080 (PORT/HOST override). Without DATABASE_URL the server starts its embedded
# PostgreSQL with the demo data.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh
# --heap-growing-percent=20: after each full garbage collection V8 lets the heap grow by a fifth of
# what it found live before the next, instead of up to several times it. A book's import makes
# hundreds of MB of short-lived garbage that outlives the young generation (the workbook's rows
# as they are read and checked, each round's statements); with V8's default the server's RSS grew
# by 373 MB at 10,000 loans, with this by 98 MB (docs/benchmarks.md → The import part). It caps
# nothing: a larger upload's live data still fits as before, collected more often.
exec node --heap-growing-percent=20 apps/server/dist/main.js
