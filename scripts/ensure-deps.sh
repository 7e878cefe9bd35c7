#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked (npm ci) when node_modules is missing or older
# than package-lock.json; otherwise does nothing, so every script can call it cheaply.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.package-lock.json   # npm rewrites this at the end of every install
if [[ -f $stamp && ! package-lock.json -nt $stamp ]]; then
  exit 0
fi

echo "ensure-deps: installing npm dependencies (npm ci)"
# Several checkouts or scripts may install at once on one machine: take turns.
exec 9>/tmp/harbour-npm.lock
flock 9
npm ci --no-audit --no-fund --loglevel=error
