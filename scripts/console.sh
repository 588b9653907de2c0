#!/usr/bin/env bash
# Builds the console in the browser (console/: Preact + Vite, TypeScript
# strict, calling the API through the generated client in clients/ts) into
# internal/console/dist, which the binary embeds with //go:embed.
#
#   scripts/console.sh          build in place
#   scripts/console.sh --check  the same, then fail if the committed build
#                               differs (the sources changed without a rebuild)
#
# Needs npm; the dependencies are pinned in console/package-lock.json and
# the build is reproducible (content-hashed file names, no timestamps).
set -euo pipefail
cd "$(dirname "$0")/.."
check=${1:-}
(
  cd console
  [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
  npm run --silent build >/dev/null
)
if [ "$check" = --check ]; then
  untracked=$(git ls-files --others --exclude-standard -- internal/console/dist)
  if ! git diff --quiet -- internal/console/dist || [ -n "$untracked" ]; then
    git status --short -- internal/console/dist
    echo "console.sh: the committed console build differs from the sources; run scripts/console.sh and commit" >&2
    exit 1
  fi
fi
echo "console: built into internal/console/dist"
