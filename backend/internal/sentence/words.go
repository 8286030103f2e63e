package sentence

import (
	"strings"
	"unicode"
)

// Words counts the words of s: its space-separated runs, except that each
// Han ideograph, kana and hangul syllable is a word of its own. Chinese and
// Japanese are written without spaces, so a clause of sixty ideographs is
// sixty words here, not one. Letters or digits next to them count once per
// run ("第56条" is three words); punctuation between them (，、) is none.
func Words(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		n += fieldWords(f)
	}
	return n
}

// fieldWords counts the words of a run without spaces: one, unless it holds
// CJK characters.
func fieldWords(f string) int {
	if !strings.ContainsFunc(f, IsCJK) {
		return 1
	}
	n, inWord := 0, false
	for _, r := range f {
		switch {
		case IsCJK(r):
			n, inWord = n+1, false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				n++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return n
}

// IsCJK tells the characters written without spaces between words: Han
// ideographs, kana and hangul syllables.
func IsCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
