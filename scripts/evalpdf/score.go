package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"lexflow/backend/ingest"
)

// result is one file's outcome; it is also the -json record.
type result struct {
	Name           string     `json:"name"`
	Pages          int        `json:"pages"`
	Error          string     `json:"error,omitempty"`
	Kind           string     `json:"refused_as,omitempty"` // which sentinel error the refusal wraps
	FullFidelity   float64    `json:"fidelity_full"`        // header + page + footer, pages in order
	FlowFidelity   float64    `json:"fidelity_flow"`        // Extracted.Text
	Approximate    bool       `json:"approximate,omitempty"`
	Words          int        `json:"words"` // extracted words, whole pages
	RefWords       int        `json:"reference_words"`
	Seconds        float64    `json:"seconds"`
	HeaderLines    int        `json:"header_lines"`
	FooterLines    int        `json:"footer_lines"`
	FurnitureWords int        `json:"furniture_words"`
	FurniturePages int        `json:"furniture_pages"` // pages with a header or footer
	Mirrored       int        `json:"mirrored_words"`  // extracted words absent from the reference whose reversal is in it
	Unknown        int        `json:"unknown_words"`   // extracted words absent from the reference
	Pdftotext      *refResult `json:"pdftotext,omitempty"`
	mirrorExample  string
}

// refResult is pdftotext's outcome for the same file.
type refResult struct {
	Pages       int     `json:"pages"`
	Error       string  `json:"error,omitempty"`
	Fidelity    float64 `json:"fidelity"`
	Approximate bool    `json:"approximate,omitempty"`
	Words       int     `json:"words"`
	Seconds     float64 `json:"seconds"`
}

// errorKinds are the sentinel errors Extract wraps, in the order a refusal
// is classified; the first that matches counts.
var errorKinds = []struct {
	name string
	err  error
}{
	{"no text layer", ingest.ErrNoTextLayer},
	{"encrypted", ingest.ErrEncrypted},
	{"safety limit", ingest.ErrLimit},
	{"too large", ingest.ErrTooLarge},
	{"corrupt", ingest.ErrCorrupt},
	{"empty", ingest.ErrEmpty},
	{"unsupported format", ingest.ErrUnsupportedFormat},
	{"panic", errPanic},
}

// otherKind counts errors that wrap none of the sentinels (a contract break
// of Extract's documentation, worth its own row).
const otherKind = "other (no sentinel)"

func errorKind(err error) string {
	for _, k := range errorKinds {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	return otherKind
}

// scoreDoc compares one file's extractions with its reference text.
func scoreDoc(d doc, lex output, ref *output) (result, error) {
	b, err := os.ReadFile(d.txt)
	if err != nil {
		return result{}, err
	}
	refWords := words(string(bytes.TrimPrefix(b, []byte("\uFEFF"))))
	r := result{Name: d.name, Pages: lex.pages, Seconds: lex.seconds, RefWords: len(refWords)}
	if ref != nil {
		r.Pdftotext = scoreReference(*ref, refWords)
	}
	if lex.err != nil {
		r.Error, r.Kind = lex.err.Error(), errorKind(lex.err)
		return r, nil
	}
	full, furn := pagesAsPrinted(lex.text, lex.spans)
	fullWords, flowWords := words(full), words(lex.text)
	var approxFull, approxFlow bool
	r.FullFidelity, approxFull = ratio(fullWords, refWords, maxEdits)
	r.FlowFidelity, approxFlow = r.FullFidelity, approxFull
	if !slices.Equal(fullWords, flowWords) { // no furniture taken out: same score
		r.FlowFidelity, approxFlow = ratio(flowWords, refWords, maxEdits)
	}
	r.Approximate = approxFull || approxFlow
	r.Words = len(fullWords)
	r.HeaderLines, r.FooterLines, r.FurnitureWords, r.FurniturePages = furn.header, furn.footer, furn.words, furn.pages
	r.Unknown, r.Mirrored, r.mirrorExample = strangeWords(fullWords, refWords)
	return r, nil
}

func scoreReference(o output, refWords []string) *refResult {
	rr := &refResult{Pages: o.pages, Seconds: o.seconds}
	if o.err != nil {
		rr.Error = o.err.Error()
		return rr
	}
	w := words(o.text)
	rr.Words = len(w)
	rr.Fidelity, rr.Approximate = ratio(w, refWords, maxEdits)
	return rr
}

// furniture counts what the extractor moved out of the flow.
type furniture struct{ header, footer, words, pages int }

// pagesAsPrinted rebuilds each page as printed: its Header lines, its text,
// its Footer lines, pages in order, so that moving a running head out of
// the flow costs nothing here while losing it does. Spans count code
// points; out-of-range spans are clamped so an extractor bug shows as low
// fidelity rather than a crash. Without pages the flow is the whole text.
func pagesAsPrinted(text string, spans []ingest.PageSpan) (string, furniture) {
	if len(spans) == 0 {
		return text, furniture{}
	}
	runes := []rune(text)
	var b strings.Builder
	var f furniture
	for _, p := range spans {
		for _, l := range p.Header {
			b.WriteString(l + "\n")
			f.words += len(words(l))
		}
		start, end := clamp(p.Start, len(runes)), clamp(p.End, len(runes))
		if start < end {
			b.WriteString(string(runes[start:end]))
		}
		b.WriteString("\n")
		for _, l := range p.Footer {
			b.WriteString(l + "\n")
			f.words += len(words(l))
		}
		f.header += len(p.Header)
		f.footer += len(p.Footer)
		if len(p.Header)+len(p.Footer) > 0 {
			f.pages++
		}
	}
	return b.String(), f
}

func clamp(i, n int) int { return min(max(i, 0), n) }

// strangeWords counts extracted words the reference never uses, and among
// them those whose reversal it does use ("tibihxe" for "exhibit"): the mark
// of right-to-left handling applied to Latin text, or of glyphs drawn in
// reverse order. Words shorter than 3 letters are too often real words both
// ways ("on"/"no") to count as mirrored.
func strangeWords(got, ref []string) (unknown, mirrored int, example string) {
	vocab := make(map[string]bool, len(ref)/4)
	for _, w := range ref {
		vocab[w] = true
	}
	for _, w := range got {
		if vocab[w] {
			continue
		}
		unknown++
		if rev := reverse(w); len([]rune(w)) >= 3 && vocab[rev] {
			mirrored++
			if example == "" || len(w) > len(example) {
				example = w
			}
		}
	}
	return unknown, mirrored, example
}

func reverse(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}

// cause guesses in one line why a file scored low, from the cheapest signal
// that explains it: a refusal, mirrored words, too few or too many words,
// words the reference lacks (split or run together), else the order.
func cause(r result) string {
	if r.Error != "" {
		return "refused: " + r.Error
	}
	var c string
	switch {
	case r.Mirrored >= max(5, r.Words/100):
		c = fmt.Sprintf("mirrored lines: %d words read backwards (e.g. %q)", r.Mirrored, r.mirrorExample)
	case float64(r.Words) < 0.85*float64(r.RefWords):
		c = fmt.Sprintf("missing text: %d of %d reference words", r.Words, r.RefWords)
	case float64(r.Words) > 1.15*float64(r.RefWords):
		c = fmt.Sprintf("extra text: %d words, the reference has %d", r.Words, r.RefWords)
	case r.Unknown > r.Words/10:
		c = fmt.Sprintf("words split or run together: %d of %d not in the reference", r.Unknown, r.Words)
	case r.FullFidelity < 0.97:
		c = "interleaved/reordered (word counts similar): " + unmatched(r)
	default:
		c = "small differences: " + unmatched(r)
	}
	// When pdftotext does no better, the reference text itself likely
	// differs from what the PDF shows.
	if p := r.Pdftotext; p != nil && p.Error == "" && p.Fidelity < 0.99 && p.Fidelity <= r.FullFidelity+0.005 {
		c += fmt.Sprintf("; pdftotext %.3f too: the reference may differ", p.Fidelity)
	}
	return c
}

// unmatched spells out the difference: the LCS follows from the ratio
// (LCS = ratio·(a+b)/2), the rest of each side is unmatched.
func unmatched(r result) string {
	lcs := int(math.Round(r.FullFidelity * float64(r.Words+r.RefWords) / 2))
	return fmt.Sprintf("%d reference words unmatched, %d extra (%d unknown to the reference)",
		r.RefWords-lcs, r.Words-lcs, r.Unknown)
}
