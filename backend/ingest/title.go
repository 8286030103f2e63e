package ingest

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

// Title is what a person would call the document, found in it: empty when
// it names none, and readers then show its file name made readable
// (evidence.NameTitle). Three small rules, in order:
//
//  1. The title line: the first short, heading-like line of the opening
//     that names a kind of document — "DISTRIBUTOR AGREEMENT", "Consumer
//     Rights Act 2015", "Smith v. Jones", "中华人民共和国民法典", "القانون
//     المدني". Filing boilerplate ("Exhibit 10.31", confidential-treatment
//     notices) is passed over; text whose lines were run together (EDGAR
//     exhibits) is cut at runs of spaces, at sentence ends, and where a
//     heading in capitals runs into the sentence after it.
//  2. The title the file's metadata gives (PDF Info, DOCX core properties,
//     HTML <title>, Markdown front matter), when it reads as one. It also
//     wins when the title line is its beginning or differs only in case: a
//     PDF title wrapped over two lines, a heading set in capitals.
//  3. The first line, when it is heading-like: a title that names no kind
//     ("TITLE 9—ARBITRATION").
//
// A title in capitals gets title case; one line is at most maxTitle code points.
func Title(ex Extracted) string {
	lines := openingLines(ex.Text)
	found := kindTitle(lines)
	meta := metaTitle(ex.Title)
	switch {
	case meta != "" && found != "" && strings.HasPrefix(foldTitle(meta), foldTitle(found)):
		return meta
	case found != "":
		return evidence.CapsTitle(found)
	case meta != "":
		return meta
	case len(lines) > 0 && headingLike(lines[0]) && !structural.MatchString(lines[0]):
		return evidence.CapsTitle(lines[0])
	}
	return ""
}

const (
	titleWindow = 3000 // code points of the opening searched for the title line
	maxTitle    = 150  // longest title, in code points
	maxWords    = 16   // most words of a title in a spaced script
	maxCJKTitle = 60   // longest title in an unspaced script (Chinese)
)

// openingLines cuts the opening of text into candidate lines, boilerplate
// left out: at line ends, runs of two or more spaces, and sentence ends.
func openingLines(text string) []string {
	text = evidence.Slice(skipFrontMatter(text), 0, titleWindow)
	var out []string
	for _, ln := range strings.Split(text, "\n") {
		for _, seg := range spaceRun.Split(ln, -1) {
			for _, s := range splitSentences(seg) {
				// A notice is told by its opening, a title may run into the
				// sentence after it.
				if c := cleanTitleLine(s); c != "" && !boilerplate.MatchString(evidence.Slice(s, 0, maxTitle)) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

var (
	spaceRun     = regexp.MustCompile(`[ \t\p{Zs}]{2,}|\t`)
	sentenceStop = regexp.MustCompile(`\p{L}{4,}[.!?]["”)]?\s+`)
	// label is what may stand before a title on its line: an exhibit
	// number, a copy's status, the article of a sentence.
	label = regexp.MustCompile(`(?i)^(exhibits?\s+[\w.()-]+\s*|(execution|conformed|final)\s+(copy|version)\s*|this\s+|` +
		`(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?\s+\d{4}\s*)`)
	boilerplate = regexp.MustCompile(`(?i)confidential|omitted|redacted|^dated\b|\*\s*\*|\[\*|securities and exchange|^source:|` +
		`^page\s+\d|^(table of )?contents$|^[-_=]+$|^\d+$|^\(?\d+(\.\d*)*[.)]?\s|^\(\w\)\s|` +
		`(contract|agreement)\s+(no\b|number)`)
	// trailer is what may follow a title on its line: the parties, the
	// date, the opening sentence.
	trailer  = regexp.MustCompile(`(?i)\s+((by\s+and\s+)?between\s*$|(dated|effective|made|entered)\b.*$|this\s.*$|\((the|this)\s+["“].*$)`)
	pageMark = regexp.MustCompile(`(?i)\bpage\s+\d+\s+of\s+\d+\b`)
	// structural matches headings of parts of a text, not of the text itself.
	structural = regexp.MustCompile(`(?i)^((article|section|chapter|part|clause|schedule|annex|appendix|book)\s+([\dIVXLC]+|[A-Z])\b|§)|` +
		`^第[〇零一二三四五六七八九十百千0-9]+[编章节条款]|^(المادة|الباب|الفصل|الكتاب|الفرع)`)
)

// splitSentences cuts a run-together line after each sentence: "…PUBLICLY
// DISCLOSED. SERVICES AGREEMENT This Services Agreement…". A word of four
// letters or more must end the sentence, so "No. 1" and "Inc." stay whole.
func splitSentences(s string) []string {
	var out []string
	for {
		m := sentenceStop.FindStringIndex(s)
		if m == nil {
			return append(out, s)
		}
		out, s = append(out, s[:m[1]]), s[m[1]:]
	}
}

// runOnSentence: a long line that ends with a full stop is running text.
func runOnSentence(s string) bool {
	return strings.HasSuffix(strings.TrimRight(s, "\"”) \t\r"), ".") && len(strings.Fields(s)) > maxWords/2
}

// cleanTitleLine drops Markdown heading marks and emphasis, an exhibit label,
// and the punctuation a heading line ends with.
func cleanTitleLine(s string) string {
	s = strings.Join(strings.Fields(pageMark.ReplaceAllString(s, "")), " ")
	s = strings.TrimSpace(strings.Trim(s, "#*_=|"))
	for prev := ""; prev != s; {
		prev, s = s, label.ReplaceAllString(s, "")
	}
	s = trailer.ReplaceAllString(s, "")
	if runOnSentence(s) {
		return ""
	}
	s = strings.TrimLeft(strings.TrimRight(s, ".:;,"), ".:;, ")
	return strings.Join(strings.Fields(s), " ")
}

// skipFrontMatter drops a Markdown file's YAML front matter.
func skipFrontMatter(text string) string {
	if !strings.HasPrefix(text, "---\n") && !strings.HasPrefix(text, "---\r\n") {
		return text
	}
	rest := text[3:]
	for _, end := range []string{"\n---", "\n..."} {
		if i := strings.Index(rest, end); i >= 0 {
			return rest[i+len(end):]
		}
	}
	return text
}

// kindTitle is rule 1: the first line that names a kind of document. A
// line in capitals running into the sentence after it yields its capitals;
// a title whose bracket the line leaves open takes the next line too.
func kindTitle(lines []string) string {
	for i, ln := range lines {
		if lead := capitalsLead(ln); lead != "" {
			ln = lead
		}
		if i+1 < len(lines) && (strings.Count(ln, "(") > strings.Count(ln, ")") || openEnd.MatchString(ln)) {
			ln += " " + lines[i+1]
		}
		if headingLike(ln) && !structural.MatchString(ln) && !runningText.MatchString(ln) && namesKind(ln) && saysMore(ln) {
			return ln
		}
	}
	return ""
}

// runningText matches words titles do not use.
var runningText = regexp.MustCompile(`\b(means|shall|is|are)\b`)

// openEnd matches a line that breaks a title before its end: "Addendum to".
var openEnd = regexp.MustCompile(`(?i)\s(to|of|and|for|the|on)$`)

// capitalsLead is the words in capitals a line opens with, two or more,
// when other words follow them: "SERVICES AGREEMENT This Services Agreement is…".
func capitalsLead(s string) string {
	words := strings.Fields(s)
	n := 0
	for n < len(words) && strings.IndexFunc(words[n], unicode.IsLower) < 0 {
		n++
	}
	if half := n / 2; n%2 == 0 && strings.TrimRight(strings.Join(words[:half], " "), ",") == strings.TrimRight(strings.Join(words[half:n], " "), ",") {
		n = half // "SERVICES AGREEMENT SERVICES AGREEMENT, dated as of …": the title, then the sentence that repeats it
	}
	lead := strings.Join(words[:n], " ")
	if n < 2 || n == len(words) || strings.IndexFunc(lead, unicode.IsUpper) < 0 {
		return ""
	}
	return lead
}

// headingLike: short, with letters, and not running text. In a script with
// cases most words start with a capital (small words apart); Chinese
// headings have no sentence punctuation.
func headingLike(s string) bool {
	n := utf8.RuneCountInString(s)
	if first, _ := utf8.DecodeRuneInString(s); n < 3 || n > maxTitle || unicode.IsLower(first) ||
		strings.IndexFunc(s, unicode.IsLetter) < 0 {
		return false
	}
	if strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0 {
		return n <= maxCJKTitle && !strings.ContainsAny(s, "。，；：")
	}
	words := strings.Fields(s)
	if len(words) > maxWords {
		return false
	}
	lower, counted := 0, 0
	for _, w := range words {
		w = strings.TrimLeft(w, `("“'[`)
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) || !unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic) || titleSmallWords[strings.ToLower(w)] {
			continue
		}
		counted++
		if unicode.IsLower(r) {
			lower++
		}
	}
	return 2*lower <= counted
}

// titleSmallWords may be in small letters inside a heading.
var titleSmallWords = map[string]bool{"a": true, "an": true, "and": true, "as": true, "at": true, "between": true,
	"by": true, "for": true, "from": true, "in": true, "of": true, "on": true, "or": true, "the": true, "to": true,
	"under": true, "with": true, "v": true, "v.": true, "vs": true, "vs.": true, "no.": true, "de": true, "du": true, "la": true}

// kindWord matches words that name a kind of legal document, in English,
// Chinese and Arabic, and the "v." of a case name.
var kindWord = regexp.MustCompile(`(?i)\b(agreements?|contract|amendment|addendum|lease|licen[cs]e|act|code|` +
	`regulations?|directive|constitution|statute|ordinance|law|rules|judge?ment|opinion|order|decree|decision|deed|` +
	`memorandum|terms|policy|charter|by-?laws|treaty|convention|protocol|plan|guarant(?:ee|y)|v\.?|vs\.?)\b|` +
	`法|条例|规定|办法|决定|合同|协议|判决|章程|细则|` +
	`قانون|لائحة|قرار|عقد|اتفاق|مرسوم|دستور|نظام`)

func namesKind(s string) bool { return kindWord.MatchString(s) }

// saysMore: a title says more than its kind ("Agreement" is not one).
func saysMore(s string) bool {
	return strings.IndexFunc(kindWord.ReplaceAllLiteralString(s, ""), unicode.IsLetter) >= 0
}

// junkMeta matches metadata titles that are not titles: placeholders, file
// names and what word processors put there by themselves.
var junkMeta = regexp.MustCompile(`(?i)^(untitled|document\d*|title|none|slide \d+|powerpoint presentation|[^\p{L}\p{N}]*)$|` +
	`^microsoft (word|powerpoint) - |\.(docx?|pdf|rtf|txt|html?|md|odt|wpd)$`)

// metaTitle is rule 2's metadata title, or empty when it does not read as one.
func metaTitle(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if n := utf8.RuneCountInString(s); n < 3 || n > maxTitle || junkMeta.MatchString(s) ||
		strings.IndexFunc(s, unicode.IsLetter) < 0 {
		return ""
	}
	return s
}

// foldTitle is a title for comparing: small letters, words only.
func foldTitle(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}
