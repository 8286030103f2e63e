package ingest

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// A text file saved from a PDF or a filing system (SEC exhibits are) keeps
// its page numbers in the flow: "…set forth in the Strategic      19\n
//      Alliance Agreement…". Left there, a page number sits inside a quoted
// clause and the page break cuts the sentence in two. The page numbers are
// blanked, not removed, so that offsets into the text stay offsets into the
// file: the digits become spaces, and a page break inside a line of text
// becomes a space too, joining the sentence again. Only numbers that run
// from page to page (6, 7, 8 …) are taken for page numbers: a figure at the
// end of a line or a number alone on one (a table's total, a list) is left
// alone. Switched off as "text-page-numbers".

// minPageRun is how many page numbers in sequence make a running count.
const minPageRun = 3

// pageNumberMark is a page number found at the end of a line.
type pageNumberMark struct {
	number     int
	start, end int // the digits, as byte offsets into the text
	// joins: a sentence runs on over the page break (text ends the line
	// before the number without a full stop), so the blank lines after it
	// are blanked too
	joins bool
}

// blankPageNumbers returns text with its running page numbers blanked, or
// text itself when it has none.
func blankPageNumbers(text string) string {
	if !on("text-page-numbers") {
		return text
	}
	runs := runningPages(pageMarks(text))
	if len(runs) == 0 {
		return text
	}
	b := []byte(text)
	for _, m := range runs {
		for i := m.start; i < m.end; i++ {
			b[i] = ' '
		}
		if m.joins {
			for i := m.end; i < len(b) && isSpaceByte(b[i]); i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// pageMarks finds the number ending each line: alone on it, or after a gap
// of three spaces or more.
func pageMarks(text string) []pageNumberMark {
	var marks []pageNumberMark
	for ln := range lines(text) {
		if m, ok := lineEndNumber(ln.text); ok {
			m.start += ln.byte
			m.end += ln.byte
			marks = append(marks, m)
		}
	}
	return marks
}

// lineEndNumber reads the number ending line, its offsets in the line.
func lineEndNumber(line string) (pageNumberMark, bool) {
	e := len(strings.TrimRightFunc(line, isBlank))
	s := e
	for s > 0 && e-s < 4 && isDigit(rune(line[s-1])) {
		s--
	}
	if s == e || s > 0 && isDigit(rune(line[s-1])) {
		return pageNumberMark{}, false // no number, or one of five digits or more
	}
	before := strings.TrimRightFunc(line[:s], isBlank)
	if before != "" && s-len(before) < 3 {
		return pageNumberMark{}, false // "Section 12", "the sum of $ 100": part of the sentence
	}
	n, _ := strconv.Atoi(line[s:e])
	joins := before != "" && !strings.ContainsRune(".:;!?", rune(before[len(before)-1]))
	return pageNumberMark{number: n, start: s, end: e, joins: joins}, true
}

// isBlank is the space a line may hold: anything but its break.
func isBlank(r rune) bool { return r != '\n' && unicode.IsSpace(r) }

// runningPages keeps the marks that count pages: chains of at least
// minPageRun marks, each one more than the one before (or two more, when a
// page carried no number), whatever other numbers end lines between them.
func runningPages(marks []pageNumberMark) []pageNumberMark {
	var chains [][]pageNumberMark
	expecting := map[int]int{} // a number → the chain it would continue
	for _, m := range marks {
		i, ok := expecting[m.number]
		if !ok {
			i = len(chains)
			chains = append(chains, nil)
		}
		chains[i] = append(chains[i], m)
		expecting[m.number+1], expecting[m.number+2] = i, i
	}
	var out []pageNumberMark
	for _, c := range chains {
		if len(c) >= minPageRun {
			out = append(out, c...)
		}
	}
	slices.SortFunc(out, func(a, b pageNumberMark) int { return a.start - b.start })
	return out
}
