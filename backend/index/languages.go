package index

import (
	"strings"
	"unicode"
)

// language is one analysis of the index: its analyzer and the fields that
// hold the text analysed that way. Each language keeps its own term
// statistics: an English "law" and an Arabic stem never share a document
// frequency.
type language struct {
	name     string // langEN, langAR, langZH
	analyzer string
	text     string // the chunk text
	heading  string // the heading path
	head     string // the document's head, on its first chunk (heads.go)
	// wordByWord: the analyzer's filters look at one token at a time, so
	// the tokens of a run of text can be remembered (snippet.go); not so
	// for Chinese, whose bigrams join neighbouring ideographs.
	wordByWord bool
}

var languages = []language{
	{name: langEN, analyzer: analyzerEN, text: fieldTextEN, heading: fieldHeadingEN, head: fieldHeadEN, wordByWord: true},
	{name: langAR, analyzer: analyzerAR, text: fieldTextAR, heading: fieldHeadingAR, head: fieldHeadAR, wordByWord: true},
	{name: langZH, analyzer: analyzerZH, text: fieldTextZH, heading: fieldHeadingZH, head: fieldHeadZH},
}

// languageOf returns the language named lang (langEN for an unknown name).
func languageOf(lang string) language {
	for _, l := range languages {
		if l.name == lang {
			return l
		}
	}
	return languages[0]
}

func textFieldFor(lang string) string    { return languageOf(lang).text }
func headingFieldFor(lang string) string { return languageOf(lang).heading }
func headFieldFor(lang string) string    { return languageOf(lang).head }

// fieldsOf lists one field of every language.
func fieldsOf(field func(language) string) []string {
	out := make([]string, len(languages))
	for i, l := range languages {
		out[i] = field(l)
	}
	return out
}

// chunkLang is the analysis a chunk gets: Arabic for "ar" (and "ar-EG"…),
// Chinese for "zh" (and "zh-Hans"…), English for everything else, including
// an empty language.
func chunkLang(language string) string {
	l := strings.ToLower(language)
	for _, name := range []string{langAR, langZH} {
		if l == name || strings.HasPrefix(l, name+"-") {
			return name
		}
	}
	return langEN
}

// queryLangs lists the languages a query is analysed in: the requested one,
// or those of its letters' scripts (Arabic, Han, other letters read as
// English); every language for a query of digits alone.
func queryLangs(language, text string) []string {
	if language != "" {
		return []string{chunkLang(language)}
	}
	has := map[string]bool{}
	for _, r := range text {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Arabic, r):
			has[langAR] = true
		case unicode.Is(unicode.Han, r):
			has[langZH] = true
		default:
			has[langEN] = true
		}
	}
	var out []string
	for _, l := range languages {
		if has[l.name] || len(has) == 0 {
			out = append(out, l.name)
		}
	}
	return out
}
