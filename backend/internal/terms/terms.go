// Package terms turns text into the comparable words it contains, the same
// way for a question and for the evidence: lowercased, Arabic-normalised,
// stopwords dropped, lightly stemmed, and Chinese as overlapping pairs of
// ideographs. The extractive answerer selects sentences by them, and the
// generation pipeline judges whether evidence addresses a question by them.
package terms

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"lexflow/backend/evidence"
	"lexflow/backend/internal/sentence"
)

// Stopwords, written as people write them; they are normalised like any term.
const (
	englishStopwords = `a an the and or but if then else of to in on at by for from with without into onto upon
		about above after before under over between among through during within against as than so such
		is are was were be been being am do does did done doing have has had having shall should will would
		may might must can could this that these those it its it's i me my we our you your he him his she her
		they them their there here what which who whom whose when where why how whether not no nor any all
		each every some other own same too very just also only please tell say says said according`
	arabicStopwords = `في من على إلى الى عن ما ماذا هل هو هي هم هن انا أنا نحن انت أنت التي الذي الذين اللذين
		اللتين اللواتي أن إن ان كان كانت يكون تكون و أو او ثم مع هذا هذه ذلك تلك هؤلاء كل لا لم لن قد عند بين حسب وفق
		أي اي كيف متى أين اين لماذا به بها له لها فيه فيها منه منها عليه عليها إذا اذا إلا الا غير بعد قبل حتى أيضا ايضا
		وفقا طبقا يجب يمكن`
)

// Frame holds the terms of words that only frame a question about a legal
// text: they are not what it asks ("is there a … clause in this contract?",
// "what are the … requirements"). The prefixes non- and anti- are here too:
// "non-compete" asks about competing, which a clause says with "shall not
// compete".
var Frame = Of(`clause clauses provision provisions contract contracts agreement agreements document documents
	text section sections include includes included contain contains provide provides provided specify specified
	state states stated mention mentions mentioned describe described exist exists say regard regarding concern
	concerning consider relate related much many need needs needed require requires required requirement requirements
	happen happens non anti`)

// stopwords, normalised.
var stopwords = func() map[string]bool {
	stop := map[string]bool{}
	for _, w := range strings.Fields(englishStopwords + " " + arabicStopwords) {
		stop[normalize(w)] = true
	}
	return stop
}()

// Of returns the set of terms of s: lowercased, Arabic-normalised,
// stopwords dropped, stemmed. Numbers are kept: "Article 12" is about 12.
// A run of ideographs gives its overlapping bigrams instead (个体工商户 →
// 个体 体工 工商 商户), the unit the evidence index matches Chinese by:
// without spaces there are no words to stem, and no dictionary here.
func Of(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range Words(s) {
		if isIdeographic(w) {
			for _, b := range bigrams(w) {
				out[b] = true
			}
			continue
		}
		w = normalize(w)
		if w == "" || stopwords[w] {
			continue
		}
		w = stem(w)
		if len([]rune(w)) > 1 || isNumber(w) {
			out[w] = true
		}
	}
	return out
}

// WordCount counts the words of s, stopwords included; each ideograph, kana
// or hangul syllable is a word, as the answer checks count a quote's.
func WordCount(s string) int {
	n := 0
	for _, w := range strings.FieldsFunc(s, isSeparator) {
		n += sentence.Words(w)
	}
	return n
}

// Words splits s at non-letters, and a run of ideographs from the letters
// or digits it touches ("第56条" is 第, 56, 条): Chinese puts no space
// between them.
func Words(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, isSeparator) {
		start := 0
		for i, r := range f {
			if Ideograph(r) != isIdeographic(f[start:]) {
				out = append(out, f[start:i])
				start = i
			}
		}
		out = append(out, f[start:])
	}
	return out
}

// bigrams are the overlapping pairs of a run of ideographs; a lone
// ideograph is its own term.
func bigrams(run string) []string {
	r := []rune(run)
	if len(r) == 1 {
		return []string{run}
	}
	out := make([]string, 0, len(r)-1)
	for i := range len(r) - 1 {
		out = append(out, string(r[i:i+2]))
	}
	return out
}

func isSeparator(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}

// Ideograph: Han and kana, the characters the index pairs into bigrams
// (Korean is written in spaced words and stays word by word).
func Ideograph(r rune) bool { return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) }

// isIdeographic tells a run of ideographs, as words cuts them, from a word.
func isIdeographic(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return Ideograph(r)
}

// normalize lowercases, maps Arabic-Indic digits to ASCII, strips Arabic
// diacritics and tatweel, and unifies alef, ya and ta marbuta forms, the way
// the evidence index normalises Arabic.
func normalize(w string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(evidence.FoldDigits(w)) {
		switch {
		case unicode.Is(unicode.Mn, r) || r == 'ـ':
		case r == 'أ' || r == 'إ' || r == 'آ' || r == 'ٱ':
			b.WriteRune('ا')
		case r == 'ى':
			b.WriteRune('ي')
		case r == 'ة':
			b.WriteRune('ه')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func stem(w string) string {
	switch {
	case isNumber(w):
		return w
	case isArabic(w):
		return stemArabic(w)
	default:
		return stemEnglish(w)
	}
}

// stemEnglish strips one common suffix so that "terminate", "terminated",
// "terminates" and "termination" meet; it is crude on purpose: both the
// question and the evidence go through it.
func stemEnglish(w string) string {
	if len(w) <= 3 {
		return w
	}
	// tried longest first; one is removed
	suffixes := [...]struct{ suffix, repl string }{
		{"ational", "ate"}, {"ization", "ize"}, {"fulness", "ful"}, {"ousness", "ous"}, {"iveness", "ive"},
		{"ations", "ate"}, {"ation", "ate"}, {"ments", ""}, {"ment", ""}, {"ings", ""}, {"ing", ""},
		{"ies", "y"}, {"ied", "y"}, {"edly", ""}, {"ly", ""}, {"ed", ""}, {"s", ""},
	}
	for _, s := range suffixes {
		if !strings.HasSuffix(w, s.suffix) || len(w)-len(s.suffix) < 3 || keep(w, s.suffix) {
			continue
		}
		w = w[:len(w)-len(s.suffix)] + s.repl
		w = undouble(w, s.suffix)
		break
	}
	if len(w) > 4 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}

// keep protects endings that are part of the word: the s of "class",
// "status", "thesis", and the ly of "apply", "supply", "comply".
func keep(w, suffix string) bool {
	switch suffix {
	case "s":
		return strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is")
	case "ly":
		return strings.HasSuffix(w, "ply")
	}
	return false
}

// undouble turns "committ" (from "committed") back into "commit".
func undouble(w, suffix string) string {
	if suffix != "ed" && suffix != "ing" || len(w) < 4 {
		return w
	}
	a, b := w[len(w)-2], w[len(w)-1]
	if a == b && !strings.ContainsRune("aeiouyslz", rune(b)) {
		return w[:len(w)-1]
	}
	return w
}

// stemArabic is light stemming: the article with its attached prepositions
// (or, without an article, one attached conjunction or preposition), then the
// commonest plural and feminine endings. Input is already normalised (ة → ه).
// Question and evidence go through the same steps, so over-stemming costs
// little.
func stemArabic(w string) string {
	r := []rune(w)
	stripped := false
	for _, p := range [...]string{"وال", "بال", "كال", "فال", "لل", "ال"} {
		if pr := []rune(p); len(r)-len(pr) >= 2 && string(r[:len(pr)]) == p {
			r, stripped = r[len(pr):], true
			break
		}
	}
	if !stripped && len(r) >= 5 && strings.ContainsRune("وبلفك", r[0]) {
		r = r[1:]
	}
	for _, s := range [...]string{"ات", "ون", "ين", "ها", "يه", "ه"} {
		if sr := []rune(s); len(r)-len(sr) >= 3 && string(r[len(r)-len(sr):]) == s {
			r = r[:len(r)-len(sr)]
			break
		}
	}
	return string(r)
}

func isArabic(w string) bool {
	for _, r := range w {
		if unicode.Is(unicode.Arabic, r) {
			return true
		}
	}
	return false
}

func isNumber(w string) bool {
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return w != ""
}
