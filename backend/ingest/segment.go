package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text converted from HTML filings and some PDFs puts whole pages on one
// line and marks paragraph breaks only with a run of spaces. segments cuts
// such a line where a run of three or more spaces (or a form feed) stands,
// so that a heading after a run of spaces starts a line of its own, as it
// does in the document. Ordinary lines hold no such runs and come back
// whole.
func segments(ln line) []line {
	s := ln.text
	var out []line
	from := 0
	for i := 0; i < len(s); {
		if s[i] != ' ' && s[i] != '\f' {
			i++
			continue
		}
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\f') {
			j++
		}
		if (j-i >= 3 || strings.IndexByte(s[i:j], '\f') >= 0) && strings.TrimSpace(s[from:i]) != "" && j < len(s) {
			out = append(out, line{text: s[from:i], byte: ln.byte + from})
			from = j
		}
		i = j
	}
	return append(out, line{text: s[from:], byte: ln.byte + from})
}

// runIn finds, inside a line of body text, the start of a heading run into
// the text: after the end of a sentence, a clause number and a title
// ("... the parties. 13. Assignment. Neither party may ..."), a
// subsection number and its text ("... in arrears. 4.3 Late payments bear
// interest ..."), or a heading word and number ("... on notice. Section 7.
// Assignment. ..."). Numbers must carry on the document's numbering
// (13 after 12 or 12.x; 4.3 after 4.2), so a number inside a sentence or a
// cross-reference ("as provided in Section 7", "pursuant to 13.2 above")
// is never taken. It returns the byte offset in s, or -1.
func runIn(s string, prev string) (int, candidate) {
	for i := 1; i < len(s); i++ {
		if s[i] != ' ' {
			continue
		}
		// i is a space; the candidate starts after the spaces.
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j >= len(s) {
			break
		}
		if !sentenceBefore(s[:i]) {
			i = j - 1
			continue
		}
		rest := s[j:]
		if c, ok := runInHeading(rest, prev); ok {
			return j, c
		}
		i = j - 1
	}
	return -1, candidate{}
}

// sentenceBefore tells whether text ends a sentence: a period, colon or
// semicolon after a word of more than one letter (not "U.S." or "No."
// style abbreviations), or a closing quote or bracket after one.
func sentenceBefore(t string) bool {
	t = strings.TrimRight(t, " \t")
	t = strings.TrimRight(t, "\"”’')")
	last, size := utf8.DecodeLastRuneInString(t)
	if !strings.ContainsRune(".;:", last) {
		return false
	}
	word := t[:len(t)-size]
	if k := strings.LastIndexAny(word, " \t(\"“"); k >= 0 {
		word = word[k+1:]
	}
	switch strings.ToLower(word) {
	case "no", "nos", "sec", "art", "para", "inc", "co", "corp", "ltd", "st", "mr", "ms", "dr", "vs", "v", "e.g", "i.e", "u.s":
		return false
	}
	return utf8.RuneCountInString(word) > 1 || word != "" && unicode.IsDigit([]rune(word)[0])
}

// runInHeading reads a run-in heading at the start of s: a numbered one
// that continues prev's numbering, or a heading word with a number and a
// title.
func runInHeading(s, prev string) (candidate, bool) {
	if c, ok := numberedHeading(s); ok {
		if !followsNumber(prev, c.number) {
			return candidate{}, false
		}
		if !c.titled && !strings.Contains(c.number, ".") {
			return candidate{}, false
		}
		return c, true
	}
	if c, ok := keywordHeading(s); ok && c.number != "" && c.titled {
		return c, true
	}
	return candidate{}, false
}

// followsNumber tells whether next can come right after prev in a
// decimal numbering: the next number at some level (8.2 → 8.3, 8.2 → 9),
// the first child (8 → 8.1), or the first subsection of the next number
// (8.2 → 9.1); one missing number is tolerated. With no numbering yet,
// only a first number (1, 1.1) starts one.
func followsNumber(prev, next string) bool {
	n := decimalParts(next)
	if len(n) == 0 {
		return false
	}
	p := decimalParts(prev)
	if len(p) == 0 {
		return n[0] <= 1 && (len(n) == 1 || len(n) == 2 && n[1] <= 1)
	}
	if len(n) == len(p)+1 && equalInts(n[:len(p)], p) && n[len(p)] <= 1 {
		return true // first child
	}
	for k := 1; k <= len(p); k++ {
		if len(n) == k && equalInts(n[:k-1], p[:k-1]) && n[k-1] > p[k-1] && n[k-1] <= p[k-1]+2 {
			return true // next at level k
		}
	}
	if len(n) == 2 && n[0] > p[0] && n[0] <= p[0]+2 && n[1] <= 1 {
		return true
	}
	return false
}

// decimalParts reads "12.3" as [12 3]; nil when s is not a decimal number.
func decimalParts(s string) []int {
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(s, ".") {
		if p == "" || len(p) > 3 {
			return nil
		}
		v := 0
		for _, r := range p {
			if r < '0' || r > '9' {
				return nil
			}
			v = v*10 + int(r-'0')
		}
		out = append(out, v)
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
