package analysis

import (
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/registry"
	"github.com/blevesearch/bleve/v2/search/highlight"
	htmlformat "github.com/blevesearch/bleve/v2/search/highlight/format/html"
	"github.com/blevesearch/bleve/v2/search/highlight/fragmenter/simple"
	simplehighlighter "github.com/blevesearch/bleve/v2/search/highlight/highlighter/simple"

	"lexflow/backend/internal/sentence"
)

// Highlighter names Bleve's html highlighter with the boundaryFragmenter:
// <mark>…</mark> around the terms, the rest escaped, "…" where text is left out.
const Highlighter = "lexflow_snippet"

func init() {
	err := registry.RegisterHighlighter(Highlighter, func(map[string]any, *registry.Cache) (highlight.Highlighter, error) {
		return simplehighlighter.NewHighlighter(newBoundaryFragmenter(), htmlformat.NewFragmentFormatter("<mark>", "</mark>"),
			simplehighlighter.DefaultSeparator), nil
	})
	if err != nil {
		panic(err)
	}
}

// fragmentSize is the snippet's length in characters, Bleve's default.
const fragmentSize = 200

// sentenceReach is how many characters a snippet's start may move back to
// begin with its sentence rather than inside it.
const sentenceReach = 60

// boundaryFragmenter is Bleve's simple fragmenter with edges a reader
// expects: a fragment starts at a sentence when one starts nearby, else at
// a word, and ends after a whole word, never inside one ("…lause 7"). Text
// written without spaces (Chinese) has a boundary between any two of its
// characters, so only sentences move it.
type boundaryFragmenter struct{ simple *simple.Fragmenter }

func newBoundaryFragmenter() boundaryFragmenter {
	return boundaryFragmenter{simple: simple.NewFragmenter(fragmentSize)}
}

// Fragment implements highlight.Fragmenter.
func (f boundaryFragmenter) Fragment(orig []byte, terms highlight.TermLocations) []*highlight.Fragment {
	frags := f.simple.Fragment(orig, terms)
	var starts []int // sentence starts, found once the first fragment needs them
	for _, frag := range frags {
		first, last := termsWithin(terms, frag.Start, frag.End)
		if starts == nil {
			starts = sentenceStarts(orig)
		}
		frag.Start = snippetStart(orig, starts, frag.Start, first)
		frag.End = snippetEnd(orig, frag.End, last)
	}
	return frags
}

// termsWithin is where the first term of [start, end) starts and where its
// last one ends; start and end themselves when it holds none.
func termsWithin(terms highlight.TermLocations, start, end int) (first, last int) {
	first, last = end, start
	for _, t := range terms {
		if t.Start >= start && t.End <= end {
			first, last = min(first, t.Start), max(last, t.End)
		}
	}
	if first > last {
		return start, start
	}
	return first, last
}

func sentenceStarts(text []byte) []int {
	spans := sentence.Spans(string(text))
	out := make([]int, len(spans))
	for i, s := range spans {
		out[i] = s.Start
	}
	return out
}

// snippetStart moves start to the sentence that begins nearest it, no later
// than the first term and at most sentenceReach characters earlier; else
// to the start of a word, past white space, without passing the first term.
func snippetStart(text []byte, sentences []int, start, firstTerm int) int {
	best := -1
	for _, s := range sentences {
		if s > firstTerm {
			break
		}
		if s >= start || utf8.RuneCount(text[s:start]) <= sentenceReach {
			if best < 0 || abs(s-start) < abs(best-start) {
				best = s
			}
		}
	}
	if best >= 0 {
		return best
	}
	at := start
	for inWord(text, at) { // the word start cuts into goes
		_, size := utf8.DecodeRune(text[at:])
		at += size
	}
	for at < firstTerm && startsSpace(text, at) {
		_, size := utf8.DecodeRune(text[at:])
		at += size
	}
	if at > firstTerm { // the word holds the first term: keep it whole instead
		for at = start; inWord(text, at); {
			_, size := utf8.DecodeLastRune(text[:at])
			at -= size
		}
	}
	return at
}

// snippetEnd moves end back to the end of a whole word, or on to it when
// the last term lies in the word end cuts into; trailing white space goes.
func snippetEnd(text []byte, end, lastTerm int) int {
	at := end
	for inWord(text, at) {
		_, size := utf8.DecodeLastRune(text[:at])
		at -= size
	}
	if at < lastTerm {
		for at = end; inWord(text, at); {
			_, size := utf8.DecodeRune(text[at:])
			at += size
		}
	}
	for at > lastTerm {
		r, size := utf8.DecodeLastRune(text[:at])
		if !unicode.IsSpace(r) {
			break
		}
		at -= size
	}
	return at
}

// inWord says offset at falls between two characters of one word.
func inWord(text []byte, at int) bool {
	if at <= 0 || at >= len(text) {
		return false
	}
	before, _ := utf8.DecodeLastRune(text[:at])
	after, _ := utf8.DecodeRune(text[at:])
	return wordRune(before) && wordRune(after)
}

// wordRune is a character of a word written between spaces.
func wordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) && !sentence.IsCJK(r)
}

func startsSpace(text []byte, at int) bool {
	r, _ := utf8.DecodeRune(text[at:])
	return unicode.IsSpace(r)
}

func abs(n int) int { return max(n, -n) }
