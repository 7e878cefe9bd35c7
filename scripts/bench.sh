#!/usr/bin/env bash
# `npm run bench`: builds, then runs bench/run.ts (domain, server, loans and web figures, one
# table; docs/benchmarks.md). Bounded: a few minutes in all; every target is on 127.0.0.1. Not
# part of `npm test` / .ci/run.
#   HARBOUR_BENCH_PARTS=server,loans      only those parts (domain, server, loans, web; all by default)
#   HARBOUR_BENCH_SECONDS=10              seconds of load per server route (after a 2 s warm-up)
#   HARBOUR_BENCH_LOANS=100000            loans the seed generator adds for the loans part
#   HARBOUR_BENCH_LOAN_CONNECTIONS=2      concurrent clients of the loans part's latencies
#   HARBOUR_BENCH_LOAN_LOAD=10            concurrent clients of its throughput and ratios
#   HARBOUR_BENCH_PLANS=1                 also print the EXPLAIN plans of the loan queries
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/build.sh
exec node --import tsx bench/run.ts
