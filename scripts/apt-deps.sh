#!/usr/bin/env bash
# Installs the Debian packages the desktop build and the browser tests need
# (and Tesseract, which reads scanned PDFs and which the OCR tests run), and
# those of the Windows build and its test (mingw-w64 for cgo, NSIS, Wine, and
# xdotool, which answers the window's dialogs under Xvfb):
# only on Linux, only when missing, and only as root or in CI (others are told
# the command to run).
set -euo pipefail
[ "$(uname -s)" = Linux ] || exit 0
command -v dpkg-query >/dev/null || { echo "apt-deps: not a Debian-like system; install GTK 3, WebKitGTK 4.1, Xvfb and Chromium by hand" >&2; exit 0; }

packages=(build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.1-dev libxtst-dev xvfb xauth imagemagick chromium fonts-noto-core fonts-wqy-zenhei
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-ara tesseract-ocr-chi-sim
  gcc-mingw-w64-x86-64 nsis wine64 xdotool)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] && [ -z "${CI:-}" ]; then
  echo "apt-deps: missing Debian packages: ${missing[*]}" >&2
  echo "apt-deps: install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "apt-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
