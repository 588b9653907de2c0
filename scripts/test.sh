#!/usr/bin/env bash
# Runs every test: the Go suite with the race detector on SQLite and, when a
# PostgreSQL server can be started here, on PostgreSQL too; the auth-js,
# browser and SMTP tests run when node, chromium and the SMTP tools are
# installed (set GENIE_TEST_STRICT=1 to make their absence a failure, as CI
# does).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${GENIE_TEST_POSTGRES:-}" ] && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if ! "$pgbin/pg_isready" -q -h 127.0.0.1 -p 55432; then
    # Started here, so stopped here when the tests end (GENIE_TEST_KEEP_PG=1
    # keeps it for the next run; stop it with .ci/postgres-stop.sh).
    [ "${GENIE_TEST_KEEP_PG:-}" = 1 ] || trap '.ci/postgres-stop.sh' EXIT
  fi
  GENIE_TEST_POSTGRES=$(.ci/postgres.sh)
  export GENIE_TEST_POSTGRES
fi
if command -v npm >/dev/null 2>&1; then
  for d in test/authjs test/webhooks test/a11y test/console console; do
    (cd "$d" && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; })
  done
fi
# The API description and the clients generated from it must match the
# code (this also builds clients/ts, which the TypeScript client test runs).
if command -v npm >/dev/null 2>&1 && { command -v oapi-codegen || [ -x "$(go env GOPATH)/bin/oapi-codegen" ]; } >/dev/null 2>&1; then
  scripts/openapi.sh --check
elif [ "${GENIE_TEST_STRICT:-}" = 1 ]; then
  echo "test.sh: npm and oapi-codegen are required (GENIE_TEST_STRICT=1); .ci/run installs them" >&2
  exit 1
else
  echo "openapi: skipped (needs npm and oapi-codegen: go install github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2)"
fi
# The console's committed build must match its sources (this also checks
# that it compiles under TypeScript strict).
if command -v npm >/dev/null 2>&1; then
  scripts/console.sh --check
elif [ "${GENIE_TEST_STRICT:-}" = 1 ]; then
  echo "test.sh: npm is required to check the console build (GENIE_TEST_STRICT=1)" >&2
  exit 1
else
  echo "console: build check skipped (needs npm)"
fi
echo "PostgreSQL for tests: ${GENIE_TEST_POSTGRES:-none (PostgreSQL tests will be skipped)}"
unformatted=$(gofmt -l cmd internal clients)
if [ -n "$unformatted" ]; then
  echo "gofmt would change these files (run gofmt -w):" >&2
  echo "$unformatted" >&2
  exit 1
fi
go vet ./...
go test -race -count=1 -timeout 20m "$@" ./...
# The fuzz targets ran above as plain tests: their seed corpus and every
# input in testdata/fuzz only, so the run is deterministic (a random find
# must never fail an unrelated change). Exploring runs on demand: set
# FUZZTIME (e.g. FUZZTIME=5000x or FUZZTIME=5m) to run scripts/fuzz.sh
# here too, or run scripts/fuzz.sh by hand; each failing input it finds
# joins testdata/fuzz with its fix. Then a vulnerability scan.
if [ -n "${FUZZTIME:-}" ] && [ "${FUZZTIME}" != 0 ]; then
  ./scripts/fuzz.sh
fi
./scripts/vulncheck.sh
# Portability: the binary must keep building for other systems.
crossdir=$(mktemp -d)
OUT=$crossdir TARGETS="darwin/arm64 windows/amd64" ./scripts/release.sh ci-check >/dev/null
rm -rf "$crossdir"
echo "cross-compiled: darwin/arm64 windows/amd64"
