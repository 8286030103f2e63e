package ingest

import (
	"strings"
	"unicode/utf8"
)

// splitSpan cuts [start, end) (bytes) into pieces of at most Max code
// points, each ending at the best boundary near Target: a paragraph break,
// else a line break, else a sentence end, else a space, else anywhere; the
// next piece starts Overlap code points back, at a sentence or word start.
func splitSpan(text string, start, end int, o ChunkOptions) []span {
	s, e := trimSpan(text, start, end)
	left := utf8.RuneCountInString(text[s:e]) // code points from the piece's start to e
	if left <= o.Max {
		return []span{{start: start, end: end}}
	}
	var out []span
	from := s
	pos := make([]int, 0, o.Max+1)
	for left > o.Max {
		pos = window(text, from, e, o.Max, pos[:0])
		cut := bestCut(text, pos, max(o.Target/2, 1), o.Target, o.Max)
		out = append(out, span{start: from, end: pos[cut]})
		next := overlapStart(text, pos, 0, cut, o.Overlap)
		left -= next
		from = pos[next]
	}
	return append(out, span{start: from, end: e})
}

// window lists the byte offsets of the next n+1 code points of text from
// byte from (fewer where e comes first): only the piece being cut is laid
// out, never the whole span, which may be the whole document.
func window(text string, from, e, n int, pos []int) []int {
	for i := range text[from:e] {
		if len(pos) > n {
			break
		}
		pos = append(pos, from+i)
	}
	return pos
}

// bestCut picks the cut (an index into pos) in [lo, hi] nearest to target,
// by the strongest kind of boundary found there.
func bestCut(text string, pos []int, lo, target, hi int) int {
	hi = min(hi, len(pos)-1)
	for _, strength := range []int{4, 3, 2, 1} {
		best := -1
		for i := max(lo, 1); i <= hi; i++ {
			if boundary(text, pos[i]) >= strength && (best < 0 || abs(i-target) < abs(best-target)) {
				best = i
			}
		}
		if best > 0 {
			return best
		}
	}
	return hi
}

// boundary rates the position b as a place to cut before: 4 after a blank
// line, 3 after a newline, 2 after a sentence end and a space, 1 after a
// space, 0 elsewhere.
func boundary(text string, b int) int {
	before := text[:b]
	switch {
	case strings.HasSuffix(before, "\n\n") || strings.HasSuffix(before, "\n\r\n"):
		return 4
	case strings.HasSuffix(before, "\n"):
		return 3
	case strings.HasSuffix(before, " ") && sentenceEnd(strings.TrimRight(before, " ")):
		return 2
	case strings.HasSuffix(before, " ") || strings.HasSuffix(before, "\t"):
		return 1
	}
	return 0
}

func sentenceEnd(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?;:؟؛…", r)
}

// overlapStart is where the piece after cut starts: about overlap code
// points back, moved forward to a sentence start or, failing that, a word
// start; always after the previous start.
func overlapStart(text string, pos []int, prev, cut, overlap int) int {
	from := max(cut-overlap, prev+1)
	for _, strength := range []int{2, 1} {
		for i := from; i < cut; i++ {
			if boundary(text, pos[i]) >= strength {
				return i
			}
		}
	}
	return min(from, cut)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
