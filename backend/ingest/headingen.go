package ingest

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// number0 is the length of the label without its title: the keyword and
// number ("Section 4"), found again in s.
func (c candidate) number0(s string) int {
	if c.number == "" {
		return c.label
	}
	if i := strings.Index(s, c.number); i >= 0 {
		return i + len(c.number)
	}
	return c.label
}

// candidate is what a single line says about itself as a heading.
type candidate struct {
	kind   string // see Heading.Kind
	number string
	label  int  // bytes of the trimmed line that make the heading label
	titled bool // the label includes a title
	body   bool // body text follows the label on the same line
}

// englishKeywords maps heading words, as written at the start of a line, to
// kinds. Lower-case forms are left out on purpose: "article 5 of the
// Treaty" at the start of a line is a wrapped sentence, not a heading.
func englishKind(word string) string {
	w := strings.TrimSuffix(word, ".")
	if w != strings.ToUpper(w) && w != strings.ToUpper(w[:1])+strings.ToLower(w[1:]) {
		return ""
	}
	switch strings.ToLower(w) {
	case "book":
		return "book"
	case "part", "subpart":
		return strings.ToLower(w)
	case "title":
		return "title"
	case "chapter", "ch":
		return "chapter"
	case "subchapter":
		return "subchapter"
	case "section", "sec", "§":
		return "section"
	case "subsection":
		return "subsection"
	case "article", "art":
		return "article"
	case "amendment":
		return "amendment"
	case "rule":
		return "rule"
	case "clause":
		return "clause"
	case "schedule":
		return "schedule"
	case "annex":
		return "annex"
	case "appendix", "exhibit":
		return "appendix"
	}
	return ""
}

// keywordHeading reads "Article 12", "ARTICLE XII", "Art. 12(3)",
// "Section 4.2", "§ 5", "Schedule 1", "ANNEX" at the start of s.
func keywordHeading(s string) (candidate, bool) {
	word, rest := cutWord(s)
	if strings.HasPrefix(s, "§") {
		word, rest = "§", strings.TrimLeft(strings.TrimPrefix(s, "§"), "§")
	}
	kind := englishKind(word)
	if kind == "" {
		return candidate{}, false
	}
	rest = strings.TrimLeft(rest, " \t.")
	num, after := cutNumeral(rest, kind)
	if num == "" {
		if !standalone(kind) || !restOK(rest) {
			return candidate{}, false
		}
	} else if !restOK(after) {
		return candidate{}, false
	}
	c := candidate{kind: kind, number: strings.TrimRight(num, "."), label: len(s) - len(after)}
	if num == "" {
		c.label = len(s) - len(rest)
		after = rest
	}
	return withTitle(c, s, after), true
}

func standalone(kind string) bool {
	return kind == "schedule" || kind == "annex" || kind == "appendix"
}

// restOK rejects what follows a numeral in a cross-reference: a lower-case
// word ("of this Regulation", "above"), or a list (", 6 and 7").
func restOK(rest string) bool {
	r := strings.TrimLeft(rest, " \t")
	if r == "" || r == "\r" {
		return true
	}
	c, _ := utf8.DecodeRuneInString(r)
	if c == ',' || c == ';' || c == '&' {
		return false
	}
	if unicode.IsLower(c) {
		return false
	}
	return !(strings.HasPrefix(r, "and ") || strings.HasPrefix(r, "or ") || strings.HasPrefix(r, "to "))
}

// numberedHeading reads "1. DEFINITIONS", "12.3 Termination", "12.3 Either
// party may ...", "49 Service to be performed ...". A single number with a
// sentence after it is a numbered paragraph, not a heading.
func numberedHeading(s string) (candidate, bool) {
	num, depth := leadingDecimal(s)
	if num == "" {
		return candidate{}, false
	}
	after := s[len(num):]
	if after != "" && after[0] != ' ' && after[0] != '\t' && after[0] != '\r' {
		return candidate{}, false
	}
	if !restOK(after) {
		return candidate{}, false
	}
	c := withTitle(candidate{kind: "num" + strconv.Itoa(min(depth, 4)), number: strings.TrimSuffix(num, "."), label: len(num)}, s, after)
	if depth == 1 && !c.titled {
		return candidate{}, false // "1. This Regulation lays down ..." is a paragraph
	}
	if depth == 1 && !strings.HasSuffix(num, ".") && strings.TrimSpace(after) == "" {
		return candidate{}, false // a bare number: a page number, a table cell
	}
	return c, true
}

// parenHeading reads "1) INTRODUCTION", "2) Scope", "10) Governing Law":
// a number closed by a parenthesis, as guidance notes and some contracts
// number their top-level headings, with a title alone on its line. A
// number with a sentence after it ("1) the Customer shall pay", "2) Listing
// the Supplier in all materials") is an item of a list. A subsection
// number ("4.29(2)") never has a bare parenthesis after its first digits.
func parenHeading(s string) (candidate, bool) {
	n := 0
	for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 3 || !strings.HasPrefix(s[n:], ") ") && !strings.HasPrefix(s[n:], ")\t") {
		return candidate{}, false
	}
	title := strings.TrimSpace(s[n+1:])
	if _, caps := capsHeading(title); !caps && !titleCase(title) {
		return candidate{}, false
	}
	return candidate{kind: "num1", number: s[:n], label: len(strings.TrimRight(s, " \t\r")), titled: true}, true
}

// titleCase: a short title whose words start with capitals but for the
// small ones, first word included, and with no final punctuation.
func titleCase(s string) bool {
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsUpper(first) && (unicode.IsLetter(last) || unicode.IsDigit(last)) && titleWords(s)
}

// leadingDecimal returns "12.3" / "1." / "49" at the start of s and the
// number of its components: 1 to 3 digits each, no more than 5 components.
func leadingDecimal(s string) (string, int) {
	i, depth := 0, 0
	for depth < 5 {
		j := i
		for j < len(s) && j-i < 4 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 3 {
			break
		}
		depth++
		i = j
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				continue
			}
		}
		break
	}
	if depth == 0 || (i < len(s) && s[i] >= '0' && s[i] <= '9') {
		return "", 0
	}
	return s[:i], depth
}

// withTitle decides what follows the label: nothing, a title ("—
// Termination", "Validity, irrevocability, and enforcement ..."), a title
// phrase and then body ("Definitions. In this Agreement ..."), or body.
func withTitle(c candidate, s, after string) candidate {
	rest := strings.TrimLeft(after, " \t.:—–-")
	rest = strings.TrimRight(rest, " \t\r")
	if rest == "" {
		c.label = len(strings.TrimRight(s, " \t\r"))
		return c
	}
	start := len(s) - len(strings.TrimLeft(after, " \t.:—–-"))
	// A short title that a sentence follows on the same line ("Insurance.
	// The Company shall maintain") is a run-in heading, even when the rest of
	// the line would pass for a title: the sentence may wrap.
	switch {
	case titlePhrase(rest) > 0 && (on("runin-titles") || !looksTitle(rest, titleMax(c.kind))):
		c.titled, c.body, c.label = true, true, start+titlePhrase(rest)
	case looksTitle(rest, titleMax(c.kind)) && strings.IndexFunc(rest, unicode.IsLetter) >= 0:
		// A title has a word in it: "2 2" is stray subscripts, not clause 2.
		c.titled, c.label = true, start+len(rest)
	case strings.HasPrefix(c.kind, "num") && on("period-titles") && periodTitle(rest):
		c.titled, c.label = true, start+len(rest)
	default:
		c.body = true
	}
	return c
}

// titleMax is the longest same-line title a kind of heading takes, in
// words: section titles of codes run long, numbered headings do not.
func titleMax(kind string) int {
	if strings.HasPrefix(kind, "num") {
		return 12
	}
	return 40
}

// looksTitle: not too many words, not a sentence (no final period unless
// all capitals).
func looksTitle(s string, maxWords int) bool {
	if len(s) > 1200 || len(strings.Fields(s)) > maxWords || utf8.RuneCountInString(s) > 300 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if strings.ContainsRune(".;,:。；，：", last) && !allCaps(s) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	return !unicode.IsLower(first)
}

// titlePhrase is the length of a leading "Governing Law." style phrase
// followed by a sentence, or 0.
func titlePhrase(s string) int {
	i := strings.Index(s, ". ")
	if i <= 0 || i > 60 || !titleWords(s[:i]) {
		return 0
	}
	next, _ := utf8.DecodeRuneInString(s[i+2:])
	if !unicode.IsUpper(next) && next != '"' && next != '“' && next != '(' {
		return 0
	}
	return i + 1
}

// periodTitle: a title alone on its line that ends with a period, as
// contracts set them after a clause number ("8. Insurance.", "12. Governing
// Law."); after "Section 2." a constitution's "Cases." is a sentence.
func periodTitle(s string) bool {
	t, ok := strings.CutSuffix(s, ".")
	return ok && len(t) <= 60 && !strings.ContainsAny(t, ".;:") && titleWords(t)
}

// titleWords: at most six words, none lower-case but the small ones.
func titleWords(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) && !smallWord(w) {
			return false
		}
	}
	return true
}

func smallWord(w string) bool {
	switch w {
	case "and", "of", "the", "to", "in", "for", "on", "or", "a", "an", "by", "with":
		return true
	}
	return false
}

func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsUpper(r) {
			letters++
		}
	}
	return letters >= 3
}

// capsHeading: a short line in capitals ("TERM AND TERMINATION").
func capsHeading(s string) (candidate, bool) {
	t := strings.TrimRight(s, " \t\r")
	if !allCaps(t) || utf8.RuneCountInString(t) > 80 || len(strings.Fields(t)) > 12 {
		return candidate{}, false
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	first, _ := utf8.DecodeRuneInString(t)
	if strings.ContainsRune(".:;,", last) || !unicode.IsLetter(first) || !mostlyLetters(t) {
		return candidate{}, false
	}
	return candidate{kind: "caps", label: len(t), titled: true}, true
}

func cutWord(s string) (string, string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// mostlyLetters: at least two thirds of the non-space characters are
// letters, so a formula or a code in capitals ("C= BC+(PB-PI)*0.1094") is
// not taken for a heading.
func mostlyLetters(s string) bool {
	letters, other := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
		case !unicode.IsSpace(r):
			other++
		}
	}
	return letters >= 2*other
}
