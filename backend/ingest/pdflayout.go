package ingest

import (
	"sort"
	"strings"
	"unicode"

	"lexflow/backend/pdfengine"
)

// pdfPage is one page's lines, top to bottom in reading order.
type pdfPage struct {
	lines  []pdfLine
	height float64
	ocr    bool // read by OCR from the page's image
}

func (p pdfPage) hasText() bool {
	for _, l := range p.lines {
		if hasLetters(l.text) {
			return true
		}
	}
	return false
}

// pdfLine is one line as the engine reads it, with where it sits.
type pdfLine struct {
	text   string
	bottom float64 // of its first glyph's font box, in points from the page's foot
	top    float64
}

func (p pdfPage) textBytes() int {
	n := 0
	for _, l := range p.lines {
		n += len(l.text) + 1
	}
	return n
}

// layoutPage splits the engine's text at the line breaks it inferred, and
// reads each line's position from its first glyph. The engine already puts
// chars in reading order and inserts word spaces; right-to-left lines are
// laid out again from their glyph boxes (see rtlLine).
func layoutPage(tp *pdfengine.TextPage) pdfPage {
	page := pdfPage{height: tp.Height}
	rtlPage := direction(tp.Text) > 0
	start := 0
	for i := 0; i <= len(tp.Text); i++ {
		if i < len(tp.Text) && tp.Text[i] != '\n' {
			continue
		}
		if l, ok := readLine(tp, start, i, rtlPage); ok {
			page.lines = append(page.lines, l)
		}
		start = i + 1
	}
	return page
}

// readLine reads chars [start, end) of the page as one line. A line with no
// letters ("[…]", "(1)") takes the page's direction.
func readLine(tp *pdfengine.TextPage, start, end int, rtlPage bool) (pdfLine, bool) {
	chars := tp.Text[start:end]
	first := -1
	for i, r := range chars {
		if !unicode.IsSpace(r) && !unicode.IsControl(r) {
			first = start + i
			break
		}
	}
	if first < 0 {
		return pdfLine{}, false
	}
	var l pdfLine
	if box, ok := tp.LooseBox(first); ok {
		l.bottom, l.top = box.Bottom, box.Top
	}
	if dir := direction(chars); dir > 0 || dir == 0 && rtlPage {
		l.text = rtlLine(tp, start, end)
	} else {
		l.text = cleanLine(string(restoreSpaces(tp, start, chars, l.top-l.bottom)))
	}
	return l, l.text != ""
}

// maxSpaceChecks bounds the glyph boxes read per line to restore spaces.
const maxSpaceChecks = 8

// restoreSpaces puts back spaces the engine left out where a clause number
// and its title, or two words, are drawn apart without a space glyph (Word
// sets "3.1<tab>Joint Committee" that way, and the engine reads
// "3.1Joint"). Only places that look like a join are checked, by the gap
// between the two glyphs' boxes, so a line costs a few calls at most.
func restoreSpaces(tp *pdfengine.TextPage, start int, chars []rune, height float64) []rune {
	if height <= 0 || !on("pdf-spaces") {
		return chars
	}
	var out []rune
	checks, last := 0, 0
	for i := 1; i < len(chars) && checks < maxSpaceChecks; i++ {
		gap := joinGap(chars[:i], chars[i])
		if gap == 0 {
			continue
		}
		checks++
		prev, ok1 := tp.Box(start + i - 1)
		cur, ok2 := tp.Box(start + i)
		if ok1 && ok2 && cur.Left-prev.Right > gap*height {
			out = append(append(out, chars[last:i]...), ' ')
			last = i
		}
	}
	if out == nil {
		return chars
	}
	return append(out, chars[last:]...)
}

// joinGap is the gap between two glyphs, as a share of the line's height,
// above which cur starts a new word, or 0 where no word can start: after a
// clause number ("3.1Joint", "8.Insurance", "1.58“Marketing Plan”") or a
// closing bracket ("(a)The"). A tabbed clause number stands 0.15–0.25 from
// its title, while "U.S." or "14a" have 0.08–0.13 inside them. Lower case
// after a number ("31st", "468x60") and capitals after lower case ("eGAIN",
// "McDATA") are left alone: on real filings they were words far more often.
func joinGap(before []rune, cur rune) float64 {
	prev := before[len(before)-1]
	digitDot := prev == '.' && len(before) > 1 && unicode.IsDigit(before[len(before)-2])
	opening := strings.ContainsRune("“\"‘", cur) // not "(": "Article 6(1)"
	switch {
	case digitDot && (unicode.IsLetter(cur) || opening):
		return 0.14
	case (unicode.IsDigit(prev) || prev == ')') && (unicode.IsUpper(cur) || opening):
		return 0.14
	}
	return 0
}

// cleanLine drops control chars, keeps a soft line-end hyphen as U+00AD
// (joinHyphens decides on it), and folds runs of spaces.
func cleanLine(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\u0002': // the engine's mark for a hyphen it found at a line's end
			return '\u00ad'
		case r == '\t' || r == '\u00a0':
			return ' '
		case unicode.IsControl(r) || r == '\ufffe' || r == '\uffff':
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(collapseSpaces(strings.ToValidUTF8(s, "\uFFFD")))
}

// direction is positive where right-to-left letters outnumber the others,
// negative where they are fewer, and zero for text with no letters.
func direction(chars []rune) int {
	rtl, ltr := 0, 0
	for _, r := range chars {
		switch {
		case isRTLLetter(r):
			rtl++
		case unicode.IsLetter(r):
			ltr++
		}
	}
	return rtl - ltr
}

// A glyph of a right-to-left line: the chars drawn by one glyph (a ligature
// such as lam-alef maps to several), its box, and which of the engine's
// words it belongs to.
type rtlGlyph struct {
	s    string
	box  pdfengine.Rect
	word int
}

// rtlLine lays out a right-to-left line from its glyph boxes, in the order
// the PDF painted it, and puts it into logical order with visualToLogical.
// The engine's own reordering mirrors brackets and splits lam-alef; ours
// keeps the producer's mapping, which reads right (see bidi.go). Word
// boundaries are the engine's: its spaces are right even where its order is
// not, and ink gaps inside Arabic words are as wide as the gaps between them.
func rtlLine(tp *pdfengine.TextPage, start, end int) string {
	var glyphs []rtlGlyph
	word := 0
	for i := start; i < end; i++ {
		r := tp.Text[i]
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			word++
			continue
		}
		box, ok := tp.Box(i)
		if !ok {
			continue
		}
		if n := len(glyphs); n > 0 && glyphs[n-1].box == box {
			// One glyph, several chars, which the engine put in reverse
			// order when it reversed the line.
			if isRTLLetter(r) {
				glyphs[n-1].s = string(r) + glyphs[n-1].s
			} else {
				glyphs[n-1].s += string(r)
			}
			continue
		}
		glyphs = append(glyphs, rtlGlyph{s: string(mirrorBracket(r)), box: box, word: word})
	}
	sort.SliceStable(glyphs, func(i, j int) bool { return glyphs[i].box.Left < glyphs[j].box.Left })
	units := make([]string, 0, len(glyphs)+len(glyphs)/4)
	for i, g := range glyphs {
		if i > 0 && g.word != glyphs[i-1].word {
			units = append(units, " ")
		}
		units = append(units, g.s)
	}
	if isRTL(units) {
		units = visualToLogical(units)
	}
	return cleanLine(strings.Join(units, ""))
}

// mirrorBracket undoes the engine's bracket mirroring in right-to-left
// text: the producer already mapped each glyph to its logical bracket.
func mirrorBracket(r rune) rune {
	switch r {
	case '(':
		return ')'
	case ')':
		return '('
	case '[':
		return ']'
	case ']':
		return '['
	case '{':
		return '}'
	case '}':
		return '{'
	}
	return r
}

func collapseSpaces(s string) string {
	if !strings.Contains(s, "  ") {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}

// lineStep is the usual distance between consecutive lines of a paragraph:
// a low percentile of the vertical steps on the page.
func lineStep(lines []pdfLine) float64 {
	var steps []float64
	for i := 1; i < len(lines); i++ {
		d := lines[i-1].bottom - lines[i].bottom
		if h := lines[i].top - lines[i].bottom; d > 0 && d < 3*h {
			steps = append(steps, d)
		}
	}
	if len(steps) == 0 {
		return 0
	}
	sort.Float64s(steps)
	return steps[len(steps)/4]
}

// lineBreak is a blank line where the gap says a paragraph ends (or the
// text jumps back up, to a new column), else a newline.
func lineBreak(prev, cur pdfLine, step float64) string {
	d := prev.bottom - cur.bottom
	if step > 0 && (d > 1.3*step || d < -(cur.top-cur.bottom)) {
		return "\n\n"
	}
	return "\n"
}
