package evidence

import (
	"strings"
	"unicode"
)

// Cite is the locator as a lawyer cites it, without the document: the
// pages, then the article, section or clause the passage is
// ("p. 4, § 12.2 Termination", "Article 6", "第十条", "pp. 3–4, Articles
// 5–6"). The headings above the cited one (the chapter, the part) are
// context, not citation: Heading gives the whole path. Offsets are never
// part of it. The frontend's citeLocator writes the same, checked against
// the same table (testdata/cite.json).
func (l Locator) Cite() string {
	parts := make([]string, 0, 2)
	if p := l.Pages(); p != "" {
		if l.OCR {
			p += " (OCR)"
		}
		parts = append(parts, p)
	}
	if u := citedUnit(l.HeadingPath, l.Units); u != "" {
		parts = append(parts, u)
	}
	return strings.Join(parts, ", ")
}

// citedUnit is the heading a lawyer cites: the units' label when the
// passage holds several, else the deepest heading, with its parent's number
// before a bare sub-clause ("§ 7(a)") and "§" before a bare number.
func citedUnit(path []string, units []Unit) string {
	if len(units) > 1 {
		label := unitsLabel(units, len(path))
		if startsWithDigit(label) { // "4.2–4.3": sections numbered without a keyword
			return "§§ " + label
		}
		return label
	}
	if len(path) == 0 {
		return ""
	}
	last := strings.TrimSpace(path[len(path)-1])
	if subClause(last) && len(path) > 1 {
		return strings.TrimSpace(sectionMark(numberOf(path[len(path)-2])) + last)
	}
	return sectionMark(last)
}

// subClause: a heading that is only a list label, "(a)", "(iv)", "a)".
func subClause(h string) bool {
	h = strings.TrimSpace(h)
	if !strings.HasSuffix(h, ")") || len(h) > 8 {
		return false
	}
	for _, r := range strings.TrimSuffix(strings.TrimPrefix(h, "("), ")") {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// numberOf is a heading's leading token: "Clause 7" of "Clause 7 Payment"
// when it starts with a keyword and a number, "7" of "7. Payment".
func numberOf(h string) string {
	f := strings.Fields(h)
	switch {
	case len(f) == 0:
		return ""
	case startsWithDigit(f[0]):
		return strings.TrimSuffix(f[0], ".")
	case len(f) > 1 && startsWithDigit(f[1]):
		return f[0] + " " + strings.TrimSuffix(f[1], ".")
	}
	return h
}

// sectionMark writes a heading that starts with a bare number as a
// section: "12.2 Termination" → "§ 12.2 Termination", "4. Fees" → "§ 4 Fees".
// Headings with their own keyword ("Article 6", "第十条", "Schedule 2")
// are cited as the document writes them.
func sectionMark(h string) string {
	h = strings.TrimSpace(h)
	if !startsWithDigit(h) {
		return h
	}
	number, rest, _ := strings.Cut(h, " ")
	number = strings.TrimSuffix(number, ".")
	return strings.TrimSpace("§ " + number + " " + strings.TrimSpace(rest))
}

func startsWithDigit(s string) bool {
	for _, r := range s {
		return r >= '0' && r <= '9'
	}
	return false
}

// CiteDocument is Cite after the document's title and file name, for text
// read without Lexflow: "Services Agreement (msa.pdf), p. 4, § 12.2 Termination".
func (l Locator) CiteDocument() string {
	if c := l.Cite(); c != "" {
		return l.documentAndFile() + ", " + c
	}
	return l.documentAndFile()
}
