#!/usr/bin/env bash
# Regenerates the published API description and the clients generated from
# it: clients/openapi.json (what `genie openapi` prints), the Go client
# (clients/go/genieclient/client.gen.go, oapi-codegen) and the TypeScript
# types (clients/ts/src/schema.ts, openapi-typescript); lints the document
# with @redocly/cli and compiles the TypeScript client with tsc --strict.
#
#   scripts/openapi.sh          regenerate in place
#   scripts/openapi.sh --check  the same, then fail if anything committed
#                               differs (the document drifted from the code)
#
# Needs oapi-codegen (go install github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2)
# and npm; .ci/run installs both.
set -euo pipefail
cd "$(dirname "$0")/.."
check=${1:-}
oapi=$(command -v oapi-codegen || echo "$(go env GOPATH)/bin/oapi-codegen")
[ -x "$oapi" ] || { echo "openapi.sh: oapi-codegen not found (go install github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2)" >&2; exit 1; }

go run ./cmd/genie openapi > clients/openapi.json
(cd clients/go && "$oapi" -config oapi-codegen.yaml ../openapi.json)
(
  cd clients/ts
  [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
  node scripts/generate.mjs >/dev/null
  if ! out=$(node_modules/.bin/redocly lint --config ../redocly.yaml ../openapi.json 2>&1); then
    echo "$out" >&2
    echo "openapi.sh: redocly lint found errors" >&2
    exit 1
  fi
  node_modules/.bin/tsc -p tsconfig.json
)
if [ "$check" = --check ]; then
  if ! git diff --quiet -- clients/openapi.json clients/go/genieclient/client.gen.go clients/ts/src/schema.ts clients/ts/src/operations.ts; then
    git diff --stat -- clients/
    echo "openapi.sh: the committed API description or clients differ from the code; run scripts/openapi.sh and commit" >&2
    exit 1
  fi
fi
echo "openapi: document linted, Go and TypeScript clients generated and compiled"
