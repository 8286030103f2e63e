package ingest

import (
	"regexp"
	"strings"
	"unicode"
)

// contents finds a table of contents among the headings found: its title
// ("TABLE OF CONTENTS", "المحتويات") becomes a heading of kind "contents"
// that holds no heading after it, and its entries, which repeat headings
// the document has further on, stop being headings. Entries are a run of
// headings with next to no text between them (page numbers, dot leaders)
// whose numbers or titles come again later: three or more of them, or any
// right after a contents title.
func contents(text string, fs []found) []found {
	last := map[string]int{}
	for i, f := range fs {
		if k := headingKey(f); k != "" {
			last[k] = i
		}
	}
	entry := make([]bool, len(fs))
	listed := -1 // headings up to here are lines of a contents list
	for i, f := range fs {
		if contentsTitle(f.label) {
			fs[i].kind = "contents"
			if on("toc-pages") {
				listed = listedAfter(text, fs, i)
			}
			continue
		}
		if i <= listed {
			entry[i] = true
			continue
		}
		end := len(text)
		if i+1 < len(fs) {
			end = fs[i+1].start
		}
		k := headingKey(f)
		entry[i] = k != "" && last[k] > i && letters(text[f.end:end]) <= 40
	}
	out := fs[:0:0]
	for i := 0; i < len(fs); {
		if !entry[i] {
			out = append(out, fs[i])
			i++
			continue
		}
		j := i
		for j < len(fs) && entry[j] {
			j++
		}
		if j-i < 3 && !(i > 0 && fs[i-1].kind == "contents") {
			out = append(out, fs[i:j]...)
		}
		i = j
	}
	return out
}

// listedAfter is the index of the last heading of the run after the
// contents title at c whose lines end in a page number ("4.4 Transfer of
// Data 19", "Article 2 ........ 11"; an entry may wrap onto a second line):
// the entries of the list, whether or not the document repeats them.
func listedAfter(text string, fs []found, c int) int {
	last := c
	for i := c + 1; i < len(fs); i++ {
		first, second := twoLines(text[fs[i].start:])
		if !pageRefRe.MatchString(first) && !pageRefRe.MatchString(second) {
			break
		}
		last = i
	}
	return last
}

// twoLines returns the first line of s and the next non-blank one, trimmed.
func twoLines(s string) (string, string) {
	first, rest, _ := strings.Cut(s, "\n")
	rest = strings.TrimLeft(rest, " \t\r\n")
	second, _, _ := strings.Cut(rest, "\n")
	return strings.TrimSpace(first), strings.TrimSpace(second)
}

var pageRefRe = regexp.MustCompile(`(?i)(\s|\.{2,}|…)\s*([0-9]{1,3}|[ivxlc]{1,6})$`)

// headingKey names a heading so that its entry in a table of contents and
// the heading itself share the name: its kind and number, or for a heading
// without a number its label.
func headingKey(f found) string {
	switch {
	case f.number != "" && strings.HasPrefix(f.kind, "num"):
		return "num|" + f.number
	case f.number != "":
		return f.kind + "|" + strings.ToUpper(f.number)
	case f.kind == "caps":
		return "caps|" + f.label
	}
	return ""
}

func contentsTitle(label string) bool {
	switch strings.ToLower(strings.Trim(label, " .:*_")) {
	case "table of contents", "contents", "index", "المحتويات", "فهرس", "فهرس المحتويات", "الفهرس", "目录", "目 录":
		return true
	}
	return false
}

// letters counts the letters of s, stopping early past 1,000.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if n > 1000 {
				break
			}
		}
	}
	return n
}
