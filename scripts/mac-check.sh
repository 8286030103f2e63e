#!/usr/bin/env bash
# Checks on Linux what can be checked of the macOS recipe (scripts/mac-build.sh):
# its dry run completes, the Info.plist it writes parses (plistlib) and holds what
# Finder and Gatekeeper read, and `go vet` passes for macOS in every package that
# does not need cgo (SQLite's and the window's packages need a Mac's clang).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

VERSION=v1.2.3-4-gabcdef0 SIGN_IDENTITY="Developer ID Application: Example (TEAMID1234)" NOTARY_PROFILE=example \
  ./scripts/mac-build.sh --dry-run "$out" >"$out/dry-run.log"
grep -q "lipo -create" "$out/dry-run.log"
grep -q "notarytool submit" "$out/dry-run.log"

python3 - "$out/Lexflow.app/Contents/Info.plist" <<'PY'
import plistlib, sys
with open(sys.argv[1], "rb") as f:
    p = plistlib.load(f)
want = {"CFBundleIdentifier": "org.lexflow.Lexflow", "CFBundleExecutable": "Lexflow", "CFBundleIconFile": "Lexflow",
        "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.2.3", "CFBundleVersion": "v1.2.3-4-gabcdef0",
        "LSMinimumSystemVersion": "12.0"}
bad = {k: (p.get(k), v) for k, v in want.items() if p.get(k) != v}
types = {t for d in p.get("CFBundleDocumentTypes", []) for t in d.get("LSItemContentTypes", [])}
# Finder offers "Open With Lexflow" for these, and hands them to the app's Mac.OnFileOpen.
missing = {"com.adobe.pdf", "org.openxmlformats.wordprocessingml.document", "public.html", "public.plain-text",
           "net.daringfireball.markdown", "public.folder"} - types
viewers = all(d.get("CFBundleTypeRole") == "Viewer" and d.get("LSHandlerRank") == "Alternate"
              for d in p.get("CFBundleDocumentTypes", []))
if bad or missing or not viewers or not p.get("NSHighResolutionCapable"):
    sys.exit(f"mac-check: Info.plist: wrong {bad}, document types missing {missing}, "
             f"all a viewer that never takes a type's default app: {viewers}")
PY

# Packages that need cgo on macOS: SQLite's (mattn/go-sqlite3) and the window's (Wails).
pure=$(GOOS=darwin CGO_ENABLED=0 go list -f '{{.ImportPath}} {{join .Deps " "}}' ./... |
  grep -v -e 'github.com/mattn/go-sqlite3' -e 'github.com/wailsapp/wails' | cut -d' ' -f1)
GOOS=darwin CGO_ENABLED=0 go vet $pure
echo "mac-check: dry run, Info.plist and GOOS=darwin go vet ($(wc -w <<<"$pure") packages) pass"
