#!/usr/bin/env bash
# Vets every package for Windows (cgo through mingw-w64, as `make windows` builds),
# then runs, as Windows programs under Wine, the tests of the packages whose work
# differs most on Windows: paths and folders dropped or ingested (library), the data
# directory and the CLI (cli), text files and their line endings (ingest), the
# errors of a connection to a model server (llm).
# Usage: scripts/windows-test.sh [WINE-PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
export GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc
go vet ./...

loader=/usr/lib/wine/wine64
[ -x $loader ] || loader=$(command -v wine64 || command -v wine)
prefix=$(./scripts/wine-prefix.sh "${1:-.cache/windows/wine-prefix}")
export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
go test -count=1 -exec "$loader" ./backend/library ./backend/cli ./backend/ingest ./backend/llm
"$(dirname "$loader")/wineserver" -w
