#!/usr/bin/env bash
# `npm run bench`: builds, then runs bench/run.ts (domain, server and web figures, one table).
# Bounded: a few minutes in all; every target is on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/build.sh
exec node --import tsx bench/run.ts
