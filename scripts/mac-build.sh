#!/usr/bin/env bash
# Builds Lexflow.app and Lexflow-VERSION.dmg on macOS (Xcode command line tools:
# `xcode-select --install`): one universal binary (arm64 + x86_64, each built with
# cgo by clang), the icon set made from build/appicon.png, build/darwin/Info.plist
# filled in, an ad-hoc signature, or a Developer ID one with notarisation when asked:
#   SIGN_IDENTITY="Developer ID Application: Name (TEAMID)"  sign with the hardened runtime
#   NOTARY_PROFILE=name   notarise the .dmg with a `xcrun notarytool store-credentials` profile
#   BUNDLE_ID=com.example.lexflow   the bundle id (default org.lexflow.Lexflow)
# Usage: VERSION=v0.1.0 COMMIT=abc1234 scripts/mac-build.sh [--dry-run] OUT
# --dry-run (any OS) writes OUT/Lexflow.app/Contents/Info.plist and prints every other
# command instead of running it; CI uses it to check the recipe and the plist.
set -euo pipefail
cd "$(dirname "$0")/.."
dry=false
if [ "${1:-}" = --dry-run ]; then dry=true; shift; fi
out=${1:?usage: scripts/mac-build.sh [--dry-run] OUT}
version=${VERSION:-dev}
commit=${COMMIT:-unknown}
bundle_id=${BUNDLE_ID:-org.lexflow.Lexflow}
app="$out/Lexflow.app"
dmg="$out/Lexflow-$version.dmg"

# run prints a command in a dry run, runs it otherwise.
run() {
  if $dry; then printf 'mac-build: would run:'; printf ' %q' "$@"; echo; else "$@"; fi
}

if ! $dry; then
  [ "$(uname -s)" = Darwin ] || { echo "mac-build: builds on macOS only (use --dry-run elsewhere)" >&2; exit 1; }
  for tool in clang lipo sips iconutil hdiutil codesign; do
    command -v "$tool" >/dev/null || { echo "mac-build: $tool is missing: run xcode-select --install" >&2; exit 1; }
  done
fi

# The bundle's short version takes X.Y.Z: a vX.Y.Z tag's, else 0.0.0.
short=0.0.0
if [[ $version =~ ^v?([0-9]+\.[0-9]+\.[0-9]+) ]]; then short=${BASH_REMATCH[1]}; fi

rm -rf "$app" && mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
sed -e "s/@VERSION@/$short/" -e "s/@BUILD@/$version/" -e "s/@BUNDLE_ID@/$bundle_id/" \
  build/darwin/Info.plist >"$app/Contents/Info.plist"

# Go needs macOS 12 or later; cgo code is built for the same minimum.
export CGO_ENABLED=1 GOOS=darwin MACOSX_DEPLOYMENT_TARGET=12.0
ldflags="-s -w -X main.version=$version -X main.commit=$commit"
for arch in arm64 amd64; do
  clang_arch=$arch; [ $arch = amd64 ] && clang_arch=x86_64
  run env GOARCH=$arch CC="clang -arch $clang_arch" go build -trimpath -tags desktop,production \
    -ldflags "$ldflags" -o "$out/lexflow-$arch" .
done
run lipo -create -output "$app/Contents/MacOS/Lexflow" "$out/lexflow-arm64" "$out/lexflow-amd64"

iconset="$out/Lexflow.iconset"
run mkdir -p "$iconset"
for size in 16 32 128 256 512; do
  run sips -z $size $size build/appicon.png --out "$iconset/icon_${size}x${size}.png"
  run sips -z $((size * 2)) $((size * 2)) build/appicon.png --out "$iconset/icon_${size}x${size}@2x.png"
done
run iconutil -c icns -o "$app/Contents/Resources/Lexflow.icns" "$iconset"

if [ -n "${SIGN_IDENTITY:-}" ]; then
  run codesign --force --options runtime --timestamp --entitlements build/darwin/entitlements.plist \
    --sign "$SIGN_IDENTITY" "$app"
else
  run codesign --force --sign - "$app" # ad hoc: runs on this Mac; others must right-click → Open
fi

staging="$out/dmg"
run rm -rf "$staging"
run mkdir -p "$staging"
run cp -R "$app" "$staging/"
run ln -s /Applications "$staging/Applications"
run hdiutil create -volname Lexflow -srcfolder "$staging" -ov -format UDZO "$dmg"
if [ -n "${SIGN_IDENTITY:-}" ]; then run codesign --force --timestamp --sign "$SIGN_IDENTITY" "$dmg"; fi
if [ -n "${NOTARY_PROFILE:-}" ]; then
  run xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --wait
  run xcrun stapler staple "$dmg"
fi
echo "mac-build: $app and $dmg$($dry && echo ' (dry run)')"
