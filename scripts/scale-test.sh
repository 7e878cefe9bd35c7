#!/usr/bin/env bash
# `npm run scale-test` (docs/operations.md → Scaling; not part of `npm test` / .ci/run): two Harbour
# instances behind HAProxy on a PostgreSQL 15 primary and streaming standby, a bounded mixed load,
# one instance killed with kill -9 and restarted, then the checks (bench/scale/scale-test.ts).
#   HARBOUR_SCALE_OPS=600       operations of the load (receipts 50%, reports 30%, uploads 10%, logins 10%)
#   HARBOUR_SCALE_WORKERS=8     concurrent clients
# Needs Debian's PostgreSQL 15 (/usr/lib/postgresql/15/bin) and HAProxy, which it installs when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -x /usr/lib/postgresql/15/bin/initdb ]]; then
  echo "scale-test: needs Debian's PostgreSQL 15 in /usr/lib/postgresql/15/bin (apt-get install postgresql-15)" >&2
  exit 2
fi
if ! command -v haproxy >/dev/null 2>&1; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "scale-test: HAProxy is not installed; install it as root: apt-get update && apt-get install -y haproxy" >&2
    exit 2
  fi
  echo "scale-test: HAProxy is not installed; installing it from Debian's packages (apt-get install -y haproxy)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi
echo "scale-test: $(haproxy -v | head -1)"

bash scripts/ensure-deps.sh
bash scripts/build.sh
exec node --import tsx bench/scale/scale-test.ts
