package ingest

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Heading is one heading of a document's legal structure.
type Heading struct {
	// Kind is what the heading is: "book", "division", "part", "subpart",
	// "title", "chapter", "subchapter", "branch", "section", "subsection",
	// "article", "amendment", "rule", "clause", "schedule", "annex",
	// "appendix"; "num1".."num4" for numbered headings by depth ("12.3" is
	// num2); "caps" for a short line in capitals; "h1".."h6" for a heading
	// the file marks up without saying what it is.
	Kind   string
	Number string   // as written: "12", "XII", "4.2", "١٤٧", "الأول"; Chinese numerals in digits ("54" for 第五十四条, "20-1" for 第二十条之一); empty when none
	Label  string   // for display, as the document writes it: "Article 12 — Termination"
	Level  int      // depth in the document's hierarchy, 0 = top
	Path   []string // labels from the top down to this heading, itself included
	Start  int      // code points of the heading text in the document, title included
	End    int
}

// Structure finds the headings of a document's text, in order, and their
// hierarchy as the document's own order shows it (Part > Chapter > Section >
// Article > Clause, or Article > Section in a constitution). marks are the
// headings the file format marked up (Extracted.Marks); a marked line is a
// heading even when no pattern matches it. A heading starts a line; the same
// words inside a sentence, or on a line that continues a sentence, are a
// cross-reference, not a heading.
func Structure(text string, marks []Mark) []Heading {
	hs := headings(text, marks)
	conv := newRuneCounter(text)
	for i := range hs {
		hs[i].Start, hs[i].End = conv.at(hs[i].Start), conv.at(hs[i].End)
	}
	return hs
}

// headings is Structure with byte offsets.
func headings(text string, marks []Mark) []Heading {
	fs := contents(text, detect(text, marks))
	h := newHierarchy()
	out := make([]Heading, 0, len(fs))
	for _, f := range fs {
		level, path := h.place(f)
		out = append(out, Heading{Kind: f.kind, Number: f.number, Label: f.label, Level: level, Path: path, Start: f.start, End: f.end})
	}
	return out
}

// found is a heading with byte offsets, before its level is known.
type found struct {
	kind, number, label string
	start, end          int // bytes
	markLevel           int
	afterHeading        bool // no body text since the previous heading
}

// lineKind classifies the previous line for the next one.
type lineKind int

const (
	blankLine lineKind = iota
	headingLine
	openBody   // body text whose sentence goes on in the next line
	closedBody // body text ending a sentence
)

type detector struct {
	text    string
	marks   map[int]int // line start byte → mark level
	out     []found
	prev    lineKind
	pending *found // a heading that may take the next line as its title
	body    bool   // body text since the last heading
	number  string // the last decimal heading number, for run-in headings
	max     int    // headings past this many are read as body
}

// maxHeadings bounds the headings of one document, and so the memory its
// structure takes (a few hundred bytes each): the longest codes have tens
// of thousands, while a file of one-word "# w" lines would have millions.
// Past it the text is read as body and chunked by size.
const maxHeadings = 500_000

func detect(text string, marks []Mark) []found { return detectAtMost(text, marks, maxHeadings) }

// detectAtMost is detect finding at most max headings.
func detectAtMost(text string, marks []Mark, max int) []found {
	d := &detector{text: text, marks: markStarts(text, marks), max: max}
	q := &lineQueue{text: text, marks: d.marks, src: lineScanner{text: text}}
	for ln, ok := q.pop(); ok; ln, ok = q.pop() {
		following := q.peek().text
		for {
			p := d.runIn(ln)
			if p < 0 {
				break
			}
			d.line(line{text: ln.text[:p], byte: ln.byte}, ln.text[p:], ln.text[p:])
			ln = line{text: ln.text[p:], byte: ln.byte + p}
		}
		nextLine := "" // read only for a line with text: a blank one needs none
		if strings.TrimSpace(ln.text) != "" {
			nextLine = q.nextNonBlank()
		}
		d.line(ln, nextLine, following)
	}
	return d.out
}

// runIn is where a heading run into the text of ln starts (see runIn), or
// -1. The numbering it must carry on is that of a numbered heading
// starting ln, else the last one seen.
func (d *detector) runIn(ln line) int {
	prev := d.number
	if c, ok := classify(strings.TrimSpace(ln.text), d.prev == openBody, false); ok && decimalParts(c.number) != nil {
		prev = c.number
	}
	p, _ := runIn(ln.text, prev)
	return p
}

// line classifies one line; nextLine is the next non-blank line, following
// the line right after (blank or not).
func (d *detector) line(ln line, nextLine, following string) {
	trimmed := strings.TrimSpace(ln.text)
	if trimmed == "" {
		d.prev = blankLine
		return
	}
	if len(d.out) >= d.max {
		d.bodyLine(trimmed)
		return
	}
	lead := strings.Index(ln.text, trimmed)
	level, marked := d.marks[ln.byte]
	if d.takeTitle(ln, trimmed, lead, nextLine, strings.TrimSpace(following) == "") {
		return
	}
	d.pending = nil
	s, hashes := stripHashes(trimmed)
	c, ok := classify(s, d.prev == openBody && !marked, marked)
	if !ok {
		d.bodyLine(trimmed)
		return
	}
	if c.kind == "marked" {
		c.kind = "h" + strconv.Itoa(max(level, 1))
	}
	if d.subsection(c, s) && !marked {
		d.bodyLine(trimmed)
		return
	}
	if c.kind == "caps" && on("caps-paragraphs") && capsParagraph(trimmed, following) && !marked {
		d.bodyLine(trimmed) // a paragraph set in capitals, not a title
		return
	}
	// A title whose body starts on the same line ("9.4 Insurance. The
	// Company shall") keeps it when the sentence wraps; a title alone on a
	// line whose next line goes on with it was a sentence.
	if c.titled && (!c.body || !on("runin-titles")) && continues(following) && !marked {
		if c.kind == "caps" || strings.HasPrefix(c.kind, "num") && !c.body {
			d.bodyLine(trimmed) // a wrapped sentence, not a title
			return
		}
		c = candidate{kind: c.kind, number: c.number, label: c.number0(s), body: true}
	}
	if d.extendCaps(c, ln, lead) {
		return
	}
	start := ln.byte + lead + hashes
	f := found{kind: c.kind, number: c.number, label: clean(s[:c.label]), start: start, end: start + c.label,
		markLevel: level, afterHeading: !d.body}
	d.out = append(d.out, f)
	if decimalParts(c.number) != nil {
		d.number = c.number
	}
	d.body, d.prev = c.body, headingLine
	if c.body {
		d.bodyLine(trimmed) // the line's body text ends a sentence or leaves it open
	}
	if !c.titled && !c.body {
		d.pending = &d.out[len(d.out)-1]
	}
}

// classify tries the heading patterns on a trimmed line. After a line that
// leaves a sentence open only a marked line or a Chinese heading can be a
// heading: Chinese titles end without punctuation ("中华人民共和国民法典"),
// and a Chinese heading number is followed by a space, which a reference
// in a wrapped sentence is not ("依照本法" / "第十条的规定").
func classify(s string, continuation, marked bool) (candidate, bool) {
	if continuation {
		return chineseHeading(s)
	}
	// A tab past the first few bytes marks a table row ("Term<TAB>Meaning");
	// one right after a number is a numbered heading ("12.3<TAB>Either").
	if strings.ContainsRune(s[min(len(s), 12):], '\t') && !marked {
		return candidate{}, false
	}
	for _, try := range []func(string) (candidate, bool){keywordHeading, arabicHeading, chineseHeading, numberedHeading, parenHeading, capsHeading} {
		if c, ok := try(s); ok {
			return c, true
		}
	}
	if marked {
		return candidate{kind: "marked", label: len(strings.TrimRight(s, " \r")), titled: true}, true
	}
	return candidate{}, false
}

// subsection: "4.29 (2) A firm must…" or "4.29. (2) …" repeats the number
// of the section it belongs to, then numbers itself in brackets. It is
// text of section 4.29, not a second heading 4.29. "12.3 (a) The Supplier
// …" after 12.2 starts clause 12.3, and an amendment's "2.2 (d) Material
// Change. Fleet shall…" after "2.2 (c) …" has a title of its own.
func (d *detector) subsection(c candidate, s string) bool {
	if !strings.HasPrefix(c.kind, "num") || c.titled || c.number == "" || c.number != d.number {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(s[len(c.number):], ". \t"), "(")
}

// continues tells whether a line goes on with the sentence of the line
// before it: it starts with a lower-case letter.
func continues(following string) bool {
	t := strings.TrimSpace(following)
	r, _ := utf8.DecodeRuneInString(t)
	return t != "" && unicode.IsLower(r)
}

// capsParagraph: a line in capitals that runs on into another, long enough
// together to be a paragraph (disclaimers, confidentiality legends) rather
// than a title wrapped over two lines.
func capsParagraph(line, following string) bool {
	next := strings.TrimSpace(following)
	if next == "" || !allCaps(next) {
		return false
	}
	return utf8.RuneCountInString(line) > 60 || len(strings.Fields(line))+len(strings.Fields(next)) > 14
}

// extendCaps joins a heading in capitals wrapped over two lines
// ("REGULATION ... OF THE" / "COUNCIL").
func (d *detector) extendCaps(c candidate, ln line, lead int) bool {
	n := len(d.out)
	if c.kind != "caps" || d.prev != headingLine || n == 0 || d.out[n-1].kind != "caps" && !(on("caps-titles") && capsTitled(d.out[n-1])) {
		return false
	}
	last := &d.out[n-1]
	if strings.TrimSpace(d.text[last.end:ln.byte]) != "" {
		return false
	}
	last.end = ln.byte + lead + c.label
	last.label += " " + clean(d.text[ln.byte+lead:last.end])
	return true
}

// capsTitled: a heading whose title, taken from the line after it, is in
// capitals ("ARTICLE 3" / "GOVERNANCE OF DEVELOPMENT AND"), so a further
// line in capitals goes on with that title.
func capsTitled(f found) bool {
	_, title, ok := strings.Cut(f.label, " — ")
	return ok && allCaps(title)
}

func (d *detector) bodyLine(trimmed string) {
	d.body = true
	d.prev = closedBody
	last, _ := utf8.DecodeLastRuneInString(trimmed)
	if !strings.ContainsRune(".:;!?)\"'”»؛؟]…。：；！？）」』", last) {
		d.prev = openBody
	}
}

// takeTitle attaches the line after a bare heading ("Article 1" /
// "Subject-matter and objectives") as its title, when it reads like one and
// what follows it starts something new.
func (d *detector) takeTitle(ln line, trimmed string, lead int, nextLine string, ownParagraph bool) bool {
	p := d.pending
	if p == nil || !titleLine(trimmed, nextLine, ownParagraph) {
		return false
	}
	if c, ok := classify(trimmed, false, false); ok && c.kind != "caps" {
		return false // the next heading, not a title
	}
	p.label += " — " + clean(strings.Trim(trimmed, "*_ "))
	p.end = ln.byte + lead + len(trimmed)
	d.pending = nil
	d.prev = headingLine
	return true
}

func titleLine(trimmed, nextLine string, ownParagraph bool) bool {
	if utf8.RuneCountInString(trimmed) > 100 || strings.HasPrefix(trimmed, "[") || strings.HasPrefix(trimmed, "(") {
		return false
	}
	first, _ := utf8.DecodeRuneInString(trimmed)
	if isDigit(first) {
		return false
	}
	if !looksTitle(strings.Trim(trimmed, "*_ "), 16) && !arabicTitleText(trimmed) {
		return false
	}
	return allCaps(trimmed) || startsNew(nextLine) || ownParagraph && len(strings.Fields(trimmed)) <= 10
}

func arabicTitleText(s string) bool {
	last, _ := utf8.DecodeLastRuneInString(s)
	return utf8.RuneCountInString(s) <= 60 && !strings.ContainsRune(".،؛:", last) && isRTLLetter(firstLetter(s))
}

func firstLetter(s string) rune {
	for _, r := range s {
		if r != '*' && r != '_' && r != ' ' {
			return r
		}
	}
	return 0
}

// startsNew tells whether a line begins a new block: a paragraph number, a
// list marker, a heading, or nothing at all.
func startsNew(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return true
	}
	first, _ := utf8.DecodeRuneInString(t)
	if isDigit(first) || strings.ContainsRune("(（•-–—[\"“'‘*#", first) {
		return true
	}
	_, ok := classify(t, false, false)
	return ok
}

func stripHashes(s string) (string, int) {
	t := strings.TrimLeft(s, "#")
	if len(t) == len(s) || len(s)-len(t) > 6 || (t != "" && t[0] != ' ') {
		return s, 0
	}
	u := strings.TrimLeft(t, " ")
	return u, len(s) - len(u)
}

// clean collapses whitespace and drops Markdown emphasis and a trailing
// period from a label.
func clean(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, "**", ""), "__", "")), " ")
	return strings.TrimRight(s, ".:")
}
