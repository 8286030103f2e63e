package analysis

import (
	"strings"
	"unicode"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Language is one analysis of the index: its analyzer and the fields that
// hold the text analysed that way. Each language keeps its own term
// statistics: an English "law" and an Arabic stem never share a document
// frequency.
type Language struct {
	Name     string // LangEN, LangAR, LangZH
	Analyzer string
	Text     string // the chunk text
	Heading  string // the heading path
	Head     string // the document's head, on its first chunk
	// WordByWord: the analyzer's filters look at one token at a time, so
	// the tokens of a run of text can be remembered (snippet.go); not so
	// for Chinese, whose bigrams join neighbouring ideographs.
	WordByWord bool
}

// Languages are the analyses of the index, English first.
var Languages = []Language{
	{Name: LangEN, Analyzer: AnalyzerEN, Text: FieldTextEN, Heading: FieldHeadingEN, Head: FieldHeadEN, WordByWord: true},
	{Name: LangAR, Analyzer: AnalyzerAR, Text: FieldTextAR, Heading: FieldHeadingAR, Head: FieldHeadAR, WordByWord: true},
	{Name: LangZH, Analyzer: AnalyzerZH, Text: FieldTextZH, Heading: FieldHeadingZH, Head: FieldHeadZH},
}

// languageOf returns the language named lang (LangEN for an unknown name).
func languageOf(lang string) Language {
	for _, l := range Languages {
		if l.Name == lang {
			return l
		}
	}
	return Languages[0]
}

// TextField, HeadingField and HeadField name the fields of language lang.
func TextField(lang string) string    { return languageOf(lang).Text }
func HeadingField(lang string) string { return languageOf(lang).Heading }
func HeadField(lang string) string    { return languageOf(lang).Head }

// FieldsOf lists one field of every language.
func FieldsOf(field func(Language) string) []string {
	out := make([]string, len(Languages))
	for i, l := range Languages {
		out[i] = field(l)
	}
	return out
}

// Analyzers are the analyzers of an index's mapping, by language name.
type Analyzers map[string]bleveanalysis.Analyzer

// AnalyzersOf reads the analyzer of every language from m.
func AnalyzersOf(m mapping.IndexMapping) Analyzers {
	a := Analyzers{}
	for _, l := range Languages {
		a[l.Name] = m.AnalyzerNamed(l.Analyzer)
	}
	return a
}

// ChunkLang is the analysis a chunk gets: Arabic for "ar" (and "ar-EG"…),
// Chinese for "zh" (and "zh-Hans"…), English for everything else, including
// an empty language.
func ChunkLang(language string) string {
	l := strings.ToLower(language)
	for _, name := range []string{LangAR, LangZH} {
		if l == name || strings.HasPrefix(l, name+"-") {
			return name
		}
	}
	return LangEN
}

// QueryLangs lists the languages a query is analysed in: the requested one,
// or those of its letters' scripts (Arabic, Han, other letters read as
// English); every language for a query of digits alone.
func QueryLangs(language, text string) []string {
	if language != "" {
		return []string{ChunkLang(language)}
	}
	has := map[string]bool{}
	for _, r := range text {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Arabic, r):
			has[LangAR] = true
		case unicode.Is(unicode.Han, r):
			has[LangZH] = true
		default:
			has[LangEN] = true
		}
	}
	var out []string
	for _, l := range Languages {
		if has[l.Name] || len(has) == 0 {
			out = append(out, l.Name)
		}
	}
	return out
}
