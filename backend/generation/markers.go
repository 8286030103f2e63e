package generation

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// markerPattern matches citation markers: [1], [1, 2], [1;3]. Numbers of
// four digits or more are years or docket numbers, not markers.
var markerPattern = regexp.MustCompile(`\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]`)

// markerNumbers reads the numbers of one marker.
func markerNumbers(m string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(strings.Trim(m, "[] "), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// rewriteMarkers rewrites every marker as [a][b] with only the numbers keep
// accepts, removing markers left empty (and the space before them). A marker
// right after a sentence's final punctuation ("… days.[1] The") moves before
// it ("… days [1]. The"), so that it belongs to the sentence it follows.
func rewriteMarkers(text string, keep func(int) bool) string {
	var b strings.Builder
	prev := 0
	for _, m := range markerPattern.FindAllStringIndex(text, -1) {
		seg := text[prev:m[0]]
		var repl strings.Builder
		for _, n := range markerNumbers(text[m[0]:m[1]]) {
			if keep(n) {
				repl.WriteString("[" + strconv.Itoa(n) + "]")
			}
		}
		prev = m[1]
		trimmed := strings.TrimRightFunc(seg, unicode.IsSpace)
		last, size := utf8.DecodeLastRuneInString(trimmed)
		switch {
		case repl.Len() == 0:
			b.WriteString(trimmed)
			if !endsSentence(text[prev:]) {
				b.WriteString(seg[len(trimmed):])
			}
		case isFinalPunct(last) && endsSentence(text[prev:]) && !abbreviationBefore(trimmed[:len(trimmed)-size]):
			b.WriteString(trimmed[:len(trimmed)-size] + " " + repl.String() + string(last))
		default:
			b.WriteString(seg + repl.String())
		}
	}
	b.WriteString(text[prev:])
	return b.String()
}

// endsSentence reports whether rest starts where a sentence may end: the end
// of the text, whitespace, or more markers and punctuation.
func endsSentence(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || unicode.IsSpace(r) || r == '[' || isFinalPunct(r)
}

func isFinalPunct(r rune) bool {
	switch r {
	case '.', '!', '?', '؟', '۔':
		return true
	}
	return false
}

// abbreviationBefore keeps "Art. [1]" from being read as a sentence end.
func abbreviationBefore(s string) bool {
	i := strings.LastIndexFunc(s, unicode.IsSpace)
	w := strings.ToLower(s[i+1:])
	return w == "art" || w == "sec" || w == "no" || w == "para" || w == "cl"
}
