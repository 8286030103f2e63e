package ingest

import (
	"slices"
	"strings"
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
			for i := m.end; i < len(b) && isSpace(b[i]); i++ {
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
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		next := len(text)
		if end < 0 {
			end = len(text)
		} else {
			end += start
			next = end + 1
		}
		if m, ok := lineEndNumber(text, start, end); ok {
			marks = append(marks, m)
		}
		start = next
	}
	return marks
}

// lineEndNumber reads the number ending the line text[start:end].
func lineEndNumber(text string, start, end int) (pageNumberMark, bool) {
	e := end
	for e > start && isBlank(text[e-1]) {
		e--
	}
	s := e
	for s > start && e-s < 4 && text[s-1] >= '0' && text[s-1] <= '9' {
		s--
	}
	if s == e || s > start && text[s-1] >= '0' && text[s-1] <= '9' {
		return pageNumberMark{}, false // no number, or one of five digits or more
	}
	gap := s
	for gap > start && isBlank(text[gap-1]) {
		gap--
	}
	inFlow := gap > start
	if inFlow && s-gap < 3 {
		return pageNumberMark{}, false // "Section 12", "the sum of $ 100": part of the sentence
	}
	n := 0
	for _, c := range text[s:e] {
		n = n*10 + int(c-'0')
	}
	return pageNumberMark{number: n, start: s, end: e, joins: inFlow && !strings.ContainsRune(".:;!?", rune(text[gap-1]))}, true
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' }

func isSpace(c byte) bool { return isBlank(c) || c == '\n' }

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
