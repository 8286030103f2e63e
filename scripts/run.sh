#!/usr/bin/env bash
# `make run`: the desktop window where a display exists, else `serve` with its URL printed.
# Extra arguments for lexflow can be passed as LEXFLOW_ARGS="--data-dir /some/dir".
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a args <<< "${LEXFLOW_ARGS:-}"

display=no
case "$(uname -s)" in
  Linux) [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && display=yes ;;
  Darwin | MINGW* | MSYS* | CYGWIN*) display=yes ;;
esac

if [ "$display" = yes ]; then
  if make --no-print-directory desktop; then
    exec bin/lexflow-desktop "${args[@]}"
  fi
  echo "run: the desktop build is not possible here (see above); starting the browser face instead" >&2
else
  echo "run: no display found; starting the browser face (open the URL below)" >&2
fi
make --no-print-directory build
exec bin/lexflow serve "${args[@]}"
