#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests and prints its URL.
# Usage: .ci/postgres.sh [DATADIR] [PORT]
# PG_SHARED_BUFFERS sets the buffer pool (default 128MB, PostgreSQL's own);
# the benchmarks of a 1,000,000-listing catalog use 2GB (BENCHMARKS.md).
set -euo pipefail
dir=${1:-/tmp/genie-pg}
port=${2:-55432}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bindir/initdb" ] || { echo "postgres.sh: PostgreSQL server binaries not found under /usr/lib/postgresql" >&2; exit 1; }
if "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port"; then
  echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  exit 0
fi
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if ! run "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  if [ ! -s "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    run "$bindir/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  run "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=${PG_SHARED_BUFFERS:-128MB}" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
