#!/usr/bin/env bash
# Regenerates the sample corpus from the Markdown sources in src/.
# Needs (Debian): pandoc libreoffice-writer-nogui fonts-dejavu-core qpdf imagemagick
#   apt-get install -y --no-install-recommends pandoc libreoffice-writer-nogui fonts-dejavu-core qpdf imagemagick
# Generated files are committed; run this only to change or rebuild them.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

docx() { pandoc "src/$1.md" -o "$2"; }

# pdf SRC: Markdown -> DOCX -> PDF with a real text layer (LibreOffice).
pdf() {
	docx "$1" "$tmp/$1.docx"
	soffice --headless --convert-to pdf --outdir "$tmp" "$tmp/$1.docx" >/dev/null 2>&1
	cp "$tmp/$1.pdf" "$1.pdf"
}

# html SRC LANG DIR: the text as a page's <main>, inside site navigation,
# a header, a sidebar, a footer and scripts that extraction must drop.
html() {
	local body title
	body=$(pandoc "src/$1.md" -t html5)
	title=$(sed -n 's/^title: "\(.*\)"$/\1/p' "src/$1.md")
	cat >"$1.html" <<HTML
<!DOCTYPE html>
<html lang="$2" dir="$3">
<head>
<meta charset="utf-8">
<title>$title</title>
<style>body { font-family: sans-serif; } nav a { margin-right: 1em; }</style>
<script>window.analytics = { track: function () { return "NAVIGATION-SCRIPT-TEXT"; } };</script>
</head>
<body>
<header><p>Official Legislation Portal &mdash; HEADER-CHROME-TEXT</p>
<nav><a href="/">Home</a> <a href="/search">Search legislation</a> <a href="/help">NAV-CHROME-TEXT</a></nav></header>
<aside><h2>Related documents</h2><p>ASIDE-CHROME-TEXT: see also the consolidated version.</p></aside>
<main>
<h1>$title</h1>
$body
</main>
<footer><p>&copy; Portal operators &middot; Cookies &middot; FOOTER-CHROME-TEXT</p></footer>
<noscript>Please enable JavaScript NOSCRIPT-CHROME-TEXT</noscript>
</body>
</html>
HTML
}

pdf us-constitution-excerpt
pdf uk-consumer-rights-act-2015-excerpt
docx uk-consumer-rights-act-2015-excerpt uk-consumer-rights-act-2015-excerpt.docx
pdf eu-gdpr-excerpt
html eu-gdpr-excerpt en ltr
pdf eg-civil-code-excerpt-ar
docx eg-civil-code-excerpt-ar eg-civil-code-excerpt-ar.docx
html eg-civil-code-excerpt-ar ar rtl
cp src/sample-services-agreement.md sample-services-agreement.md
cp src/cn-civil-code-excerpt-zh.txt cn-civil-code-excerpt-zh.txt
docx sample-services-agreement sample-services-agreement.docx

# A TXT file as Windows Notepad writes it: UTF-8 BOM and CRLF line ends.
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' src/us-9usc-arbitration-excerpt.txt; } >us-9usc-arbitration-excerpt.txt

# Bad inputs: each must give its own clear error.
mkdir -p bad
: >bad/empty.pdf
head -c 20000 us-constitution-excerpt.pdf >bad/truncated.pdf
qpdf --encrypt secret-user secret-owner 256 -- us-constitution-excerpt.pdf bad/encrypted.pdf
qpdf --encrypt "" owner-only 128 --use-aes=y -- us-constitution-excerpt.pdf bad/owner-password-only.pdf
# A "scan": a page that is one image and no text. ImageMagick draws the
# pixels; Python wraps them as a Flate image XObject in a minimal PDF
# (ImageMagick's policy on Debian forbids writing PDF).
/usr/bin/convert -size 1240x1754 xc:white -font DejaVu-Sans -pointsize 28 \
	-annotate +120+200 'Article 1. This page is a scan: pixels only, no text layer.' \
	-depth 8 gray:"$tmp/scan.gray"
python3 - "$tmp/scan.gray" bad/scanned.pdf <<'PY'
import sys, zlib
w, h = 1240, 1754
img = zlib.compress(open(sys.argv[1], "rb").read(), 9)
content = b"q 595 0 0 842 0 0 cm /Im0 Do Q"
objs = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
    b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, len(img)) + img + b"\nendstream",
    b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
]
out = bytearray(b"%PDF-1.4\n")
offs = []
for i, o in enumerate(objs, 1):
    offs.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
for o in offs:
    out += b"%010d 00000 n \n" % o
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(sys.argv[2], "wb").write(out)
PY
printf 'Article 1\nCaf\xe9 owners shall post prices in \x80 (euro) \x96 see Article 2.\n' >bad/windows-1252.txt
printf 'Article 1\x00\x01\x02 binary' >bad/binary.txt
echo "corpus regenerated"
