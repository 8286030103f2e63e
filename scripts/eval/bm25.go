package main

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
)

// The plain BM25 baseline of every set, computed in the same run over the
// same units as Lexflow is judged on: a port of ../shared/eval/tools/bm25_eval.py
// with bm25_cjk.py's tokenizer (Lucene idf, k1 1.2, b 0.75, lower-case \w+
// words minus a short English stop list, runs of CJK ideographs as
// overlapping character bigrams). It is what a hundred lines of BM25 over
// the files give, with no structure, thesaurus or analysis: a feature that
// does not beat it earns nothing.

const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// bm25Depth is how many units a baseline search returns.
	bm25Depth = 100
)

// bm25Stop is bm25_eval.py's stop list.
var bm25Stop = setOf(`a an and are as at be been but by can could did do does for from had has have how i if in
into is it its may me my of on or our shall should so such than that the their them then there these they
this those to under up was we were what when where which who whom why will with would you your any all not no
consider`)

func setOf(words string) map[string]bool {
	s := map[string]bool{}
	for _, w := range strings.Fields(words) {
		s[w] = true
	}
	return s
}

// textUnit is a span of one corpus file: a fixed-size chunk, or a natural
// unit (an article, a clause) with its id.
type textUnit struct {
	doc        string
	start, end int // code points
	article    string
}

type posting struct {
	unit int
	tf   float64
}

// bm25 is an in-memory BM25 index over units.
type bm25 struct {
	units    []textUnit
	postings map[string][]posting
	idf      map[string]float64
	norm     []float64 // k1·(1 − b + b·len/avglen) per unit
}

// newBM25 indexes units of the texts (file name → text).
func newBM25(units []textUnit, texts map[string]string) *bm25 {
	x := &bm25{units: units, postings: map[string][]posting{}, idf: map[string]float64{}}
	lengths := make([]float64, len(units))
	total := 0.0
	runes := map[string][]rune{} // units count code points
	for i, u := range units {
		if _, ok := runes[u.doc]; !ok {
			runes[u.doc] = []rune(texts[u.doc])
		}
		toks := bm25Tokens(string(runes[u.doc][u.start:u.end]))
		lengths[i] = float64(len(toks))
		total += lengths[i]
		counts := map[string]float64{}
		for _, t := range toks {
			counts[t]++
		}
		for t, c := range counts {
			x.postings[t] = append(x.postings[t], posting{i, c})
		}
	}
	n := float64(len(units))
	avg := total / max(n, 1)
	for t, p := range x.postings {
		df := float64(len(p))
		x.idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	x.norm = make([]float64, len(units))
	for i, l := range lengths {
		x.norm[i] = bm25K1 * (1 - bm25B + bm25B*l/avg)
	}
	return x
}

// search ranks the units that hold a query word, best first, keeping those
// keep accepts (nil: all), at most bm25Depth.
func (x *bm25) search(q string, keep func(textUnit) bool) []textUnit {
	scores := map[int]float64{}
	seen := map[string]bool{}
	for _, t := range bm25Tokens(q) {
		if seen[t] {
			continue
		}
		seen[t] = true
		for _, p := range x.postings[t] {
			if keep == nil || keep(x.units[p.unit]) {
				scores[p.unit] += x.idf[t] * p.tf * (bm25K1 + 1) / (p.tf + x.norm[p.unit])
			}
		}
	}
	ranked := make([]int, 0, len(scores))
	for i := range scores {
		ranked = append(ranked, i)
	}
	slices.SortFunc(ranked, func(a, b int) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	out := make([]textUnit, 0, min(len(ranked), bm25Depth))
	for _, i := range ranked[:min(len(ranked), bm25Depth)] {
		out = append(out, x.units[i])
	}
	return out
}

// bm25Tokens lower-cases s, splits it into \w+ words, drops stop words and
// cuts runs of CJK ideographs into overlapping bigrams.
func bm25Tokens(s string) []string {
	var out []string
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' }
	for w := range strings.FieldsFuncSeq(strings.ToLower(s), func(r rune) bool { return !isWord(r) }) {
		if bm25Stop[w] {
			continue
		}
		out = appendCJKBigrams(out, []rune(w))
	}
	return out
}

// appendCJKBigrams appends w with its runs of CJK ideographs cut into
// overlapping bigrams (a run of one stays a unigram), the rest as is.
func appendCJKBigrams(out []string, w []rune) []string {
	i := 0
	for i < len(w) {
		j := i
		for j < len(w) && isCJK(w[j]) == isCJK(w[i]) {
			j++
		}
		run := w[i:j]
		switch {
		case !isCJK(w[i]) || len(run) == 1:
			out = append(out, string(run))
		default:
			for k := 0; k+1 < len(run); k++ {
				out = append(out, string(run[k:k+2]))
			}
		}
		i = j
	}
	return out
}

func isCJK(r rune) bool {
	return r >= 0x3400 && r <= 0x4dbf || r >= 0x4e00 && r <= 0x9fff || r >= 0xf900 && r <= 0xfaff
}

// fixedChunks cuts a text into chunks of about size code points, as
// bm25_eval.py does: at the last newline or space in the second half of the
// window, no overlap.
func fixedChunks(doc string, text []rune, size int) []textUnit {
	var out []textUnit
	for i, n := 0, len(text); i < n; {
		j := min(i+size, n)
		if j < n {
			if cut := max(lastIndex(text, '\n', i+size/2, j), lastIndex(text, ' ', i+size/2, j)); cut > i {
				j = cut + 1
			}
		}
		out = append(out, textUnit{doc: doc, start: i, end: j})
		i = j
	}
	return out
}

// lastIndex is Python's str.rfind(r, from, to): the last index of r in
// text[from:to], or -1.
func lastIndex(text []rune, r rune, from, to int) int {
	for k := to - 1; k >= from; k-- {
		if text[k] == r {
			return k
		}
	}
	return -1
}
