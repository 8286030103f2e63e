package ingest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"lexflow/backend/evidence"
)

// ChunkOptions size the chunks, in code points. Zero fields take the
// defaults.
type ChunkOptions struct {
	Target  int // a split aims for pieces this long; default 1,200
	Max     int // a chunk longer than this is split; default 2,000
	Overlap int // text repeated between consecutive pieces of a split unit; default 200, negative for none
	Min     int // a unit shorter than this merges with its siblings; default 300
}

// DefaultChunkOptions returns the options used for zero fields.
func DefaultChunkOptions() ChunkOptions {
	return ChunkOptions{Target: 1200, Max: 2000, Overlap: 200, Min: 300}
}

func (o ChunkOptions) withDefaults() ChunkOptions {
	d := DefaultChunkOptions()
	if o.Max <= 0 {
		o.Max = d.Max
	}
	if o.Target <= 0 || o.Target > o.Max {
		o.Target = min(d.Target, o.Max)
	}
	switch {
	case o.Overlap < 0:
		o.Overlap = 0
	case o.Overlap == 0:
		o.Overlap = d.Overlap
	}
	o.Overlap = min(o.Overlap, o.Target/2)
	if o.Min <= 0 {
		o.Min = min(d.Min, o.Target/2)
	}
	return o
}

// Chunks cuts a document's text along its legal structure. The unit is the
// text from one heading to the next (an article, a clause), heading
// included; a heading with no text of its own joins its first child; units
// shorter than Min merge with the siblings that follow them under the same
// parent, and the chunk's locator lists them as its Units; units longer
// than Max split on paragraph, then sentence, then word boundaries, with
// Overlap code points repeated. Text before the first heading is its own
// chunk(s) with an empty heading path.
//
// For every chunk, evidence.Slice(ex.Text, Start, End) == Text; chunks are
// in order of Start, and what lies between or around them is whitespace.
// IDs are docID-00000, -00001, ... in that order, so the same text and
// options give the same IDs.
func Chunks(doc evidence.Document, ex Extracted, opts ChunkOptions) []evidence.Chunk {
	opts = opts.withDefaults()
	text := ex.Text
	groups := mergeUnits(units(text, headings(text, ex.Marks)), text, opts)
	var spans []span
	for _, g := range groups {
		for _, p := range splitSpan(text, g.start, g.end, opts) {
			spans = append(spans, span{start: p.start, end: p.end, path: g.path, units: g.units})
		}
	}
	return toChunks(doc, ex, spans)
}

// span is a run of text, in bytes, with its heading path and the units of
// the group it comes from.
type span struct {
	start, end int
	path       []string
	units      []unit
}

func toChunks(doc evidence.Document, ex Extracted, spans []span) []evidence.Chunk {
	starts, ends, unitAt := newRuneCounter(ex.Text), newRuneCounter(ex.Text), newRuneCounter(ex.Text)
	out := make([]evidence.Chunk, 0, len(spans))
	for _, s := range spans {
		s.start, s.end = trimSpan(ex.Text, s.start, s.end)
		if s.start >= s.end {
			continue
		}
		start, end := starts.at(s.start), ends.at(s.end)
		text := ex.Text[s.start:s.end]
		n := len(out)
		out = append(out, evidence.Chunk{
			ID: fmt.Sprintf("%s-%05d", doc.ID, n), DocID: doc.ID, CollectionID: doc.CollectionID, Ordinal: n,
			Text: text, Language: chunkLanguage(text, ex.Language),
			Locator: evidence.Locator{
				DocID: doc.ID, DocName: doc.Name, HeadingPath: append([]string{}, s.path...),
				PageStart: pageAt(ex.Pages, start), PageEnd: pageAt(ex.Pages, end-1), Start: start, End: end,
				OCR:   anyOCR(ex.Pages, pageAt(ex.Pages, start), pageAt(ex.Pages, end-1)),
				Units: chunkUnits(ex.Text, s, unitAt),
			},
		})
	}
	return out
}

// chunkUnits locates the units a chunk holds, each trimmed to its text,
// so a citation can name the one its quote lies in; none when the chunk
// holds a single unit, which its heading path already names.
func chunkUnits(text string, s span, at *runeCounter) []evidence.Unit {
	var out []evidence.Unit
	previous := ""
	for _, u := range s.units {
		start, end := trimSpan(text, max(u.start, s.start), min(u.end, s.end))
		if start >= end {
			continue
		}
		out = append(out, evidence.Unit{Start: at.at(start), End: at.at(end), HeadingPath: slices.Clone(u.path),
			Number: u.number, Follows: len(out) > 0 && follows(previous, u.number)})
		previous = u.number
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// follows tells whether number b comes right after a: "6" after "5", "4.2"
// after "4.1", "VI" after "V".
func follows(a, b string) bool {
	pa, pb := numberParts(a), numberParts(b)
	n := len(pa)
	return n > 0 && n == len(pb) && slices.Equal(pa[:n-1], pb[:n-1]) && pb[n-1] == pa[n-1]+1
}

func trimSpan(text string, start, end int) (int, int) {
	for start < end && isSpaceByte(text[start]) {
		start++
	}
	for end > start && isSpaceByte(text[end-1]) {
		end--
	}
	return start, end
}

func isSpaceByte(b byte) bool {
	return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\f' || b == '\v'
}

// pageAt is the page holding code point cp: the last page starting at or
// before it; 0 without pages.
func pageAt(pages []PageSpan, cp int) int {
	i := sort.Search(len(pages), func(i int) bool { return pages[i].Start > cp })
	if i == 0 {
		if len(pages) > 0 {
			return pages[0].Page
		}
		return 0
	}
	return pages[i-1].Page
}

// anyOCR tells whether any of pages first..last was read by OCR.
func anyOCR(pages []PageSpan, first, last int) bool {
	for _, p := range pages {
		if p.OCR && p.Page >= first && p.Page <= last {
			return true
		}
	}
	return false
}

func chunkLanguage(text, doc string) string {
	if l := DetectLanguage(text); l != "other" || strings.IndexFunc(text, unicode.IsLetter) < 0 {
		return l
	}
	return doc
}

// unit is the text of one heading up to the next, in bytes.
type unit struct {
	start, end  int
	path        []string
	number      string // the heading's number as written; empty when none
	headingOnly bool   // nothing but the heading itself
	preamble    bool
}

func units(text string, hs []Heading) []unit {
	var out []unit
	if len(hs) == 0 || strings.TrimSpace(text[:hs[0].Start]) != "" {
		end := len(text)
		if len(hs) > 0 {
			end = hs[0].Start
		}
		out = append(out, unit{start: 0, end: end, preamble: true})
	}
	for i, h := range hs {
		end := len(text)
		if i+1 < len(hs) {
			end = hs[i+1].Start
		}
		out = append(out, unit{start: h.Start, end: end, path: h.Path, number: h.Number,
			headingOnly: strings.TrimSpace(text[h.End:end]) == ""})
	}
	return out
}

func parent(path []string) []string {
	if len(path) == 0 {
		return nil
	}
	return path[:len(path)-1]
}

func isPrefix(prefix, path []string) bool {
	return len(prefix) <= len(path) && slices.Equal(prefix, path[:len(prefix)])
}
