// Package sentence cuts legal text into sentences without breaking legal
// citations ("Art. 12", "Sec. 4.2", "No. 5") or numbers ("12.3"), and counts
// their words. The extractive answerer picks sentences with it, and the
// cited-answer checks split an answer into the claims that must each carry a
// citation.
package sentence

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

var abbrev = func() map[string]bool {
	m := map[string]bool{}
	for _, a := range strings.Fields(abbreviations) {
		m[a] = true
	}
	return m
}()

// Span is one sentence: the byte offsets [Start, End) of its trimmed text.
type Span struct{ Start, End int }

// Split returns the sentences of text, each trimmed and exactly as written.
// A sentence ends at a newline, at . ! ? ؟ ۔ … (with any closing quotes or
// brackets) followed by a space, except after an abbreviation or an initial,
// or before a lowercase word, and at the full-width 。！？ whatever follows.
// The full-width ； separates clauses of one sentence, as in statutes, and
// does not end it. Pieces without a letter or digit are not sentences.
func Split(text string) []string {
	spans := Spans(text)
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = text[s.Start:s.End]
	}
	return out
}

// Spans is Split as byte offsets into text.
func Spans(text string) []Span {
	var out []Span
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			out = appendSpan(out, text, start, i)
			start = i + size
		case isTerminator(r):
			if end, ok := sentenceEnd(text, i); ok {
				out = appendSpan(out, text, start, end)
				start, i = end, end
				continue
			}
		}
		i += size
	}
	return appendSpan(out, text, start, len(text))
}

// sentenceEnd decides whether the terminator at i ends a sentence and
// returns where the sentence ends (after the terminators and closers).
func sentenceEnd(text string, i int) (int, bool) {
	end, fullWidth := i, false
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if !isTerminator(r) && !isCloser(r) {
			break
		}
		fullWidth = fullWidth || isFullWidthTerminator(r)
		end += size
	}
	next, _ := utf8.DecodeRuneInString(text[end:])
	if end < len(text) && !unicode.IsSpace(next) && !fullWidth {
		return 0, false // "12.3", "example.com", "3.5%"; Chinese puts no space after 。
	}
	if text[i] == '.' && end-i == 1 && periodContinues(text[:i], text[end:]) {
		return 0, false
	}
	return end, true
}

// periodContinues reports whether a lone period between before and after
// belongs to an abbreviation or initial rather than ending the sentence.
func periodContinues(before, after string) bool {
	word := lastWord(before)
	if abbrev[strings.ToLower(word)] || utf8.RuneCountInString(word) == 1 && isLatin(word) {
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

// appendSpan adds text[start:end] trimmed, when it holds a letter or digit.
func appendSpan(out []Span, text string, start, end int) []Span {
	s := text[start:end]
	lead := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return out
	}
	return append(out, Span{Start: start + lead, End: start + lead + len(s)})
}

func isTerminator(r rune) bool {
	switch r {
	case '.', '!', '?', '؟', '۔', '…':
		return true
	}
	return isFullWidthTerminator(r)
}

// isFullWidthTerminator: the sentence ends of Chinese and Japanese, which
// are never part of a number or an abbreviation.
func isFullWidthTerminator(r rune) bool {
	switch r {
	case '。', '！', '？':
		return true
	}
	return false
}

func isCloser(r rune) bool {
	switch r {
	case '"', '\'', ')', ']', '»', '”', '’', '」', '』', '）', '】':
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
