#!/usr/bin/env bash
# A long pass of the OpenAPI-driven fuzzer (internal/app TestAPIFuzz) on
# both stores: every operation of the served document, valid requests and
# mutations of each field and id, as owner, another user, an admin, an API
# key and anonymous; every answer must be a declared status with a body on
# its schema and a declared error code, never a 5xx. The test command runs
# it once with a fixed seed (deterministic); this script runs
# GENIE_API_FUZZ_ROUNDS rounds (default 50) with a seed of its own
# (GENIE_API_FUZZ_SEED, default the time), which it prints so that a
# failure can be replayed.
#
#   scripts/fuzz-api.sh                         # SQLite, and PostgreSQL when GENIE_TEST_POSTGRES is set
#   GENIE_API_FUZZ_SEED=7 scripts/fuzz-api.sh   # replay a seed
set -euo pipefail
cd "$(dirname "$0")/.."
export GENIE_API_FUZZ_SEED=${GENIE_API_FUZZ_SEED:-$(date +%s)}
export GENIE_API_FUZZ_ROUNDS=${GENIE_API_FUZZ_ROUNDS:-50}
echo "fuzz-api: seed $GENIE_API_FUZZ_SEED, $GENIE_API_FUZZ_ROUNDS rounds, PostgreSQL: ${GENIE_TEST_POSTGRES:-none}"
start=$(date +%s)
go test -count=1 -v -timeout 2h -run '^TestAPIFuzz$' ./internal/app/ | grep -E 'requests over|^(---|ok|FAIL)|apifuzz_test|contract:'
echo "fuzz-api: $(( $(date +%s) - start )) s"
