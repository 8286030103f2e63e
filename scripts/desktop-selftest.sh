#!/usr/bin/env bash
# Opens the real desktop window under a virtual display and checks that event
# streams reach the UI through Wails events: the UI runs an event check at
# start and reports back; the binary prints the verdict and exits with it.
# A screenshot of the window is kept in frontend/e2e/artifacts/desktop.png.
set -euo pipefail
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
artifacts="$root/frontend/e2e/artifacts"
mkdir -p "$artifacts"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# WebKit writes caches under HOME and the XDG folders: keep them in the temp dir.
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" XDG_DATA_HOME="$tmp/share"
export XDG_RUNTIME_DIR="$tmp/run" LEXFLOW_DATA_DIR="$tmp/data" LEXFLOW_SELFTEST_EVENTS=50
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export BIN="$bin" LOG="$tmp/desktop.log" SHOT="$artifacts/desktop.png"

xvfb-run -a -s "-screen 0 1360x900x24" bash -c '
  "$BIN" >"$LOG" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    grep -q "^selftest " "$LOG" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  # The window holds 4 s after its verdict; WebKit paints late under Xvfb.
  sleep 3
  import -window root "$SHOT" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill "$pid" 2>/dev/null || true
  wait "$pid"
' && status=0 || status=$?

cat "$LOG"
if ! grep -q "^selftest PASS" "$LOG"; then
  echo "desktop self-test: FAILED (exit $status)" >&2
  exit 1
fi
echo "desktop self-test: passed (screenshot: frontend/e2e/artifacts/desktop.png)"
