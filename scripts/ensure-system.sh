#!/usr/bin/env bash
# Installs, with Debian's apt, the system packages Harbour's tests need and the machine lacks:
# Chromium for the browser tests and benchmarks, CJK fonts so Chinese renders in screenshots,
# and the PostgreSQL 15 server the API suite runs against a second time.
# Idempotent and quick once everything is present: apt-get update runs only when something is missing.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

# package name → a file whose presence proves the package is usable
declare -A probe=(
  [chromium]=/usr/bin/chromium
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
  [postgresql-15]=/usr/lib/postgresql/15/bin/initdb
)

missing=()
for pkg in "${!probe[@]}"; do
  if [[ ! -e "${probe[$pkg]}" ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "ensure-system: missing ${missing[*]}; run as root (or install them with apt) and retry" >&2
  exit 1
fi

# One installer at a time from this project's scripts; apt's own lock timeout covers the rest.
exec 8>/tmp/harbour-apt.lock
flock 8

echo "ensure-system: installing ${missing[*]}"
# The package server hands out its cluster-creation hook on install; Harbour never uses the default
# cluster, so policy-rc.d keeps apt from starting it.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  created_policy=1
fi
cleanup() { if [[ $created_policy -eq 1 ]]; then rm -f "$policy"; fi; }
trap cleanup EXIT

# Wait for a concurrent apt (another install on the same machine) instead of failing on its lock.
apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
apt-get "${apt_opts[@]}" update -qq
apt-get "${apt_opts[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "ensure-system: done"
