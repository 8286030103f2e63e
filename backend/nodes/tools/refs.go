package tools

import (
	"strconv"
	"strings"
	"unicode"

	"lexflow/backend/evidence"
)

// NormalizeText folds case, digits, Arabic letter variants (alef forms, teh
// marbuta, alef maqsura), Arabic diacritics and tatweel, and collapses
// whitespace, so that headings and names compare as a reader would.
func NormalizeText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == 'أ' || r == 'إ' || r == 'آ' || r == 'ٱ':
			return 'ا'
		case r == 'ة':
			return 'ه'
		case r == 'ى':
			return 'ي'
		case r == 'ـ' || unicode.Is(unicode.Mn, r):
			return -1
		}
		return unicode.ToLower(r)
	}, evidence.FoldDigits(s))
	return strings.Join(strings.Fields(s), " ")
}

// refKind maps a heading keyword (normalized) to its kind, "" for none.
func refKind(word string) string {
	switch word {
	case "article", "art", "articles", "الماده", "ماده":
		return "article"
	case "section", "sec", "§":
		return "section"
	case "clause", "البند", "بند":
		return "clause"
	case "chapter", "ch", "الفصل", "فصل":
		return "chapter"
	case "part", "الباب", "باب":
		return "part"
	case "schedule", "annex", "الملحق":
		return "schedule"
	case "paragraph", "para", "الفقره":
		return "paragraph"
	case "title", "rule":
		return word
	case "regulation", "reg":
		return "regulation"
	}
	return ""
}

// Ref is a reference to a part of a document: a kind ("article", or ""
// for any) and a number ("12", "4.2"), or else free heading text.
type Ref struct {
	Kind   string
	Number string
	Text   string
}

// ParseRef reads "Article 12", "Art. 12(3)", "المادة ١٢", "Section 4.2",
// "12" or heading text ("Termination").
func ParseRef(s string) Ref {
	tokens := refTokens(s)
	for i, tok := range tokens {
		if n := refNumber(tok, i > 0 && refKind(tokens[i-1]) != ""); n != "" {
			kind := ""
			if i > 0 {
				kind = refKind(tokens[i-1])
			}
			return Ref{Kind: kind, Number: n}
		}
	}
	return Ref{Text: NormalizeText(s)}
}

// refTokens splits normalized text into words, dropping punctuation that
// wraps them ("Art.", "(12)", "12:").
func refTokens(s string) []string {
	fields := strings.Fields(NormalizeText(s))
	out := make([]string, 0, len(fields))
	for _, f := range fields {
		f = strings.TrimFunc(f, func(r rune) bool { return strings.ContainsRune(".,:;()[]–—-\"'«»", r) })
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// refNumber reads a number token: digits with dots ("4.2", "12(3)" → "12"),
// or a Roman numeral right after a keyword ("Chapter IV" → "4").
func refNumber(tok string, afterKeyword bool) string {
	end := 0
	for end < len(tok) && (tok[end] >= '0' && tok[end] <= '9' || tok[end] == '.' && end > 0) {
		end++
	}
	if n := strings.TrimRight(tok[:end], "."); n != "" {
		return canonicalNumber(n)
	}
	if afterKeyword {
		if v := romanValue(tok); v > 0 {
			return strconv.Itoa(v)
		}
	}
	return ""
}

// canonicalNumber drops leading zeros of each part: "04.02" → "4.2".
func canonicalNumber(n string) string {
	parts := strings.Split(n, ".")
	for i, p := range parts {
		if t := strings.TrimLeft(p, "0"); t != "" {
			parts[i] = t
		} else {
			parts[i] = "0"
		}
	}
	return strings.Join(parts, ".")
}

func romanValue(s string) int {
	vals := map[byte]int{'i': 1, 'v': 5, 'x': 10, 'l': 50, 'c': 100, 'd': 500, 'm': 1000}
	total := 0
	for i := 0; i < len(s); i++ {
		v, ok := vals[s[i]]
		if !ok {
			return 0
		}
		if i+1 < len(s) && vals[s[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total
}

// Names reports whether a passage's locator holds the reference: in its
// heading path, or as one of the units it holds (Article 6 in a passage
// holding the short Articles 5 and 6).
func (r Ref) Names(l evidence.Locator) bool {
	if r.Matches(l.HeadingPath) {
		return true
	}
	for _, u := range l.Units {
		if r.Matches(u.HeadingPath) {
			return true
		}
	}
	return false
}

// Matches reports whether a heading path holds the reference: a heading
// with the same kind (any kind when the ref has none) and number, or, for
// a text ref, a heading that contains the text.
func (r Ref) Matches(headingPath []string) bool {
	for _, h := range headingPath {
		if r.matchesHeading(h) {
			return true
		}
	}
	return false
}

func (r Ref) matchesHeading(h string) bool {
	if r.Number == "" {
		return r.Text != "" && strings.Contains(NormalizeText(h), r.Text)
	}
	tokens := refTokens(h)
	if bareNumbered(h, tokens) && refNumber(tokens[0], false) == r.Number {
		return true
	}
	for i := 1; i < len(tokens); i++ {
		kind := refKind(tokens[i-1])
		if kind == "" || (r.Kind != "" && kind != r.Kind) {
			continue
		}
		if refNumber(tokens[i], true) == r.Number {
			return true
		}
	}
	return false
}

// bareNumbered tells whether heading h starts with a number and no word
// naming its kind, as contracts number clauses: "12. TERM AND TERMINATION",
// "4.2 Invoices". Any kind of reference may name it. A number that opens a
// sentence ("12 months after…") is not a clause number: it must end with a
// dot or be dotted itself.
func bareNumbered(h string, tokens []string) bool {
	if len(tokens) == 0 || refNumber(tokens[0], false) == "" {
		return false
	}
	first := strings.Fields(strings.TrimSpace(h))[0]
	return strings.HasSuffix(first, ".") || strings.Contains(strings.TrimRight(first, "."), ".")
}

// String renders the reference for messages.
func (r Ref) String() string {
	if r.Number == "" {
		return r.Text
	}
	if r.Kind == "" {
		return r.Number
	}
	return r.Kind + " " + r.Number
}
