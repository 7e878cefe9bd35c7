#!/usr/bin/env bash
# `npm test`: every layer of Harbour's tests on this machine, then one closing line
# `N passed, N failed, N skipped` summed from each runner's JSON report.
#   1. npm dependencies, with the system packages (apt) installing in the background
#   2. lint beside typecheck then build (a failed step counts as a failure)
#   3. vitest, all projects (the server API suite on the embedded PostgreSQL), then the domain suite
#      on Node.js 24
#   4. (the system packages installed) the server API suite again on Debian's PostgreSQL 15
#      (started here in a temp folder) on Node.js 24
#   5. Playwright against the production build served by the real server
# Exits non-zero when anything failed. Reports and logs go to .artifacts/test/.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

art=$root/.artifacts/test
rm -rf "$art"
mkdir -p "$art"
steps=$art/steps.tsv
: >"$steps"

# Tests log in with a known captcha answer; never set outside tests.
export HARBOUR_FIXED_CAPTCHA=2468
export VITE_CONFIG_NATIVE_IGNORE_WARNING=true
# Nested npm/npx calls: errors only, so the logs show the tests rather than npm's config notes.
export npm_config_loglevel=${npm_config_loglevel:-error}

now() { date +%s.%N; }

# step NAME KIND REPORT -- command…   (KIND: vitest | playwright | empty for a plain step)
step() {
  local name=$1 kind=$2 report=$3
  shift 4
  echo
  echo "=== ${name} ==="
  local start rc
  start=$(now)
  "$@"
  rc=$?
  local secs
  secs=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$secs" "$rc" "$kind" "$report" >>"$steps"
  echo "--- ${name}: exit ${rc} in ${secs}s"
  return "$rc"
}

skip_step() { printf '%s\t0\tskip\t\t\n' "$1" >>"$steps"; echo; echo "=== $1: skipped ($2) ==="; }

run_start=$(now)
finish() {
  HARBOUR_RUN_SECONDS=$(awk -v a="$run_start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') \
    node "$root/scripts/summarize-results.mjs" "$steps"
  exit $?
}

# ---- 1. machine and dependencies
# The system packages (Chromium, CJK fonts, PostgreSQL 15: minutes of apt on a fresh machine) are
# needed from step 4 on only: apt installs them in the background while npm, the build, lint,
# typecheck and the first vitest run go on, and step 4 waits for it.
system_log=$art/system-packages.log
system_start=$(now)
bash scripts/ensure-system.sh >"$system_log" 2>&1 &
system_pid=$!
wait_system() {
  wait "$system_pid"
  local rc=$?
  cat "$system_log"
  echo "(apt ran in the background for $(awk -v a="$system_start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')s in all)"
  return "$rc"
}
if ! step "npm dependencies" "" "" -- bash scripts/ensure-deps.sh; then wait "$system_pid"; finish; fi

# Node.js 22 from the root's dev dependencies runs everything (npm puts node_modules/.bin first on
# the PATH of `npm test`; this makes it so when the script is run directly too); Node.js 24 from
# tools/node24 runs the domain suite and the PostgreSQL 15 pass of the server suite, so a break on
# either supported runtime shows.
export PATH="$root/node_modules/.bin:$PATH"
node24=$root/tools/node24/node_modules/.bin/node
vitest_js=$root/node_modules/vitest/vitest.mjs
echo "Node.js $(node --version) for the run; $("$node24" --version) for the second runtime"

# ---- 2. lint, typecheck, build
# Lint only reads the sources and keeps one core busy: it runs beside the typecheck and the build,
# which follow each other (the typecheck's `tsc -b` compiles the packages and the server as the
# build's would, so the build then only checks they are current and bundles the web), and its log
# is printed after them.
step "lint" "" "" -- npx eslint . >"$art/lint.log" 2>&1 &
lint_pid=$!
# The projects of tsconfig.json, then the server's API tests, the browser tests and benchmarks (run
# by vitest, Playwright and tsx, which compile without checking).
typecheck() { npx tsc -b && npx tsc -p apps/server/tsconfig.test.json && npx tsc -p e2e && npx tsc -p bench; }
step "typecheck" "" "" -- typecheck
build_ok=1
step "build" "" "" -- bash scripts/build.sh || build_ok=0
wait "$lint_pid"
cat "$art/lint.log"

# ---- 3. vitest, every project (server suite on the embedded PostgreSQL)
# Two workers: vitest's default on 2 cores is one, and the API files spend most of their time
# waiting on PostgreSQL, so a second file runs in that time.
vitest_args=(run --passWithNoTests --maxWorkers=2 --reporter=default --reporter=json)
# The reports-on-a-standby file starts its own PostgreSQL 15 primary and standby from Debian's
# binaries (≈ 11 s on a quiet machine): it runs once, in the PostgreSQL 15 pass (step 4).
step "vitest (all projects, embedded PostgreSQL)" vitest "$art/vitest.json" -- \
  npx vitest "${vitest_args[@]}" --exclude '**/test/reports/replica.test.ts' --outputFile.json="$art/vitest.json"

# ---- 3b. the domain suite on Node.js 24 (the loan mathematics: decimals, dates, solvers). Every test
# runs; the properties sized by test-support/runs.ts take a sample of 100 (step 3 searched with the full count).
step "vitest domain (Node.js 24)" vitest "$art/vitest-node24-domain.json" -- \
  env HARBOUR_SECOND_RUNTIME=1 "$node24" "$vitest_js" "${vitest_args[@]}" --project domain --outputFile.json="$art/vitest-node24-domain.json"

# ---- 4. the system packages, then the server API suite on Debian's PostgreSQL 15
system_ok=1
step "system packages" "" "" -- wait_system || system_ok=0
pg_bin=/usr/lib/postgresql/15/bin
pg_dir=""
stop_pg() {
  if [[ -n $pg_dir && -d $pg_dir ]]; then
    as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
  pg_dir=""
}
trap stop_pg EXIT

# PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user.
as_pg() {
  # From /tmp: `postgres` may not be allowed into the current folder (a clone under /root).
  if [[ $(id -u) -eq 0 ]]; then (cd /tmp && runuser -u postgres -- "$@"); else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start_pg15() {
  # Outside the clone: the clone may sit under a folder (mode 700) that `postgres` cannot enter.
  pg_dir=$(mktemp -d /tmp/harbour-pg15.XXXXXX)
  chmod 755 "$pg_dir"
  if [[ $(id -u) -eq 0 ]]; then chown postgres: "$pg_dir"; fi
  local port password
  port=$(free_port)
  password=$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")
  as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >"$art/pg15-initdb.log" 2>&1 || return 1
  as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 60 \
    -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200" \
    start >"$art/pg15-start.log" 2>&1 || { cp "$pg_dir/server.log" "$art/pg15-server.log" 2>/dev/null; return 1; }
  as_pg "$pg_bin/psql" -q -v ON_ERROR_STOP=1 -h "$pg_dir" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE harbour LOGIN SUPERUSER PASSWORD '$password'" \
    -c "CREATE DATABASE harbour OWNER harbour" >"$art/pg15-setup.log" 2>&1 || return 1
  export TEST_DATABASE_URL="postgres://harbour:${password}@127.0.0.1:${port}/harbour"
  echo "PostgreSQL 15 on 127.0.0.1:${port} (data in ${pg_dir})"
}

if [[ ! -f apps/server/vitest.config.ts ]]; then
  skip_step "vitest server (PostgreSQL 15)" "apps/server has no vitest project yet"
elif [[ -x $pg_bin/initdb ]]; then
  if step "start PostgreSQL 15" "" "" -- start_pg15; then
    # Every API file runs here as on the embedded PostgreSQL above but the fuzz files (200 random inputs
    # against every route's validation and error envelope; the SQL its valid inputs reach is
    # the SQL the other API files run here) and the server's start on its own embedded cluster
    # (startup-embedded.test.ts: two clusters of its own, nothing of this server's).
    # On Node.js 24: the whole server suite once more on the second supported runtime, with the
    # reports-on-a-standby file (test/reports/replica.test.ts), which step 3 leaves to this pass.
    step "vitest server (PostgreSQL 15, Node.js 24)" vitest "$art/vitest-pg15.json" -- \
      "$node24" "$vitest_js" "${vitest_args[@]}" --project server --exclude '**/test/fuzz-*.test.ts' --exclude '**/test/startup-embedded.test.ts' --outputFile.json="$art/vitest-pg15.json"
  fi
  stop_pg
  unset TEST_DATABASE_URL
else
  skip_step "vitest server (PostgreSQL 15)" "no $pg_bin/initdb"
fi

# ---- 5. browser tests against the production build
if [[ $build_ok -eq 1 && $system_ok -eq 1 ]]; then
  step "playwright (e2e)" playwright "$art/e2e.json" -- \
    env HARBOUR_E2E_JSON="$art/e2e.json" HARBOUR_E2E_OUTPUT="$art/e2e" npx playwright test -c e2e/playwright.config.ts ||
    # CI keeps only what is printed: the page as each failed test left it (Playwright's accessibility
    # snapshot), so a failure seen once on a busy runner can be read without its trace.
    for ctx in "$art"/e2e/test-results/*/error-context.md; do
      [[ -f $ctx ]] || continue
      echo; echo "--- page left by $(basename "$(dirname "$ctx")") ---"
      head -c 6000 "$ctx"; echo
    done
else
  # The failure is already counted; browser tests need the build's output and Chromium.
  skip_step "playwright (e2e)" "the build or the system packages failed"
fi

finish
