package analysis

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lexflow/backend/evidence"
)

// Structural references ("Article 12", "Art. 12(3)", "§ 5", "المادة ١٢",
// "第十二条") are
// reduced to keywords such as "article:12" and "section:5". Chunks carry the
// keywords of their heading path in the refs field; a query that mentions one
// boosts the chunks under that heading.

// Refs are the compiled patterns of references, one per Index: regexp
// values are safe for concurrent use, and keeping them in the Index avoids
// package-level state.
type Refs struct {
	english *regexp.Regexp
	section *regexp.Regexp
	arabic  *regexp.Regexp
	chinese *regexp.Regexp
}

// englishKinds maps a heading word (lower case, no dot) to its kind.
var englishKinds = map[string]string{
	"article": "article", "articles": "article", "art": "article", "arts": "article",
	"section": "section", "sec": "section",
	"clause": "clause", "cl": "clause",
	"chapter": "chapter", "ch": "chapter", "chap": "chapter",
	"part": "part", "title": "title",
	"schedule": "schedule", "annex": "annex", "appendix": "annex",
	"paragraph": "paragraph", "para": "paragraph", "rule": "rule",
}

// arabicKinds maps a normalised Arabic heading word (ة written ه) to its kind.
var arabicKinds = map[string]string{
	"ماده": "article", "فصل": "chapter", "باب": "part",
	"فرع": "section", "بند": "clause", "قسم": "section",
}

// chineseKinds maps the unit of "第…条" to its kind.
var chineseKinds = map[string]string{"编": "part", "章": "chapter", "节": "section", "条": "article", "款": "paragraph"}

// arabicOrdinals are the ordinal words of the first articles, normalised:
// "المادة الأولى" is Article 1.
var arabicOrdinals = map[string]string{
	"اولي": "1", "اول": "1", "ثانيه": "2", "ثاني": "2", "ثالثه": "3", "ثالث": "3",
	"رابعه": "4", "رابع": "4", "خامسه": "5", "خامس": "5", "سادسه": "6", "سادس": "6",
	"سابعه": "7", "سابع": "7", "ثامنه": "8", "ثامن": "8", "تاسعه": "9", "تاسع": "9",
	"عاشره": "10", "عاشر": "10",
}

// NewRefs compiles the patterns.
func NewRefs() Refs {
	return Refs{
		english: regexp.MustCompile(`(?i:\b(articles?|arts?|section|sec|clause|cl|chapter|chap|ch|part|title|schedule|annex|appendix|paragraph|para|rule))\b\.?\s*(\d+(?:\.\d+)*|[IVXLC]+\b)`),
		section: regexp.MustCompile(`§+\s*(\d+(?:\.\d+)*)`),
		arabic:  regexp.MustCompile(`(?:^|[\s(])(?:[وفبل]?(?:ال|ل))?(ماده|فصل|باب|فرع|بند|قسم)\s*[(\[]?\s*(?:(\d+)|ال(\p{Arabic}+))`),
		chinese: regexp.MustCompile(`第\s*([〇零一二两三四五六七八九十百千0-9０-９]+)\s*(编|章|节|条|款)`),
	}
}

// Find returns the sorted, de-duplicated references mentioned in s.
func (p Refs) Find(s string) []string {
	s = normalizeArabic(evidence.FoldDigits(s))
	var refs []string
	for _, m := range p.english.FindAllStringSubmatch(s, -1) {
		if num := refNumber(m[2]); num != "" {
			refs = append(refs, englishKinds[strings.ToLower(m[1])]+":"+num)
		}
	}
	for _, m := range p.section.FindAllStringSubmatch(s, -1) {
		refs = append(refs, "section:"+refNumber(m[1]))
	}
	for _, m := range p.arabic.FindAllStringSubmatch(s, -1) {
		num := m[2]
		if num == "" {
			num = arabicOrdinals[m[3]]
		}
		if num = refNumber(num); num != "" {
			refs = append(refs, arabicKinds[m[1]]+":"+num)
		}
	}
	for _, m := range p.chinese.FindAllStringSubmatch(s, -1) {
		if n, ok := evidence.ChineseNumber(m[1]); ok && n > 0 {
			refs = append(refs, chineseKinds[m[2]]+":"+strconv.Itoa(n))
		}
	}
	slices.Sort(refs)
	return slices.Compact(refs)
}

// refNumber canonicalises "012" → "12", "XII" → "12", "4.2" → "4.2".
func refNumber(s string) string {
	if s == "" {
		return ""
	}
	if s[0] >= '0' && s[0] <= '9' {
		parts := strings.Split(s, ".")
		for i, p := range parts {
			if n, err := strconv.Atoi(p); err == nil {
				parts[i] = strconv.Itoa(n)
			}
		}
		return strings.Join(parts, ".")
	}
	if n := romanValue(s); n > 0 {
		return strconv.Itoa(n)
	}
	return ""
}

// romanValue reads an upper-case Roman numeral up to C, or returns 0.
func romanValue(s string) int {
	values := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100}
	total := 0
	for i := 0; i < len(s); i++ {
		v := values[s[i]]
		if v == 0 {
			return 0
		}
		if i+1 < len(s) && values[s[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total
}

// ArabicDigits writes ASCII digits as Arabic-Indic digits (٠-٩).
func ArabicDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '٠' + (r - '0')
		}
		return r
	}, s)
}

// normalizeArabic applies the same letter normalisation as the Arabic
// analyzer (أ إ آ → ا, ى → ي, ة → ه, no tatweel or diacritics) so heading words
// can be matched by one spelling.
func normalizeArabic(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == 'أ' || r == 'إ' || r == 'آ':
			return 'ا'
		case r == 'ى':
			return 'ي'
		case r == 'ة':
			return 'ه'
		case r == 'ـ' || (r >= '\u064B' && r <= '\u0652'):
			return -1
		}
		return r
	}, s)
}
