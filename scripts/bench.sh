#!/usr/bin/env bash
# `npm run bench`: builds, then runs bench/run.ts (domain, server, loans, receipts, bank, import, reports, sms and web figures, one
# table; docs/benchmarks.md). Every target is on 127.0.0.1. Not
# part of `npm test` / .ci/run.
#   HARBOUR_BENCH_PARTS=server,loans      only those parts (domain, server, loans, receipts, bank, import, reports, sms, web; all by default)
#   HARBOUR_BENCH_SECONDS=10              seconds of load per server route (after a 2 s warm-up)
#   HARBOUR_BENCH_LOANS=100000            loans the seed generator adds for the loans and reports parts
#   HARBOUR_BENCH_REPORT_NAMES=a,b        only those reports in the reports part (empty: none; the dashboard and trial balance still)
#   HARBOUR_BENCH_REPORT_RUNS=10          timed requests of each report (and twice as many of the dashboard) per caller
#   HARBOUR_BENCH_EXPORT_REPORT=<name>    the report whose xlsx export is measured (default the one of fewest rows ≥ 100,000)
#   HARBOUR_BENCH_FILES=1                 the web part also prints each JS and CSS file with its bytes
#   HARBOUR_BENCH_BANK_LINES=10000        lines of the bank part's statement
#   HARBOUR_BENCH_IMPORT_LOANS=50000      loans of the import part's workbook
#   HARBOUR_BENCH_IMPORT_RECEIPTS=10      the previous system's receipts of each part-paid loan there (0: an opening position instead)
#   HARBOUR_BENCH_IMPORT_FLOOR=0          leave out the import part's floor (the bench seed writing as many loans on the same database)
#   HARBOUR_BENCH_SEED_TIMES=1            also print the time of each of the seed's consistency checks
#   HARBOUR_BENCH_LOAN_CONNECTIONS=2      concurrent clients of the loans part's latencies
#   HARBOUR_BENCH_LOAN_LOAD=10            concurrent clients of its throughput and ratios
#   HARBOUR_BENCH_PLANS=1                 also print the EXPLAIN plans of the loan queries
#   HARBOUR_BENCH_SMS_LOANS=10000         overdue loans (so reminders) the sms part queues and sends
#   HARBOUR_BENCH_SMS_RATE=100            the sms part's gateway send rate (messages a second, 1–100)
#   HARBOUR_BENCH_SMS_GATEWAY_MS=3        how long its local gateway takes to answer
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/build.sh
exec node --import tsx bench/run.ts
