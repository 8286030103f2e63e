// Package ingest turns the bytes of a legal document into text, legal
// structure and chunks with locators. It is pure: no database, no index, no
// network. A pipeline calls Detect, Extract, then Chunks (which runs
// Structure), and stores and indexes what comes back.
//
// All offsets it returns (PageSpan, Mark, Heading, chunk locators) count
// Unicode code points into Extracted.Text, End exclusive, like evidence.Slice.
// For TXT and Markdown files Extracted.Text is the file's own text (BOM
// removed, line endings kept, CRLF included), so those offsets also point
// into the original file.
package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"

	"lexflow/backend/evidence"
)

// Errors callers branch on. Every error Extract returns wraps one of them
// (or the context's error) and adds the detail.
var (
	ErrUnsupportedFormat = errors.New("unsupported file type")
	ErrEmpty             = errors.New("file is empty")
	ErrTooLarge          = errors.New("file too large")
	ErrCorrupt           = errors.New("file is damaged or not what its name says")
	ErrEncrypted         = errors.New("document is encrypted or password-protected")
	ErrNoTextLayer       = errors.New("no text: the PDF has no text layer and nothing drawn to read by OCR")
	ErrLimit             = errors.New("document exceeds a safety limit")
)

// Extracted is the text of one document and what its format tells about it.
type Extracted struct {
	Text     string
	Pages    []PageSpan // empty when the format has no pages
	Language string     // "en", "ar", "zh" or "other"
	Title    string     // from the file's metadata, when it has one
	Marks    []Mark     // headings the format marks up (DOCX styles, HTML h1–h6, Markdown #)
	Encoding string     // TXT and Markdown: "utf-8", "utf-16" or "windows-1252"
}

// PageSpan is the text of one page: code points [Start, End) of
// Extracted.Text, with the running heads and page numbers kept out of the
// flow. It is evidence.PageSpan, so the store keeps it as it is.
type PageSpan = evidence.PageSpan

// Mark is a heading the file itself marks up: code points [Start, End) and
// its level, 1 for the top.
type Mark struct {
	Start, End int
	Level      int
}

// Extract reads a document of the given format. It reads r through
// io.ReaderAt where the format allows, so a large PDF is not loaded whole.
func Extract(ctx context.Context, format evidence.Format, r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	limits = limits.withDefaults()
	if err := limits.checkSize(size); err != nil {
		return Extracted{}, err
	}
	ex, err := extract(ctx, format, r, size, limits)
	if err != nil {
		return Extracted{}, fmt.Errorf("extract %s: %w", format, err)
	}
	if err := checkText(int64(len(ex.Text)), limits.MaxTextBytes); err != nil {
		return Extracted{}, fmt.Errorf("extract %s: %w", format, err)
	}
	ex.Language = DetectLanguage(ex.Text)
	return ex, nil
}

func extract(ctx context.Context, format evidence.Format, r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	switch format {
	case evidence.FormatPDF:
		return extractPDF(ctx, r, size, limits)
	case evidence.FormatDOCX:
		return extractDOCX(ctx, r, size, limits)
	case evidence.FormatHTML:
		return extractHTML(ctx, r, size, limits)
	case evidence.FormatText:
		return extractText(r, size, limits)
	case evidence.FormatMarkdown:
		return extractMarkdown(r, size, limits)
	}
	return Extracted{}, fmt.Errorf("%w: %q", ErrUnsupportedFormat, format)
}
