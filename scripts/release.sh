#!/usr/bin/env bash
# Builds static genie binaries (no cgo: the SQLite driver is pure Go) for
# Linux, macOS and Windows on amd64 and arm64 into dist/, stamped with the
# version and VCS revision that `genie version` prints.
#   scripts/release.sh v1.4.0            # all six targets
#   TARGETS="darwin/arm64" scripts/release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-$(git describe --tags --always --dirty 2>/dev/null || echo devel)}
revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)
out=${OUT:-dist}
targets=${TARGETS:-"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"}
mkdir -p "$out"
for t in $targets; do
  os=${t%/*} arch=${t#*/}
  ext=""; [ "$os" = windows ] && ext=".exe"
  bin="$out/genie-$version-$os-$arch$ext"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath \
    -ldflags "-s -w -X main.version=$version -X main.revision=$revision" -o "$bin" ./cmd/genie
  echo "$bin"
done
