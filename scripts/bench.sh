#!/usr/bin/env bash
# `npm run bench`: builds, then runs bench/run.ts (domain, server and web figures, one table).
# Bounded: a few minutes in all; every target is on 127.0.0.1.
#   HARBOUR_BENCH_PARTS=server,web   only those parts (domain, server, web; all by default)
#   HARBOUR_BENCH_SECONDS=10         seconds of load per server route (after a 2 s warm-up)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/build.sh
exec node --import tsx bench/run.ts
