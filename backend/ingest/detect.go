package ingest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

// Detect names the format of a file from its name and its first bytes (512
// are plenty). Magic bytes win over the extension where they are certain; a
// file that is none of the supported formats gets ErrUnsupportedFormat with
// what it seems to be.
func Detect(name string, head []byte) (evidence.Format, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if f, ok := detectMagic(ext, head); ok {
		return f, nil
	}
	if kind := knownBinary(head); kind != "" {
		if kind == zipArchive && officeZip(ext) { // an Office or OpenDocument file is a zip: say which
			kind = describeExt(ext)
		}
		return "", fmt.Errorf("%w: %s is %s; %s", ErrUnsupportedFormat, filepath.Base(name), kind, supportedFormats)
	}
	switch ext {
	case ".pdf":
		return evidence.FormatPDF, nil // Extract reports what is wrong with it
	case ".docx", ".docm", ".dotx":
		return evidence.FormatDOCX, nil
	case ".html", ".htm", ".xhtml":
		return evidence.FormatHTML, nil
	case ".md", ".markdown", ".mdown":
		return evidence.FormatMarkdown, nil
	case ".txt", ".text":
		return evidence.FormatText, nil
	}
	if looksHTML(head) {
		return evidence.FormatHTML, nil
	}
	if ext == "" && looksText(head) {
		return evidence.FormatText, nil
	}
	return "", fmt.Errorf("%w: %s (%s); %s", ErrUnsupportedFormat, filepath.Base(name), describeExt(ext), supportedFormats)
}

// supportedFormats ends every refusal, so the reader knows what to bring.
const supportedFormats = "supported are PDF, DOCX, HTML, TXT and Markdown"

const zipArchive = "a zip archive (not a .docx)"

// officeZip tells the extensions of zip-based files describeExt names.
func officeZip(ext string) bool {
	switch ext {
	case ".xlsx", ".pptx", ".odt":
		return true
	}
	return false
}

func detectMagic(ext string, head []byte) (evidence.Format, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")) || bytes.Contains(head[:min(len(head), 1024)], []byte("%PDF-")) && ext == ".pdf":
		return evidence.FormatPDF, true
	case bytes.HasPrefix(head, []byte("PK\x03\x04")) && (ext == ".docx" || ext == ".docm" || ext == ".dotx"):
		return evidence.FormatDOCX, true
	}
	return "", false
}

// knownBinary names common files that are not supported documents.
func knownBinary(head []byte) string {
	magics := []struct{ prefix, kind string }{
		{"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "a legacy Office file (.doc/.xls); save it as .docx"},
		{"{\\rtf", "an RTF document; save it as .docx or PDF"},
		{"PK\x03\x04", zipArchive},
		{"\x89PNG", "a PNG image; OCR is not supported"},
		{"\xFF\xD8\xFF", "a JPEG image; OCR is not supported"},
		{"GIF8", "a GIF image"},
		{"II*\x00", "a TIFF image; OCR is not supported"},
		{"MM\x00*", "a TIFF image; OCR is not supported"},
		{"\x7FELF", "a program"},
		{"MZ", "a program"},
		{"\x1F\x8B", "a gzip archive"},
		{"Rar!", "a RAR archive"},
		{"7z\xBC\xAF", "a 7-Zip archive"},
	}
	for _, m := range magics {
		if bytes.HasPrefix(head, []byte(m.prefix)) {
			return m.kind
		}
	}
	return ""
}

func looksHTML(head []byte) bool {
	s := strings.ToLower(strings.TrimSpace(string(bytes.TrimPrefix(head, []byte{0xEF, 0xBB, 0xBF}))))
	return strings.HasPrefix(s, "<!doctype html") || strings.HasPrefix(s, "<html")
}

func looksText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	if len(head) > 4 { // a cut multi-byte character at the end is fine
		head = head[:len(head)-3]
	}
	return utf8.Valid(head)
}

func describeExt(ext string) string {
	switch ext {
	case "":
		return "no extension, not plain text"
	case ".doc":
		return "legacy Word .doc; save it as .docx"
	case ".xlsx", ".xls", ".csv":
		return "a spreadsheet"
	case ".pptx", ".ppt":
		return "a presentation"
	case ".odt":
		return "an OpenDocument text; save it as .docx"
	}
	return ext + " files"
}
