package ingest

import (
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// assemblePages writes the pages' text flow: running heads, page numbers and
// filing stamps go to the page's Header and Footer, a word hyphenated only
// by a line break is joined, and a sentence that runs on to the next page is
// not cut by a paragraph break.
func assemblePages(pages []pdfPage) Extracted {
	furniture := findFurniture(pages)
	vocab := vocabulary(pages)
	var t textBuilder
	var ex Extracted
	var prevLast string
	for i, p := range pages {
		span := PageSpan{Page: i + 1, OCR: p.ocr}
		var body []pdfLine
		for j, l := range p.lines {
			switch furniture[i][j] {
			case headerLine:
				span.Header = append(span.Header, l.text)
			case footerLine:
				span.Footer = append(span.Footer, l.text)
			default:
				body = append(body, l)
			}
		}
		text := bodyText(body, vocab)
		if text != "" && t.len() > 0 {
			t.write(pageBreak(prevLast, text))
		}
		span.Start = t.runes
		t.write(text)
		span.End = t.runes
		if text != "" {
			prevLast = body[len(body)-1].text
		}
		ex.Pages = append(ex.Pages, span)
	}
	ex.Text = t.String()
	return ex
}

// pageBreak separates two pages' text: a newline where a sentence runs on,
// else a blank line.
func pageBreak(prevLast, next string) string {
	last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(prevLast, "\u00ad-"))
	first, _ := utf8.DecodeRuneInString(next)
	if unicode.IsLower(first) && !strings.ContainsRune(".:;!?", last) {
		return "\n"
	}
	return "\n\n"
}

// bodyText joins a page's lines with newlines, blank lines between
// paragraphs, and line-end hyphens resolved.
func bodyText(lines []pdfLine, vocab map[string]bool) string {
	step := lineStep(lines)
	var b strings.Builder
	line := "" // the line being written, with any lines joined onto it
	for i, l := range lines {
		if i == 0 {
			line = l.text
			continue
		}
		// A line joined to the one before stays short; a hostile page of
		// hyphenated lines does not make each join copy the page so far.
		if joined, ok := joinHyphen(line, l.text, vocab); ok && len(line) < maxJoinedLine {
			line = joined
			continue
		}
		b.WriteString(line)
		b.WriteString(lineBreak(lines[i-1], l, step))
		line = l.text
	}
	b.WriteString(line)
	return strings.ReplaceAll(b.String(), "\u00ad", "-")
}

// maxJoinedLine bounds a line that hyphen joins keep extending.
const maxJoinedLine = 4096

// joinHyphen joins next onto text when text ends in a hyphen that only the
// line break put there: "exam-" + "ple" where the document spells "example"
// elsewhere. A compound broken at its own hyphen ("out-of-" + "pocket",
// "non-" + "exclusive") keeps the hyphen and loses the break. The engine
// marks every hyphen at a line's end alike (U+00AD here, from its 0x02), so
// the mark says nothing of which kind it is.
func joinHyphen(text, next string, vocab map[string]bool) (string, bool) {
	first, _ := utf8.DecodeRuneInString(next)
	if !unicode.IsLower(first) || !on("pdf-hyphens") {
		return "", false
	}
	body, ok := strings.CutSuffix(text, "\u00ad")
	if !ok {
		body, ok = strings.CutSuffix(text, "-")
	}
	stem := trailingLetters(body)
	if !ok || stem == "" {
		return "", false
	}
	if vocab[strings.ToLower(stem+leadingLetters(next))] {
		return body + next, true
	}
	return body + "-" + next, true
}

func trailingLetters(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	return s[i+1:]
}

func leadingLetters(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		return s[:i]
	}
	return s
}

// vocabulary is the set of lower-cased words the document spells whole.
func vocabulary(pages []pdfPage) map[string]bool {
	vocab := map[string]bool{}
	for _, p := range pages {
		for _, l := range p.lines {
			for _, w := range strings.FieldsFunc(l.text, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if len(w) > 3 {
					vocab[strings.ToLower(w)] = true
				}
			}
		}
	}
	return vocab
}

type lineRole uint8

const (
	bodyLine lineRole = iota
	headerLine
	footerLine
)

// How far from the page's top or foot a running head or footer may sit, as
// a share of the page's height, and how many lines from either end of the
// reading order are looked at.
const (
	furnitureZone  = 0.13
	furnitureLines = 4
)

var (
	pageNumberRe = regexp.MustCompile(`(?i)^(page\s*)?[-–—(\[]?\s*([0-9]{1,4}|[ivxlc]{1,7}|[a-z]{1,2}\s?-\s?[0-9]{1,3})\s*[-–—)\]]?(\s*(of|/)\s*[0-9]{1,4})?$`)
	stampRe      = regexp.MustCompile(`^Source: .{3,}, .{1,20}, [0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4}$`)
	digitsRe     = regexp.MustCompile(`[0-9]+`)
)

// findFurniture marks, page by page, the lines that are running heads,
// footers, page numbers or filing stamps. Only lines near the top or foot
// of the page, among the first or last few in reading order (a stamp drawn
// first may sit at the foot), are looked at. Such a line is furniture when
// it is a page number or a filing stamp, when the same words come back on
// many pages, or when they come back with other numbers ("Page 3",
// "Page 4") and the line stands apart from the text: a heading "Article 7"
// that happens to open every page sits at the usual line spacing.
func findFurniture(pages []pdfPage) [][]lineRole {
	if !on("pdf-furniture") {
		roles := make([][]lineRole, len(pages))
		for i, p := range pages {
			roles[i] = make([]lineRole, len(p.lines))
		}
		return roles
	}
	exact, masked := map[string]int{}, map[string]int{}
	for _, p := range pages {
		seen := map[string]bool{}
		for _, j := range edgeLines(p) {
			text := p.lines[j].text
			for _, k := range []string{"=" + text, "#" + furnitureKey(text)} {
				if !seen[k] {
					seen[k] = true
					if k[0] == '=' {
						exact[text]++
					} else {
						masked[k[1:]]++
					}
				}
			}
		}
	}
	repeated := func(n int) bool {
		return len(pages) >= 3 && n >= 3 && float64(n) >= 0.3*float64(len(pages))
	}
	roles := make([][]lineRole, len(pages))
	for i, p := range pages {
		roles[i] = make([]lineRole, len(p.lines))
		markPageNumber(p, roles[i])
		step := lineStep(p.lines)
		for _, j := range edgeLines(p) {
			text := p.lines[j].text
			if pageNumberRe.MatchString(text) || stampRe.MatchString(text) || repeated(exact[text]) ||
				repeated(masked[furnitureKey(text)]) && standsApart(p.lines, j, step) {
				roles[i][j] = edgeRole(p, p.lines[j])
			}
		}
	}
	return roles
}

// markPageNumber marks a page number that is the lowest (or highest) line
// on the page, wherever that is: converters that print a page's text in the
// top half of a larger sheet put the number right under the text. Only
// lines near either end of the reading order are looked at.
func markPageNumber(p pdfPage, roles []lineRole) {
	if len(p.lines) < 2 {
		return
	}
	low, high := -1, -1
	for j, l := range p.lines {
		if j >= furnitureLines && j < len(p.lines)-furnitureLines || l.top == l.bottom {
			continue
		}
		if low < 0 || l.bottom < p.lines[low].bottom {
			low = j
		}
		if high < 0 || l.top > p.lines[high].top {
			high = j
		}
	}
	if low >= 0 && pageNumberRe.MatchString(p.lines[low].text) {
		roles[low] = footerLine
	}
	if high >= 0 && high != low && pageNumberRe.MatchString(p.lines[high].text) {
		roles[high] = headerLine
	}
}

// standsApart tells whether line j is further from its neighbours than the
// page's usual line spacing allows for text of one block.
func standsApart(lines []pdfLine, j int, step float64) bool {
	if step <= 0 {
		return true
	}
	for _, k := range []int{j - 1, j + 1} {
		if k >= 0 && k < len(lines) && math.Abs(lines[k].bottom-lines[j].bottom) < 1.6*step {
			return false
		}
	}
	return true
}

// edgeLines are the indexes of the lines that may be furniture: among the
// first or last few in reading order, and inside the top or bottom zone.
func edgeLines(p pdfPage) []int {
	var out []int
	for j, l := range p.lines {
		if j >= furnitureLines && j < len(p.lines)-furnitureLines {
			continue
		}
		if edgeRole(p, l) != bodyLine {
			out = append(out, j)
		}
	}
	return out
}

func edgeRole(p pdfPage, l pdfLine) lineRole {
	if p.height <= 0 || l.top == l.bottom {
		return bodyLine
	}
	switch {
	case l.bottom >= (1-furnitureZone)*p.height:
		return headerLine
	case l.top <= furnitureZone*p.height:
		return footerLine
	}
	return bodyLine
}

// furnitureKey is a line's wording with numbers masked, so "Page 3" and
// "Page 4" are the same running line.
func furnitureKey(s string) string {
	return digitsRe.ReplaceAllString(strings.ToLower(s), "#")
}
