#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked (npm ci) when node_modules is missing or older
# than package-lock.json; otherwise does nothing, so every script can call it cheaply.
# The root's dev dependencies include Node.js 22 from the npm registry (`node_modules/.bin/node`,
# which every npm script finds first on its PATH); tools/node24 holds Node.js 24 for the test
# command's second runtime.
set -euo pipefail
cd "$(dirname "$0")/.."

# install DIR: npm ci in DIR when its node_modules is missing or older than its lock
install() {
  local dir=$1
  local stamp=$dir/node_modules/.package-lock.json   # npm rewrites this at the end of every install
  if [[ -f $stamp && ! $dir/package-lock.json -nt $stamp ]]; then
    return 0
  fi
  echo "ensure-deps: installing npm dependencies in ${dir} (npm ci)"
  # Several checkouts or scripts may install at once on one machine: take turns.
  exec 9>/tmp/harbour-npm.lock
  flock 9
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  exec 9>&-
}

install .
install tools/node24
