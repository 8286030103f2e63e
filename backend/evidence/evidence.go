// Package evidence holds the leaf types every layer shares when it talks about
// legal evidence: documents, their chunks, and the locators that let a person
// find a cited passage again. It imports nothing of the project.
//
// Offsets (Start, End) count Unicode code points into the document's extracted
// text, End exclusive, so they mean the same thing in Go, TypeScript and the
// evaluation data regardless of how many bytes a character takes.
package evidence

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// HeadingSeparator joins a heading path for display: "Chapter 2 › Article 12".
const HeadingSeparator = " › "

// Format names the kind of file a document came from.
type Format string

const (
	FormatPDF      Format = "pdf"
	FormatDOCX     Format = "docx"
	FormatHTML     Format = "html"
	FormatText     Format = "txt"
	FormatMarkdown Format = "md"
)

// Document is one ingested file.
type Document struct {
	ID           string
	CollectionID string
	Name         string // the file name as the user knows it
	Format       Format
	Language     string // "en", "ar", ... as detected
	Hash         string // SHA-256 of the original bytes, hex
	Pages        int    // 0 when the format has no pages
	Size         int64  // bytes of the original file
}

// Locator says where a passage is: which document, which pages, under which
// headings, and exactly which characters of the extracted text.
type Locator struct {
	DocID       string   `json:"docId"`
	DocName     string   `json:"docName"`
	PageStart   int      `json:"pageStart"` // 1-based; 0 when the format has no pages
	PageEnd     int      `json:"pageEnd"`
	HeadingPath []string `json:"headingPath"`
	Start       int      `json:"start"`         // code points into the extracted text
	End         int      `json:"end"`           // exclusive
	OCR         bool     `json:"ocr,omitempty"` // its text was read by OCR from a scanned page
}

// Heading is the heading path joined for display.
func (l Locator) Heading() string { return strings.Join(l.HeadingPath, HeadingSeparator) }

// Pages renders the page range for display: "p. 4" or "pp. 4–5", empty without pages.
func (l Locator) Pages() string {
	switch {
	case l.PageStart == 0:
		return ""
	case l.PageEnd <= l.PageStart:
		return "p. " + strconv.Itoa(l.PageStart)
	default:
		return "pp. " + strconv.Itoa(l.PageStart) + "–" + strconv.Itoa(l.PageEnd)
	}
}

// Label is the locator as a person reads it: "Act.pdf, Part 2 › Article 12, p. 4".
func (l Locator) Label() string {
	parts := []string{l.DocName}
	if h := l.Heading(); h != "" {
		parts = append(parts, h)
	}
	if p := l.Pages(); p != "" {
		parts = append(parts, p)
	}
	if l.OCR {
		parts = append(parts, "read by OCR")
	}
	return strings.Join(parts, ", ")
}

// PageSpan is the text of one page: code points [Start, End) of the
// document's extracted text. Header and Footer hold the page's running heads,
// page numbers and filing stamps, taken out of the text flow so they neither
// split a clause nor show up inside a quote, and kept here so nothing on the
// page is lost.
type PageSpan struct {
	Page       int // 1-based
	Start, End int
	Header     []string `json:",omitempty"` // lines above the flow, top to bottom
	Footer     []string `json:",omitempty"` // lines below the flow, top to bottom
	OCR        bool     `json:",omitempty"` // the page's text was read by OCR from its image
}

// Chunk is a retrievable passage: usually one article or clause, or a part of a
// long one. Text is exactly the document's extracted text from Start to End.
type Chunk struct {
	ID           string // stable: derived from the document and the chunk's position
	DocID        string
	CollectionID string
	Ordinal      int // position in the document, from 0
	Locator      Locator
	Text         string
	Language     string
}

// Hit is a chunk found by a search, with its score and a highlighted snippet.
type Hit struct {
	Chunk   Chunk
	Rank    int     // 1-based
	Score   float64 // higher is better; comparable within one search only
	Snippet string  // excerpt with matches wrapped in <mark>…</mark>; everything else escaped
}

// Slice returns the code points [start, end) of text, clamped to its length.
func Slice(text string, start, end int) string {
	if start < 0 {
		start = 0
	}
	i, bs, be := 0, len(text), len(text)
	for b := range text {
		if i == start {
			bs = b
		}
		if i == end {
			be = b
			break
		}
		i++
	}
	if start >= utf8.RuneCountInString(text) {
		return ""
	}
	if be < bs {
		be = bs
	}
	return text[bs:be]
}

// FoldDigits writes Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹)
// digits as Western ones, so "المادة ١٢" and "Article 12" share a number.
func FoldDigits(s string) string { return strings.Map(FoldDigit, s) }

// FoldDigit is FoldDigits for one rune.
func FoldDigit(r rune) rune {
	switch {
	case r >= '٠' && r <= '٩':
		return '0' + (r - '٠')
	case r >= '۰' && r <= '۹':
		return '0' + (r - '۰')
	}
	return r
}
