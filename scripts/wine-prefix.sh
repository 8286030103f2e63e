#!/usr/bin/env bash
# Makes (once) the Wine prefix the Windows tests run in, and prints its path:
#   scripts/wine-prefix.sh [DIR]   (default .cache/windows/wine-prefix)
# Creating a prefix takes tens of seconds, so it is kept between runs. Wine 8.0
# (Debian 12) lacks bcryptprimitives.dll, which every Go 1.24+ program loads at
# start; scripts/wine/bcryptprimitives.c stands in for it inside this prefix only.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(realpath -m "${1:-.cache/windows/wine-prefix}")
loader=/usr/lib/wine/wine64
[ -x $loader ] || loader=$(command -v wine64 || command -v wine) ||
  { echo "wine-prefix: no wine64: run scripts/apt-deps.sh as root" >&2; exit 1; }
# No Gecko or Mono: Lexflow needs neither, and their install prompt would block.
export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=

if [ ! -f "$prefix/system.reg" ]; then
  mkdir -p "$prefix"
  start=$SECONDS
  "$loader" wineboot --init >/dev/null 2>&1
  "$(dirname "$loader")/wineserver" -w
  echo "wine-prefix: created $prefix in $((SECONDS - start))s" >&2
fi
shim="$prefix/drive_c/windows/system32/bcryptprimitives.dll"
builtin=$(compgen -G "/usr/lib*/*/wine/x86_64-windows/bcryptprimitives.dll" || compgen -G "/usr/lib*/wine/x86_64-windows/bcryptprimitives.dll" || true)
if [ -z "$builtin" ] && [ ! -f "$shim" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$shim" scripts/wine/bcryptprimitives.c -lbcrypt
fi
echo "$prefix"
