#!/usr/bin/env bash
# Runs every test: the Go suite with the race detector on SQLite and, when a
# PostgreSQL server can be started here, on PostgreSQL too; the auth-js,
# browser and SMTP tests run when node, chromium and the SMTP tools are
# installed (set GENIE_TEST_STRICT=1 to make their absence a failure, as CI
# does).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${GENIE_TEST_POSTGRES:-}" ] && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  GENIE_TEST_POSTGRES=$(.ci/postgres.sh)
  export GENIE_TEST_POSTGRES
fi
if command -v npm >/dev/null 2>&1 && [ -f test/authjs/package.json ]; then
  (cd test/authjs && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; })
fi
echo "PostgreSQL for tests: ${GENIE_TEST_POSTGRES:-none (PostgreSQL tests will be skipped)}"
go vet ./...
go test -race -count=1 -timeout 20m "$@" ./...
