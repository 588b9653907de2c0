#!/bin/bash
# proddups.sh [REV] [ROWS]: the repeated-block pairs of the production Go
# code at REV (default HEAD), as the README's architecture figures count
# them: the `duplicates` tool over the Go files of a clean export of REV,
# without tests, generated code, the generated clients, cmd/genie-bench,
# internal/apitest and testdata. Needs the `duplicates` command on PATH.
set -euo pipefail
rev=${1:-HEAD}
rows=${2:-8}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$root" archive "$rev" | tar -x -C "$tmp"
cd "$tmp"
rm -rf clients cmd/genie-bench internal/apitest test console
find . -name '*_test.go' -delete
find . -type d -name testdata -prune -exec rm -rf {} +
find . -type f ! -name '*.go' -delete
grep -rl "Code generated" --include='*.go' . | xargs -r rm
git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm export
duplicates --most "$rows" --seconds 120
