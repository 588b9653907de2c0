#!/usr/bin/env bash
# Stops the throwaway PostgreSQL server that .ci/postgres.sh started.
# Usage: .ci/postgres-stop.sh [DATADIR]
set -euo pipefail
dir=${1:-/tmp/genie-pg}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ -x "$bindir/pg_ctl" ] && run "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  run "$bindir/pg_ctl" -D "$dir" -m fast -w stop >/dev/null && echo "stopped the test PostgreSQL server ($dir)"
fi
