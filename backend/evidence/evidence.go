// Package evidence holds the leaf types every layer shares when it talks about
// legal evidence: documents, their chunks, and the locators that let a person
// find a cited passage again. It imports nothing of the project.
//
// Offsets (Start, End) count Unicode code points into the document's extracted
// text, End exclusive, so they mean the same thing in Go, TypeScript and the
// evaluation data regardless of how many bytes a character takes.
package evidence

import (
	"slices"
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
	DocID   string `json:"docId"`
	DocName string `json:"docName"` // the file name
	// DocTitle is the document's title as it is now (see title.go). The
	// index keeps none, so a rename needs no re-indexing: searches and
	// chunk listings fill it from the database (library.TitledIndex,
	// store.DocumentChunks). Empty when nobody filled it.
	DocTitle    string   `json:"docTitle,omitempty"`
	PageStart   int      `json:"pageStart"` // 1-based; 0 when the format has no pages
	PageEnd     int      `json:"pageEnd"`
	HeadingPath []string `json:"headingPath"`
	Start       int      `json:"start"`         // code points into the extracted text
	End         int      `json:"end"`           // exclusive
	OCR         bool     `json:"ocr,omitempty"` // its text was read by OCR from a scanned page
	// Units are the articles (sections, clauses) the passage holds when it
	// holds several: short siblings share a chunk, whose HeadingPath is then
	// only their common path. Empty when the passage lies in one unit.
	Units []Unit `json:"units,omitempty"`
}

// Unit is one article, section, clause or rule of a passage: what a lawyer
// cites. Start and End are code points into the extracted text, like a
// locator's.
type Unit struct {
	Start       int      `json:"start"`
	End         int      `json:"end"` // exclusive
	HeadingPath []string `json:"headingPath"`
	Number      string   `json:"number,omitempty"` // its heading's number: "6", "VI", "4.2"; empty when none
	// Follows says its number is the one after the previous unit's ("6"
	// after "5", "4.2" after "4.1", "VI" after "V"), so the two read as a range.
	Follows bool `json:"follows,omitempty"`
}

// Heading is the heading path joined for display, ending with the units
// the passage holds when several: "Chapter 3 › Articles 5–6".
func (l Locator) Heading() string { return HeadingLabel(l.HeadingPath, l.Units) }

// HeadingLabel joins a heading path for display, followed by the label of
// units when there are several of them below it.
func HeadingLabel(path []string, units []Unit) string {
	if len(units) > 1 {
		path = append(slices.Clip(path), unitsLabel(units, len(path)))
	}
	return strings.Join(path, HeadingSeparator)
}

// Narrow is the locator for citing the text [start, end) of the passage
// rather than all of it: the heading path of the one unit that text lies
// in, or the units it spans. Start, End and pages stay the passage's, as
// they place its excerpt. A locator without units is returned as it is.
func (l Locator) Narrow(start, end int) Locator {
	end = max(end, start+1) // an empty span still lies in the unit at start
	var in []Unit
	for _, u := range l.Units {
		if u.Start < end && start < u.End {
			in = append(in, u)
		}
	}
	switch len(in) {
	case 0:
		return l
	case 1:
		l.HeadingPath, l.Units = in[0].HeadingPath, nil
	default:
		l.HeadingPath, l.Units = commonPath(in), in
	}
	return l
}

func commonPath(units []Unit) []string {
	path := units[0].HeadingPath
	for _, u := range units[1:] {
		n := 0
		for n < len(path) && n < len(u.HeadingPath) && path[n] == u.HeadingPath[n] {
			n++
		}
		path = path[:n]
	}
	return slices.Clip(path)
}

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

// Document names the document as a person knows it: its title, else its
// file name.
func (l Locator) Document() string {
	if l.DocTitle != "" {
		return l.DocTitle
	}
	return l.DocName
}

// Label is the locator as a person reads it: "Employment Act (act.pdf),
// Part 2 › Article 12, p. 4"; the file name alone when there is no title.
func (l Locator) Label() string {
	parts := []string{l.documentAndFile()}
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

// documentAndFile is the document's title with its file name after it,
// "Employment Act (act.pdf)"; the file name alone when there is no title.
func (l Locator) documentAndFile() string {
	if l.DocTitle != "" && l.DocTitle != l.DocName {
		return l.DocTitle + " (" + l.DocName + ")"
	}
	return l.Document()
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
	// NamedBy is the clause of the query that named this hit's document
	// ("Consider the Supply Agreement between Acme and Beta"); empty when
	// the query named none. An answer keeps to the named document.
	NamedBy string
	// AlsoIn lists the other files holding the same text as the hit's
	// document (the statute as PDF, DOCX and HTML), whose passages the search
	// left out so that one clause fills one place; empty when none.
	AlsoIn []DocRef
}

// DocRef names a document: its id and file name.
type DocRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
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
