package library

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"lexflow/backend/evidence"
)

// folded is a text reduced to what a quote and a page's text layer surely
// share: its letters and digits, in NFKC (so ligatures and Arabic
// presentation forms read as plain letters), lower-cased, Arabic-Indic digits
// as Western ones. Spaces, punctuation, hyphens and line breaks are gone, so
// a line broken or a word joined differently still matches. at[i] is the
// index in the original text of the char folded rune i came from.
type folded struct {
	s    string
	at   []int // per folded rune: index of its char in the original
	byte []int // per folded rune: its byte offset in s
}

func fold(text []rune) folded {
	var b strings.Builder
	var f folded
	add := func(r rune, from int) {
		if r == '\u0640' || !(unicode.IsLetter(r) || unicode.IsDigit(r)) { // tatweel only stretches a line
			return
		}
		r = evidence.FoldDigit(unicode.ToLower(r))
		f.at = append(f.at, from)
		f.byte = append(f.byte, b.Len())
		b.WriteRune(r)
	}
	for i, r := range text {
		if r < utf8.RuneSelf {
			add(r, i)
			continue
		}
		for _, c := range norm.NFKC.String(string(r)) {
			add(c, i)
		}
	}
	f.s = b.String()
	return f
}

func (f folded) len() int { return len(f.at) }

// slice is folded runes [i, j) as a string.
func (f folded) slice(i, j int) string {
	end := len(f.s)
	if j < len(f.byte) {
		end = f.byte[j]
	}
	return f.s[f.byte[i]:end]
}

// nearest finds needle in f and returns the rune index of the occurrence
// that starts nearest to want (the first one when want is negative), or -1.
func (f folded) nearest(needle string, want int) int {
	best, bestDist := -1, 0
	for from := 0; from <= len(f.s); {
		i := strings.Index(f.s[from:], needle)
		if i < 0 {
			break
		}
		at := sort.SearchInts(f.byte, from+i)
		if want < 0 {
			return at
		}
		if d := abs(at - want); best < 0 || d < bestDist {
			best, bestDist = at, d
		}
		_, size := utf8.DecodeRuneInString(f.s[from+i:])
		from += i + size
	}
	return best
}

// minAnchor is the fewest folded runes a partial match may rest on.
const minAnchor = 12

// locate finds quote in page and returns the chars of page it covers,
// [first, last] (original indexes), or ok false. want is where the quote is
// expected to start, as a fraction of the page's text (negative: unknown).
// The whole quote is looked for first; failing that, its longest head and
// tail found on the page stand for it: a quote that runs over onto another
// page, or whose middle was read differently, is still placed.
func locate(page []rune, quote string, want float64) (first, last int, ok bool) {
	p, q := fold(page), fold([]rune(quote))
	if p.len() == 0 || q.len() == 0 {
		return 0, 0, false
	}
	expect := -1
	if want >= 0 {
		expect = int(want * float64(p.len()))
	}
	from, to := -1, -1
	if at := p.nearest(q.s, expect); at >= 0 {
		from, to = at, at+q.len()
	} else {
		from, to = anchors(p, q, expect)
	}
	if from < 0 {
		return 0, 0, false
	}
	return p.at[from], p.at[to-1], true
}

// anchors places the longest head and the longest tail of q found in p and
// returns the folded runes [from, to) they span, or -1, -1.
func anchors(p, q folded, expect int) (from, to int) {
	n := q.len()
	headLen := longest(n, func(k int) bool { return p.nearest(q.slice(0, k), expect) >= 0 })
	tailLen := longest(n, func(k int) bool { return p.nearest(q.slice(n-k, n), -1) >= 0 })
	head, tail := -1, -1
	if headLen > 0 {
		head = p.nearest(q.slice(0, headLen), expect)
	}
	if tailLen > 0 {
		tailWant := -1
		if expect >= 0 {
			tailWant = expect + n - tailLen
		}
		tail = p.nearest(q.slice(n-tailLen, n), tailWant)
	}
	switch {
	case head >= 0 && tail >= 0 && tail+tailLen > head && tail+tailLen-head <= n+n/4+minAnchor:
		return head, tail + tailLen
	case head >= 0 && headLen >= tailLen:
		return head, head + headLen
	case tail >= 0:
		return tail, tail + tailLen
	}
	return -1, -1
}

// longest is the largest k in [minAnchor, n) for which found(k) holds, given
// that it holds for every k below one that does; 0 when none does.
func longest(n int, found func(k int) bool) int {
	if n <= minAnchor || !found(minAnchor) {
		return 0
	}
	lo, hi := minAnchor, n-1 // found(lo) holds
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if found(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
