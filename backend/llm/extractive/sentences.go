package extractive

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// abbreviations end in a period that does not end a sentence: legal
// citations ("Art. 12", "Sec. 4", "No. 5") and common Latin ones.
const abbreviations = `art arts sec secs s ss no nos para paras p pp ch chap cl reg regs sch sched pt
	subs subsec e.g i.e cf viz vs v et al approx fig vol ed eds mr mrs ms dr prof st inc ltd co corp jr sr
	u.s u.k u.n e.u`

// splitter cuts text into sentences.
type splitter struct{ abbrev map[string]bool }

func newSplitter() splitter {
	s := splitter{abbrev: map[string]bool{}}
	for _, a := range strings.Fields(abbreviations) {
		s.abbrev[a] = true
	}
	return s
}

// split returns the sentences of text, each trimmed and exactly as written.
// A sentence ends at a newline, or at . ! ? ؟ ۔ (with any closing quotes or
// brackets) followed by a space, except after an abbreviation or an initial,
// or before a lowercase word.
func (s splitter) split(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			out = appendSentence(out, text[start:i])
			start = i + size
		case isTerminator(r):
			if end, ok := s.sentenceEnd(text, i); ok {
				out = appendSentence(out, text[start:end])
				start = end
				i = end
				continue
			}
		}
		i += size
	}
	return appendSentence(out, text[start:])
}

// sentenceEnd decides whether the terminator at i ends a sentence and
// returns where the sentence ends (after the terminators and closers).
func (s splitter) sentenceEnd(text string, i int) (int, bool) {
	end := i
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if !isTerminator(r) && !isCloser(r) {
			break
		}
		end += size
	}
	next, _ := utf8.DecodeRuneInString(text[end:])
	if end < len(text) && !unicode.IsSpace(next) {
		return 0, false // "12.3", "example.com", "3.5%"
	}
	if text[i] == '.' && end-i == 1 && s.periodContinues(text[:i], text[end:]) {
		return 0, false
	}
	return end, true
}

// periodContinues reports whether a lone period between before and after
// belongs to an abbreviation or initial rather than ending the sentence.
func (s splitter) periodContinues(before, after string) bool {
	word := lastWord(before)
	if s.abbrev[strings.ToLower(word)] || utf8.RuneCountInString(word) == 1 && isLatin(word) {
		return true
	}
	nextWord := strings.TrimLeftFunc(after, unicode.IsSpace)
	r, _ := utf8.DecodeRuneInString(nextWord)
	return unicode.IsLower(r)
}

func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '(' || r == '[' || r == '"' })
	return s[i+1:]
}

func appendSentence(out []string, s string) []string {
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return out
	}
	return append(out, s)
}

func isTerminator(r rune) bool {
	switch r {
	case '.', '!', '?', '؟', '۔', '…':
		return true
	}
	return false
}

func isCloser(r rune) bool {
	switch r {
	case '"', '\'', ')', ']', '»', '”', '’':
		return true
	}
	return false
}

func isLatin(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}
