package ingest

import (
	"strings"
	"unicode"
)

// DetectLanguage names the language of text well enough to choose an
// analyzer: "ar" when Arabic script dominates the letters, "zh" when Han
// characters do, "en" when Latin letters dominate and common English words
// are frequent, else "other". It samples at most the first 64 KB.
func DetectLanguage(text string) string {
	if len(text) > 64<<10 {
		text = text[:64<<10]
	}
	arabic, han, kana, latin, letters := 0, 0, 0, 0, 0
	for _, r := range text {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		switch {
		case unicode.Is(unicode.Arabic, r):
			arabic++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			kana++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	switch {
	case letters == 0:
		return "other"
	case arabic*10 >= letters*4:
		return "ar"
	case han*2 > letters && kana*10 < letters:
		// Japanese writes Han too, but never without kana.
		return "zh"
	case latin*10 >= letters*6 && englishShare(text) >= 0.08:
		return "en"
	}
	return "other"
}

// englishShare is the share of words that are among the most common English
// function words.
func englishShare(text string) float64 {
	words, hits := 0, 0
	var buf [8]byte
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		words++
		if len(w) > len(buf) {
			continue
		}
		for i := 0; i < len(w); i++ {
			buf[i] = w[i] | 0x20 // ASCII lower case; other bytes never match below
		}
		switch string(buf[:len(w)]) {
		case "the", "of", "and", "to", "in", "a", "or", "be", "by", "is", "shall", "for", "any", "that", "this", "with", "as", "on", "not", "which":
			hits++
		}
	}
	if words == 0 {
		return 0
	}
	return float64(hits) / float64(words)
}

// hasLetters tells whether text holds any letter or digit at all.
func hasLetters(text string) bool {
	return strings.IndexFunc(text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}
