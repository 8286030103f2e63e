#!/usr/bin/env bash
# Vets every package for Windows (cgo through mingw-w64, as `make windows` builds),
# then runs, as Windows programs under Wine, the tests of the packages whose work
# differs most on Windows: paths and folders dropped or ingested (library), the data
# directory and the CLI (cli), text files and their line endings (ingest), the
# errors of a connection to a model server (llm), a second launch handing its files
# to the open window (handoff), the database opened by a path in every Windows form (store:
# its other tests check Unix file modes). scripts/winetest judges the results, forgiving
# the one failure that is Wine's alone (see there).
# Usage: scripts/windows-test.sh [WINE-PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
windows=(GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc)
env "${windows[@]}" go vet ./...

loader=/usr/lib/wine/wine64
[ -x $loader ] || loader=$(command -v wine64 || command -v wine)
prefix=$(./scripts/wine-prefix.sh "${1:-.cache/windows/wine-prefix}")
tmp=$(mktemp -d)
# Also the tests' temporary folders, which Wine could not remove (see scripts/winetest).
trap 'rm -rf "$tmp" "$prefix"/drive_c/users/*/Temp/Test*' EXIT
go build -o "$tmp/winetest" ./scripts/winetest # for this machine, not for Windows
export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
# The kill -9 rounds of library are left out: a minute under Wine, and their logic is not Windows's own.
# So are the OCR tests: they need the Tesseract program, which this Wine prefix has no Windows build of.
env "${windows[@]}" "$tmp/winetest" -exec "$loader" -- -skip 'TestKillNine|OCR' ./backend/library ./backend/cli ./backend/ingest
env "${windows[@]}" "$tmp/winetest" -exec "$loader" -- -run 'TestClassify' ./backend/llm
env "${windows[@]}" "$tmp/winetest" -exec "$loader" -- -timeout 2m ./backend/handoff
env "${windows[@]}" "$tmp/winetest" -exec "$loader" -- -run 'URI' ./backend/store
"$(dirname "$loader")/wineserver" -w
