package generation

import (
	"strings"
	"unicode"
)

// findNormalized finds quote in text with every run of whitespace treated
// as one space, and returns where it is in text, in code points.
func findNormalized(text, quote string) (start, end int, ok bool) {
	q, _ := normalizeSpace(quote)
	if q == "" {
		return 0, 0, false
	}
	t, pos := normalizeSpace(text)
	i := strings.Index(t, q)
	if i < 0 {
		return 0, 0, false
	}
	first := len([]rune(t[:i]))
	last := first + len([]rune(q)) - 1
	return pos[first], pos[last] + 1, true
}

// normalizeSpace collapses whitespace runs to one space and trims; pos[i]
// is the code-point offset in s of the i-th code point of the result.
func normalizeSpace(s string) (string, []int) {
	var b strings.Builder
	pos := make([]int, 0, len(s))
	space := false
	i := 0
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
		} else {
			if space {
				b.WriteByte(' ')
				pos = append(pos, i-1)
				space = false
			}
			b.WriteRune(r)
			pos = append(pos, i)
		}
		i++
	}
	return b.String(), pos
}
