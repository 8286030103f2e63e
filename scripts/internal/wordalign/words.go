// Package wordalign compares two texts as sequences of words: it splits them
// into words, measures their longest common subsequence (LCS) and aligns
// them word by word, so that a span of one text can be found in the other
// even when line breaks, hyphenation, page furniture or punctuation differ.
// The benchmark scripts use it to score PDF extraction against reference
// texts and to carry gold spans from a reference text onto an extraction.
package wordalign

import (
	"strings"
	"unicode"
)

// Word is one word of a text: lower-cased, with where it stands in the
// original, in code points (End exclusive).
type Word struct {
	Text       string
	Start, End int
}

// Words lower-cases s and splits it into runs of letters and digits; all
// else separates words, so "Section 2.1(a)" equals "section 2 1 a" and
// hyphenation or quote styles do not count as differences. Combining marks
// stay with their letter so a decomposed accent does not split a word.
func Words(s string) []Word {
	var out []Word
	start, startCP, cp := -1, 0, 0
	for i, r := range s {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || (start >= 0 && unicode.IsMark(r))
		switch {
		case inWord && start < 0:
			start, startCP = i, cp
		case !inWord && start >= 0:
			out = append(out, Word{Text: strings.ToLower(s[start:i]), Start: startCP, End: cp})
			start = -1
		}
		cp++
	}
	if start >= 0 {
		out = append(out, Word{Text: strings.ToLower(s[start:]), Start: startCP, End: cp})
	}
	return out
}

// Texts is the words' texts, in order.
func Texts(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// Intern maps words to small integers, the same word to the same integer in
// both sequences, so comparing two words is one instruction, not a string
// compare.
func Intern(a, b []string) ([]int32, []int32) {
	ids := map[string]int32{}
	conv := func(ws []string) []int32 {
		out := make([]int32, len(ws))
		for i, w := range ws {
			id, ok := ids[w]
			if !ok {
				id = int32(len(ids))
				ids[w] = id
			}
			out[i] = id
		}
		return out
	}
	return conv(a), conv(b)
}
