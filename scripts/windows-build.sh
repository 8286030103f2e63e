#!/usr/bin/env bash
# Cross-builds Lexflow for 64-bit Windows on Linux, with Debian's mingw-w64 for
# cgo (SQLite) and NSIS for the installer:
#   OUT/bin/lexflow.exe               the CLI and `serve` (a console program; in its own
#                                     folder, as Windows file names ignore case)
#   OUT/Lexflow.exe                   the window (WebView2; no console)
#   OUT/Lexflow-VERSION-setup.exe     the per-user installer of both
# Usage: VERSION=v0.1.0 COMMIT=abc1234 scripts/windows-build.sh OUT
# The UI bundle (frontend/dist) must be built first; `make windows` does both.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/windows-build.sh OUT}
version=${VERSION:-dev}
commit=${COMMIT:-unknown}
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)

for tool in x86_64-w64-mingw32-gcc x86_64-w64-mingw32-windres makensis convert; do
  command -v "$tool" >/dev/null || { echo "windows-build: $tool is missing: run scripts/apt-deps.sh as root" >&2; exit 1; }
done

# Windows version resources take four integers: those of a vX.Y.Z tag, else 0.0.0.0
# (an untagged build's full version still shows as text).
numbers=0,0,0,0
if [[ $version =~ ^v?([0-9]+)\.([0-9]+)\.([0-9]+) ]]; then
  numbers="${BASH_REMATCH[1]},${BASH_REMATCH[2]},${BASH_REMATCH[3]},0"
fi

convert build/appicon.png -define icon:auto-resize=256,128,64,48,32,16 "$out/lexflow.ico"

# A .syso in the main package is linked into the Windows builds only (its name ends
# in _windows_amd64); it is removed afterwards so the tree stays clean.
syso=lexflow_windows_amd64.syso
trap 'rm -f "$syso"' EXIT
printf '#define VERSION_NUMBERS %s\n#define VERSION_STRING "%s"\n' "$numbers" "$version" >"$out/lexflow-version.h"
x86_64-w64-mingw32-windres -I build/windows -I "$out" -O coff -o "$syso" build/windows/lexflow.rc

# -static: no MinGW runtime DLLs (libgcc, libwinpthread) to ship beside the programs.
ldflags="-s -w -X main.version=$version -X main.commit=$commit -extldflags=-static"
export CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc
go build -trimpath -ldflags "$ldflags" -o "$out/bin/lexflow.exe" .
go build -trimpath -tags desktop,production -ldflags "$ldflags -H windowsgui" -o "$out/Lexflow.exe" .

makensis -V2 -INPUTCHARSET UTF8 "-DVERSION=$version" "-DVERSION_NUMBERS=${numbers//,/.}" "-DBUILD=$out" \
  "-XOutFile $out/Lexflow-$version-setup.exe" build/windows/installer.nsi
echo "windows-build: $out/bin/lexflow.exe, $out/Lexflow.exe, $out/Lexflow-$version-setup.exe"
