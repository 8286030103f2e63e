package sentence

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clip shortens text to at most max characters for a reader: it ends after
// the last whole sentence that fits when that keeps at least half of max,
// else after the last whole word, then "…". A word is never cut ("…the
// Strat…"); text written without spaces (Chinese) may end after any
// character. Text that fits is returned unchanged.
func Clip(text string, max int) string {
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	cut := byteOffset(text, max)
	head := text[:cut]
	if end := lastSentenceEnd(head); utf8.RuneCountInString(head[:end]) >= max/2 {
		return strings.TrimSpace(head[:end]) + " …"
	}
	at := cut
	for at > 0 && inWord(text, at) {
		_, size := utf8.DecodeLastRuneInString(text[:at])
		at -= size
	}
	if at == 0 { // one word longer than max: cut it rather than return nothing
		at = cut
	}
	return strings.TrimRightFunc(text[:at], unicode.IsSpace) + " …"
}

// byteOffset is where the n-th character of text starts.
func byteOffset(text string, n int) int {
	i := 0
	for at := range text {
		if i == n {
			return at
		}
		i++
	}
	return len(text)
}

// lastSentenceEnd is the end of the last sentence in head that ends with
// its terminator (closing quotes aside), 0 if none does.
func lastSentenceEnd(head string) int {
	spans := Spans(head)
	for i := len(spans) - 1; i >= 0; i-- {
		text := strings.TrimRightFunc(head[spans[i].Start:spans[i].End], isCloser)
		if r, _ := utf8.DecodeLastRuneInString(text); isTerminator(r) {
			return spans[i].End
		}
	}
	return 0
}

// inWord tells whether a cut before byte at would split a word: letters or
// digits on both sides, neither of them a character written without spaces.
func inWord(text string, at int) bool {
	if at <= 0 || at >= len(text) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(text[:at])
	after, _ := utf8.DecodeRuneInString(text[at:])
	return wordRune(before) && wordRune(after) && !IsCJK(before) && !IsCJK(after)
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-'
}
